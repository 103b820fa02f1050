/**
 * The whole loop of issue #12 in a browser ("Must show"): founder@ posts a job with the form, chooses
 * Boost and pays through the invoice default (the checkout link sends the browser back to /monetise
 * for the billing form; the invoice mail arrives at the test SMTP server), the job is on /jobs and in
 * the featured list, they pause it from the jobs table and it leaves /jobs, they resume it, and then
 * the server's clock (TEST_CLOCK=1) is moved past its expiration, the expiry task runs, and the job is
 * EXPIRED and gone from /jobs, the startup's careers sitemap and the feeds (/external/featuredjobs.json,
 * GET /api/companies/{key}/jobs). Axe on the plan, billing and confirmation pages, and /pricing, with
 * the same prices as /monetise, fits 360 px.
 *
 * Runs in the last project (playwright.config.ts MUTATES_DEMO_DATA): it adds a job to founder@'s
 * startup and moves the server's clock for a moment (it is put back at once, even on failure).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { resultCards } from './helpers';
import { waitForMail } from './mail';
import { gotoHydrated, noAxeViolations, signedInPage } from './session';

const PORT = process.env.E2E_PORT ?? 3210;
const BASE = `http://localhost:${PORT}`;
// The startup's career host (its sitemap lists its jobs), resolved to this machine as its DNS would point at us.
const CAREERS = `http://careers.northwind.test:${PORT}`;
const KEY = 'northwind-labs';
const DAY_MS = 86_400_000;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP careers.northwind.test 127.0.0.1'],
  },
});

async function noSidewaysScroll(page: Page, what: string) {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, `sideways scroll of ${what} at 360 px`).toBeLessThanOrEqual(0);
}

/** The job as its members get it (GET /companies/{key}/jobs/{id}). */
async function managedJob(request: APIRequestContext, id: number): Promise<{ status: string; expirationDate: string; boostingExpiresAt: string | null }> {
  const res = await request.get(`/api/companies/${KEY}/jobs/${id}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Whether the job is where talent finds it: the search on /jobs, as a visitor's page shows it. */
async function onJobsPage(page: Page, title: string): Promise<boolean> {
  await gotoHydrated(page, `/jobs?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return (await resultCards(page).filter({ hasText: title }).count()) === 1;
}

const featuredIds = async (request: APIRequestContext) =>
  ((await (await request.get('/external/featuredjobs.json')).json()) as { items: { url: string }[] }).items.map((item) => item.url);
const startupJobIds = async (request: APIRequestContext) =>
  ((await (await request.get(`/api/companies/${KEY}/jobs`)).json()) as { jobs: { id: number }[] }).jobs.map((job) => job.id);
/** The startup's careers sitemap, fetched by the browser (only it resolves the career host here). */
async function careersSitemap(page: Page): Promise<string> {
  const res = await page.goto(`${CAREERS}/sitemap.xml`);
  expect(res?.status()).toBe(200);
  return res!.text();
}

/** Sets the server's clock `offsetMs` from the real time (TEST_CLOCK=1). */
async function setClock(request: APIRequestContext, offsetMs: number) {
  const res = await request.post('/api/testing/clock', { data: { offsetMs }, headers: { Origin: BASE } });
  expect(res.status(), 'POST /api/testing/clock').toBe(200);
}

test('founder@ posts a job, boosts it on invoice, pauses and resumes it, and it expires out of every list', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'founder@nordlys.test');
  const visitor = await (await browser.newContext()).newPage();
  const title = `Energy Data Engineer ${unique()}`;
  const billingEmail = `billing-${unique()}@northwind.test`;

  // 1. The job form (helper D's): a title, a description, a category; Continue saves and goes to the plans.
  await gotoHydrated(page, `/client/startups/${KEY}/jobs/new`);
  await page.getByRole('textbox', { name: 'Job title (required)' }).fill(title);
  await page.getByRole('textbox', { name: 'Description (required)' }).click();
  await page.keyboard.type('Turn machine and energy data into plans that cut factories’ energy use.');
  await page.getByRole('group', { name: 'Development' }).getByRole('checkbox', { name: 'Backend' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/startups/${KEY}/jobs/\\d+/monetise$`), { timeout: 15_000 });
  const id = Number(page.url().match(/jobs\/(\d+)\/monetise$/)![1]);
  const jobPath = `/client/startups/${KEY}/jobs/${id}`;
  expect((await managedJob(page.request, id)).status).toBe('DRAFT');

  // 2. The plans at the startup's prices (Denmark), then Boost: the checkout link, without Stripe keys, sends back here for the billing form.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card('Boost').locator('.plan-card__amount')).toHaveText('DKK 599.00');
  await expect(card('Boost').getByText(/Featured until \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(card('Free').getByRole('button', { name: 'Post for free' })).toBeVisible();
  await noAxeViolations(page, 'the plans');
  await card('Boost').getByRole('link', { name: 'Choose Boost' }).click();
  await expect(page).toHaveURL(`${BASE}${jobPath}/monetise?plan=boost`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  // The billing form: the schema's messages first, then the details; the summary adds Danish VAT.
  const billing = page.getByRole('form', { name: 'Billing details' });
  await billing.getByRole('textbox', { name: 'Company name (required)' }).fill('');
  await billing.getByRole('button', { name: 'Place order' }).click();
  await expect(billing.getByRole('textbox', { name: 'Company name (required)' })).toBeFocused();
  await expect(billing.getByText('Please enter the name to invoice')).toBeVisible();
  await noAxeViolations(page, 'the billing form with its messages');
  await billing.getByRole('textbox', { name: 'Company name (required)' }).fill('Northwind Labs ApS');
  await billing.getByRole('textbox', { name: 'Address (required)' }).fill('Njalsgade 21');
  await billing.getByRole('textbox', { name: 'Postal code (required)' }).fill('2300');
  await billing.getByRole('textbox', { name: 'City (required)' }).fill('København S');
  await billing.getByRole('combobox', { name: 'Country (required)' }).selectOption('DK');
  await billing.getByRole('textbox', { name: 'Invoice e-mail (required)' }).fill(billingEmail);
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.locator('.billing__total dd')).toHaveText('DKK 748.75');
  await expect(summary.getByText('Danish VAT 25%')).toBeVisible();
  await billing.getByRole('button', { name: 'Place order' }).click();

  // The confirmation: live at once (Northwind is approved), featured, the public link and the widget snippet.
  await expect(page).toHaveURL(`${BASE}${jobPath}/boosted`, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your job has a Boost' })).toBeVisible();
  await expect(page.getByText('It is live now.')).toBeVisible();
  await expect(page.getByText(/^It is featured until/)).toBeVisible();
  await expect(page.getByRole('link', { name: `${BASE}/jobs/${id}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Share on LinkedIn/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Show your jobs on your website' })).toBeVisible();
  await noAxeViolations(page, 'the /boosted page');
  const job = await managedJob(page.request, id);
  expect(job.status).toBe('ACTIVE');
  expect(Date.parse(job.boostingExpiresAt!)).toBeGreaterThan(Date.now() + 13 * DAY_MS);

  // The invoice mail, at the test SMTP server.
  const invoice = await waitForMail(billingEmail, /^Invoice NL-\d{4}-\d+ from Nordlys: DKK.748\.75, due /);
  expect(invoice.text).toContain('Northwind Labs ApS');
  expect(invoice.text).toContain(title);

  // 3. On /jobs, marked featured, and in the featured list and feeds; on the startup's career sitemap.
  expect(await onJobsPage(visitor, title)).toBe(true);
  await expect(resultCards(visitor).filter({ hasText: title }).getByText('Featured')).toBeVisible();
  await expect.poll(() => featuredIds(page.request), { message: 'featuredjobs.json lists the job' }).toContainEqual(expect.stringMatching(new RegExp(`/jobs/${id}$`)));
  await gotoHydrated(visitor, '/');
  await expect(visitor.getByRole('region', { name: 'Featured jobs' }).getByRole('link', { name: title })).toBeVisible();
  expect(await startupJobIds(page.request)).toContain(id);
  expect(await careersSitemap(visitor)).toContain(`/jobs/${id}<`);

  // 4. Paused from the jobs table, it leaves /jobs; resumed, it is back.
  await gotoHydrated(page, `/client/startups/${KEY}/jobs`);
  await page.getByRole('button', { name: `Pause job ${title}` }).click();
  await expect(page.getByText(`“${title}” is paused. Talent no longer sees it.`)).toBeVisible();
  await expect.poll(async () => (await managedJob(page.request, id)).status).toBe('STOPPED');
  await expect.poll(() => onJobsPage(visitor, title), { message: 'a paused job leaves /jobs' }).toBe(false);
  await page.getByRole('button', { name: `Resume job ${title}` }).click();
  await expect(page.getByText(`“${title}” is live again.`)).toBeVisible();
  await expect.poll(async () => (await managedJob(page.request, id)).status).toBe('ACTIVE');
  await expect.poll(() => onJobsPage(visitor, title), { message: 'a resumed job is back on /jobs' }).toBe(true);

  // 5. The clock past the expiration date, the expiry task's round, and the clock back at once.
  const { expirationDate } = await managedJob(page.request, id);
  try {
    await setClock(page.request, Date.parse(expirationDate) - Date.now() + DAY_MS);
    const round = await page.request.post('/api/testing/tasks/expire-jobs', { headers: { Origin: BASE } });
    expect(round.status()).toBe(200);
    expect(((await round.json()) as { expired: number }).expired).toBeGreaterThanOrEqual(1);
  } finally {
    await setClock(page.request, 0);
  }
  expect((await managedJob(page.request, id)).status).toBe('EXPIRED');
  await gotoHydrated(page, jobPath);
  await expect(page.getByText('Expired', { exact: true }).first()).toBeVisible();

  // Gone from every list: /jobs, the featured feed, the startup's jobs, the sitemap; its page answers 410.
  await expect.poll(() => onJobsPage(visitor, title), { message: 'an expired job leaves /jobs' }).toBe(false);
  await expect.poll(() => featuredIds(page.request), { message: 'featuredjobs.json drops it' }).not.toContainEqual(expect.stringMatching(new RegExp(`/jobs/${id}$`)));
  await expect.poll(() => startupJobIds(page.request), { message: "the startup's jobs drop it" }).not.toContain(id);
  await expect.poll(() => careersSitemap(visitor), { message: 'the careers sitemap drops it' }).not.toContain(`/jobs/${id}<`);
  expect((await visitor.request.get(`/api/jobs/single/${id}`)).status()).toBe(410);
  await page.context().close();
  await visitor.context().close();
});

test('/pricing shows the prices of /monetise, for the chosen country, on a 360 px screen and axe-clean', async ({ browser }) => {
  const page = await signedInPage(browser, 'founder@nordlys.test', { width: 360, height: 780 });
  await page.context().addCookies([{ name: 'preferred-country-code', value: 'DK', url: BASE }]);
  await gotoHydrated(page, '/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const plans = page.getByRole('list', { name: 'Plans in Denmark' });
  const prices = async () => plans.locator('.plan-card__amount').allTextContents();
  // Intl puts a no-break space between the currency and the amount.
  expect(await prices()).toEqual(['Free of charge', 'DKK\u00a0599.00', 'DKK\u00a01,499.00', 'DKK\u00a024,900.00']);
  await noSidewaysScroll(page, '/pricing');
  await noAxeViolations(page, '/pricing');

  // The switcher applies at once and is remembered.
  await page.getByRole('combobox', { name: 'Prices for' }).selectOption('SE');
  await expect(page.getByRole('list', { name: 'Plans in Sweden' }).locator('.plan-card__amount').nth(1)).toHaveText('SEK\u00a0849.00');
  expect((await page.context().cookies(BASE)).find((c) => c.name === 'preferred-country-code')?.value).toBe('SE');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Plans in Sweden' })).toBeVisible();

  // The same figures on /monetise for a Danish startup's draft (founder@'s Northwind Labs is in Denmark).
  const created = await page.request.post(`/api/companies/${KEY}/jobs`, {
    data: { title: `Pricing check ${unique()}`, expirationDate: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10) },
    headers: { Origin: BASE },
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { id: number };
  await gotoHydrated(page, `/client/startups/${KEY}/jobs/${draft.id}/monetise`);
  const onMonetise = await page.getByRole('list', { name: /^Plans for / }).locator('.plan-card__amount').allTextContents();
  await page.context().addCookies([{ name: 'preferred-country-code', value: 'DK', url: BASE }]);
  await gotoHydrated(page, '/pricing');
  expect(onMonetise).toEqual(await prices());
  await gotoHydrated(page, `/client/startups/${KEY}/jobs/${draft.id}/monetise`);
  await noSidewaysScroll(page, '/monetise');
  await noAxeViolations(page, '/monetise of a draft that lacks its description');
  const removed = await page.request.delete(`/api/companies/${KEY}/jobs/${draft.id}`, { headers: { Origin: BASE } });
  expect(removed.status()).toBe(204);
  await page.context().close();
});

test("/pricing preselects a visitor's country from the CDN's country header when no cookie chose one", async ({ request }) => {
  const html = await (await request.get('/pricing', { headers: { 'CF-IPCountry': 'NO' } })).text();
  expect(html).toContain('aria-label="Plans in Norway"');
  expect(html).toContain('NOK 879.00');
});
