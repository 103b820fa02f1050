/**
 * A startup's jobs and the admins' job queue end to end (issue #12): founder@ sees Northwind Labs' jobs
 * table, filters it by status, pauses a live seeded job and resumes it (shown at once, kept after a
 * reload); the table is cards at 360 px with nothing scrolling sideways; the job dashboard shows its
 * figures. admin@ sees a held job in the queue and sends it back with a reason, which is mailed; the
 * founder then deletes the draft from the table. axe finds nothing on any of these pages.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { BASE, gotoHydrated, noAxeViolations, signedInPage } from './session';

const COMPANY = 'northwind-labs';
const JOBS = `/client/startups/${COMPANY}/jobs`;

/** A call to the API as the page's signed-in user. */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/${path}`, { method, data, headers: { Origin: BASE } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

const table = (page: Page) => page.getByRole('table');
/** A job's group in the table: the row of its figures and the row of its actions. */
const row = (page: Page, title: string): Locator => table(page).locator('tbody').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const filter = (page: Page) => page.getByRole('navigation', { name: 'Filter jobs by status' });

test('founder@ filters the jobs table, pauses a live job and resumes it', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'founder@nordlys.test');
  await gotoHydrated(page, JOBS);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a job' }).first()).toHaveAttribute('href', `${JOBS}/new`);
  // The seed gives Northwind Labs live, paused and draft jobs (server/src/seed/demo-jobs.ts).
  await expect(filter(page).getByRole('link', { name: /^All \d+$/ })).toHaveAttribute('aria-current', 'page');
  await noAxeViolations(page, 'the jobs table');

  // The filter is a link that keeps the status in the URL.
  await filter(page).getByRole('link', { name: /^Paused \d+$/ }).click();
  await expect(page).toHaveURL(`${JOBS}?status=STOPPED`);
  await expect(filter(page).getByRole('link', { name: /^Paused \d+$/ })).toHaveAttribute('aria-current', 'page');
  for (const badge of await table(page).locator('td[data-label="Status"]').allTextContents()) expect(badge).toBe('Paused');
  await page.goBack();
  await expect(page).toHaveURL(JOBS);

  await filter(page).getByRole('link', { name: /^Live \d+$/ }).click();
  await expect(page).toHaveURL(`${JOBS}?status=ACTIVE`);
  // The oldest live job: the newest ones head the public lists other specs read while this one runs.
  const oldest = table(page).locator('tbody').last();
  const title = (await oldest.getByRole('rowheader').textContent())!.trim();
  const href = (await oldest.getByRole('link', { name: title, exact: true }).getAttribute('href'))!;
  const id = Number(href.split('/').pop());

  // Pause: shown at once, then confirmed; the same button now resumes, and keeps the focus.
  const pause = row(page, title).getByRole('button', { name: `Pause job ${title}` });
  await pause.click();
  await expect(row(page, title).locator('td[data-label="Status"]')).toHaveText('Paused');
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is paused.` })).toBeVisible();
  await expect(row(page, title).getByRole('button', { name: `Resume job ${title}` })).toBeFocused();
  expect((await api(page, 'GET', `companies/${COMPANY}/jobs/${id}`)).status).toBe('STOPPED');

  // After a reload it is among the paused jobs; resume it there.
  await gotoHydrated(page, `${JOBS}?status=STOPPED`);
  await row(page, title).getByRole('button', { name: `Resume job ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is live again.` })).toBeVisible();
  await expect(row(page, title).locator('td[data-label="Status"]')).toHaveText('Live');
  expect((await api(page, 'GET', `companies/${COMPANY}/jobs/${id}`)).status).toBe('ACTIVE');

  // Its dashboard: status, what happens next, the figures per surface, the public link.
  await row(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(`${JOBS}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText('Talent can find it and apply until it expires.');
  const figures = page.getByRole('region', { name: 'Last 30 days' });
  await expect(figures.getByRole('img', { name: /^Views on / }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Public job page/ })).toHaveAttribute('href', `/jobs/${id}`);
  await noAxeViolations(page, 'the job dashboard');
  await page.context().close();
});

test('the jobs table is cards at 360 px, nothing scrolls sideways, and the sort select sorts', async ({ browser }) => {
  const page = await signedInPage(browser, 'founder@nordlys.test', { width: 360, height: 800 });
  await gotoHydrated(page, JOBS);
  await expect(table(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The column heads are out of sight; each card labels its figures, and a select sorts.
  await expect(table(page).locator('thead')).toHaveCSS('position', 'absolute');
  // Each job is a card: its group of rows is a block with a border, its figures a grid under their labels.
  await expect(table(page).locator('tbody').first()).toHaveCSS('display', 'block');
  await expect(table(page).locator('tbody').first()).toHaveCSS('border-top-style', 'solid');
  await expect(table(page).locator('tbody tr').first()).toHaveCSS('display', 'grid');
  const sort = page.getByLabel('Sort by');
  await expect(sort).toBeVisible();
  await sort.selectOption('title:asc');
  const titles = (await table(page).locator('tbody th').allTextContents()).map((t) => t.trim());
  expect(titles).toEqual(titles.toSorted((a, b) => a.toLocaleLowerCase().localeCompare(b.toLocaleLowerCase())));
  await noAxeViolations(page, 'the jobs table at 360 px');
  await page.context().close();
});

test('admin@ sees a held job in the queue and sends it back with a reason; the founder deletes the draft', async ({ browser }) => {
  test.setTimeout(90_000);
  const founder = await signedInPage(browser, 'founder@nordlys.test');
  const admin = await signedInPage(browser, 'admin@nordlys.test');
  // A job that never goes public: a draft with the Boost plan, published (it waits for payment), then held by an admin.
  const title = `Queue Test Engineer ${Date.now()}`;
  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const job = await api(founder, 'POST', `companies/${COMPANY}/jobs`, {
    title,
    description: '<p>Checks the admin queue.</p>',
    categories: ['backend'],
    location: { kind: 'remote', countryCode: null },
    expirationDate: expiry,
  });
  await api(founder, 'PUT', `companies/${COMPANY}/jobs/${job.id}/plan`, { plan: 'boost' });
  expect((await api(founder, 'POST', `companies/${COMPANY}/jobs/${job.id}/publish`)).status).toBe('PENDING_PAYMENT');
  expect((await api(admin, 'POST', `admin/jobs/${job.id}/hold`)).status).toBe('PENDING_COMPANY_APPROVAL');

  await gotoHydrated(admin, '/client/reviews');
  const queue = admin.getByRole('region', { name: 'Jobs waiting for approval' });
  const card = queue.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 3, name: title }) });
  await expect(card).toContainText('Job · Boost plan');
  await expect(card).toContainText('Northwind Labs');
  await expect(card).toContainText('Held for review by an admin');
  await expect(card.getByRole('link', { name: `Open the job ${title}` })).toHaveAttribute('href', `${JOBS}/${job.id}`);
  await expect(admin.getByRole('region', { name: 'Invoices awaiting payment' })).toBeVisible();
  await noAxeViolations(admin, 'the admin queue');

  // Send back: the reason is required, then mailed to the startup's members.
  await card.getByRole('button', { name: `Send back ${title}` }).click();
  const form = admin.getByRole('form', { name: `Send ${title} back` });
  await form.getByRole('button', { name: 'Send back with this reason' }).click();
  await expect(form.getByText('Please give the reason')).toBeVisible();
  await expect(form.getByLabel(/What should the startup change/)).toBeFocused();
  await form.getByLabel(/What should the startup change/).fill('Please name the team the engineer joins.');
  await form.getByRole('button', { name: 'Send back with this reason' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `“${title}” is sent back to draft.` })).toBeVisible();
  await expect(card).toHaveCount(0);
  const mail = await waitForMail('founder@nordlys.test', new RegExp(`"${title}" needs a few changes`));
  expect(mail.text).toContain('Please name the team the engineer joins.');

  // The founder finds it a draft with our note, and deletes it from the table after confirming.
  await gotoHydrated(founder, `${JOBS}/${job.id}`);
  await expect(founder.getByRole('region', { name: 'What happens next' })).toContainText('Our team sent it back: Please name the team the engineer joins.');
  await gotoHydrated(founder, `${JOBS}?status=DRAFT`);
  await row(founder, title).getByRole('button', { name: `Delete draft ${title}` }).click();
  await founder.getByRole('group', { name: `Delete the draft “${title}”? This cannot be undone.` }).getByRole('button', { name: 'Delete draft' }).click();
  await expect(founder.getByRole('status').filter({ hasText: `The draft “${title}” is deleted.` })).toBeVisible();
  await expect(row(founder, title)).toHaveCount(0);
  const gone = await founder.request.get(`/api/companies/${COMPANY}/jobs/${job.id}`);
  expect(gone.status()).toBe(404);
  await founder.context().close();
  await admin.context().close();
});

test('every job page of spec 2.4 renders for a member, with one h1 and no "later release" text', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'founder@nordlys.test');
  const { jobs } = (await api(page, 'GET', `companies/${COMPANY}/managed-jobs?status=ACTIVE`)) as { jobs: { id: number }[] };
  const live = jobs[0]!.id;
  const job = `${JOBS}/${live}`;
  for (const path of [
    JOBS,
    `${JOBS}/new`,
    job,
    `${job}/edit`,
    `${job}/monetise`,
    `${job}/boost`,
    `${job}/boosted`,
    `${job}/posted`,
    `${job}/max-posted`,
    `${job}/headhunter-posted`,
    `${job}/hh-steps`,
    `/jobs/${live}/welcome`,
    `/jobs/${live}/resend-applicants`,
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expect(page.locator('main'), path).not.toContainText(/later release|Page not found|Something went wrong/i);
  }
});
