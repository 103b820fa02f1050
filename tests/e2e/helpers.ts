/** Shared steps of the browser tests: the results region, HTML escaping, the JSON-LD of a page. */
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Drags an applicant card over a board column with the mouse, in small steps (@dnd-kit's pointer sensor
 * starts after a few pixels), and drops it once the column shows it is the target. The card's column
 * comes into view first, and the board in the middle of the window, so the pointer stays away from the
 * edges, where the board and the page scroll by themselves. Under load a pointer event can land before
 * @dnd-kit has measured the columns, so the pointer moves over the target again, where it is then, until
 * it is seen there.
 */
export async function dragCard(page: Page, card: Locator, target: Locator) {
  await card.evaluate((el) => el.closest('.board-column')!.scrollIntoView({ block: 'center', inline: 'start' }));
  const from = (await card.locator('.board-card__meta').boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 12, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 20 });
  let nudge = 0;
  await expect(async () => {
    nudge = (nudge + 1) % 8;
    // Where the column is now: the board may have scrolled by itself while the card was dragged near its edge.
    const now = (await target.boundingBox())!;
    await page.mouse.move(now.x + now.width / 2 + nudge, now.y + 60 + nudge, { steps: 2 });
    await expect(target).toHaveClass(/board-column--over/, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
}
