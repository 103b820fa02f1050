/** Shared steps of the browser tests: the results region, HTML escaping, the JSON-LD of a page. */
import type { Locator, Page } from '@playwright/test';

/** The search results, found the way a screen-reader user finds them: the region named "N jobs". */
export function results(page: Page): Locator {
  return page.getByRole('region', { name: /^[\d,]+\+? jobs?$/ });
}

/** The job cards in the results. */
export function resultCards(page: Page): Locator {
  return results(page).getByRole('article');
}

/** How React writes text into HTML, to look for API values in raw server HTML. */
export function htmlText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Every JSON-LD object in a page's HTML. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
}
