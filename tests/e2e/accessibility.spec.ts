import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Every page built so far, as a visitor reaches it. */
const PAGES = [
  '/',
  '/jobs',
  '/jobs?search=engineer&countryCode=DK',
  '/jobs/location/se',
  '/jobs/location/dk/copenhagen',
  '/startups',
  '/startups/northwind-labs',
  '/funding',
  '/funding/fjord-ventures',
  '/no-such-page',
];

async function firstJobPath(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const { jobs } = await (await request.get('/api/v2/jobs?pageSize=1')).json();
  return `/jobs/${jobs[0].id}`;
}

test.describe('accessibility', () => {
  test('axe finds no serious or critical violations on any page', async ({ page, request }) => {
    // Eleven pages, the job lists with a Save and an I'm interested toggle per card (issue #13): axe needs the time on 2 cores.
    test.setTimeout(180_000);
    for (const path of [...PAGES, await firstJobPath(request)]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), `axe on ${path}`).toEqual([]);
    }
  });

  test('nothing scrolls sideways at 360 px, and the menu opens on a phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of [...PAGES, await firstJobPath(request)]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `page width of ${path}`).toBeLessThanOrEqual(360);
    }
    await page.goto('/');
    await page.getByText('Menu').click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse startups' })).toBeVisible();
  });

  test('the keyboard reaches the skip link first and it moves focus to the content', async ({ page }) => {
    await page.goto('/jobs');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('main') !== null);
    expect(focused).toBe(true);
  });
});
