/**
 * Issue #16, the browser's side of scripts/size-site.mjs: on the main public pages, the scripts Chromium
 * fetches before the page is hydrated and the network is idle are exactly the ones the HTML lists
 * (modulepreload), so none waits for another to be discovered; their count and gzip -9 size are
 * recorded beside the size check's budget.
 */
import { gzipSync } from 'node:zlib';
import { paths } from '@nordlys/sdk/routes';
import { expect, test, type Page } from '@playwright/test';
import { BUDGET } from '../../scripts/size-site.mjs';

/** The scripts the page requests while it loads, with their bodies gzipped (the server may send them plain). */
async function scriptsOf(page: Page, path: string) {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname, response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const listed = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  const sizes = await Promise.all([...scripts.values()]);
  return { requested: [...scripts.keys()], listed, gzip: sizes.reduce((a, b) => a + b, 0) };
}

test.describe('the first load of public pages', () => {
  test('fetches only the scripts its HTML lists', async ({ page }) => {
    await page.goto(paths.jobs());
    const jobPath = await page.locator('a[href^="/jobs/"]').evaluateAll((links) =>
      links.map((l) => l.getAttribute('href') ?? '').find((href) => /^\/jobs\/\d+$/.test(href)),
    );
    expect(jobPath, 'a job link on /jobs').toBeTruthy();
    const pages = [paths.home(), paths.jobs(), jobPath as string, paths.startup('northwind-labs'), paths.pricing(), paths.jobsLanding('development-jobs-in-denmark')];

    for (const path of pages) {
      await page.context().clearCookies();
      const fresh = await page.context().newPage();
      const { requested, listed, gzip } = await scriptsOf(fresh, path);
      await fresh.close();
      // Depth 1: every script was in the HTML, and every listed one was used.
      expect(requested.length, `${path}: scripts`).toBeGreaterThan(0);
      expect(new Set(requested), `${path}: the scripts fetched are the ones listed`).toEqual(new Set(listed));
      test.info().annotations.push({
        type: 'first load',
        description: `${path}: ${requested.length} scripts (budget ${BUDGET.requests}), ${gzip} B gzip (budget ${BUDGET.bytes} B)`,
      });
    }
  });
});

test('icons are painted by the stylesheet: each one a visible 1 em mask of its own shape', async ({ page }) => {
  await page.goto(paths.jobs());
  const icons = await page.locator('.icon').evaluateAll((elements) =>
    // The ones on screen (a closed menu's are not laid out).
    elements.filter((element) => element.getClientRects().length > 0).map((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return {
        name: [...element.classList].find((c) => c.startsWith('icon--')) ?? '',
        mask: style.maskImage || style.getPropertyValue('-webkit-mask-image'),
        width: box.width,
        fontSize: parseFloat(style.fontSize),
        paint: style.backgroundColor,
        color: style.color,
      };
    }),
  );
  expect(icons.length, 'icons on /jobs').toBeGreaterThan(10);
  const masks = new Map<string, string>();
  for (const icon of icons) {
    expect(icon.name, 'an icon names its shape').not.toBe('');
    expect(icon.mask, icon.name).toMatch(/^url\("data:image\/svg\+xml,/);
    expect(icon.width, `${icon.name} is 1 em wide`).toBeCloseTo(icon.fontSize, 0);
    expect(icon.paint, `${icon.name} is painted in the text colour`).toBe(icon.color);
    masks.set(icon.name, icon.mask);
  }
  // Different names, different shapes.
  expect(new Set(masks.values()).size).toBe(masks.size);
});
