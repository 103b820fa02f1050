/** Display rules the server-rendered pages share (the site keeps its own in site/src/lib/format.ts; dates are the sdk's). */
import { PERKS } from '@nordlys/sdk/constants';
import type { Image } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/validation';

export function perkLabel(value: string): string | null {
  return PERKS.find((p) => p.value === value)?.text ?? null;
}

/**
 * An image URL for a page on another host: stored sizes are paths on the main site
 * ('/images/thumbnail/x.png'), so they are made absolute against it. Only http(s) URLs come out;
 * anything else (javascript:, data:) gives null and the caller shows its fallback.
 */
export function imageUrl(src: string | null | undefined, base: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function imageSize(image: Image | null | undefined, size: keyof Image['sizes'], base: string): string | null {
  return imageUrl(image?.sizes[size], base);
}

/** A company website as a link target: scheme added (spec 5), http(s) only, else null. */
export function websiteUrl(website: string | null | undefined): string | null {
  if (!website?.trim()) return null;
  try {
    const url = new URL(withScheme(website));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Description text for a job page's meta description: the first words of the description. */
export function plainSummary(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
