/**
 * Issue #13's quick apply on both databases: POST /jobs/{id}/apply with an uploaded CV and the answers
 * to the job's questions, what it writes in one transaction (the row, its history, the day's figure, the
 * profile, two mails in the queue's outbox), one application per job and person (409 with a link to the
 * first), the jobs that take none, the candidate's list as they may see it, withdrawing, and who reads
 * the CV an application was sent with.
 */
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyApplicationListSchema, MyApplicationSchema } from '@nordlys/sdk/schemas';
import { applicantProfiles, applicationEvents, applicationNotes, applicationRatings, applications, companyMembers, companyStages, jobDailyStats, storedFiles, users } from '../db/schema';
import { fileForm, pdf } from '../files/fixtures';
import { FILE_CACHE_CONTROL, FILE_POLICY } from '../files/serve';
import type { Viewer } from '../http/viewer';
import { extractLinks } from '../mail/links';
import { utcDay } from '../queries/job-stats';
import { asViewer, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';
import { APPLICATION_LIMIT } from './applicant';

const PUBLIC_URL = 'https://nordlys.example';

describe.each(backends)('quick apply on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' }, queue: true });
  let company: Awaited<ReturnType<typeof insertStartup>>;
  let other: Awaited<ReturnType<typeof insertStartup>>;
  let jobId: number;
  let serial = 0;

  const headers = (viewer: Viewer | null): Record<string, string> => (viewer ? (asViewer(viewer) as Record<string, string>) : {});
  const as = (viewer: Viewer | null) => ({ headers: headers(viewer) });

  /** A fresh user (no applicant profile) as a viewer, with their e-mail. */
  async function person(first = 'Ada', last = 'Lovelace') {
    const email = `applicant-${backend}-${++serial}@example.test`;
    const [row] = await t.db.insert(users).values({ email, firstName: first, lastName: last }).returning({ id: users.id });
    return { viewer: { userId: row!.id, isAdmin: false, companyIds: [], investorIds: [] } as Viewer, email };
  }

  async function uploadCv(viewer: Viewer, bytes = pdf('My CV'), name = 'Ada Lovelace CV.pdf') {
    const res = await t.request('/api/upload/cv', { method: 'POST', body: fileForm(bytes, name), headers: headers(viewer) });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { path: string; name: string; size: number };
  }

  const apply = (viewer: Viewer | null, job: number, body: unknown) => t.send(`/api/jobs/${job}/apply`, body, as(viewer));
  const count = async (table: typeof applications | typeof applicationEvents, where: ReturnType<typeof eq>) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;

  beforeAll(async () => {
    company = await insertStartup(t.db, `apply-${backend}`, 'ACTIVE');
    other = await insertStartup(t.db, `apply-other-${backend}`, 'ACTIVE');
    jobId = await insertJob(t.db, company.id, 'ACTIVE', 'future', { title: 'Platform <engineer>', applyMethod: 'nordlys', screeningQuestions: ['Why us?', 'When can you start?'] });
  });
  // Each test reads only the mail it caused.
  beforeEach(async () => {
    await t.runJobs();
    t.auth.mailer.sent.length = 0;
  });

  it('applies with a CV, a note and the answers: 201, the row, its history, the figure, a new profile, and two mails through the queue', async () => {
    const { viewer, email } = await person('Ada', 'Lovelace');
    const cv = await uploadCv(viewer);
    const res = await apply(viewer, jobId, { cvPath: cv.path, message: '  I build <b>platforms</b>.  ', answers: ['Your mission', 'In March'], surface: 'widget' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const application = v.parse(MyApplicationSchema, res.body);
    expect(application).toMatchObject({
      stage: 'Applied',
      message: 'I build <b>platforms</b>.',
      answers: [
        { question: 'Why us?', answer: 'Your mission' },
        { question: 'When can you start?', answer: 'In March' },
      ],
      cv: { fileName: 'Ada Lovelace CV.pdf', sizeBytes: cv.size },
      job: { id: jobId, title: 'Platform <engineer>', status: 'ACTIVE' },
    });

    const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row).toMatchObject({ jobId, userId: viewer.userId, stage: 'applied', stageId: null, cvPath: cv.path, surface: 'widget' });
    const history = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, application.id));
    expect(history).toEqual([expect.objectContaining({ kind: 'applied', toStage: 'applied', actorId: null })]);
    const [figure] = await t.db
      .select({ applications: jobDailyStats.applications })
      .from(jobDailyStats)
      .where(and(eq(jobDailyStats.jobId, jobId), eq(jobDailyStats.surface, 'widget'), eq(jobDailyStats.day, utcDay(new Date()))));
    expect(figure?.applications).toBe(1);
    // Applying made the talent profile; the CV stays the application's alone (not saved to the profile).
    const [profile] = await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, viewer.userId));
    expect(profile).toMatchObject({ enabled: true, cvPath: null });

    // Queued in the request's transaction, sent by the queue's worker.
    expect(t.auth.mailer.sent).toEqual([]);
    expect(await t.runJobs()).toEqual({ completed: 2, failed: 0 });
    const confirmation = t.auth.mailer.lastTo(email)!;
    expect(confirmation.subject).toBe(`Your application to "Platform <engineer>" at ${company.name}`);
    expect(extractLinks(confirmation.text)).toContain(`${PUBLIC_URL}/client/my-jobs?tab=applied#application-${application.id}`);
    expect(confirmation.html).toContain('Platform &lt;engineer&gt;');
    expect(confirmation.html).not.toContain('<engineer>');
    const notice = t.auth.mailer.lastTo(company.memberEmail)!;
    expect(notice.subject).toBe('New application to "Platform <engineer>": Ada Lovelace');
    expect(notice.text).toContain('Their note: "I build <b>platforms</b>."');
    expect(notice.html).toContain('I build &lt;b&gt;platforms&lt;/b&gt;.');
    expect(extractLinks(notice.text)).toContain(`${PUBLIC_URL}/client/startups/${company.key}/applicants?job=${jobId}&open=${application.id}`);

    // The candidate's list holds it, newest first.
    const list = v.parse(MyApplicationListSchema, (await t.get('/api/applicant/applications', headers(viewer))).body);
    expect(list.applications.map((a) => a.id)).toEqual([application.id]);
  });

  it("mails the startup's applications address when it has one, else all its members in one mail per application", async () => {
    const team = await insertStartup(t.db, `apply-team-${backend}`, 'ACTIVE');
    const [second] = await t.db.insert(users).values({ email: `second-${team.key}@example.test`, firstName: 'Second', lastName: 'Member' }).returning({ id: users.id });
    await t.db.insert(companyMembers).values({ userId: second!.id, companyId: team.id });
    const job = await insertJob(t.db, team.id, 'ACTIVE', 'future', { applyMethod: 'nordlys' });
    const { viewer } = await person('Grace', 'Hopper');
    expect((await apply(viewer, job, { cvPath: (await uploadCv(viewer)).path })).status).toBe(201);
    await t.runJobs();
    const notices = t.auth.mailer.sent.filter((m) => m.subject.startsWith('New application'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to.split(', ').sort()).toEqual([team.memberEmail, `second-${team.key}@example.test`].sort());
    // No note: the notice quotes none.
    expect(notices[0]!.text).not.toContain('Their note');

    const addressed = await insertStartup(t.db, `apply-addressed-${backend}`, 'ACTIVE', { applicationsEmail: `hiring-${backend}@example.test` });
    const job2 = await insertJob(t.db, addressed.id, 'ACTIVE', 'future', { applyMethod: 'nordlys' });
    t.auth.mailer.sent.length = 0;
    expect((await apply(viewer, job2, { cvPath: (await uploadCv(viewer)).path })).status).toBe(201);
    await t.runJobs();
    expect(t.auth.mailer.sent.filter((m) => m.subject.startsWith('New application')).map((m) => m.to)).toEqual([`hiring-${backend}@example.test`]);
  });

  it('takes one application per job and person: a second answers 409 E_ALREADY_APPLIED with a link to the first, also when both race', async () => {
    const { viewer } = await person();
    const cv = await uploadCv(viewer);
    const body = { cvPath: cv.path, answers: ['A', 'B'] };
    const first = await apply(viewer, jobId, body);
    expect(first.status).toBe(201);
    await t.runJobs();
    t.auth.mailer.sent.length = 0;
    const again = await apply(viewer, jobId, { ...body, answers: [] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'You already applied to this job. You can follow your application in My jobs.',
      code: 'E_ALREADY_APPLIED',
      link: `/client/my-jobs?tab=applied#application-${first.body.id}`,
    });
    expect(await count(applications, eq(applications.userId, viewer.userId))).toBe(1);
    expect(await t.runJobs()).toEqual({ completed: 0, failed: 0 });

    // Two submits at once: the unique index lets one through; the other is told where the first is.
    const racer = (await person()).viewer;
    const racerCv = await uploadCv(racer);
    const answers = await Promise.all([1, 2, 3].map(() => apply(racer, jobId, { cvPath: racerCv.path, answers: ['A', 'B'] })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!.body.id as number;
    for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body).toMatchObject({ code: 'E_ALREADY_APPLIED', link: `/client/my-jobs?tab=applied#application-${winner}` });
    expect(await count(applications, eq(applications.userId, racer.userId))).toBe(1);
    // One application, one confirmation and one notice.
    expect(await t.runJobs()).toEqual({ completed: 2, failed: 0 });
  });

  it('queues nothing when the transaction rolls back after the mails were queued', async () => {
    // A check at commit time, after every statement of the request (the mails' included), fails the commit.
    await t.db.execute(sql`create or replace function test_refuse_marked_application() returns trigger language plpgsql as $$
      begin if new.message = 'ROLL ME BACK' then raise exception 'refused by the test'; end if; return new; end $$`);
    await t.db.execute(sql`drop trigger if exists test_refuse_marked_application on applications`);
    await t.db.execute(sql`create constraint trigger test_refuse_marked_application after insert on applications
      deferrable initially deferred for each row execute function test_refuse_marked_application()`);
    // The failed commit is logged as the 500 it is; keep it out of the test output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { viewer } = await person();
      const cv = await uploadCv(viewer);
      const res = await apply(viewer, jobId, { cvPath: cv.path, message: 'ROLL ME BACK', answers: ['A', 'B'] });
      expect(res.status).toBe(500);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(await count(applications, eq(applications.userId, viewer.userId))).toBe(0);
      expect(await t.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, viewer.userId))).toEqual([]);
      expect(await t.runJobs()).toEqual({ completed: 0, failed: 0 });
      expect(t.auth.mailer.sent).toEqual([]);
      // The same request without the marker goes through, mails and all.
      expect((await apply(viewer, jobId, { cvPath: cv.path, message: 'Hello', answers: ['A', 'B'] })).status).toBe(201);
      expect(await t.runJobs()).toEqual({ completed: 2, failed: 0 });
    } finally {
      logged.mockRestore();
      await t.db.execute(sql`drop trigger if exists test_refuse_marked_application on applications`);
    }
  });

  it('refuses jobs that take no applications here, with a clear status and message, and stores nothing', async () => {
    const { viewer } = await person();
    const cv = await uploadCv(viewer);
    const body = { cvPath: cv.path };
    const cases: [string, number, number, RegExp | null][] = [
      ['unknown', 2_000_000_000, 404, /not found/i],
      ['draft', await insertJob(t.db, company.id, 'DRAFT', 'future'), 404, /not found/i],
      ['waiting for payment', await insertJob(t.db, company.id, 'PENDING_PAYMENT', 'future'), 404, /not found/i],
      ['paused', await insertJob(t.db, company.id, 'STOPPED', 'future'), 409, /not taking applications right now/],
      ['expired', await insertJob(t.db, company.id, 'EXPIRED', 'past'), 410, /expired and no longer takes applications/],
      ['past its date', await insertJob(t.db, company.id, 'ACTIVE', 'past'), 410, /expired/],
      ['of a draft startup', await insertJob(t.db, (await insertStartup(t.db, `apply-draft-${backend}`, 'DRAFT')).id, 'ACTIVE', 'future'), 404, /not found/i],
      ['at a URL', await insertJob(t.db, company.id, 'ACTIVE', 'future', { applyMethod: 'url', applyUrl: 'https://careers.example/apply' }), 409, /^This job takes applications at https:\/\/careers\.example\/apply\.$/],
      ['by e-mail', await insertJob(t.db, company.id, 'ACTIVE', 'future', { applyMethod: 'email', applyEmail: 'jobs@example.test' }), 409, /^This job takes applications at jobs@example\.test\.$/],
    ];
    for (const [name, job, status, message] of cases) {
      const res = await apply(viewer, job, body);
      expect(res.status, name).toBe(status);
      if (message) expect(res.body.message, name).toMatch(message);
    }
    expect(await count(applications, eq(applications.userId, viewer.userId))).toBe(0);
    expect(await t.runJobs()).toEqual({ completed: 0, failed: 0 });
  });

  it('answers 400 with field messages: answers that do not match the questions, a CV that is not yours, a bad surface or note', async () => {
    const { viewer } = await person();
    const stranger = (await person()).viewer;
    const mine = await uploadCv(viewer);
    const theirs = await uploadCv(stranger);
    const cases: [string, unknown, string][] = [
      ['too few answers', { cvPath: mine.path, answers: ['Only one'] }, 'answers'],
      ['too many answers', { cvPath: mine.path, answers: ['A', 'B', 'C'] }, 'answers'],
      ['an empty answer', { cvPath: mine.path, answers: ['A', '   '] }, 'answers'],
      ['no CV', { answers: ['A', 'B'] }, 'cvPath'],
      ["another user's CV", { cvPath: theirs.path, answers: ['A', 'B'] }, 'cvPath'],
      ['a CV never uploaded', { cvPath: 'cv/nosuchfile12345.pdf', answers: ['A', 'B'] }, 'cvPath'],
      ['an image path', { cvPath: '2026/abcdef', answers: ['A', 'B'] }, 'cvPath'],
      ['an unknown surface', { cvPath: mine.path, answers: ['A', 'B'], surface: 'elsewhere' }, 'surface'],
      ['a feed that does not exist', { cvPath: mine.path, answers: ['A', 'B'], surface: 'feed:999999' }, 'surface'],
      ['a note too long', { cvPath: mine.path, answers: ['A', 'B'], message: 'x'.repeat(2001) }, 'message'],
    ];
    for (const [name, body, field] of cases) {
      const res = await apply(viewer, jobId, body);
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe('E_VALIDATION');
      expect(Object.keys(res.body.errors), name).toContain(field);
    }
    const noQuestions = await insertJob(t.db, company.id, 'ACTIVE', 'future', { applyMethod: 'nordlys' });
    const extra = await apply(viewer, noQuestions, { cvPath: mine.path, answers: ['Unasked'] });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.answers).toEqual(['This job asks no screening questions: send no answers']);
    expect(await count(applications, eq(applications.userId, viewer.userId))).toBe(0);
    expect(await t.runJobs()).toEqual({ completed: 0, failed: 0 });
    // A visitor is asked to sign in first, whatever the body.
    expect((await apply(null, jobId, {})).status).toBe(401);
  });

  it('takes 30 applications an hour from one account, then answers 429 with a clear message and Retry-After, storing nothing', async () => {
    const { viewer } = await person('Busy', 'Bee');
    const cv = await uploadCv(viewer);
    const jobs = [];
    for (let i = 0; i <= APPLICATION_LIMIT.max; i++) jobs.push(await insertJob(t.db, other.id, 'ACTIVE', 'future', { title: `Limit ${i}`, applyMethod: 'nordlys' }));
    const body = { cvPath: cv.path, answers: [] as string[] };
    // One that needed fixing (answers to questions the job does not ask) is not counted.
    expect((await apply(viewer, jobs[0]!, { ...body, answers: ['Why?'] })).status).toBe(400);
    for (const job of jobs.slice(0, APPLICATION_LIMIT.max)) expect((await apply(viewer, job, body)).status).toBe(201);
    const refused = await apply(viewer, jobs.at(-1)!, body);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'E_RATE_LIMITED', message: 'You sent 30 applications within an hour, the most we take. Please apply again in 60 minutes.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await count(applications, eq(applications.jobId, jobs.at(-1)!))).toBe(0);
    // Another account still applies.
    const { viewer: someoneElse } = await person();
    const theirCv = await uploadCv(someoneElse);
    expect((await apply(someoneElse, jobs.at(-1)!, { ...body, cvPath: theirCv.path })).status).toBe(201);
  });

  it("keeps the CV an application was sent with when the profile's CV is replaced; withdrawing deletes it once nothing uses it", async () => {
    const { viewer } = await person();
    const first = await uploadCv(viewer, pdf('FIRST-CV'), 'first.pdf');
    const res = await apply(viewer, jobId, { cvPath: first.path, answers: ['A', 'B'], saveCvToProfile: true });
    expect(res.status).toBe(201);
    const applicationId = res.body.id as number;
    expect((await t.get('/api/applicant', headers(viewer))).body.cv).toMatchObject({ path: first.path, fileName: 'first.pdf' });

    // The profile gets a new CV: the application still points to the one it was sent with.
    const second = await uploadCv(viewer, pdf('SECOND-CV'), 'second.pdf');
    const profile = (await t.get('/api/applicant', headers(viewer))).body;
    const saved = await t.send('/api/applicant', { ...profile, cvPath: second.path }, { method: 'PUT', headers: headers(viewer) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.cv.path).toBe(second.path);
    const sent = await t.request(`/api/applications/${applicationId}/cv`, { headers: headers(company.member) });
    expect(sent.status).toBe(200);
    expect(Buffer.from(await sent.arrayBuffer()).toString('latin1')).toContain('FIRST-CV');
    expect(await t.db.select({ path: storedFiles.path }).from(storedFiles).where(eq(storedFiles.path, first.path))).toHaveLength(1);

    // Withdrawn: the first CV goes (nothing uses it now); the profile's stays.
    expect((await t.send(`/api/applications/${applicationId}`, undefined, { method: 'DELETE', headers: headers(viewer) })).status).toBe(204);
    expect(await t.db.select({ path: storedFiles.path }).from(storedFiles).where(eq(storedFiles.path, first.path))).toEqual([]);
    expect(await t.db.select({ path: storedFiles.path }).from(storedFiles).where(eq(storedFiles.path, second.path))).toHaveLength(1);
    expect((await t.request(`/api/applications/${applicationId}/cv`, { headers: headers(company.member) })).status).toBe(404);
  });

  it('withdraws only the candidate\'s own application, with its notes, ratings and history; a CV still in use stays', async () => {
    const { viewer } = await person();
    const cv = await uploadCv(viewer);
    // The profile's CV, sent with the application too.
    const created = await apply(viewer, jobId, { cvPath: cv.path, answers: ['A', 'B'], saveCvToProfile: true });
    const id = created.body.id as number;
    await t.db.insert(applicationNotes).values({ applicationId: id, authorId: company.member.userId, body: 'Strong.' });
    await t.db.insert(applicationRatings).values({ applicationId: id, userId: company.member.userId, rating: 4 });
    const admin: Viewer = { userId: company.member.userId, isAdmin: true, companyIds: [], investorIds: [] };
    for (const someone of [(await person()).viewer, company.member, other.member, admin]) {
      const res = await t.send(`/api/applications/${id}`, undefined, { method: 'DELETE', headers: headers(someone) });
      expect(res.status).toBe(404);
    }
    expect((await t.send(`/api/applications/${id}`, undefined, { method: 'DELETE' })).status).toBe(401);
    expect((await t.send(`/api/applications/${id}`, undefined, { method: 'DELETE', headers: headers(viewer) })).status).toBe(204);
    expect(await t.db.select().from(applications).where(eq(applications.id, id))).toEqual([]);
    expect(await t.db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, id))).toEqual([]);
    expect(await t.db.select().from(applicationRatings).where(eq(applicationRatings.applicationId, id))).toEqual([]);
    expect(await count(applicationEvents, eq(applicationEvents.applicationId, id))).toBe(0);
    // The profile still uses the CV.
    expect((await t.request('/api/applicant/cv', { headers: headers(viewer) })).status).toBe(200);
    // Gone: a second withdraw is a 404, and the job may be applied to again.
    expect((await t.send(`/api/applications/${id}`, undefined, { method: 'DELETE', headers: headers(viewer) })).status).toBe(404);
    expect((await apply(viewer, jobId, { cvPath: cv.path, answers: ['A', 'B'] })).status).toBe(201);
  });

  it('serves a CV inline as a PDF, privately, unsniffed and sandboxed, to its candidate, the startup and admins only', async () => {
    const { viewer } = await person('Sofie', 'Kjær');
    const bytes = pdf('SOFIE-CV');
    const cv = await uploadCv(viewer, bytes, 'Sofie Kjær "CV".pdf');
    const id = (await apply(viewer, jobId, { cvPath: cv.path, answers: ['A', 'B'] })).body.id as number;
    const admin: Viewer = { userId: other.member.userId, isAdmin: true, companyIds: [], investorIds: [] };
    for (const reader of [viewer, company.member, admin]) {
      const res = await t.request(`/api/applications/${id}/cv`, { headers: headers(reader) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="Sofie Kj_r CV.pdf"; filename*=UTF-8''Sofie%20Kj%C3%A6r%20CV.pdf`);
      expect(res.headers.get('cache-control')).toBe(FILE_CACHE_CONTROL);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(FILE_POLICY);
      expect(FILE_POLICY).toMatch(/(^|; )sandbox(;|$)/);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    for (const stranger of [(await person()).viewer, other.member]) {
      const res = await t.request(`/api/applications/${id}/cv`, { headers: headers(stranger) });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('SOFIE-CV');
    }
    expect((await t.request(`/api/applications/${id}/cv`)).status).toBe(401);
    // An unknown id answers like a forbidden one.
    expect((await t.request('/api/applications/2000000000/cv', { headers: headers(company.member) })).status).toBe(404);
  });

  it("lets nobody else change or delete the candidate's profile, CV or application: every caller acts on their own", async () => {
    const { viewer: candidate } = await person('Cara', 'Candidate');
    const cv = await uploadCv(candidate, pdf('CARA-CV'), 'cara.pdf');
    const id = (await apply(candidate, jobId, { cvPath: cv.path, answers: ['A', 'B'], saveCvToProfile: true })).body.id as number;
    const admin: Viewer = { userId: (await person('Ada', 'Admin')).viewer.userId, isAdmin: true, companyIds: [], investorIds: [] };
    const others = { otherCandidate: (await person()).viewer, otherMember: other.member, member: company.member, admin };
    for (const [role, someone] of Object.entries(others)) {
      // Their own talent profile: none yet, so GET is 404 and the CV route finds nothing of Cara's.
      expect((await t.get('/api/applicant', headers(someone))).status, role).toBe(404);
      const cvAnswer = await t.request('/api/applicant/cv', { headers: headers(someone) });
      expect(cvAnswer.status, role).toBe(404);
      expect(await cvAnswer.text(), role).not.toContain('CARA-CV');
      // Saving names Cara's CV: refused; deleting deletes only their own (nothing).
      const put = await t.send('/api/applicant', { name: { first: 'X', last: 'Y' }, cvPath: cv.path }, { method: 'PUT', headers: headers(someone) });
      expect(put.status, role).toBe(400);
      expect(put.body.errors.cvPath, role).toEqual(['Please upload your CV again']);
      expect((await t.send('/api/applicant', undefined, { method: 'DELETE', headers: headers(someone) })).body, role).toEqual({ applications: 0, files: 0 });
      // Applying with Cara's CV: refused.
      expect((await apply(someone, jobId, { cvPath: cv.path, answers: ['A', 'B'] })).status, role).toBe(400);
    }
    expect((await t.get('/api/applicant', headers(candidate))).body.cv).toMatchObject({ path: cv.path });
    expect(await t.db.select({ id: applications.id }).from(applications).where(eq(applications.id, id))).toHaveLength(1);
    expect((await t.request(`/api/applications/${id}/cv`, { headers: headers(company.member) })).status).toBe(200);
    // A visitor may do none of it.
    expect((await t.get('/api/applicant')).status).toBe(401);
    expect((await t.send('/api/applicant', { name: { first: 'X', last: 'Y' } }, { method: 'PUT' })).status).toBe(401);
    expect((await t.send('/api/applicant', undefined, { method: 'DELETE' })).status).toBe(401);
    expect((await t.request('/api/applicant/cv')).status).toBe(401);
    expect((await t.request('/api/upload/cv', { method: 'POST', body: fileForm(pdf(), 'cv.pdf') })).status).toBe(401);
  });

  it("shows the candidate the stage as they may see it, never the startup's stage names", async () => {
    const { viewer } = await person();
    const cv = await uploadCv(viewer);
    const [stage] = await t.db.insert(companyStages).values({ companyId: company.id, name: 'Secret culture round', color: '#8c7ae6' }).returning({ id: companyStages.id });
    const expected = { applied: 'Applied', custom: 'In review', hired: 'Hired', toreject: 'In review', rejected: 'Not selected' } as const;
    const ids: Record<string, number> = {};
    for (const name of Object.keys(expected)) {
      const job = await insertJob(t.db, company.id, 'ACTIVE', 'future', { applyMethod: 'nordlys' });
      ids[name] = (await apply(viewer, job, { cvPath: cv.path })).body.id;
    }
    for (const [name, id] of Object.entries(ids)) {
      const stageName = name as keyof typeof expected;
      await t.db.update(applications).set({ stage: stageName, stageId: stageName === 'custom' ? stage!.id : null }).where(eq(applications.id, id));
    }
    const res = await t.request('/api/applicant/applications', { headers: headers(viewer) });
    const text = await res.text();
    expect(text).not.toContain('Secret culture round');
    expect(text).not.toContain('"rejected"');
    const list = v.parse(MyApplicationListSchema, JSON.parse(text));
    for (const [name, id] of Object.entries(ids)) expect(list.applications.find((a) => a.id === id)?.stage, name).toBe(expected[name as keyof typeof expected]);
    // Nobody else's list holds them.
    const theirs = v.parse(MyApplicationListSchema, (await t.get('/api/applicant/applications', headers(company.member))).body);
    expect(theirs.applications.filter((a) => Object.values(ids).includes(a.id))).toEqual([]);
    expect((await t.get('/api/applicant/applications')).status).toBe(401);
  });
});
