/**
 * Quick apply end to end (issue #13): a visitor presses "Apply for this job" on a Northwind Labs job
 * that takes applications on Nordlys, signs in as talent@ in the modal, and the apply dialog is open
 * again (axe: 0 violations on it). talent@ uploads a CV, answers the screening questions and sends;
 * the dialog confirms and the page's button becomes "Applied <date>". A second application of the
 * same person, from a dialog opened in another tab before the first was sent, answers the server's
 * 409 message with the link to the first application.
 *
 * The job is chosen from the live API: ACTIVE, on Nordlys, with screening questions, and not applied
 * to by talent@ (server/src/seed/applicants.ts keeps two such jobs; this spec takes the last, the
 * applying-and-hiring loop the first).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Job, JobList, ViewerFlags } from '@nordlys/sdk/schemas';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { BASE, gotoHydrated, PASSWORD, signedInPage } from './session';

const TALENT = 'talent@nordlys.test';
const CAREERS = 'http://careers.northwind.test:3210';

// Northwind's careers domain resolves to this machine, as its DNS would point at us.
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP careers.northwind.test 127.0.0.1'] },
});

/** A small, valid one-page PDF (the server judges a CV by its bytes). */
function smallPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 40 100 Td (Sofie Kjaer CV) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The last Northwind Labs job that takes applications on Nordlys, asks screening questions, and talent@ has not applied to. */
async function openNorthwindJob(request: APIRequestContext): Promise<Job> {
  const flags = (await (await request.get('/api/applicant/flags')).json()) as ViewerFlags;
  const { jobs } = (await (await request.get('/api/companies/northwind-labs/jobs')).json()) as JobList;
  const found: Job[] = [];
  for (const summary of jobs) {
    if (flags.applied[String(summary.id)] !== undefined) continue;
    const res = await request.get(`/api/jobs/single/${summary.id}`);
    if (res.status() !== 200) continue;
    const job = (await res.json()) as Job;
    if (job.status === 'ACTIVE' && job.apply?.method === 'nordlys' && (job.screeningQuestions?.length ?? 0) > 0) found.push(job);
  }
  expect(found.length, 'a Northwind Labs job on Nordlys with screening questions that talent@ has not applied to').toBeGreaterThan(0);
  return found.sort((a, b) => a.id - b.id).at(-1)!;
}

/** Fills the dialog: a new CV (with its upload done), the answers and, when given, a note. */
async function fillApplication(dialog: Locator, job: Job, note?: string) {
  await expect(dialog.getByRole('button', { name: 'Send application' })).toBeVisible();
  const newCv = dialog.getByRole('radio', { name: 'Upload a new CV' });
  if (await newCv.count()) await newCv.check();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'sofie-kjaer-cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(dialog.getByText('sofie-kjaer-cv.pdf', { exact: true })).toBeVisible();
  for (const [i, question] of (job.screeningQuestions ?? []).entries()) {
    await dialog.getByLabel(question).fill(`Answer ${i + 1}: I build calm, fast products and would love to do it at Northwind Labs.`);
  }
  if (note) await dialog.getByLabel(/A short note to/).fill(note);
}

async function applyDialog(page: Page, job: Job): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a visitor signs in to apply and finds the dialog open; talent@ sends a CV and answers; a second application gets the 409 and its link', async ({ browser }) => {
  test.setTimeout(90_000);
  const lookup = await signedInPage(browser, TALENT);
  const job = await openNorthwindJob(lookup.request);
  await lookup.context().close();

  // A visitor presses Apply: the sign-in modal, then the same page with the dialog open.
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `/jobs/${job.id}`);
  await page.locator('.job-head__actions').getByRole('button', { name: 'Apply for this job' }).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Email', { exact: true }).fill(TALENT);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = await applyDialog(page, job);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
  await expect(dialog.getByRole('button', { name: 'Send application' })).toBeVisible();
  await expect(dialog.getByText('Applying as')).toBeVisible();

  // axe on the open dialog.
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), 'axe on the apply dialog').toEqual([]);

  // Another tab of the same person opens the dialog too, before the first application is sent.
  const other = await context.newPage();
  await gotoHydrated(other, `/jobs/${job.id}`);
  await other.locator('.job-head__actions').getByRole('button', { name: 'Apply for this job' }).click();
  const otherDialog = await applyDialog(other, job);
  await fillApplication(otherDialog, job);

  // The application: a CV upload, the answers and a note.
  await fillApplication(dialog, job, 'Hello Northwind! I use your product every week.');
  const sentCall = page.waitForResponse((r) => r.url().endsWith(`/api/jobs/${job.id}/apply`) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  const sent = await sentCall;
  expect(sent.status()).toBe(201);
  const application = (await sent.json()) as { id: number; message: string | null; answers: { question: string; answer: string }[]; cv: { fileName: string } | null };
  expect(application.message).toBe('Hello Northwind! I use your product every week.');
  expect(application.answers.map((a) => a.question)).toEqual(job.screeningQuestions);
  expect(application.cv?.fileName).toBe('sofie-kjaer-cv.pdf');
  const applicationPath = `/client/my-jobs?tab=applied#application-${application.id}`;

  const done = page.getByRole('dialog', { name: 'Application sent' });
  await expect(done).toBeVisible();
  await expect(done.getByRole('link', { name: 'See it in My jobs' })).toHaveAttribute('href', applicationPath);
  await done.getByRole('button', { name: 'Back to the job' }).click();
  await expect(done).toBeHidden();
  const applied = page.locator('.job-head__actions').getByRole('link', { name: /^Applied \d{1,2} \w+ \d{4}/ });
  await expect(applied).toHaveAttribute('href', applicationPath);
  await expect(applied).toBeFocused();
  await expect(page.locator('.job-head__actions').getByRole('button', { name: 'Apply for this job' })).toHaveCount(0);

  // The second application: the server's 409 message, with the link to the first.
  const refused = other.waitForResponse((r) => r.url().endsWith(`/api/jobs/${job.id}/apply`) && r.request().method() === 'POST');
  await otherDialog.getByRole('button', { name: 'Send application' }).click();
  expect((await refused).status()).toBe(409);
  // What the server answers a second application (the same call, through the API), shown in the dialog.
  const again = await other.request.post(`/api/jobs/${job.id}/apply`, {
    data: { cvPath: 'cv/notmine000000.pdf', answers: (job.screeningQuestions ?? []).map(() => 'Again') },
    headers: { Origin: BASE },
  });
  expect(again.status()).toBe(409);
  const answer = (await again.json()) as { message: string; code: string; link: string };
  expect(answer).toMatchObject({ code: 'E_ALREADY_APPLIED', link: applicationPath });
  await expect(otherDialog.getByRole('alert').filter({ hasText: answer.message })).toBeVisible();
  const first = otherDialog.getByRole('link', { name: 'See your application' });
  await expect(first).toHaveAttribute('href', applicationPath);
  await first.click();
  await expect(other).toHaveURL(new RegExp(`/client/my-jobs\\?tab=applied#application-${application.id}$`));

  // The dialog opened again later (here through ?apply=1) opens no second form: "Applied" is there.
  await gotoHydrated(other, `/jobs/${job.id}?apply=1`);
  await expect(other.locator('.job-head__actions').getByRole('link', { name: /^Applied/ })).toHaveAttribute('href', applicationPath);
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test("a career page's Apply opens the main site's job page with the dialog, counted on the careers surface", async ({ browser }) => {
  // investor@ has no talent profile and no application: the dialog opens, and nothing is sent here.
  const page = await signedInPage(browser, 'investor@nordlys.test');
  const { jobs } = (await (await page.request.get('/api/companies/northwind-labs/jobs')).json()) as JobList;
  let job: Job | undefined;
  for (const summary of jobs) {
    const full = (await (await page.request.get(`/api/jobs/single/${summary.id}`)).json()) as Job;
    // One with screening questions, as the other quick-apply test's (job-views.spec counts the views of the others).
    if (full.apply?.method === 'nordlys' && full.screeningQuestions?.length) {
      job = full;
      break;
    }
  }
  expect(job, 'a Northwind Labs job that takes applications on Nordlys, with screening questions').toBeDefined();

  const founder = await signedInPage(browser, 'founder@nordlys.test');
  const careersClicks = async () => {
    const stats = (await (await founder.request.get(`/api/companies/northwind-labs/jobs/${job!.id}/stats`)).json()) as { surfaces: { surface: string; applyClicks: number[] }[] };
    return (stats.surfaces.find((x) => x.surface === 'careers')?.applyClicks ?? []).reduce((a, b) => a + b, 0);
  };
  const before = await careersClicks();

  await page.goto(`${CAREERS}/jobs/${job!.id}`);
  const apply = page.getByRole('link', { name: 'Apply', exact: true });
  await expect(apply).toHaveAttribute('href', `${BASE}/jobs/${job!.id}?apply=1&surface=careers`);
  const counted = page.waitForResponse((r) => r.url().endsWith(`/api/jobs/${job!.id}/apply-click`) && r.request().method() === 'POST');
  await apply.click();
  expect((await counted).status()).toBe(204);
  await expect.poll(careersClicks).toBe(before + 1);
  const dialog = page.getByRole('dialog', { name: `Apply for ${job!.title}` });
  await expect(dialog).toBeVisible();
  // The page keeps its surface for the application, without ?apply=1 (a reload does not reopen it).
  await expect(page).toHaveURL(`${BASE}/jobs/${job!.id}?surface=careers`);
  await expect(dialog.getByText('Applying as')).toBeVisible();
  await page.context().close();
  await founder.context().close();
});

test('the talent profile: a headline, a CV upload with its View link, Remote saved as no country; the profile settings page', async ({ browser }) => {
  // multi@ holds a talent profile no other spec reads; its name and profile choice stay as they are.
  const page = await signedInPage(browser, 'multi@nordlys.test');
  await gotoHydrated(page, '/client/applicant');
  const form = page.getByRole('form', { name: 'Talent profile' });
  const headline = `Robotics founder, open to product roles ${Date.now()}`;
  await form.getByLabel('Headline').fill(headline);
  await form.getByLabel('Preferred country').selectOption('REMOTE');
  await form.locator('input[type="file"]#talent-cv').setInputFiles({ name: 'aino-virtanen-cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(form.getByText('aino-virtanen-cv.pdf', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Save talent profile' }).click();
  await expect(form.getByRole('status')).toHaveText('Your talent profile is saved.');

  // What was stored, as the page shows it after a reload.
  await gotoHydrated(page, '/client/applicant');
  await expect(form.getByLabel('Headline')).toHaveValue(headline);
  await expect(form.getByLabel('Preferred country')).toHaveValue('');
  const view = form.getByRole('link', { name: 'View aino-virtanen-cv.pdf (opens in a new tab)' });
  await expect(view).toHaveAttribute('href', '/api/applicant/cv');
  const cv = await page.request.get('/api/applicant/cv');
  expect(cv.status()).toBe(200);
  expect(cv.headers()['content-type']).toContain('application/pdf');
  expect((await cv.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), 'axe on the talent profile').toEqual([]);

  // Its settings page (spec 2.1).
  await gotoHydrated(page, '/profile-settings/applicant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aino Virtanen');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Talent profile', exact: true })).toHaveAttribute('href', '/client/applicant');
  await expect(main.getByRole('link', { name: 'Go to Delete talent profile' })).toHaveAttribute('href', '/client/applicant#delete-talent-profile');
  await expect(page.getByRole('button', { name: 'Make this my default profile' })).toBeVisible();
  const settings = await new AxeBuilder({ page }).include('main').analyze();
  expect(settings.violations.map((v) => `${v.id}: ${v.help}`), 'axe on the profile settings page').toEqual([]);
  await page.context().close();
});
