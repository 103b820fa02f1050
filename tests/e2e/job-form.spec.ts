/**
 * The job form end to end (issue #12): founder@ opens "Post a job", meets a field message of the sdk
 * schema, types a title that autosaves as a DRAFT (the address becomes the job's /edit and a reload
 * keeps it), sees the live preview follow, is asked before leaving with unsaved changes, fills in
 * what publishing needs by keyboard and continues to the plans. Axe on the form, and nothing scrolls
 * sideways at 360 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, noAxeViolations, signedInPage } from './session';

const KEY = 'northwind-labs';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const saveState = (page: Page) => page.locator('.form-actions__status');
const preview = (page: Page) => page.getByRole('complementary', { name: 'Preview' });

test('founder@ posts a job with the form: schema messages, autosave through a reload, the preview, the leave prompt, continue', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'founder@nordlys.test');
  const title = `Platform Engineer ${unique()}`;

  await gotoHydrated(page, `/client/startups/${KEY}/jobs/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await noAxeViolations(page, 'the new job form');

  // A field message from the sdk schema, under the field, and the field focused.
  await page.getByRole('button', { name: 'Save draft' }).click();
  const titleField = page.getByRole('textbox', { name: 'Job title (required)' });
  await expect(titleField).toBeFocused();
  await expect(page.locator('#job-title-error')).toHaveText('Please enter the job title');
  await noAxeViolations(page, 'the form showing a message');

  // Typing the title: the draft saves itself once typing pauses, and the address becomes the job's /edit.
  await titleField.fill(title);
  await expect(page.locator('#job-title-error')).toHaveCount(0);
  await expect(saveState(page)).toHaveText(/^Saved \d{1,2}:\d{2}/, { timeout: 10_000 });
  await expect(page).toHaveURL(new RegExp(`/client/startups/${KEY}/jobs/\\d+/edit$`));
  const editUrl = page.url();

  // The preview follows: the job card and the job page show the title.
  await expect(preview(page).locator('.job-card__title')).toHaveText(title);
  await expect(preview(page).locator('.job-head__title')).toHaveText(title);

  // A reload keeps it: the draft is stored.
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(page.url()).toBe(editUrl);
  await expect(page.getByRole('textbox', { name: 'Job title (required)' })).toHaveValue(title);

  // Unsaved changes (an empty title never autosaves): leaving asks first, and staying keeps them.
  await page.getByRole('textbox', { name: 'Job title (required)' }).fill('');
  await page.getByRole('navigation', { name: 'Northwind Labs admin' }).getByRole('link', { name: 'Jobs', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(leave).toHaveCount(0);
  expect(page.url()).toBe(editUrl);

  // What publishing needs, by keyboard: the title again, a description, a category.
  const field = page.getByRole('textbox', { name: 'Job title (required)' });
  await field.focus();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  // Tab reaches the description's toolbar, then the text.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Description (required)' })).toBeFocused();
  await page.keyboard.type('Run the platform that plans greener factories.');
  const backend = page.getByRole('group', { name: 'Development' }).getByRole('checkbox', { name: 'Backend' });
  await backend.focus();
  await page.keyboard.press('Space');
  await expect(backend).toBeChecked();
  await expect(preview(page).locator('.job-head__title')).toHaveText(title);
  await expect(preview(page).locator('.prose')).toHaveText('Run the platform that plans greener factories.');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/startups/${KEY}/jobs/\\d+/monetise$`), { timeout: 15_000 });
  expect(page.url()).toBe(editUrl.replace(/\/edit$/, '/monetise'));

  // What was stored is what was typed.
  const id = Number(editUrl.match(/jobs\/(\d+)\/edit$/)![1]);
  const stored = await page.request.get(`/api/companies/${KEY}/jobs/${id}`);
  expect(stored.status()).toBe(200);
  const job = (await stored.json()) as { status: string; manage: { form: { title: string; categories: string[]; description: string } } };
  expect(job.status).toBe('DRAFT');
  expect(job.manage.form.title).toBe(title);
  expect(job.manage.form.categories).toEqual(['backend']);
  expect(job.manage.form.description).toContain('Run the platform that plans greener factories.');
  await page.context().close();
});

test('the job form fits a 360 px screen with the preview below it, and stays axe-clean there', async ({ browser }) => {
  const page = await signedInPage(browser, 'founder@nordlys.test', { width: 360, height: 780 });
  await gotoHydrated(page, `/client/startups/${KEY}/jobs/new`);
  await page.getByRole('radio', { name: 'A range' }).check();
  await page.getByRole('radio', { name: 'Another place' }).check();
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, 'sideways scroll at 360 px').toBeLessThanOrEqual(0);
  const form = await page.getByRole('form', { name: 'Job' }).boundingBox();
  const aside = await preview(page).boundingBox();
  expect(aside!.y, 'the preview comes below the form').toBeGreaterThan(form!.y + form!.height - 1);
  await noAxeViolations(page, 'the job form at 360 px');
  await page.context().close();
});
