/**
 * Issue #13's loop, both sides of the marketplace in one browser test:
 * 1. talent@ saves a job, marks interest in another and follows a startup; all three show in their lists;
 * 2. talent@ applies to a Northwind Labs job with a CV upload and an answer;
 * 3. founder@ gets the mail at the test SMTP server and opens the board from its link;
 * 4. founder@ moves the card to a custom stage by keyboard, and to Hired by drag and drop;
 * 5. talent@ sees "Hired" in My jobs;
 * 6. a second application answers 409 with the server's message and the link to the first.
 *
 * The job applied to is the seed's "Senior Frontend Developer (freelance)" (server/src/seed/applicants.ts
 * keeps it free of talent@'s applications; the quick-apply spec takes another). Saves and interest use
 * other Northwind jobs, and the follow the last startup talent@ does not follow, so the talent-marks spec
 * (which takes the first ones outside Northwind) never shares them.
 */
import type { CompanyList, Job, JobList, ViewerFlags } from '@nordlys/sdk/schemas';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dragCard } from './helpers';
import { waitForMail } from './mail';
import { BASE, gotoHydrated, signedInPage } from './session';

const TALENT = 'talent@nordlys.test';
const FOUNDER = 'founder@nordlys.test';
const JOB_TITLE = 'Senior Frontend Developer (freelance)';
const OTHER_APPLY_JOB = 'Product Manager (part-time)';
const CANDIDATE = 'Sofie Kjær';

/** A small, valid one-page PDF (the server judges a CV by its bytes). */
function smallPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 41 >>\nstream\nBT /F1 18 Tf 40 100 Td (Sofie Kjaer) Tj ET\nendstream',
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

const column = (page: Page, key: string) => page.locator(`[data-column="${key}"]`);
const columnNamed = (page: Page, name: string) => page.locator('.board-column').filter({ has: page.locator('.board-column__label').getByText(name, { exact: true }) });
const cardIn = (scope: Locator, name: string) => scope.locator('.board-card').filter({ has: scope.page().getByRole('link', { name, exact: true }) });


test('talent@ marks, follows and applies; founder@ gets the mail and hires on the board; talent@ sees Hired; a second application answers 409', async ({ browser }) => {
  test.setTimeout(180_000);
  const talent = await signedInPage(browser, TALENT, { width: 1400, height: 1000 });
  const flags = (await (await talent.request.get('/api/applicant/flags')).json()) as ViewerFlags;
  const { jobs: northwindJobs } = (await (await talent.request.get('/api/companies/northwind-labs/jobs')).json()) as JobList;
  const job = northwindJobs.find((j) => j.title === JOB_TITLE);
  expect(job, `the seed's "${JOB_TITLE}"`).toBeDefined();
  expect(flags.applied[String(job!.id)], 'talent@ has not applied to it yet').toBeUndefined();

  // 1. Save one Northwind job, mark interest in another, follow a startup.
  const touched = new Set([...flags.savedJobIds, ...flags.interestedJobIds, ...Object.keys(flags.applied).map(Number)]);
  const free = northwindJobs.filter((j) => !touched.has(j.id) && j.title !== JOB_TITLE && j.title !== OTHER_APPLY_JOB);
  expect(free.length, 'two Northwind jobs talent@ has not touched').toBeGreaterThanOrEqual(2);
  const [toSave, toLike] = free as [JobList['jobs'][number], JobList['jobs'][number]];

  await gotoHydrated(talent, `/jobs/${toSave.id}`);
  const saved = talent.waitForResponse((r) => r.url().endsWith(`/api/jobs/${toSave.id}/save`));
  await talent.locator('.job-head').getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(204);
  await expect(talent.locator('.job-head').getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await gotoHydrated(talent, `/jobs/${toLike.id}`);
  const liked = talent.waitForResponse((r) => r.url().endsWith(`/api/jobs/${toLike.id}/interested`));
  await talent.locator('.job-head').getByRole('button', { name: "I'm interested", exact: true }).click();
  expect((await liked).status()).toBe(204);
  await expect(talent.locator('.job-head').getByRole('button', { name: 'Interested', exact: true })).toHaveAttribute('aria-pressed', 'true');

  const { companies } = (await (await talent.request.get('/api/companiesProper?pageSize=100')).json()) as CompanyList;
  const startup = companies.filter((c) => !flags.followedCompanyKeys.includes(c.key) && c.key !== 'northwind-labs').at(-1);
  expect(startup, 'a startup talent@ does not follow').toBeDefined();
  await gotoHydrated(talent, `/startups?search=${encodeURIComponent(startup!.name)}`);
  const startupCard = talent.getByRole('article').filter({ has: talent.getByRole('link', { name: startup!.name, exact: true }) });
  const followed = talent.waitForResponse((r) => r.url().endsWith(`/api/companies/${startup!.key}/follow`));
  await startupCard.getByRole('button', { name: `Follow ${startup!.name}` }).click();
  expect((await followed).status()).toBe(204);

  await gotoHydrated(talent, '/client/my-jobs?tab=saved');
  await expect(talent.getByRole('tabpanel', { name: /Saved/ }).locator(`a[href="/jobs/${toSave.id}"]`)).toBeVisible();
  await talent.getByRole('tab', { name: /Interested/ }).click();
  await expect(talent.getByRole('tabpanel', { name: /Interested/ }).locator(`a[href="/jobs/${toLike.id}"]`)).toBeVisible();
  await gotoHydrated(talent, '/client/followed-startups');
  await expect(talent.getByRole('list', { name: 'Startups you follow' }).getByRole('link', { name: startup!.name, exact: true })).toBeVisible();

  // 2. Apply with a CV upload and an answer.
  const full = (await (await talent.request.get(`/api/jobs/single/${job!.id}`)).json()) as Job;
  expect(full.apply?.method).toBe('nordlys');
  expect(full.screeningQuestions?.length, 'the job asks a screening question').toBeGreaterThan(0);
  await gotoHydrated(talent, `/jobs/${job!.id}`);
  await talent.locator('.job-head__actions').getByRole('button', { name: 'Apply for this job' }).click();
  const dialog = talent.getByRole('dialog', { name: `Apply for ${JOB_TITLE}` });
  await expect(dialog.getByRole('button', { name: 'Send application' })).toBeVisible();
  const newCv = dialog.getByRole('radio', { name: 'Upload a new CV' });
  if (await newCv.count()) await newCv.check();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'sofie-kjaer-cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(dialog.getByText('sofie-kjaer-cv.pdf', { exact: true })).toBeVisible();
  for (const question of full.screeningQuestions ?? []) {
    await dialog.getByLabel(question).fill('React and TypeScript for eight years, most recently on a design system used by 40 teams.');
  }
  const sentCall = talent.waitForResponse((r) => r.url().endsWith(`/api/jobs/${job!.id}/apply`) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  const sent = await sentCall;
  expect(sent.status()).toBe(201);
  const application = (await sent.json()) as { id: number; stage: string };
  expect(application.stage).toBe('Applied');
  await expect(talent.getByRole('dialog', { name: 'Application sent' })).toBeVisible();

  // 3. founder@'s mail, and the board from its link.
  const mail = await waitForMail(FOUNDER, new RegExp(`New application to "${JOB_TITLE.replace(/[()]/g, '\\$&')}": ${CANDIDATE}`), 30_000);
  const link = /https?:\/\/[^\s"'<>]+\/client\/startups\/northwind-labs\/applicants\?[^\s"'<>]+/.exec(mail.text)?.[0];
  expect(link, `the board link in the mail:\n${mail.text}`).toBeDefined();
  const target = new URL(link!.replace(/&amp;/g, '&'));
  expect(target.searchParams.get('job')).toBe(String(job!.id));
  expect(target.searchParams.get('open')).toBe(String(application.id));
  const founder = await signedInPage(browser, FOUNDER, { width: 1600, height: 1000 });
  await gotoHydrated(founder, `${target.pathname}${target.search}`);
  const opened = founder.getByRole('dialog', { name: CANDIDATE });
  await expect(opened.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await founder.keyboard.press('Escape');
  await expect(opened).toHaveCount(0);

  // 4. By keyboard to a custom stage (the card's "Move to…" menu), then by drag and drop to Hired.
  const card = cardIn(column(founder, 'applied'), CANDIDATE);
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-card-id', String(application.id));
  await card.getByRole('link', { name: CANDIDATE, exact: true }).focus();
  await founder.keyboard.press('m');
  const menu = founder.getByRole('menu', { name: `Move ${CANDIDATE} to` });
  await expect(menu.getByRole('menuitem', { name: 'First interview' })).toBeFocused();
  await founder.keyboard.press('Enter');
  const firstInterview = columnNamed(founder, 'First interview');
  await expect(cardIn(firstInterview, CANDIDATE)).toHaveCount(1);
  await expect(founder.getByTestId('board-live')).toHaveText(`${CANDIDATE} moved to First interview.`);

  const hired = column(founder, 'hired');
  await dragCard(founder, cardIn(firstInterview, CANDIDATE), hired);
  await expect(cardIn(hired, CANDIDATE)).toHaveCount(1);
  await expect(founder.getByTestId('board-live')).toHaveText(`${CANDIDATE} moved to Hired.`);
  // Saved at once: a fresh load shows it there.
  await gotoHydrated(founder, `${target.pathname}?job=${job!.id}`);
  await expect(cardIn(column(founder, 'hired'), CANDIDATE)).toHaveCount(1);
  await founder.context().close();

  // 5. talent@ sees "Hired" in My jobs.
  await gotoHydrated(talent, `/client/my-jobs?tab=applied#application-${application.id}`);
  const row = talent.locator(`#application-${application.id}`);
  await expect(row).toContainText(JOB_TITLE);
  await expect(row).toContainText('Hired');

  // 6. A second application: 409, the server's message, and the link to the first.
  const again = await talent.request.post(`/api/jobs/${job!.id}/apply`, {
    data: { cvPath: 'cv/secondtry0000.pdf', answers: (full.screeningQuestions ?? []).map(() => 'Again') },
    headers: { Origin: BASE },
  });
  expect(again.status()).toBe(409);
  const refusal = (await again.json()) as { message: string; code: string; link: string };
  expect(refusal).toMatchObject({ code: 'E_ALREADY_APPLIED', link: `/client/my-jobs?tab=applied#application-${application.id}` });
  expect(refusal.message).toMatch(/already applied/i);
  await talent.context().close();
});
