/**
 * The public profile pages of issue #11: the /funding directory (server-rendered, filters without
 * JS), an investor's page with its portfolio, investor badges on a startup's page, "Backed by" on
 * job cards and pages, and a draft's page: 'Page not found' for visitors, a preview for its member.
 * Also the size of a startup page's HTML with its images, for the closing note.
 */
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, PASSWORD, gotoHydrated } from './session';

const INVESTOR = 'fjord-ventures';
/** The seed always lists Fjord Ventures among Northwind Labs' investors (seed/portfolio.ts). */
const STARTUP = 'northwind-labs';

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function noAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), `axe on ${what}`).toEqual([]);
}

async function solveCaptcha(modal: Locator) {
  const group = modal.getByRole('group', { name: 'Verify you are not a robot' });
  await group.getByText("I'm not a robot").click();
  await expect(group.getByRole('checkbox')).toBeChecked({ timeout: 20_000 });
  await expect(modal.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
}

/** The result cards of the directory, in the region named "N investors". */
const investorCards = (page: Page) => page.getByRole('region', { name: /^[\d,]+ investors?$/ }).getByRole('article');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/funding lists investors, and its filters work by submitting the form', async ({ page }) => {
    const response = await page.goto('/funding');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Find investors' })).toBeVisible();
    const all = await page.getByRole('region', { name: /investors?$/ }).getByRole('heading', { level: 2 }).textContent();
    const total = Number(all!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10);
    // Cards: logo, name linking to the investor's page, category, a short intro.
    const fjord = investorCards(page).filter({ hasText: 'Fjord Ventures' });
    await expect(fjord.getByRole('link', { name: 'Fjord Ventures' })).toHaveAttribute('href', `/funding/${INVESTOR}`);
    await expect(fjord).toContainText('Venture capital');
    await expect(fjord.locator('.startup-card__text')).toContainText('Fjord Ventures backs');

    // Filter by type with the plain form GET.
    await page.getByLabel('Type of investor').selectOption('ANGEL');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/funding\?.*category=ANGEL/);
    const cards = investorCards(page);
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) await expect(card).toContainText('Angel');
    const angels = Number((await page.getByRole('region', { name: /investors?$/ }).getByRole('heading', { level: 2 }).textContent())!.replace(/\D/g, ''));
    expect(angels).toBeLessThan(total);
    // The form keeps the choice; Clear filters goes back to all.
    await expect(page.getByLabel('Type of investor')).toHaveValue('ANGEL');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/funding$/);
  });
});

test('an investor page shows its portfolio, linking to the startups, and the contact button', async ({ page }) => {
  const response = await page.goto(`/funding/${INVESTOR}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Fjord Ventures' })).toBeVisible();
  await expect(page).toHaveTitle(/Fjord Ventures/);
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await expect(portfolio.getByRole('link', { name: /Northwind Labs/ })).toHaveAttribute('href', `/startups/${STARTUP}`);
  // The contact button follows the contact preference (the seed's investors prefer their website or e-mail).
  const contact = page.getByRole('link', { name: /^Contact Fjord Ventures/ });
  await expect(contact).toHaveAttribute('href', /^(https?:\/\/|mailto:)/);
  // An unknown investor is 'Page not found'.
  expect((await page.goto('/funding/no-such-investor'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('a startup page shows its investors as badges with their logo, linking to /funding/{key}', async ({ page }) => {
  await gotoHydrated(page, `/startups/${STARTUP}`);
  const investors = page.getByRole('region', { name: 'Investors' });
  const badge = investors.getByRole('link', { name: /Fjord Ventures/ });
  await expect(badge).toHaveAttribute('href', `/funding/${INVESTOR}`);
  // The logo: the thumbnail size when the investor has one, else its monogram.
  await expect(badge.locator('img.company-logo[src*="/images/thumbnail/"], .company-logo--monogram')).toHaveCount(1);
  // Images carry their dimensions; below the fold they load lazily.
  for (const img of await page.locator('main img').all()) {
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
  }
  await expect(page.locator('.gallery img[loading="eager"], .people img[loading="eager"], .investor-badges img[loading="eager"]')).toHaveCount(0);
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/funding/${INVESTOR}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Fjord Ventures' })).toBeVisible();
});

test('job cards and the job page of a backed startup say "Backed by"', async ({ page, request }) => {
  const { jobs } = await (await request.get(`/api/companies/${STARTUP}/jobs`)).json();
  expect(jobs.length, 'Northwind Labs has open jobs in the seed').toBeGreaterThan(0);
  const job = jobs[0] as { id: number; title: string; company: { backedBy?: { key: string; name: string }[] } };
  expect(job.company.backedBy?.map((b) => b.key)).toContain(INVESTOR);

  await page.goto(`/jobs?search=${encodeURIComponent('Northwind Labs')}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: job.title, exact: true }) }).first();
  await expect(card.locator('.job-card__backed')).toContainText(`Backed by ${job.company.backedBy![0]!.name}`);

  await page.goto(`/jobs/${job.id}`);
  const backed = page.locator('.job-head .backed-by');
  await expect(backed).toContainText('Backed by');
  await expect(backed.getByRole('link', { name: 'Fjord Ventures' })).toHaveAttribute('href', `/funding/${INVESTOR}`);
});

test('a draft startup is "Page not found" for visitors and a preview for its member', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A new user of its own, so no other test's draft (draft@'s goes live in startup-profile.spec) changes under this one.
  await gotoHydrated(page, '/client/startups/new');
  await dialog(page, 'Log in').getByRole('button', { name: 'Sign up', exact: true }).click();
  const signUp = dialog(page, 'Sign up');
  await signUp.getByLabel('First name').fill('Pia');
  await signUp.getByLabel('Last name').fill('Preview');
  await signUp.getByLabel('Email', { exact: true }).fill(unique('preview'));
  await signUp.getByLabel('Password', { exact: true }).fill('Preview-pass-1!');
  await solveCaptcha(signUp);
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu: Pia Preview' })).toBeVisible();

  const created = await page.request.post('/api/companies', { data: { name: `Preview Labs ${Date.now()}` }, headers: { Origin: BASE } });
  expect(created.status(), 'POST /api/companies').toBe(201);
  const { key, status } = (await created.json()) as { key: string; status: string };
  expect(status).toBe('DRAFT');

  // A visitor: 404, and nothing of the startup in the page.
  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  const answer = await stranger.goto(`/startups/${key}`);
  expect(answer?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await visitor.close();

  // Its member: the page with the preview banner and the way to the edit page; not for search engines.
  await gotoHydrated(page, `/startups/${key}`);
  const banner = page.getByRole('note', { name: 'Preview' });
  await expect(banner).toContainText('Preview: this page is not public yet.');
  await expect(banner).toContainText('It is a draft');
  await expect(banner.getByRole('link', { name: 'Edit the profile' })).toHaveAttribute('href', `/client/startups/${key}/edit`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await noAxeViolations(page, 'a draft startup page in preview');

  // The demo draft as its member (draft@) sees it. It is still a draft here: the spec that takes it
  // live (startup-profile.spec.ts) runs in the last project (playwright.config.ts).
  const demo = await browser.newContext();
  const member = await demo.newPage();
  const signIn = await member.request.post('/api/users/sign-in', { data: { email: 'draft@nordlys.test', password: PASSWORD }, headers: { Origin: BASE } });
  expect(signIn.status()).toBe(200);
  await member.goto('/startups/draft-startup');
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(member.getByRole('note', { name: 'Preview' })).toHaveCount(1);
  await demo.close();
});

test("a startup's and an investor's own /profile page is the public page with an Edit link", async ({ page }) => {
  const signIn = async (email: string) =>
    expect((await page.request.post('/api/users/sign-in', { data: { email, password: PASSWORD }, headers: { Origin: BASE } })).status()).toBe(200);
  await signIn('founder@nordlys.test');
  await gotoHydrated(page, `/client/startups/${STARTUP}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Labs' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Investors' }).getByRole('link', { name: /Fjord Ventures/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', `/client/startups/${STARTUP}/edit`);
  await noAxeViolations(page, "the startup's /profile");

  await page.context().clearCookies();
  await signIn('investor@nordlys.test');
  await gotoHydrated(page, `/client/investors/${INVESTOR}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fjord Ventures' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Portfolio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', `/client/investors/${INVESTOR}/edit`);
});

test('/funding and /funding/{key} are axe clean and do not scroll sideways at 360 px', async ({ page }) => {
  // Several pages, each loaded and checked in full (two browser contexts or seven pages with axe): 20 s alone, more on a loaded CI machine.
  test.setTimeout(60_000);
  for (const path of ['/funding', '/funding?category=VENTURE_CAPITAL&market=nordics', `/funding/${INVESTOR}`, `/startups/${STARTUP}`]) {
    await gotoHydrated(page, path);
    await noAxeViolations(page, path);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ['/funding', `/funding/${INVESTOR}`, `/startups/${STARTUP}`]) {
    await gotoHydrated(page, path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `page width of ${path}`).toBeLessThanOrEqual(360);
  }
});

test('the HTML of a startup page with images stays small (measured for the closing note)', async ({ request }, testInfo) => {
  const company = (await (await request.get(`/api/companies/${STARTUP}`)).json()) as { logoImage: unknown; coverImage: unknown; galleryImages: unknown[] };
  const response = await request.get(`/startups/${STARTUP}`);
  expect(response.status()).toBe(200);
  const html = await response.body();
  const gzip = gzipSync(html).length;
  const images = (html.toString().match(/<img /g) ?? []).length;
  const figures = `/startups/${STARTUP}: ${html.length} bytes HTML, ${gzip} bytes gzip, ${images} <img> (logo ${company.logoImage ? 'yes' : 'no'}, cover ${company.coverImage ? 'yes' : 'no'}, gallery ${company.galleryImages.length})`;
  testInfo.annotations.push({ type: 'size', description: figures });
  console.log(figures);
  // The cover and gallery come with their sizes in srcset; the logo is the thumbnail.
  if (company.coverImage || company.galleryImages.length) expect(html.toString()).toContain('1200w, ');
  if (company.logoImage) expect(html.toString()).toContain('/images/thumbnail/');
  expect(gzip).toBeLessThan(60_000);
});
