/** #5 in a browser: the indexable snippet, the framed job-list widget page, and the hydrated career and white-label pages. */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const NORDLYS = 'http://localhost:3210';
const EXAMPLES = 'http://127.0.0.1:3211';
const CAREERS = 'http://careers.northwind.test:3210';
const FEED = 'http://jobs.nordic-partner.test:3210';

// The careers domain and the partner's feed domain resolve to this machine, as their DNS would point at us.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP careers.northwind.test 127.0.0.1, MAP jobs.nordic-partner.test 127.0.0.1'],
  },
});

type Job = { id: number; title: string };

async function northwindJobs(page: Page): Promise<Job[]> {
  const res = await page.request.get(`${NORDLYS}/api/companies/northwind-labs/jobs`);
  expect(res.ok()).toBe(true);
  return (await res.json()).jobs;
}

/** The host page with the snippet pasted in, as the startup would have it. */
async function openSnippetHost(page: Page) {
  const { html } = await (await page.request.get(`${NORDLYS}/api/companies/northwind-labs/embed-snippet`)).json();
  await page.goto(`${EXAMPLES}/snippet-host.html`);
  const source = await (await page.request.get(`${EXAMPLES}/snippet-host.html`)).text();
  await page.setContent(source.replace('<div id="paste"></div>', `<div id="paste">${html}</div>`));
}

const container = (page: Page) => page.locator('[data-nordlys-jobs]');

test.describe('the indexable snippet', () => {
  test('holds plain job links in the page, then the script shows the live list and keeps the links for crawlers', async ({ page }) => {
    const jobs = await northwindJobs(page);
    await openSnippetHost(page);
    // The links are the host page's own markup.
    for (const job of jobs) await expect(page.locator(`#paste a[href="${NORDLYS}/jobs/${job.id}"]`).first()).toHaveText(job.title);
    // Enhanced: the shadow root lists the jobs; the original links are still in the document.
    await expect.poll(() => container(page).evaluate((el) => el.shadowRoot?.querySelectorAll('a[href*="/jobs/"]').length ?? 0)).toBe(jobs.length);
    expect(await container(page).evaluate((el) => el.querySelectorAll(':scope a[href*="/jobs/"]').length)).toBe(jobs.length);
    // What a visitor sees is one list, not two.
    await expect(page.getByRole('link', { name: jobs[0]!.title })).toHaveCount(1);
  });

  test('leaves the links on show when the API is down', async ({ page }) => {
    const jobs = await northwindJobs(page);
    await page.route(`${NORDLYS}/api/**`, (route) => route.abort('connectionrefused'));
    await openSnippetHost(page);
    await page.waitForTimeout(1500);
    for (const job of jobs) await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  });
});

test("the startup admin copies the snippet from its dashboard", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: NORDLYS });
  const signIn = await page.request.post(`${NORDLYS}/api/users/sign-in`, {
    data: { email: 'founder@nordlys.test', password: 'Nordlys-demo-1!' },
    headers: { Origin: NORDLYS },
  });
  expect(signIn.status()).toBe(200);
  await page.goto(`${NORDLYS}/client/startups/northwind-labs`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const snippet = page.getByLabel('Snippet');
  await expect(snippet).toHaveValue(/data-nordlys-jobs[\s\S]*<script[^>]+jobs\.js/);
  for (const job of await northwindJobs(page)) await expect(snippet).toHaveValue(new RegExp(`/jobs/${job.id}"`));
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());
});

test('the job-list widget page works inside an iframe on another site, links opening at the top', async ({ page }) => {
  const jobs = await northwindJobs(page);
  await page.goto(`${EXAMPLES}/widget-page-iframe.html`);
  const frame = page.frameLocator('#jobs-frame');
  await expect(frame.getByText('Northwind Labs').first()).toBeVisible();
  for (const job of jobs) {
    const link = frame.locator(`a[href="${NORDLYS}/jobs/${job.id}"]`);
    await expect(link).toHaveText(job.title);
    await expect(link).toHaveAttribute('target', '_top');
  }
  await expect(frame.getByRole('link', { name: /Powered by Nordlys/ })).toBeVisible();
});

test.describe('hydrated hosted pages', () => {
  test('the career page filters its jobs by category after hydration, keeping the URL in step', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${CAREERS}/`);
    const list = page.getByRole('region', { name: 'Open positions' });
    const before = await list.getByRole('link').count();
    const category = page.getByLabel('Category');
    await expect(category).toBeVisible();
    const options = await category.locator('option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThan(1);
    await category.selectOption(options[0]!);
    await expect.poll(() => list.getByRole('link').count()).toBeLessThan(before);
    expect(new URL(page.url()).searchParams.get('category')).toBe(options[0]);
    expect(errors).toEqual([]);
  });

  test('the white-label feed searches as you type, without reloading the page', async ({ page }) => {
    await page.goto(`${FEED}/`);
    await expect(page.locator('.results [role="status"]').first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const count = page.locator('.results .count');
    const before = await count.textContent();
    await page.getByLabel('Search jobs').fill('engineer');
    await expect(count).not.toHaveText(before ?? '');
    await expect(page).toHaveURL(/[?&]search=engineer/);
    // Same document: the marker survived, so no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    const titles = await page.locator('.results a[href*="/jobs/"]').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
  });
});
