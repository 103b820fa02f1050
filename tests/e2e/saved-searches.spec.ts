/**
 * Issue #14, saved searches end to end: talent@ pins "frontend" in Denmark on /jobs and the chip
 * appears (and is still there after a reload: the server kept it); "Recent searches" under the
 * Keywords field lists the search and opens it by keyboard; the page's RSS link (and its
 * <link rel="alternate">) answers RSS of the same search; a visitor's "Save this search" asks to sign
 * in and pins with no second click. Axe on /jobs with the chips and the open list.
 *
 * talent@'s "frontend" in Denmark is left pinned: the job-alerts loop (job-alerts.spec.ts) pins the
 * same search, and a pin of a pinned search answers the one already there.
 */
import type { JobList } from '@nordlys/sdk/schemas';
import { expect, test } from '@playwright/test';
import { results } from './helpers';
import { gotoHydrated, noAxeViolations, PASSWORD, signedInPage } from './session';

const TALENT = 'talent@nordlys.test';

test('talent@ pins "frontend" in Denmark: the chip appears; Recent searches lists it; the feed link answers RSS', async ({ browser }) => {
  const page = await signedInPage(browser, TALENT);
  await gotoHydrated(page, '/jobs');
  await page.getByLabel('Keywords').fill('frontend');
  await page.getByLabel('Country').selectOption('DK');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/jobs\?search=frontend&countryCode=DK$/);
  await expect(results(page)).toBeVisible();

  // Pin it: the button shows the state, and the chip appears above the results. The toggle waits
  // for talent@'s pinned searches; job-alerts.spec.ts pins this same search, so it may show pinned already.
  const toggle = page.getByRole('button', { name: /^(Save this search|Search saved)$/ });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-pressed')) === 'false') {
    const pinned = page.waitForResponse((res) => res.url().endsWith('/api/job-search') && res.request().method() === 'POST');
    await toggle.click();
    expect((await pinned).status()).toBe(201);
  }
  await expect(page.getByRole('button', { name: 'Search saved' })).toHaveAttribute('aria-pressed', 'true');
  const chips = page.getByRole('navigation', { name: 'Pinned searches' });
  await expect(chips.getByRole('link', { name: /^frontend · Denmark/ })).toBeVisible();

  // The server kept it: after a reload the chip is there again, linking to the search.
  await gotoHydrated(page, '/jobs');
  const chip = chips.getByRole('link', { name: /^frontend · Denmark/ });
  await expect(chip).toHaveAttribute('href', '/jobs?search=frontend&countryCode=DK');

  // Recent searches: the field lists the search; the keyboard opens it.
  const field = page.getByRole('combobox', { name: 'Keywords' });
  await field.focus();
  const recent = page.getByRole('listbox', { name: 'Recent searches' });
  await expect(recent.getByRole('option', { name: 'frontend · Denmark' })).toBeVisible();
  await noAxeViolations(page, '/jobs with pinned searches and the recent searches open');
  await field.press('ArrowDown');
  await expect(recent.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  const option = (await recent.getByRole('option').allTextContents()).indexOf('frontend · Denmark');
  for (let i = 0; i < option; i++) await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/jobs\?search=frontend&countryCode=DK$/);

  // The feeds: a visible link and a <link rel="alternate"> for the same filters.
  const rss = page.getByRole('link', { name: 'RSS feed of this search' });
  await expect(rss).toHaveAttribute('href', '/jobs/feed.rss?search=frontend&countryCode=DK');
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/jobs\/feed\.rss\?search=frontend&countryCode=DK$/);
  const feed = await page.request.get((await rss.getAttribute('href'))!);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(feed.headers()['etag']).toMatch(/^"/);
  const xml = await feed.text();
  const api = (await (await page.request.get('/api/v2/jobs?search=frontend&countryCode=DK&sort=newest&pageSize=50')).json()) as JobList;
  expect(api.jobs.length).toBeGreaterThan(0);
  const guids = [...xml.matchAll(/<guid isPermaLink="true">[^<]*\/jobs\/(\d+)<\/guid>/g)].map((m) => Number(m[1]));
  expect(guids).toEqual(api.jobs.map((job) => job.id));
  const again = await page.request.get('/jobs/feed.rss?search=frontend&countryCode=DK', { headers: { 'If-None-Match': feed.headers()['etag']! } });
  expect(again.status()).toBe(304);
  await page.context().close();
});

test('a visitor presses "Save this search", signs in in the modal, and the search is pinned with no second click', async ({ page }) => {
  const INVESTOR = 'investor@nordlys.test';
  await gotoHydrated(page, '/jobs?search=designer&city=Copenhagen');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.getByLabel('Email', { exact: true }).fill(INVESTOR);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const pinned = page.waitForResponse((res) => res.url().endsWith('/api/job-search') && res.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();
  expect([200, 201]).toContain((await pinned).status());
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search saved' })).toHaveAttribute('aria-pressed', 'true');
  // Back on the same search, the intent gone from the URL.
  await expect(page).toHaveURL(/\/jobs\?search=designer&city=Copenhagen$/);
  const chips = page.getByRole('navigation', { name: 'Pinned searches' });
  await expect(chips.getByRole('link', { name: /^designer · Copenhagen/ })).toBeVisible();

  // Unpinning deletes it: gone from the chips and from the server.
  await chips.getByRole('button', { name: 'Unpin designer · Copenhagen' }).click();
  await expect(chips.getByRole('link', { name: /^designer · Copenhagen/ })).toHaveCount(0);
  await expect
    .poll(async () => ((await (await page.request.get('/api/job-search')).json()) as { searches: { key: string }[] }).searches.map((s) => s.key))
    .not.toContain('{"search":"designer","location":"Copenhagen"}');
});
