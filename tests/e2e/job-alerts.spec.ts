/**
 * The alert loop of issue #14 in a browser ("Must show"):
 *   1. talent@ pins "frontend" in Denmark (the /jobs "Save this search" control);
 *   2. a new matching job is posted and goes live (founder@, through the API);
 *   3. the pinned search's chip shows "1 new";
 *   4. the daily digest task runs (the server's clock moved to the subscription's hour, TEST_CLOCK=1) and
 *      the mail arrives at the test SMTP server with that job, its tracked link and one-click headers;
 *   5. running the task again (the next day) sends nothing new;
 *   6. a POST to the List-Unsubscribe URL with the one-click body, and no cookie, ends the subscription
 *      (after its GET showed the confirm page and changed nothing).
 * On the way, /client/applicant/settings sets the digest to daily at 08:00 in Copenhagen and shows the
 * preview of the next e-mail; axe finds nothing there.
 *
 * And a visitor: subscribing by e-mail on /jobs sends a confirmation mail, the link's page confirms it,
 * and only the confirmed address gets the digest.
 *
 * Runs alone in the last project (playwright.config.ts MOVES_CLOCK_LONG): it moves the server's clock
 * by a day or two (always put back), and adds jobs to founder@'s startup.
 */
import { expect, request as apiRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { BASE, gotoHydrated, noAxeViolations, signedInPage } from './session';

const KEY = 'northwind-labs';
const DAY_MS = 86_400_000;
/** A digest's subject: one job by name, or several counted. */
const DIGEST_SUBJECT = /^(New job: .+ at .+|\d+ new jobs for you on .+)$/;
const CONFIRM_SUBJECT = /^Confirm your job alerts on /;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ mode: 'default' });

interface DigestProfile {
  settingsKey: string;
  email: string;
  frequency: 'daily' | 'weekly';
  hourOfDay: number;
  timeZone: string;
  paused: boolean;
  status: 'active' | 'pending';
  nextDueAt: string | null;
  locations: { countryCode: string }[];
  includeRemoteJobs: boolean;
  categories: string[];
}

interface DigestRound {
  queued: number;
  digest: { key: string; state: string; output: { sent: boolean; jobs?: number; reason?: string } } | null;
}

/** Sets the server's clock `offsetMs` from the real time (TEST_CLOCK=1). */
async function setClock(request: APIRequestContext, offsetMs: number) {
  const res = await request.post('/api/testing/clock', { data: { offsetMs }, headers: { Origin: BASE } });
  expect(res.status(), 'POST /api/testing/clock').toBe(200);
}

/** Moves the server's clock a minute past `iso`, the subscription's due time. */
const clockPast = (request: APIRequestContext, iso: string) => setClock(request, Date.parse(iso) + 60_000 - Date.now());

/** The digest scheduler's round at the server's clock; it answers once the subscription's digest job (and its mail) ran. */
async function digestRound(request: APIRequestContext, settingsKey: string): Promise<DigestRound> {
  const res = await request.post('/api/testing/tasks/digests', { data: { settingsKey }, headers: { Origin: BASE } });
  expect(res.status(), 'POST /api/testing/tasks/digests').toBe(200);
  return res.json();
}

/** A subscription by its settings key (the key is the secret: no session needed). */
async function digestByKey(request: APIRequestContext, settingsKey: string): Promise<{ status: number; profile: DigestProfile | null }> {
  const res = await request.get(`/api/digest/${settingsKey}`);
  return { status: res.status(), profile: res.ok() ? await res.json() : null };
}

/** founder@ posts a complete free job at Northwind Labs (Aarhus, Denmark) and publishes it: the startup is approved, so it goes live. */
async function postLiveJob(browser: Browser, title: string, categories: string[]): Promise<number> {
  const founder = await signedInPage(browser, 'founder@nordlys.test');
  const request = founder.request;
  const headers = { Origin: BASE };
  const created = await request.post(`/api/companies/${KEY}/jobs`, {
    headers,
    data: {
      title,
      description: '<p>Build the screens our customers plan their energy use with.</p>',
      categories,
      location: { kind: 'place', locality: 'Aarhus', countryCode: 'DK' },
      expirationDate: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
    },
  });
  expect(created.status(), 'the job is created').toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.put(`/api/companies/${KEY}/jobs/${id}/plan`, { headers, data: { plan: 'free' } })).status()).toBe(200);
  const published = await request.post(`/api/companies/${KEY}/jobs/${id}/publish`, { headers });
  expect(published.status(), 'the job is published').toBe(200);
  const job = (await (await request.get(`/api/companies/${KEY}/jobs/${id}`)).json()) as { status: string; approvedAt: string | null };
  expect(job.status).toBe('ACTIVE');
  expect(job.approvedAt).not.toBeNull();
  await founder.context().close();
  return id;
}

/** The newest digest mail to `to` whose text names `title` (a backlog digest may have come before it). */
async function digestWith(to: string, title: string) {
  await expect
    .poll(async () => (await waitForMail(to, DIGEST_SUBJECT, 1_000).catch(() => null))?.text ?? '', { message: `a digest to ${to} with ${title}`, timeout: 20_000 })
    .toContain(title);
  return waitForMail(to, DIGEST_SUBJECT);
}

/** The "Pinned searches" chips above the results. */
const chips = (page: Page) => page.getByRole('navigation', { name: 'Pinned searches' });

test("talent@'s alert loop: pin, a new job, its count, the daily digest once, and one-click unsubscribe", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'talent@nordlys.test');
  const title = `Frontend Engineer ${unique()}`;

  // A fresh start: talent@ pins nothing (another spec may have pinned the same search).
  const pinned = (await (await page.request.get('/api/job-search')).json()) as { searches: { id: number }[] };
  for (const s of pinned.searches) await page.request.delete(`/api/job-search/${s.id}`, { headers: { Origin: BASE } });

  // 1. The pin, from the search page.
  await gotoHydrated(page, '/jobs?search=frontend&countryCode=DK');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByRole('button', { name: 'Search saved' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chips(page).getByRole('link', { name: /frontend/i })).toBeVisible();

  // The e-mail notifications page: the seeded digest (weekly) becomes daily, Denmark and frontend only, at 08:00 in Copenhagen.
  await gotoHydrated(page, '/client/applicant/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Email notifications' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Job alert settings' });
  const countries = form.getByRole('group', { name: 'Countries' });
  await expect(countries.getByRole('checkbox', { name: 'Denmark' })).toBeChecked();
  await countries.getByRole('checkbox', { name: 'Sweden' }).uncheck();
  await countries.getByRole('checkbox', { name: 'Remote' }).uncheck();
  await form.getByRole('group', { name: 'Development' }).getByRole('checkbox', { name: 'Fullstack' }).uncheck();
  await expect(form.getByRole('group', { name: 'Development' }).getByRole('checkbox', { name: 'Frontend' })).toBeChecked();
  await form.getByRole('radio', { name: 'Daily' }).check();
  await form.getByRole('combobox', { name: 'At' }).selectOption('8');
  await form.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Copenhagen');
  await expect(form.getByRole('status')).toHaveText('You have unsaved changes.');
  await form.getByRole('button', { name: 'Save job alerts' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Saved\. The next e-mail goes \w+day \d{1,2} \w+ at 08:00 \(Europe\/Copenhagen\), if new jobs match\.$/);
  await expect(page.getByRole('region', { name: 'Preview of your next e-mail' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved searches' }).getByRole('link', { name: /frontend/i })).toBeVisible();
  await noAxeViolations(page, '/client/applicant/settings');

  const me = (await (await page.request.get('/api/digest/mail/talent@nordlys.test')).json()) as DigestProfile;
  expect(me).toMatchObject({ frequency: 'daily', hourOfDay: 8, timeZone: 'Europe/Copenhagen', locations: [{ countryCode: 'DK' }], includeRemoteJobs: false, categories: ['frontend'], status: 'active' });
  const settingsKey = me.settingsKey;

  let sentMail!: Awaited<ReturnType<typeof waitForMail>>;
  try {
    // The digest's backlog goes first, at its first 08:00: the new job below is then the only new one.
    await clockPast(page.request, me.nextDueAt!);
    const backlog = await digestRound(page.request, settingsKey);
    expect(backlog.digest?.state, 'the backlog digest ran').toBe('completed');

    // 2. A new matching job goes live (at the moved clock, after that digest).
    const id = await postLiveJob(browser, title, ['frontend']);

    // 3. The chip counts it.
    await gotoHydrated(page, '/jobs');
    await expect(chips(page).getByRole('link', { name: /frontend/i })).toContainText('1 new');

    // 4. The next day's 08:00: the digest task runs, and the mail arrives with the job.
    const { profile } = await digestByKey(page.request, settingsKey);
    await clockPast(page.request, profile!.nextDueAt!);
    const daily = await digestRound(page.request, settingsKey);
    expect(daily.digest).toMatchObject({ state: 'completed', output: { sent: true } });
    sentMail = await digestWith('talent@nordlys.test', title);
    // The tracked link (surface 'digest'), the manage link, and RFC 8058's headers.
    expect(sentMail.links).toContainEqual(`${BASE}/jobs/${id}?surface=digest`);
    expect(sentMail.links).toContainEqual(`${BASE}/digest/manage/${settingsKey}`);
    expect(sentMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(sentMail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/digest\/unsubscribe\?id=\d+&token=[\w-]{43}>$/);

    // 5. The day after: the task runs again, and nothing new is sent.
    const { profile: later } = await digestByKey(page.request, settingsKey);
    await clockPast(page.request, later!.nextDueAt!);
    const again = await digestRound(page.request, settingsKey);
    expect(again.digest).toMatchObject({ state: 'completed', output: { sent: false, reason: 'nothing new' } });
    const newest = await waitForMail('talent@nordlys.test', DIGEST_SUBJECT);
    expect(newest.raw, 'no digest came after the one with the job').toBe(sentMail.raw);
  } finally {
    await setClock(page.request, 0);
  }

  // 6. The List-Unsubscribe URL: its GET (what a mail scanner does) shows the confirm page and changes nothing …
  const unsubscribeUrl = sentMail.headers['list-unsubscribe']!.slice(1, -1);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(unsubscribeUrl);
  await visitor.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(visitor).toHaveURL(/\/digest\/unsubscribe\?id=\d+&token=/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Unsubscribe from job alerts?' })).toBeVisible();
  await expect(visitor.getByText('No more job alerts will go to t***@nordlys.test.')).toBeVisible();
  await noAxeViolations(visitor, 'the unsubscribe page');
  expect((await digestByKey(visitor.request, settingsKey)).status, 'a GET unsubscribes nobody').toBe(200);

  // … and the one-click POST, with no cookie and no session, ends the subscription at once.
  const mailClient = await apiRequest.newContext();
  const oneClick = await mailClient.post(unsubscribeUrl, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.json()).toEqual({ subscribed: false, email: 't***@nordlys.test' });
  await mailClient.dispose();
  expect((await digestByKey(visitor.request, settingsKey)).status).toBe(404);
  expect((await page.request.get('/api/digest/mail/talent@nordlys.test')).status()).toBe(404);

  // The page says so too, and the settings page offers to start again.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await gotoHydrated(page, '/client/applicant/settings');
  await expect(page.getByRole('button', { name: 'Start job alerts' })).toBeVisible();
  await visitor.context().close();
  await page.context().close();
});

test('a visitor subscribes on /jobs with double opt-in: the confirmation mail, its page, and digests only to the confirmed address', async ({ browser }) => {
  test.setTimeout(120_000);
  const confirmed = `alerts-${unique()}@visitors.test`;
  const unconfirmed = `alerts-${unique()}@visitors.test`;
  const title = `QA Engineer ${unique()}`;

  // Two visitors subscribe to QA jobs in Denmark from the search page.
  const subscribe = async (email: string) => {
    const page = await (await browser.newContext()).newPage();
    await gotoHydrated(page, '/jobs?countryCode=DK&categories=qa');
    const box = page.getByRole('region', { name: 'Get these jobs by e-mail' });
    await expect(box.getByText(/^New QA jobs in Denmark, in one e-mail a day or a week\./)).toBeVisible();
    await box.getByRole('textbox', { name: 'Email' }).fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toContainText(`Check your inbox to confirm. We sent a link to ${email}.`);
    await noAxeViolations(page, 'the subscribe box after subscribing');
    return page;
  };
  const page = await subscribe(confirmed);
  await (await subscribe(unconfirmed)).context().close();

  // The confirmation mails; one address opens its link, and the page's button confirms (the GET alone changes nothing).
  const confirmation = await waitForMail(confirmed, CONFIRM_SUBJECT);
  await waitForMail(unconfirmed, CONFIRM_SUBJECT);
  const link = confirmation.links.find((l) => l.includes('/digest/confirm?token='));
  expect(link, 'the confirmation link').toBeTruthy();
  await gotoHydrated(page, new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your job alerts' })).toBeVisible();
  await noAxeViolations(page, 'the confirm page');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your job alerts are on' })).toBeVisible();
  const manage = await page.getByRole('link', { name: 'Choose countries and categories' }).getAttribute('href');
  const settingsKey = manage!.match(/^\/digest\/manage\/([\w-]+)$/)![1]!;
  const { profile } = await digestByKey(page.request, settingsKey);
  expect(profile).toMatchObject({ email: confirmed, status: 'active', frequency: 'daily', locations: [{ countryCode: 'DK' }], categories: ['qa'] });

  // The manage link works without signing in.
  await gotoHydrated(page, manage!);
  await expect(page.getByRole('heading', { level: 1, name: 'Your job alerts' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Countries' }).getByRole('checkbox', { name: 'Denmark' })).toBeChecked();
  await noAxeViolations(page, 'the manage page');

  // A new QA job in Denmark; the confirmed address's hour comes, and only it gets the digest.
  await postLiveJob(browser, title, ['qa']);
  try {
    await clockPast(page.request, profile!.nextDueAt!);
    const round = await digestRound(page.request, settingsKey);
    expect(round.digest).toMatchObject({ state: 'completed', output: { sent: true, jobs: 1 } });
  } finally {
    await setClock(page.request, 0);
  }
  const digest = await digestWith(confirmed, title);
  expect(digest.subject).toBe(`New job: ${title} at Northwind Labs`);
  // The same round ran every due digest: the address that never confirmed got its confirmation mail only.
  await expect(waitForMail(unconfirmed, DIGEST_SUBJECT, 1_000)).rejects.toThrow(/no mail/);
  await page.context().close();
});
