/**
 * The job form's API and the startup's jobs table (issue #12) on both databases: create, update and
 * delete with their validation and guards, the form loaded back as saved (every location kind), the
 * member's and the visitor's GET, the plan, the jobs table, resend-applicants and the reject mail
 * through the queue's outbox.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { JobSchema, JobInputSchema, ManagedJobListSchema, ManagedJobSchema, ResendApplicantsSchema, type JobInput } from '@nordlys/sdk/schemas';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import { applications, companies, companyStages, companyMembers, jobDailyStats, jobs, locations, users } from '../db/schema';
import { handleError } from '../errors';
import type { AppEnv, Viewer } from '../http/viewer';
import { extractLinks } from '../mail/links';
import { asViewer, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup, jobForm } from '../testing/jobs';
import { jobAdminRouter, RESEND_APPLICANTS_LIMIT } from './job-admin';

const PUBLIC_URL = 'https://nordlys.example';
const DAY = 86_400_000;
const ADDRESSES = [
  { countryCode: 'DK', address: 'Vesterbrogade 1, 1620 København V' },
  { countryCode: 'SE', address: null },
];

describe.each(backends)('job form API on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' }, queue: true });
  let s: Awaited<ReturnType<typeof insertStartup>>;
  let other: Awaited<ReturnType<typeof insertStartup>>;
  const admin: Viewer = { userId: 1, isAdmin: true, companyIds: [], investorIds: [] };
  const as = (viewer?: Viewer | null) => ({ headers: viewer ? (asViewer(viewer) as Record<string, string>) : {} });
  const jobsUrl = () => `/api/companies/${s.key}/jobs`;

  beforeAll(async () => {
    s = await insertStartup(t.db, `form-${backend}`, 'ACTIVE', { addresses: ADDRESSES, countryCodes: ['DK', 'SE'] });
    other = await insertStartup(t.db, `other-${backend}`, 'ACTIVE');
  });

  /** As the startup's member unless told otherwise; null for a visitor. */
  const create = (body: unknown, viewer: Viewer | null = s.member) => t.send(jobsUrl(), body, as(viewer));
  const update = (id: number, body: unknown, viewer: Viewer | null = s.member) => t.send(`${jobsUrl()}/${id}`, body, { method: 'PUT', ...as(viewer) });
  const rowOf = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  /** What the form loads back for what it sent: the schema's output, the description through the one policy. */
  const saved = (input: JobInput) => {
    const values = v.parse(JobInputSchema, input);
    return { ...values, description: values.description ? sanitizeUserHtml(values.description) : '' };
  };

  const full: JobInput = jobForm({
    title: '  Senior backend engineer ',
    description: '<p onclick="steal()">Build the <b>planning</b> engine.<script>alert(1)</script></p><img src=x onerror=alert(2)>',
    categories: ['backend', 'devops'],
    positionType: 'PART_TIME',
    location: { kind: 'address', addressIndex: 1 },
    salary: { type: 'range', min: 50_000, max: 65_000, currency: 'SEK', period: 'month' },
    equity: { type: 'percentage', min: 0.1, max: 0.25 },
    apply: { method: 'url', url: 'careers.example.com/apply' },
    perks: ['coffee', 'pension'],
    screeningQuestions: ['Why planning software?', 'When could you start?'],
  });

  it('creates a DRAFT with every field, sanitized, and loads the form back exactly as saved', async () => {
    const res = await create(full);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const job = v.parse(ManagedJobSchema, res.body);
    expect(job).toMatchObject({ status: 'DRAFT', title: 'Senior backend engineer', isRemote: false, location: { locality: null, country: 'SE', address: null } });
    expect(job.description).toBe('<p>Build the <b>planning</b> engine.</p>');
    expect(job.manage.form).toEqual(saved(full));
    expect(job.manage).toMatchObject({ plan: 'free', paymentDue: false, reviewNote: null, heldAt: null, publishedAt: null, missing: {}, applicants: 0, applyClicks: 0, allowedEvents: ['publish', 'edit'] });
    // The public shape of a member's preview carries the new fields.
    const preview = await t.get(`/api/jobs/single/${job.id}/hidden`, as(s.member).headers);
    expect(v.parse(JobSchema, preview.body)).toMatchObject({
      apply: { method: 'url', url: 'http://careers.example.com/apply', email: null },
      remoteCountryCode: null,
      screeningQuestions: ['Why planning software?', 'When could you start?'],
      salary: { type: 'range', min: 50_000, max: 65_000, currency: 'SEK', period: 'month' },
      equity: { type: 'percentage', min: 0.1, max: 0.25 },
    });
  });

  it.each([
    ['an address of the startup', { kind: 'address', addressIndex: 0 }, { isRemote: false, location: { locality: null, country: 'DK', address: 'Vesterbrogade 1, 1620 København V' }, remoteCountryCode: null }],
    ['another place', { kind: 'place', locality: 'Aarhus', countryCode: 'DK', address: 'Åboulevarden 1' }, { isRemote: false, location: { locality: 'Aarhus', country: 'DK', address: 'Åboulevarden 1' }, remoteCountryCode: null }],
    ['remote in a country', { kind: 'remote', countryCode: 'NO' }, { isRemote: true, location: null, remoteCountryCode: 'NO' }],
    ['remote anywhere', { kind: 'remote', countryCode: null }, { isRemote: true, location: null, remoteCountryCode: null }],
    ['nowhere yet (a draft)', null, { isRemote: false, location: null, remoteCountryCode: null }],
  ] as const)('round-trips the location: %s', async (_name, location, shown) => {
    const input = jobForm({ location: location as JobInput['location'], apply: { method: 'email', email: 'jobs@example.com' } });
    const created = await create(input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const loaded = v.parse(ManagedJobSchema, (await t.get(`${jobsUrl()}/${id}`, as(s.member).headers)).body);
    expect(loaded.manage.form).toEqual(saved(input));
    expect(loaded).toMatchObject(shown);
    expect(loaded.manage.missing).toEqual(location ? {} : { location: 'Please choose where the job is' });
    expect(loaded.apply).toEqual({ method: 'email', url: null, email: 'jobs@example.com' });
  });

  it('updates the whole form: the location moves (the old row goes), and a new expiration date gets its own expiry notice', async () => {
    const id = (await create(jobForm({ location: { kind: 'place', locality: 'Malmö', countryCode: 'SE', address: null } }))).body.id as number;
    const before = (await rowOf(id))!;
    await t.db.update(jobs).set({ expiryNoticeSentAt: new Date() }).where(eq(jobs.id, id));

    // The same date keeps the mark; the same place keeps its row.
    const same = await update(id, jobForm({ title: 'Renamed', location: { kind: 'place', locality: 'Malmö', countryCode: 'SE', address: null } }));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ title: 'Renamed' });
    expect((await rowOf(id))!).toMatchObject({ locationId: before.locationId, expiryNoticeSentAt: expect.any(Date) });

    const later = new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10);
    const moved = await update(id, jobForm({ title: 'Renamed', location: { kind: 'remote', countryCode: 'FI' }, expirationDate: later }));
    expect(moved.status).toBe(200);
    expect(v.parse(ManagedJobSchema, moved.body).manage.form).toMatchObject({ location: { kind: 'remote', countryCode: 'FI' }, expirationDate: `${later}T23:59:59.999Z` });
    const after = (await rowOf(id))!;
    expect(after).toMatchObject({ locationId: null, isRemote: true, locationKind: 'remote', remoteCountryCode: 'FI', expiryNoticeSentAt: null, status: 'DRAFT' });
    expect(await t.db.select().from(locations).where(eq(locations.id, before.locationId!))).toEqual([]);
  });

  it('answers 400 with field messages for a bad form, and keeps nothing', async () => {
    const before = (await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, s.id))).length;
    const res = await create({
      ...jobForm(),
      title: ' ',
      salary: { type: 'range', min: 70_000, max: 50_000, currency: 'DKK', period: 'year' },
      location: { kind: 'moon' },
      apply: { method: 'email', email: 'not-an-address' },
      expirationDate: '2001-01-01',
      screeningQuestions: ['1', '2', '3', '4', '5', '6'],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E_VALIDATION');
    expect(res.body.errors).toMatchObject({
      title: ['Please enter the job title'],
      salary: ['The highest salary must be at least the lowest'],
      location: [expect.any(String)],
      apply: ['Application e-mail must be an e-mail address'],
      expirationDate: ['The expiration date must be in the future'],
      screeningQuestions: ['Ask at most 5 questions'],
    });
    // An address the startup does not have.
    const noAddress = await create(jobForm({ location: { kind: 'address', addressIndex: 2 } }));
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.errors).toEqual({ location: ['Please choose one of your addresses'] });
    expect((await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, s.id))).length).toBe(before);
  });

  it('refuses visitors (401) and strangers (403) before it reads the body; admins may write', async () => {
    for (const body of [jobForm(), { title: '' }]) {
      expect((await create(body, null)).status).toBe(401);
      const stranger = await create(body, other.member);
      expect(stranger.status).toBe(403);
      expect(stranger.body.code).toBe('E_FORBIDDEN');
    }
    const id = await insertJob(t.db, s.id, 'DRAFT', 'future');
    expect((await update(id, { title: '' }, other.member)).status).toBe(403);
    expect((await update(id, jobForm(), null)).status).toBe(401);
    expect((await t.send(`${jobsUrl()}/${id}`, undefined, { method: 'DELETE', ...as(other.member) })).status).toBe(403);
    expect((await t.send(`${jobsUrl()}/${id}/plan`, { plan: 'nope' }, { method: 'PUT', ...as(other.member) })).status).toBe(403);
    expect((await t.get(`/api/companies/${s.key}/managed-jobs`, as(other.member).headers)).status).toBe(403);
    expect((await t.send(`${jobsUrl()}/${id}/resend-applicants`, undefined, as(other.member))).status).toBe(403);
    expect((await create(jobForm({ title: 'By an admin' }), admin)).status).toBe(201);
    expect((await update(id, jobForm({ title: 'Edited by an admin' }), admin)).status).toBe(200);
    // Another startup's job is not this startup's: 404.
    expect((await t.send(`/api/companies/${other.key}/jobs/${id}`, jobForm(), { method: 'PUT', ...as(other.member) })).status).toBe(404);
  });

  it('keeps a published job complete: an edit that empties a required field is refused with its messages', async () => {
    const id = await insertJob(t.db, s.id, 'ACTIVE', 'future');
    const res = await update(id, jobForm({ description: '<p></p>', categories: [], location: null }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      description: ['Please describe the job'],
      categories: ['Please choose at least one category'],
      location: ['Please choose where the job is'],
    });
    expect((await rowOf(id))!.description).toBe('<p>Build the planning engine.</p>');
  });

  it('deletes drafts only: 204 and gone; 409 for a live job; 404 for another startup', async () => {
    const id = (await create(jobForm({ location: { kind: 'place', locality: 'Odense', countryCode: 'DK', address: null } }))).body.id as number;
    const locationId = (await rowOf(id))!.locationId!;
    expect((await t.send(`/api/companies/${other.key}/jobs/${id}`, undefined, { method: 'DELETE', ...as(other.member) })).status).toBe(404);
    const res = await t.send(`${jobsUrl()}/${id}`, undefined, { method: 'DELETE', ...as(s.member) });
    expect(res.status).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect(await t.db.select().from(locations).where(eq(locations.id, locationId))).toEqual([]);
    expect((await t.send(`${jobsUrl()}/${id}`, undefined, { method: 'DELETE', ...as(s.member) })).status).toBe(404);

    const live = await insertJob(t.db, s.id, 'ACTIVE', 'future');
    const refused = await t.send(`${jobsUrl()}/${live}`, undefined, { method: 'DELETE', ...as(s.member) });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('E_ILLEGAL_TRANSITION');
    expect((await rowOf(live))!.status).toBe('ACTIVE');
  });

  it('answers GET with `manage` to members and admins, the public job to others, and a 404 for a hidden one; never cached publicly', async () => {
    const draft = await insertJob(t.db, s.id, 'DRAFT', 'future', { reviewNote: 'Please add the salary.' });
    const live = await insertJob(t.db, s.id, 'ACTIVE', 'future');
    const [u1, u2] = await t.db
      .insert(users)
      .values([1, 2].map((n) => ({ email: `applicant${n}-${backend}-${live}@example.test`, firstName: 'Applicant', lastName: `${n}` })))
      .returning({ id: users.id });
    await t.db.insert(applications).values([u1!, u2!].map((u) => ({ jobId: live, userId: u.id })));
    await t.db.insert(jobDailyStats).values([
      { jobId: live, day: '2031-01-01', surface: 'site', applyClicks: 3 },
      { jobId: live, day: '2031-01-02', surface: 'widget', applyClicks: 4 },
    ]);

    const mine = await t.get(`${jobsUrl()}/${draft}`, as(s.member).headers);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(v.parse(ManagedJobSchema, mine.body).manage).toMatchObject({ reviewNote: 'Please add the salary.', allowedEvents: ['publish', 'edit'] });
    expect((await t.get(`${jobsUrl()}/${draft}`, as(admin).headers)).body.manage.allowedEvents).toEqual(['publish', 'edit']);

    const managed = v.parse(ManagedJobSchema, (await t.get(`${jobsUrl()}/${live}`, as(s.member).headers)).body);
    expect(managed.manage).toMatchObject({ applicants: 2, applyClicks: 7, allowedEvents: ['pause', 'edit'] });
    expect((await t.get(`${jobsUrl()}/${live}`, as(admin).headers)).body.manage.allowedEvents).toEqual(['hold', 'pause', 'edit']);

    for (const headers of [{}, as(other.member).headers]) {
      expect((await t.get(`${jobsUrl()}/${draft}`, headers)).status).toBe(404);
      const visitor = await t.get(`${jobsUrl()}/${live}`, headers);
      expect(visitor.status).toBe(200);
      expect(visitor.headers.get('cache-control')).toBe('private, no-store');
      expect(v.parse(JobSchema, visitor.body).id).toBe(live);
      expect(visitor.body.manage).toBeUndefined();
    }
    expect((await t.get(`/api/companies/${other.key}/jobs/${live}`, as(other.member).headers)).status).toBe(404);
    expect((await t.get(`/api/companies/no-such-startup/jobs/${live}`)).status).toBe(404);
  });

  it('sets the plan while the job is a draft or unpaid: payment is then due; 409 once it is live', async () => {
    const id = await insertJob(t.db, s.id, 'DRAFT', 'future');
    const res = await t.send(`${jobsUrl()}/${id}/plan`, { plan: 'max' }, { method: 'PUT', ...as(s.member) });
    expect(res.status).toBe(200);
    expect(v.parse(ManagedJobSchema, res.body).manage).toMatchObject({ plan: 'max', paymentDue: true, allowedEvents: ['publish', 'edit'] });
    const bad = await t.send(`${jobsUrl()}/${id}/plan`, { plan: 'gold' }, { method: 'PUT', ...as(s.member) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.plan).toEqual(['Please choose a plan: free, boost, max, headhunter']);
    const live = await insertJob(t.db, s.id, 'ACTIVE', 'future');
    const refused = await t.send(`${jobsUrl()}/${live}/plan`, { plan: 'boost' }, { method: 'PUT', ...as(s.member) });
    expect(refused.status).toBe(409);
    expect((await rowOf(live))!.plan).toBe('free');
  });

  it("lists the startup's jobs newest first with the members' next events and the counts per status", async () => {
    const fresh = await insertStartup(t.db, `table-${backend}`, 'ACTIVE');
    const ids = [
      await insertJob(t.db, fresh.id, 'ACTIVE', 'future', { createdAt: new Date(Date.now() - 3 * DAY), views: 41 }),
      await insertJob(t.db, fresh.id, 'STOPPED', 'future', { createdAt: new Date(Date.now() - 2 * DAY) }),
      await insertJob(t.db, fresh.id, 'DRAFT', 'future', { createdAt: new Date(Date.now() - DAY), plan: 'boost' }),
      await insertJob(t.db, fresh.id, 'EXPIRED', 'past', { createdAt: new Date() }),
    ];
    const res = await t.get(`/api/companies/${fresh.key}/managed-jobs`, as(fresh.member).headers);
    expect(res.status).toBe(200);
    const list = v.parse(ManagedJobListSchema, res.body);
    expect(list.jobs.map((j) => j.id)).toEqual([...ids].reverse());
    expect(list.jobs.map((j) => j.allowedEvents)).toEqual([['repost'], ['publish', 'edit'], ['resume', 'edit'], ['pause', 'edit']]);
    expect(list.jobs.at(-1)).toMatchObject({ views: 41, applicants: 0, status: 'ACTIVE', plan: 'free' });
    expect(list.counts).toEqual({ ACTIVE: 1, STOPPED: 1, DRAFT: 1, EXPIRED: 1 });

    const paused = v.parse(ManagedJobListSchema, (await t.get(`/api/companies/${fresh.key}/managed-jobs?status=STOPPED`, as(fresh.member).headers)).body);
    expect(paused.jobs.map((j) => j.id)).toEqual([ids[1]]);
    expect(paused.counts).toEqual(list.counts);
    const bad = await t.get(`/api/companies/${fresh.key}/managed-jobs?status=LIVE`, as(fresh.member).headers);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toBeDefined();
    expect((await t.get(`/api/companies/${fresh.key}/managed-jobs`)).status).toBe(401);
  });

  it("mails a job's applications again through the outbox: to the applications address, else to every member; rate-limited", async () => {
    const team = await insertStartup(t.db, `resend-${backend}`, 'ACTIVE');
    const [second] = await t.db.insert(users).values({ email: `second-${team.key}@example.test`, firstName: 'Second', lastName: 'Member' }).returning({ id: users.id });
    await t.db.insert(companyMembers).values({ userId: second!.id, companyId: team.id, createdAt: new Date(Date.now() + 1000) });
    const id = await insertJob(t.db, team.id, 'ACTIVE', 'future', { title: 'Data engineer' });
    const people = await t.db
      .insert(users)
      .values([
        { email: `ada-${team.key}@example.test`, firstName: 'Ada', lastName: 'Lovelace' },
        { email: `alan-${team.key}@example.test`, firstName: 'Alan', lastName: 'Turing' },
      ])
      .returning({ id: users.id });
    const [codingTest] = await t.db.insert(companyStages).values({ companyId: team.id, name: 'Coding test', color: '#8c7ae6' }).returning({ id: companyStages.id });
    const [ada, alan] = await t.db
      .insert(applications)
      .values([
        { jobId: id, userId: people[0]!.id, stage: 'hired', createdAt: new Date(Date.UTC(2031, 0, 5)) },
        { jobId: id, userId: people[1]!.id, stage: 'custom', stageId: codingTest!.id, createdAt: new Date(Date.UTC(2031, 0, 7)) },
      ])
      .returning({ id: applications.id });
    const url = `/api/companies/${team.key}/jobs/${id}/resend-applicants`;
    const sentBefore = t.auth.mailer.sent.length;

    const res = await t.send(url, undefined, as(team.member));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const to = `${team.memberEmail}, second-${team.key}@example.test`;
    expect(v.parse(ResendApplicantsSchema, res.body)).toEqual({ queued: 2, to });
    // Queued, not sent: the outbox delivers it.
    expect(t.auth.mailer.sent.length).toBe(sentBefore);
    expect(await t.runJobs()).toMatchObject({ completed: 1, failed: 0 });
    const mail = t.auth.mailer.sent.at(-1)!;
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe('Applications to "Data engineer" (2)');
    // A summary per stage in the board's order (applied, the custom stages, hired, …), each candidate
    // linking to their card, and the job's board.
    const board = `${PUBLIC_URL}/client/startups/${team.key}/applicants?job=${id}`;
    expect(mail.text).toContain('Applied: 0 · Coding test: 1 · Hired: 1 · To be rejected: 0 · Rejected: 0');
    expect(mail.text).toContain(`Coding test (1)\n- Alan Turing <alan-${team.key}@example.test>, applied 7 January 2031: ${board}&open=${alan!.id}`);
    expect(mail.text).toContain(`Hired (1)\n- Ada Lovelace <ada-${team.key}@example.test>, applied 5 January 2031: ${board}&open=${ada!.id}`);
    expect(extractLinks(mail.text)).toEqual([`${board}&open=${alan!.id}`, `${board}&open=${ada!.id}`, board]);
    expect(mail.html).toContain(`href="${board.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`href="${board.replace(/&/g, '&amp;')}&amp;open=${ada!.id}"`);

    await t.db.update(companies).set({ applicationsEmail: `hiring-${team.key}@example.test` }).where(eq(companies.id, team.id));
    const toAddress = await t.send(url, undefined, as(team.member));
    expect(toAddress.body).toEqual({ queued: 2, to: `hiring-${team.key}@example.test` });
    await t.runJobs();
    expect(t.auth.mailer.sent.at(-1)!.to).toBe(`hiring-${team.key}@example.test`);

    for (let i = 2; i < RESEND_APPLICANTS_LIMIT.max; i++) expect((await t.send(url, undefined, as(team.member))).status).toBe(200);
    expect(await t.runJobs()).toMatchObject({ completed: RESEND_APPLICANTS_LIMIT.max - 2, failed: 0 });
    const limited = await t.send(url, undefined, as(team.member));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('E_RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A job of another startup, or none: 404.
    const elsewhere = await insertJob(t.db, other.id, 'ACTIVE', 'future');
    expect((await t.send(`/api/companies/${team.key}/jobs/${elsewhere}/resend-applicants`, undefined, as(team.member))).status).toBe(404);
  });

  it('mails the reason of a rejected job to every member with a link to its edit page, and keeps it as the review note', async () => {
    const id = await insertJob(t.db, s.id, 'PENDING_COMPANY_APPROVAL', 'future', { title: 'Growth lead' });
    const reason = 'Please say where the job is <exactly>.';
    const res = await t.send(`/api/admin/jobs/${id}/reject`, { reason }, as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'DRAFT' });
    expect(await t.runJobs()).toMatchObject({ completed: 1, failed: 0 });
    const mail = t.auth.mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: s.memberEmail, subject: '"Growth lead" needs a few changes before it goes live on Nordlys' });
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain('Please say where the job is &lt;exactly&gt;.');
    expect(extractLinks(mail.text)).toEqual([`${PUBLIC_URL}/client/startups/${s.key}/jobs/${id}/edit`]);
    const loaded = v.parse(ManagedJobSchema, (await t.get(`${jobsUrl()}/${id}`, as(s.member).headers)).body);
    expect(loaded.manage.reviewNote).toBe(reason);
    // Published again, the note is cleared.
    expect((await t.send(`${jobsUrl()}/${id}/publish`, undefined, as(s.member))).body).toMatchObject({ status: 'ACTIVE' });
    expect((await rowOf(id))!.reviewNote).toBeNull();
  });

  it('leaves the other actions under a job to their routes, and a word no route takes to the API\'s 404', async () => {
    const id = await insertJob(t.db, s.id, 'ACTIVE', 'future');
    const api = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('viewer', s.member);
        await next();
      })
      .route('/', jobAdminRouter({ db: t.db, config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' } }))
      .route('/', new Hono<AppEnv>().post('/companies/:key/jobs/:id/orders', (c) => c.json({ taken: 'orders' }, 201)))
      .all('*', (c) => c.json({ message: 'No API route', code: 'E_NOT_FOUND' }, 404))
      .onError(handleError);
    const app = new Hono().route('/api', api);
    const post = async (path: string) => {
      const res = await app.request(path, { method: 'POST' });
      return { status: res.status, body: await res.json() };
    };
    expect(await post(`/api/companies/${s.key}/jobs/${id}/orders`)).toEqual({ status: 201, body: { taken: 'orders' } });
    const unknown = await post(`/api/companies/${s.key}/jobs/${id}/refund`);
    expect(unknown).toEqual({ status: 404, body: { message: 'No API route', code: 'E_NOT_FOUND' } });
    expect(await post(`/api/companies/${s.key}/jobs/${id}/pause`)).toMatchObject({ status: 200, body: { status: 'STOPPED' } });
    expect((await t.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.id, id), eq(jobs.companyId, s.id))))[0]!.status).toBe('STOPPED');
  });
});
