/** Display formatting only the site needs: slugs and host names (the shared labels live in @nordlys/sdk/format). */
import { withScheme } from '@nordlys/sdk/with-scheme';

/** A city from a URL segment ("copenhagen", "new-york") as words ("Copenhagen", "New York"). */
export function unslug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** A city as a URL segment: "New York" → "new-york" (letters such as ø are kept). */
export function slug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

/** "example.com" from "https://www.example.com/about", for link texts. */
export function displayHost(url: string): string {
  try {
    return new URL(withScheme(url)).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
