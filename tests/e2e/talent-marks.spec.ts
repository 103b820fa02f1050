/**
 * Issue #13, the talent side's marks end to end: a visitor presses Save, signs in in the modal and the
 * job is saved with no second click; talent@ saves a job, marks interest in another and follows a
 * startup, finds all three in their lists, and unsaving takes the job out of My jobs for good. Axe on
 * My jobs. Jobs and startups are ones talent@ has not touched in the seed (server/src/seed/activity.ts),
 * chosen from the live API, so the run does not depend on ids.
 */
import type { CompanyList, JobList, ViewerFlags } from '@nordlys/sdk/schemas';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoHydrated, noAxeViolations, PASSWORD, signedInPage } from './session';

const TALENT = 'talent@nordlys.test';

/** talent@'s marks and applications, read as talent@ (through a signed-in page's request context). */
async function flagsOf(request: APIRequestContext): Promise<ViewerFlags> {
  const res = await request.get('/api/applicant/flags');
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * Public jobs talent@ has not saved, marked or applied to, outside Northwind Labs (whose jobs the
 * quick-apply loop uses). The tests of this file take different places in this list, so they never
 * share a job even when they run at once.
 */
async function untouchedJobs(request: APIRequestContext): Promise<JobList['jobs']> {
  const flags = await flagsOf(request);
  const res = await request.get('/api/v2/jobs?pageSize=50');
  expect(res.status()).toBe(200);
  const { jobs } = (await res.json()) as JobList;
  const touched = new Set([...flags.savedJobIds, ...flags.interestedJobIds, ...Object.keys(flags.applied).map(Number)]);
  const free = jobs.filter((job) => !touched.has(job.id) && job.company.key !== 'northwind-labs');
  expect(free.length, 'untouched demo jobs').toBeGreaterThanOrEqual(4);
  return free;
}

async function talentPage(browser: import('@playwright/test').Browser): Promise<Page> {
  return signedInPage(browser, TALENT);
}

test('a visitor presses Save, signs in in the modal, and the job is saved with no second click', async ({ browser, page }) => {
  const talent = await talentPage(browser);
  const [job] = await untouchedJobs(talent.request);
  await talent.context().close();

  await gotoHydrated(page, `/jobs/${job!.id}`);
  const head = page.locator('.job-head');
  await head.getByRole('button', { name: 'Save', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Email', { exact: true }).fill(TALENT);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const saved = page.waitForResponse((res) => res.url().endsWith(`/api/jobs/${job!.id}/save`) && res.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();

  // Back on the same page, signed in: the save went out by itself and the toggle shows it.
  expect((await saved).status()).toBe(204);
  await expect(modal).toBeHidden();
  await expect(head.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`/jobs/${job!.id}$`));
  expect((await flagsOf(page.request)).savedJobIds).toContain(job!.id);

  await gotoHydrated(page, '/client/my-jobs');
  await expect(page.getByRole('tabpanel', { name: /Saved/ }).locator(`a[href="/jobs/${job!.id}"]`)).toBeVisible();
});

test('talent@ saves a job, marks interest in another and follows a startup; the lists show them, and unsave takes the job out', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await talentPage(browser);
  const free = await untouchedJobs(page.request);
  // Places 1 and 2: the visitor test takes place 0.
  const toSave = free[1]!;
  const toLike = free[2]!;
  const flags = await flagsOf(page.request);
  const { companies } = (await (await page.request.get('/api/companiesProper?pageSize=100')).json()) as CompanyList;
  const startup = companies.find((c) => !flags.followedCompanyKeys.includes(c.key) && c.key !== 'northwind-labs');
  expect(startup, 'a startup talent@ does not follow').toBeDefined();

  // Save, on the job's page.
  await gotoHydrated(page, `/jobs/${toSave.id}`);
  const save = page.locator('.job-head').getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  let sent = page.waitForResponse((res) => res.url().endsWith(`/api/jobs/${toSave.id}/save`));
  await save.click();
  await expect(page.locator('.job-head').getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect((await sent).status()).toBe(204);

  // I'm interested, by keyboard on the other job's page.
  await gotoHydrated(page, `/jobs/${toLike.id}`);
  const interest = page.locator('.job-head').getByRole('button', { name: "I'm interested", exact: true });
  await interest.focus();
  sent = page.waitForResponse((res) => res.url().endsWith(`/api/jobs/${toLike.id}/interested`));
  await page.keyboard.press('Enter');
  await expect(page.locator('.job-head').getByRole('button', { name: 'Interested', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect((await sent).status()).toBe(204);

  // Follow, on the startup's card in the list: the card's link is not followed.
  await gotoHydrated(page, `/startups?search=${encodeURIComponent(startup!.name)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: startup!.name, exact: true }) });
  sent = page.waitForResponse((res) => res.url().endsWith(`/api/companies/${startup!.key}/follow`));
  await card.getByRole('button', { name: `Follow ${startup!.name}` }).click();
  expect((await sent).status()).toBe(204);
  await expect(card.getByRole('button', { name: `Following ${startup!.name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/startups\?search=/);

  // My jobs: the saved job on Saved, the other on Interested (the tab in the URL).
  await gotoHydrated(page, '/client/my-jobs');
  const savedPanel = page.getByRole('tabpanel', { name: /Saved/ });
  await expect(savedPanel.locator(`a[href="/jobs/${toSave.id}"]`)).toBeVisible();
  await noAxeViolations(page, '/client/my-jobs');
  await page.getByRole('tab', { name: /Interested/ }).click();
  await expect(page).toHaveURL(/\/client\/my-jobs\?tab=interested$/);
  await expect(page.getByRole('tabpanel', { name: /Interested/ }).locator(`a[href="/jobs/${toLike.id}"]`)).toBeVisible();
  await noAxeViolations(page, '/client/my-jobs?tab=interested');

  // Followed startups: the startup with its open jobs.
  await gotoHydrated(page, '/client/followed-startups');
  const followed = page.getByRole('list', { name: 'Startups you follow' });
  await expect(followed.getByRole('link', { name: startup!.name, exact: true })).toBeVisible();

  // Unsave in My jobs: the card leaves the list at once, and stays out after a reload.
  await gotoHydrated(page, '/client/my-jobs?tab=saved');
  const panel = page.getByRole('tabpanel', { name: /Saved/ });
  sent = page.waitForResponse((res) => res.url().endsWith(`/api/jobs/${toSave.id}/unsave`));
  const item = panel.getByRole('listitem').filter({ has: page.locator(`a[href="/jobs/${toSave.id}"]`) });
  await item.getByRole('button', { name: `Saved ${toSave.title}` }).click();
  await expect(panel.locator(`a[href="/jobs/${toSave.id}"]`)).toHaveCount(0);
  expect((await sent).status()).toBe(204);
  await gotoHydrated(page, '/client/my-jobs?tab=saved');
  await expect(page.getByRole('tabpanel', { name: /Saved/ })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: /Saved/ }).locator(`a[href="/jobs/${toSave.id}"]`)).toHaveCount(0);
  expect((await flagsOf(page.request)).savedJobIds).not.toContain(toSave.id);
  await page.context().close();
});
