/** Display rules the server-rendered pages share (the site keeps its own in site/src/lib/format.ts). */
import { PERKS, POSITION_TYPES } from '@nordlys/sdk/constants';
import { relativeTime } from '@nordlys/sdk/format';
import type { Equity, Image, Salary } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/validation';

export function positionTypeLabel(value: string): string {
  return POSITION_TYPES.find((p) => p.value === value)?.text ?? value;
}

export function perkLabel(value: string): string | null {
  return PERKS.find((p) => p.value === value)?.text ?? null;
}

/** Up to two initials for a monogram: "Aurora Labs" → "AL", "Spotify" → "SP". */
export function initials(name: string): string {
  const words = name.trim().split(/[\s\-_.]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

// UTC, so every server prints the same text.
const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** "19 November 2026": the exact date in the `title` of a relative time. */
export function exactDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : longDate.format(time);
}

export function postedAgo(iso: string, now: Date): string {
  return Number.isNaN(Date.parse(iso)) ? '' : relativeTime(iso, now);
}

const integer = new Intl.NumberFormat('en');

function money(amount: number, currency: string | null): string {
  if (!currency) return integer.format(amount);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${integer.format(amount)} ${currency}`;
  }
}

/** "DKK 50,000 – DKK 65,000", "From €4,000", "Competitive salary"; null when nothing is known. */
export function salaryLabel(salary: Salary | null): string | null {
  if (!salary) return null;
  if (salary.type === 'competitive') return 'Competitive salary';
  if (salary.type === 'unpaid') return 'Unpaid';
  const { min, max, currency } = salary;
  if (min !== null && max !== null) return min === max ? money(min, currency) : `${money(min, currency)} – ${money(max, currency)}`;
  if (min !== null) return `From ${money(min, currency)}`;
  if (max !== null) return `Up to ${money(max, currency)}`;
  return null;
}

const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

export function equityLabel(equity: Equity | null): string | null {
  if (!equity) return null;
  if (equity.type === 'undisclosed') return 'Equity (undisclosed)';
  if (equity.type === 'negotiated') return 'Equity negotiable';
  const { min, max } = equity;
  if (min !== null && max !== null && min !== max) return `${percent.format(min)}–${percent.format(max)}% equity`;
  const one = min ?? max;
  return one === null ? 'Equity' : `${percent.format(one)}% equity`;
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

/** "1 job", "1,234 jobs". */
export function jobCount(n: number): string {
  return `${integer.format(n)} ${n === 1 ? 'job' : 'jobs'}`;
}
