/**
 * Issue 9 in a browser: a job description stored with hostile HTML shows its text and runs nothing on
 * the site, the careers host and the white-label host; and pages work under the Content-Security-Policy
 * with no violation reported.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { HOSTILE_JOB_TITLE, HOSTILE_LINK_TEXT, HOSTILE_VISIBLE_TEXT } from './fixtures/hostile-job';

const NORDLYS = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const CAREERS = `http://careers.northwind.test:${process.env.E2E_PORT ?? 3210}`;
const FEED = `http://jobs.nordic-partner.test:${process.env.E2E_PORT ?? 3210}`;

// The careers domain and the partner's feed domain resolve to this machine, as in embed-pages.spec.ts.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP careers.northwind.test 127.0.0.1, MAP jobs.nordic-partner.test 127.0.0.1'],
  },
});

interface Watch {
  dialogs: string[];
  errors: string[];
  /** Every CSP violation and every console line about one, from the first byte of each document on. */
  violations(): Promise<string[]>;
}

/** Watches a page for dialogs, page errors and CSP violations (the listener goes in before any page script). */
async function watch(page: Page): Promise<Watch> {
  const dialogs: string[] = [];
  const errors: string[] = [];
  const consoleViolations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleViolations.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  return {
    dialogs,
    errors,
    violations: async () => [...consoleViolations, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))],
  };
}

async function hostileJobId(page: Page): Promise<number> {
  const res = await page.request.get(`${NORDLYS}/api/companies/northwind-labs/jobs`);
  expect(res.ok()).toBe(true);
  const job = ((await res.json()) as { jobs: { id: number; title: string }[] }).jobs.find((j) => j.title === HOSTILE_JOB_TITLE);
  expect(job, 'the e2e server adds the hostile job (tests/e2e/fixtures)').toBeDefined();
  return job!.id;
}

/** The description shows its text and its safe link; nothing executable or javascript: is left in it, and nothing ran. */
async function expectDefused(page: Page, description: Locator, w: Watch) {
  await expect(description.getByText(HOSTILE_VISIBLE_TEXT)).toBeVisible();
  expect(await description.locator('script, img, svg, iframe, object, embed, [onerror], [onload], [onclick]').count()).toBe(0);
  const link = description.getByText(HOSTILE_LINK_TEXT);
  await expect(link).toBeVisible();
  expect((await link.getAttribute('href')) ?? '').not.toMatch(/^\s*javascript:/i);
  await link.click();
  const safe = description.getByRole('link', { name: 'A safe link' });
  await expect(safe).toHaveAttribute('href', 'https://example.com/security');
  await expect(safe).toHaveAttribute('rel', 'nofollow noopener');
  // The page is still this job's page, and nothing set the marker or opened a dialog.
  await expect(description.getByText(HOSTILE_VISIBLE_TEXT)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(w.dialogs).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(await w.violations()).toEqual([]);
}

test.describe('a job description with hostile HTML', () => {
  test('on the site (/jobs/{id}), hydrated: the text shows and no script runs', async ({ page }) => {
    const id = await hostileJobId(page);
    const w = await watch(page);
    await page.goto(`${NORDLYS}/jobs/${id}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_JOB_TITLE);
    await expectDefused(page, page.locator('.prose').first(), w);
  });

  test('on the site after a client-side navigation (the description comes from /api)', async ({ page }) => {
    const id = await hostileJobId(page);
    const w = await watch(page);
    await page.goto(`${NORDLYS}/startups/northwind-labs`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator(`a[href="/jobs/${id}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_JOB_TITLE);
    // Same document: the router rendered the page from the API's answer.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expectDefused(page, page.locator('.prose').first(), w);
  });

  test('on the careers host', async ({ page }) => {
    const id = await hostileJobId(page);
    const w = await watch(page);
    await page.goto(`${CAREERS}/jobs/${id}`, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_JOB_TITLE);
    await expectDefused(page, page.locator('.description'), w);
  });

  test('on the white-label host', async ({ page }) => {
    const id = await hostileJobId(page);
    const w = await watch(page);
    await page.goto(`${FEED}/jobs/${id}`, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_JOB_TITLE);
    await expectDefused(page, page.locator('.description'), w);
  });
});

test.describe('pages under the Content-Security-Policy', () => {
  test('site, careers, white-label and widget pages load, hydrate and report no violation', async ({ page }) => {
    const id = await hostileJobId(page);
    const w = await watch(page);
    for (const path of ['/', '/jobs', '/jobs?search=engineer', `/jobs/${id}`, '/startups', '/startups/northwind-labs', '/no-such-page']) {
      const res = await page.goto(`${NORDLYS}${path}`);
      expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      // Hydrated: the client bundle ran and React took over the server's markup.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(await w.violations(), path).toEqual([]);
    }
    // The hosted pages hydrate their islands from the JSON block: the career page's filters appear.
    await page.goto(`${CAREERS}/`, { waitUntil: 'load' });
    await expect(page.getByLabel('Category')).toBeVisible();
    expect(await w.violations(), 'careers').toEqual([]);
    await page.goto(`${FEED}/`, { waitUntil: 'load' });
    await page.getByLabel('Search jobs').fill('engineer');
    await expect(page).toHaveURL(/[?&]search=engineer/);
    expect(await w.violations(), 'white-label').toEqual([]);
    const widget = await page.goto(`${NORDLYS}/startups/joblistwidget/northwind-labs`, { waitUntil: 'load' });
    expect(widget?.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(await w.violations(), 'widget page').toEqual([]);
    expect(w.errors).toEqual([]);
  });

  test('the sign-up captcha (altcha, a worker from a blob: URL) solves under the policy', async ({ page }) => {
    const w = await watch(page);
    await page.goto(`${NORDLYS}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('.site-nav__wide').getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.getByRole('dialog', { name: 'Let us know who you are' }).getByRole('button', { name: 'Sign up with email' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign up' });
    const group = modal.getByRole('group', { name: 'Verify you are not a robot' });
    await group.getByText("I'm not a robot").click();
    await expect(group.getByRole('checkbox')).toBeChecked({ timeout: 20_000 });
    await expect(modal.getByText(/verified/i).first()).toBeVisible({ timeout: 20_000 });
    expect(await w.violations()).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  test('other sites may frame the job-list widget page, and no other page', async ({ page }) => {
    const w = await watch(page);
    // A page of another origin (the examples server's) framing two of ours.
    await page.goto('http://127.0.0.1:3211/');
    await page.setContent(
      `<iframe id="widget" src="${NORDLYS}/startups/joblistwidget/northwind-labs"></iframe><iframe id="jobs" src="${NORDLYS}/jobs"></iframe>`,
    );
    await expect(page.frameLocator('#widget').getByText('Northwind Labs').first()).toBeVisible();
    // The other is refused: Chromium reports the frame-ancestors violation and shows its error page, not ours.
    await expect.poll(async () => (await w.violations()).some((v) => /frame-ancestors/.test(v))).toBe(true);
    expect(await page.frameLocator('#jobs').locator('#root').count()).toBe(0);
  });
});
