/**
 * The applicant board's API (issue #13) on both databases: the board with its filters, paging, counts,
 * stages and jobs; an opened card; moves (sdk canMove, the locked 'rejected', history with actor and
 * stage name); ratings; notes; bulk actions; the kind rejection mail once only, even for two requests
 * at once; and the custom stages' CRUD. Every route × visitor, a candidate, a member of another company,
 * a member and an admin; a candidate's data never appears in another company's answers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CUSTOM_STAGES } from '@nordlys/sdk/pipeline';
import {
  ApplicantBulkAnswerSchema,
  ApplicantDetailSchema,
  ApplicantListSchema,
  ApplicantNoteSchema,
  ApplicantSchema,
  CompanyStageListSchema,
  CompanyStageSchema,
  type ApplicantList,
} from '@nordlys/sdk/schemas';
import {
  applicantProfiles,
  applicationEvents,
  applicationNotes,
  applicationRatings,
  applications,
  companies,
  companyStages,
  storedFiles,
  users,
} from '../db/schema';
import { handleError } from '../errors';
import type { AppEnv, Viewer } from '../http/viewer';
import { MailSendError, type MailOutbox } from '../queue/queue';
import { asViewer, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';
import { hiringRouter } from './hiring';

const PUBLIC_URL = 'https://nordlys.example';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DAY = 86_400_000;

type Role = 'visitor' | 'candidate' | 'otherMember' | 'member' | 'admin';
const ROLES: Role[] = ['visitor', 'candidate', 'otherMember', 'member', 'admin'];
/** What each role gets from a members-only call that succeeds for members. */
const MEMBERS_ONLY = (ok: number): Record<Role, number> => ({ visitor: 401, candidate: 403, otherMember: 403, member: ok, admin: ok });

describe.each(backends)('applicant board API on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' }, queue: true });
  let serial = 0;
  let admin: Viewer;

  beforeAll(async () => {
    const [row] = await t.db.insert(users).values({ email: `hiring-admin-${backend}@example.test`, firstName: 'Ada', lastName: 'Admin', isAdmin: true }).returning({ id: users.id });
    admin = { userId: row!.id, isAdmin: true, companyIds: [], investorIds: [] };
  });

  /** A startup with one member, a second member, two jobs and a custom stage, plus another startup with its own stage. */
  async function team() {
    const company = await insertStartup(t.db, `hiring-${backend}`, 'ACTIVE');
    const other = await insertStartup(t.db, `hiring-other-${backend}`, 'ACTIVE');
    const [second] = await t.db.insert(users).values({ email: `second-${company.key}@example.test`, firstName: 'Bea', lastName: 'Second' }).returning({ id: users.id });
    const secondMember: Viewer = { userId: second!.id, isAdmin: false, companyIds: [company.id], investorIds: [] };
    const jobA = await insertJob(t.db, company.id, 'ACTIVE', 'future', { title: 'Backend engineer', screeningQuestions: ['Why us?'] });
    const jobB = await insertJob(t.db, company.id, 'ACTIVE', 'future', { title: 'Designer' });
    const otherJob = await insertJob(t.db, other.id, 'ACTIVE', 'future', { title: 'Other job' });
    const [screen, otherStage] = await t.db
      .insert(companyStages)
      .values([
        { companyId: company.id, name: 'Screen', color: '#8c7ae6', position: 0 },
        { companyId: other.id, name: 'Theirs', color: '#8c7ae6', position: 0 },
      ])
      .returning({ id: companyStages.id });
    const candidate = await person('candidate');
    return { company, other, secondMember, jobA, jobB, otherJob, screenId: screen!.id, otherStageId: otherStage!.id, candidate };
  }
  type Team = Awaited<ReturnType<typeof team>>;

  async function person(tag: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Viewer & { email: string }> {
    const email = `${tag}-${++serial}-${backend}@example.test`;
    const [row] = await t.db.insert(users).values({ email, firstName: tag[0]!.toUpperCase() + tag.slice(1), lastName: `Person${serial}`, ...extra }).returning({ id: users.id });
    return { userId: row!.id, isAdmin: false, companyIds: [], investorIds: [], email };
  }

  /** An application of a new candidate to `jobId`. */
  async function applicant(jobId: number, tag: string, extra: Partial<typeof applications.$inferInsert> = {}, profile: Partial<typeof applicantProfiles.$inferInsert> = {}) {
    const who = await person(tag);
    await t.db.insert(applicantProfiles).values({ userId: who.userId, headline: `${tag} headline`, ...profile });
    const [row] = await t.db.insert(applications).values({ jobId, userId: who.userId, ...extra }).returning({ id: applications.id });
    return { id: row!.id, user: who };
  }

  const viewerOf = (s: Team, role: Role): Viewer | null =>
    ({ visitor: null, candidate: s.candidate, otherMember: s.other.member, member: s.company.member, admin })[role];
  const headers = (viewer: Viewer | null): Record<string, string> => (viewer ? (asViewer(viewer) as Record<string, string>) : {});
  const get = (path: string, viewer: Viewer | null) => t.get(path, headers(viewer));
  const send = (method: string, path: string, body: unknown, viewer: Viewer | null) => t.send(path, body, { method, headers: headers(viewer) });
  const base = (s: Team) => `/api/companies/${s.company.key}`;

  describe('who may call what', () => {
    it('every route: visitor 401, a candidate 403, a member of another company 403, a member and an admin pass; unknown keys 404', async () => {
      const s = await team();
      const app = await applicant(s.jobA, 'ada');
      const calls: { name: string; method: string; path: string; body?: () => unknown; ok: number }[] = [
        { name: 'board', method: 'GET', path: `${base(s)}/applicants`, ok: 200 },
        { name: 'card', method: 'GET', path: `${base(s)}/applicants/${app.id}`, ok: 200 },
        { name: 'rate', method: 'PATCH', path: `${base(s)}/applicants/${app.id}`, body: () => ({ rating: 3 }), ok: 200 },
        { name: 'note', method: 'POST', path: `${base(s)}/applicants/${app.id}/notes`, body: () => ({ body: 'Looks good' }), ok: 201 },
        { name: 'bulk', method: 'POST', path: `${base(s)}/applicants/bulk`, body: () => ({ action: 'move', ids: [app.id], stage: 'hired' }), ok: 200 },
        { name: 'stages', method: 'GET', path: `${base(s)}/stages`, ok: 200 },
        { name: 'new stage', method: 'POST', path: `${base(s)}/stages`, body: () => ({ name: `Stage ${++serial}`, color: '#3b6fd8' }), ok: 201 },
        { name: 'edit stage', method: 'PUT', path: `${base(s)}/stages/${s.screenId}`, body: () => ({ name: 'Screen', color: '#00a86b' }), ok: 200 },
      ];
      for (const call of calls) {
        for (const role of ROLES) {
          const res = call.method === 'GET' ? await get(call.path, viewerOf(s, role)) : await send(call.method, call.path, call.body?.(), viewerOf(s, role));
          expect(res.status, `${call.name} as ${role}: ${JSON.stringify(res.body)}`).toBe(MEMBERS_ONLY(call.ok)[role]);
          if (res.status < 300) expect(res.headers.get('cache-control')).toBe('private, no-store');
        }
        // A stranger learns nothing from a bad body: 403 before 400.
        if (call.body) expect((await send(call.method, call.path, { nonsense: true }, s.other.member)).status).toBe(403);
        const unknown = call.path.replace(s.company.key, `no-such-startup-${backend}`);
        expect((call.method === 'GET' ? await get(unknown, admin) : await send(call.method, unknown, call.body?.(), admin)).status, call.name).toBe(404);
      }
      // Deleting a stage, last (it goes).
      for (const role of ['visitor', 'candidate', 'otherMember'] as const) {
        expect((await send('DELETE', `${base(s)}/stages/${s.screenId}`, undefined, viewerOf(s, role))).status).toBe(MEMBERS_ONLY(204)[role]);
      }
      expect((await send('DELETE', `${base(s)}/stages/${s.screenId}`, undefined, admin)).status).toBe(204);
      expect((await send('DELETE', `${base(s)}/stages/${s.screenId}`, undefined, s.company.member)).status).toBe(404);
    });

    it('works with a real session: founder@ reads Northwind’s board, talent@ and multi@ are refused', async () => {
      const founder = await t.signIn('founder@nordlys.test');
      const res = await t.get('/api/companies/northwind-labs/applicants', { cookie: founder });
      expect(res.status).toBe(200);
      const board = v.parse(ApplicantListSchema, res.body);
      expect(board.page.total).toBeGreaterThanOrEqual(20);
      expect(board.stages.map((s) => s.name)).toEqual(['First interview', 'Take-home task']);
      expect((await t.get('/api/companies/northwind-labs/applicants', { cookie: await t.signIn('talent@nordlys.test') })).status).toBe(403);
      expect((await t.get('/api/companies/northwind-labs/applicants', { cookie: await t.signIn('multi@nordlys.test') })).status).toBe(403);
      // The admin sees the same board (with their own ratings, none).
      const asAdmin = v.parse(ApplicantListSchema, (await t.get('/api/companies/northwind-labs/applicants', { cookie: await t.signIn('admin@nordlys.test') })).body);
      expect(asAdmin.applicants.map((a) => a.id)).toEqual(board.applicants.map((a) => a.id));
      expect(asAdmin.counts).toEqual(board.counts);
      expect(board.applicants.some((a) => a.myRating !== null)).toBe(true);
      expect(asAdmin.applicants.every((a) => a.myRating === null)).toBe(true);
    });

    it("never shows a candidate to another company: not on its board, not by id, not by a write", async () => {
      const s = await team();
      const mine = await applicant(s.jobA, 'mine');
      const theirs = await applicant(s.otherJob, 'theirs', { message: 'SECRET-THEIRS' });
      // The same person applied to both: each company sees only its own application.
      const [both] = await t.db.insert(applications).values({ jobId: s.otherJob, userId: mine.user.userId, message: 'SECRET-TO-OTHER' }).returning({ id: applications.id });
      const board = await get(`${base(s)}/applicants`, s.company.member);
      expect(board.body.applicants.map((a: { id: number }) => a.id)).toEqual([mine.id]);
      expect(JSON.stringify(board.body)).not.toContain('SECRET');
      expect(JSON.stringify(board.body)).not.toContain('theirs');
      expect(board.body.jobs.map((j: { id: number }) => j.id)).toEqual([s.jobA]);
      for (const id of [theirs.id, both!.id]) {
        expect((await get(`${base(s)}/applicants/${id}`, s.company.member)).status).toBe(404);
        expect((await get(`${base(s)}/applicants/${id}`, admin)).status).toBe(404);
        expect((await send('PATCH', `${base(s)}/applicants/${id}`, { stage: 'hired' }, s.company.member)).status).toBe(404);
        expect((await send('PATCH', `${base(s)}/applicants/${id}`, { rating: 2 }, s.company.member)).status).toBe(404);
        expect((await send('POST', `${base(s)}/applicants/${id}/notes`, { body: 'x' }, s.company.member)).status).toBe(404);
      }
      const bulk = await send('POST', `${base(s)}/applicants/bulk`, { action: 'reject', ids: [theirs.id, both!.id], sendRejectionMail: true }, s.company.member);
      expect(v.parse(ApplicantBulkAnswerSchema, bulk.body)).toEqual({ applicants: [], moved: 0, skipped: 2, mailed: 0 });
      const rows = await t.db.select({ stage: applications.stage, ratings: applications.rejectionMailedAt }).from(applications).where(eq(applications.jobId, s.otherJob));
      expect(rows.every((r) => r.stage === 'applied' && r.ratings === null)).toBe(true);
      // The job filter takes only the company's jobs; a custom stage filter only its stages.
      expect((await get(`${base(s)}/applicants?job=${s.otherJob}`, s.company.member)).status).toBe(400);
      expect((await get(`${base(s)}/applicants?stage=custom:${s.otherStageId}`, s.company.member)).status).toBe(400);
    });
  });

  describe('the board', () => {
    let s: Team;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      s = await team();
      const at = (days: number) => new Date(Date.now() - days * DAY);
      ids.appliedOld = (await applicant(s.jobA, 'alma', { createdAt: at(5) }, { headline: 'Kotlin developer' })).id;
      ids.appliedNew = (await applicant(s.jobB, 'bo', { createdAt: at(1), message: 'I love 100% pure design_systems' })).id;
      ids.screen = (await applicant(s.jobA, 'cleo', { stage: 'custom', stageId: s.screenId, createdAt: at(3) })).id;
      ids.hired = (await applicant(s.jobA, 'dag', { stage: 'hired', createdAt: at(9) })).id;
      ids.toreject = (await applicant(s.jobB, 'eva', { stage: 'toreject', createdAt: at(2) })).id;
      ids.rejected = (await applicant(s.jobA, 'finn', { stage: 'rejected', createdAt: at(4), rejectionMailedAt: at(3) })).id;
      await t.db.insert(applicationRatings).values([
        { applicationId: ids.screen!, userId: s.company.member.userId, rating: 5 },
        { applicationId: ids.screen!, userId: s.secondMember.userId, rating: 4 },
        { applicationId: ids.hired!, userId: s.secondMember.userId, rating: 3 },
      ]);
      await t.db.insert(applicationNotes).values({ applicationId: ids.hired!, authorId: s.secondMember.userId, body: 'Mentioned the Oslo office twice' });
    });
    const board = async (query = '', viewer: Viewer = s.company.member): Promise<ApplicantList> => {
      const res = await get(`${base(s)}/applicants${query}`, viewer);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return v.parse(ApplicantListSchema, res.body);
    };

    it('orders the cards by column (applied, custom, hired, toreject, rejected), newest first, with counts, stages and jobs', async () => {
      const all = await board();
      expect(all.applicants.map((a) => a.id)).toEqual([ids.appliedNew, ids.appliedOld, ids.screen, ids.hired, ids.toreject, ids.rejected]);
      expect(all.counts).toEqual({ applied: 2, [`custom:${s.screenId}`]: 1, hired: 1, toreject: 1, rejected: 1 });
      expect(all.page).toEqual({ total: 6, page: 1, pageSize: 200, pages: 1 });
      expect(all.stages).toEqual([{ id: s.screenId, name: 'Screen', color: '#8c7ae6', position: 0 }]);
      expect(all.jobs).toEqual([
        { id: s.jobB, title: 'Designer', status: 'ACTIVE', applications: 2 },
        { id: s.jobA, title: 'Backend engineer', status: 'ACTIVE', applications: 4 },
      ]);
      const screen = all.applicants.find((a) => a.id === ids.screen)!;
      expect(screen).toMatchObject({ stage: 'custom', stageId: s.screenId, rating: 4.5, myRating: 5, notesCount: 0, hasCv: false, rejectionMailed: false, job: { id: s.jobA, title: 'Backend engineer' } });
      expect(screen.applicant).toMatchObject({ headline: 'cleo headline', imageUrl: null });
      expect(all.applicants.find((a) => a.id === ids.hired)).toMatchObject({ rating: 3, myRating: null, notesCount: 1 });
      expect(all.applicants.find((a) => a.id === ids.rejected)).toMatchObject({ rejectionMailed: true });
      // The viewer's own rating is the viewer's.
      expect((await board('', s.secondMember)).applicants.find((a) => a.id === ids.screen)).toMatchObject({ myRating: 4 });
    });

    it('filters by job, stage, rating and search (name, e-mail, headline, note, internal note; wildcards literal), and pages', async () => {
      expect((await board(`?job=${s.jobB}`)).applicants.map((a) => a.id)).toEqual([ids.appliedNew, ids.toreject]);
      const byJob = await board(`?job=${s.jobA}`);
      expect(byJob.counts).toEqual({ applied: 1, [`custom:${s.screenId}`]: 1, hired: 1, toreject: 0, rejected: 1 });
      expect((await board(`?stage=custom:${s.screenId}`)).applicants.map((a) => a.id)).toEqual([ids.screen]);
      expect((await board('?stage=hired')).counts).toMatchObject({ hired: 1, applied: 0 });
      expect((await board('?rating=4')).applicants.map((a) => a.id)).toEqual([ids.screen]);
      expect((await board('?rating=3')).applicants.map((a) => a.id)).toEqual([ids.screen, ids.hired]);
      expect((await board('?search=kotlin')).applicants.map((a) => a.id)).toEqual([ids.appliedOld]);
      expect((await board('?search=CLEO')).applicants.map((a) => a.id)).toEqual([ids.screen]);
      expect((await board(`?search=${encodeURIComponent('dag-')}`)).applicants.map((a) => a.id)).toEqual([ids.hired]);
      expect((await board('?search=oslo%20office')).applicants.map((a) => a.id)).toEqual([ids.hired]);
      expect((await board('?search=100%25%20pure')).applicants.map((a) => a.id)).toEqual([ids.appliedNew]);
      expect((await board('?search=design_s')).applicants.map((a) => a.id)).toEqual([ids.appliedNew]);
      // % and _ are literal: they match nothing else.
      expect((await board('?search=%25')).applicants.map((a) => a.id)).toEqual([ids.appliedNew]);
      expect((await board('?search=_')).applicants.map((a) => a.id)).toEqual([ids.appliedNew]);
      expect((await board(`?search=Bo%20Person&job=${s.jobB}`)).page.total).toBe(1);
      const page2 = await board('?pageSize=4&page=2');
      expect(page2.applicants.map((a) => a.id)).toEqual([ids.toreject, ids.rejected]);
      expect(page2.page).toEqual({ total: 6, page: 2, pageSize: 4, pages: 2 });
      for (const bad of ['?stage=custom', '?stage=nope', '?rating=6', '?pageSize=501', '?page=0', '?job=abc']) {
        const res = await get(`${base(s)}/applicants${bad}`, s.company.member);
        expect(res.status, bad).toBe(400);
        expect(res.body.code).toBe('E_VALIDATION');
      }
    });

    it('opens a card: profile, note, answers, CV link, ratings, notes with author, history with actor', async () => {
      const cvPath = `cv/hiringdetail${backend}${++serial}.pdf`;
      const who = await person('greta');
      await t.db.insert(storedFiles).values({ path: cvPath, ownerUserId: who.userId, kind: 'cv', fileName: 'Greta CV.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, etag: 'e', bytes: pdf });
      await t.db.insert(applicantProfiles).values({ userId: who.userId, headline: 'Engineer', categories: ['backend'], preferredCountryCode: 'SE', linkedinUrl: 'https://www.linkedin.com/in/greta', cvPath });
      const [row] = await t.db
        .insert(applications)
        .values({ jobId: s.jobA, userId: who.userId, cvPath, message: 'Hello <b>team</b>', answers: [{ question: 'Why us?', answer: 'Because.' }], surface: 'widget' })
        .returning({ id: applications.id });
      const id = row!.id;
      await send('PATCH', `${base(s)}/applicants/${id}`, { stage: 'custom', stageId: s.screenId, rating: 4 }, s.company.member);
      await send('PATCH', `${base(s)}/applicants/${id}`, { rating: 2 }, s.secondMember);
      await send('POST', `${base(s)}/applicants/${id}/notes`, { body: 'First call went well' }, s.secondMember);
      await send('POST', `${base(s)}/applicants/${id}/notes`, { body: 'Second note' }, admin);
      const res = await get(`${base(s)}/applicants/${id}`, s.company.member);
      expect(res.status).toBe(200);
      const detail = v.parse(ApplicantDetailSchema, res.body);
      expect(detail).toMatchObject({
        id,
        email: who.email,
        linkedinUrl: 'https://www.linkedin.com/in/greta',
        categories: ['backend'],
        preferredCountryCode: 'SE',
        message: 'Hello <b>team</b>',
        answers: [{ question: 'Why us?', answer: 'Because.' }],
        surface: 'widget',
        cv: { url: `/api/applications/${id}/cv`, fileName: 'Greta CV.pdf', sizeBytes: pdf.length },
        hasCv: true,
        stage: 'custom',
        stageId: s.screenId,
        rating: 3,
        myRating: 4,
        notesCount: 2,
      });
      expect(detail.ratings).toEqual([
        { user: { id: s.company.member.userId, fullName: expect.any(String) }, rating: 4 },
        { user: { id: s.secondMember.userId, fullName: 'Bea Second' }, rating: 2 },
      ]);
      expect(detail.notes.map((n) => [n.body, n.author?.id])).toEqual([
        ['First call went well', s.secondMember.userId],
        ['Second note', admin.userId],
      ]);
      expect(detail.history).toEqual([
        expect.objectContaining({ kind: 'moved', fromStage: 'applied', toStage: 'custom', stageName: 'Screen', actor: { id: s.company.member.userId, fullName: expect.any(String) } }),
      ]);
      expect(JSON.stringify(res.body)).not.toContain('%PDF');
      expect((await get(`${base(s)}/applicants/999999999`, s.company.member)).status).toBe(404);
      expect((await get(`${base(s)}/applicants/abc`, s.company.member)).status).toBe(400);
    });
  });

  describe('moves, ratings and notes', () => {
    it('moves a card as canMove allows, records the history with actor and stage name, and bumps its activity', async () => {
      const s = await team();
      const { id } = await applicant(s.jobA, 'hugo', { lastActivityAt: new Date(Date.now() - 30 * DAY), updatedAt: new Date(Date.now() - 30 * DAY) });
      const url = `${base(s)}/applicants/${id}`;
      const toScreen = await send('PATCH', url, { stage: 'custom', stageId: s.screenId }, s.company.member);
      expect(toScreen.status, JSON.stringify(toScreen.body)).toBe(200);
      expect(v.parse(ApplicantSchema, toScreen.body)).toMatchObject({ id, stage: 'custom', stageId: s.screenId });
      const hired = await send('PATCH', url, { stage: 'hired' }, admin);
      expect(hired.body).toMatchObject({ stage: 'hired', stageId: null });
      // The same place again changes nothing.
      expect((await send('PATCH', url, { stage: 'hired' }, s.company.member)).status).toBe(200);
      const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, id)).orderBy(applicationEvents.id);
      expect(events.map((e) => [e.kind, e.fromStage, e.toStage, e.stageName, e.actorId])).toEqual([
        ['moved', 'applied', 'custom', 'Screen', s.company.member.userId],
        ['moved', 'custom', 'hired', 'Screen', admin.userId],
      ]);
      const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
      expect(Date.now() - row!.lastActivityAt.getTime()).toBeLessThan(60_000);
      expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(60_000);
    });

    it("refuses another company's stage (400), a custom stage without its id (400), and a move out of 'rejected' (409)", async () => {
      const s = await team();
      const { id } = await applicant(s.jobA, 'ines');
      const url = `${base(s)}/applicants/${id}`;
      const foreign = await send('PATCH', url, { stage: 'custom', stageId: s.otherStageId }, s.company.member);
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors.stageId).toEqual(["Choose one of this startup's stages"]);
      expect((await send('PATCH', url, { stage: 'custom' }, s.company.member)).status).toBe(400);
      expect((await send('PATCH', url, { stage: 'hired', stageId: s.screenId }, s.company.member)).status).toBe(400);
      expect((await send('PATCH', url, {}, s.company.member)).status).toBe(400);
      expect((await send('PATCH', url, { rating: 6 }, s.company.member)).status).toBe(400);
      expect((await send('PATCH', url, { rating: 2.5 }, s.company.member)).status).toBe(400);
      expect((await send('PATCH', url, { stage: 'rejected' }, s.company.member)).status).toBe(200);
      for (const target of [{ stage: 'applied' }, { stage: 'hired' }, { stage: 'custom', stageId: s.screenId }]) {
        const res = await send('PATCH', url, target, s.company.member);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'E_ILLEGAL_TRANSITION', message: expect.stringContaining('rejected') });
      }
      // Rating a rejected card still works; nothing moved.
      expect((await send('PATCH', url, { rating: 1 }, s.company.member)).body).toMatchObject({ stage: 'rejected', myRating: 1 });
    });

    it("rates: each member's own row, replaced, and removed with null", async () => {
      const s = await team();
      const { id } = await applicant(s.jobA, 'jon');
      const url = `${base(s)}/applicants/${id}`;
      expect((await send('PATCH', url, { rating: 5 }, s.company.member)).body).toMatchObject({ rating: 5, myRating: 5 });
      expect((await send('PATCH', url, { rating: 2 }, s.secondMember)).body).toMatchObject({ rating: 3.5, myRating: 2 });
      expect((await send('PATCH', url, { rating: 4 }, s.company.member)).body).toMatchObject({ rating: 3, myRating: 4 });
      expect((await send('PATCH', url, { rating: null }, s.company.member)).body).toMatchObject({ rating: 2, myRating: null });
      const rows = await t.db.select().from(applicationRatings).where(eq(applicationRatings.applicationId, id));
      expect(rows.map((r) => [r.userId, r.rating])).toEqual([[s.secondMember.userId, 2]]);
    });

    it('adds internal notes with author and time; an empty or long note is 400', async () => {
      const s = await team();
      const { id } = await applicant(s.jobA, 'kai');
      const url = `${base(s)}/applicants/${id}/notes`;
      const res = await send('POST', url, { body: '  Call on <Friday>  ' }, s.company.member);
      expect(res.status).toBe(201);
      const note = v.parse(ApplicantNoteSchema, res.body);
      expect(note).toMatchObject({ body: 'Call on <Friday>', author: { id: s.company.member.userId } });
      expect(Date.now() - Date.parse(note.createdAt)).toBeLessThan(60_000);
      expect((await send('POST', url, { body: '   ' }, s.company.member)).body.errors.body).toBeDefined();
      expect((await send('POST', url, { body: 'x'.repeat(2001) }, s.company.member)).status).toBe(400);
    });
  });

  describe('the kind rejection mail', () => {
    it('goes once per application: two requests at once queue one mail, and a later reject or bulk sends none', async () => {
      const s = await team();
      const { id, user } = await applicant(s.jobA, 'lena');
      const url = `${base(s)}/applicants/${id}`;
      const body = { stage: 'rejected', sendRejectionMail: true };
      const [a, b] = await Promise.all([send('PATCH', url, body, s.company.member), send('PATCH', url, body, s.secondMember)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.rejectionMailed && b.body.rejectionMailed).toBe(true);
      expect((await send('PATCH', url, body, s.company.member)).status).toBe(200);
      const bulk = await send('POST', `${base(s)}/applicants/bulk`, { action: 'reject', ids: [id], sendRejectionMail: true }, s.company.member);
      expect(bulk.body).toMatchObject({ moved: 0, skipped: 1, mailed: 0 });
      await t.runJobs();
      const mails = t.auth.mailer.sent.filter((m) => m.to === user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Backend engineer');
      expect(mails[0]!.text).toContain(`${PUBLIC_URL}/jobs`);
      const events = await t.db.select().from(applicationEvents).where(and(eq(applicationEvents.applicationId, id), eq(applicationEvents.kind, 'rejection-mailed')));
      expect(events).toHaveLength(1);
      const moves = await t.db.select().from(applicationEvents).where(and(eq(applicationEvents.applicationId, id), eq(applicationEvents.kind, 'moved')));
      expect(moves).toHaveLength(1);
    });

    it('goes later, once, for a card rejected without it; never without asking', async () => {
      const s = await team();
      const { id, user } = await applicant(s.jobA, 'mona');
      const url = `${base(s)}/applicants/${id}`;
      expect((await send('PATCH', url, { stage: 'rejected' }, s.company.member)).body).toMatchObject({ rejectionMailed: false });
      await t.runJobs();
      expect(t.auth.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(0);
      expect((await send('PATCH', url, { stage: 'rejected', sendRejectionMail: true }, s.company.member)).body).toMatchObject({ stage: 'rejected', rejectionMailed: true });
      expect((await send('PATCH', url, { stage: 'rejected', sendRejectionMail: true }, s.company.member)).body).toMatchObject({ rejectionMailed: true });
      await t.runJobs();
      expect(t.auth.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(1);
    });
  });

  describe('bulk', () => {
    it('moves the movable cards in one transaction, skips rejected ones and strangers, and reports the mails', async () => {
      const s = await team();
      const a = await applicant(s.jobA, 'nils');
      const b = await applicant(s.jobB, 'olga', { stage: 'custom', stageId: s.screenId });
      const c = await applicant(s.jobA, 'per', { stage: 'rejected' });
      const stranger = await applicant(s.otherJob, 'quinn');
      const url = `${base(s)}/applicants/bulk`;
      const moved = await send('POST', url, { action: 'move', ids: [a.id, b.id, c.id, stranger.id, a.id], stage: 'hired' }, s.company.member);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const answer = v.parse(ApplicantBulkAnswerSchema, moved.body);
      expect(answer).toMatchObject({ moved: 2, skipped: 2, mailed: 0 });
      expect(answer.applicants.map((x) => [x.id, x.stage])).toEqual([
        [a.id, 'hired'],
        [b.id, 'hired'],
      ]);
      const history = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, b.id));
      expect(history.map((e) => [e.fromStage, e.toStage, e.stageName, e.actorId])).toEqual([['custom', 'hired', 'Screen', s.company.member.userId]]);
      // A move to a custom stage takes only the company's; the whole call fails and nothing moves.
      const foreign = await send('POST', url, { action: 'move', ids: [a.id], stage: 'custom', stageId: s.otherStageId }, s.company.member);
      expect(foreign.status).toBe(400);
      expect((await send('POST', url, { action: 'move', ids: [a.id], stage: 'custom' }, s.company.member)).status).toBe(400);
      expect((await send('POST', url, { action: 'move', ids: [], stage: 'hired' }, s.company.member)).status).toBe(400);
      expect((await send('POST', url, { action: 'delete', ids: [a.id] }, s.company.member)).status).toBe(400);

      const rejected = await send('POST', url, { action: 'reject', ids: [a.id, b.id, c.id], sendRejectionMail: true }, s.company.member);
      expect(rejected.body).toMatchObject({ moved: 2, skipped: 1, mailed: 3 });
      await t.runJobs();
      for (const who of [a, b, c]) expect(t.auth.mailer.sent.filter((m) => m.to === who.user.email), who.user.email).toHaveLength(1);
      const again = await send('POST', url, { action: 'reject', ids: [a.id, b.id, c.id], sendRejectionMail: true }, s.company.member);
      expect(again.body).toMatchObject({ moved: 0, skipped: 3, mailed: 0 });
      const [strangerRow] = await t.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, stranger.id));
      expect(strangerRow!.stage).toBe('applied');
    });
  });

  it('moves a whole column at once (300 cards, one history row each)', async () => {
    const s = await team();
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 300 }, (_, i) => ({ email: `many-${i}-${s.company.key}@example.test`, firstName: 'Many', lastName: `${i}` })))
      .returning({ id: users.id });
    const rows = await t.db
      .insert(applications)
      .values(people.map((p) => ({ jobId: s.jobA, userId: p.id })))
      .returning({ id: applications.id });
    const res = await send('POST', `${base(s)}/applicants/bulk`, { action: 'move', ids: rows.map((r) => r.id), stage: 'custom', stageId: s.screenId }, s.company.member);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ moved: 300, skipped: 0, mailed: 0 });
    expect(res.body.applicants).toHaveLength(300);
    const events = await t.db.select({ id: applicationEvents.id }).from(applicationEvents).where(inArray(applicationEvents.applicationId, rows.map((r) => r.id)));
    expect(events).toHaveLength(300);
    expect((await get(`${base(s)}/applicants?stage=custom:${s.screenId}`, s.company.member)).body.page.total).toBe(300);
  });

  describe('custom stages', () => {
    it('creates stages last, refuses a duplicate name (any case) and an eleventh stage with 409', async () => {
      const s = await team();
      const url = `${base(s)}/stages`;
      const created = await send('POST', url, { name: ' Culture chat ', color: '#00a86b' }, s.company.member);
      expect(created.status).toBe(201);
      expect(v.parse(CompanyStageSchema, created.body)).toMatchObject({ name: 'Culture chat', color: '#00a86b', position: 1 });
      const duplicate = await send('POST', url, { name: 'culture CHAT', color: '#00a86b' }, s.company.member);
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors.name).toEqual(['This startup already has a stage with this name']);
      // Another startup may use the same name.
      expect((await send('POST', `/api/companies/${s.other.key}/stages`, { name: 'Culture chat', color: '#00a86b' }, s.other.member)).status).toBe(201);
      expect((await send('POST', url, { name: '', color: '#00a86b' }, s.company.member)).body.errors.name).toBeDefined();
      expect((await send('POST', url, { name: 'Pink', color: '#ff00ff' }, s.company.member)).body.errors.color).toBeDefined();
      expect((await send('POST', url, { name: 'x'.repeat(41), color: '#00a86b' }, s.company.member)).status).toBe(400);
      const results = await Promise.all(
        Array.from({ length: MAX_CUSTOM_STAGES }, (_, i) => send('POST', url, { name: `Round ${i}`, color: '#3b6fd8' }, s.company.member)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_CUSTOM_STAGES - 2);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.map((r) => [r.status, r.body.code])).toEqual([
        [409, 'E_CONFLICT'],
        [409, 'E_CONFLICT'],
      ]);
      const list = v.parse(CompanyStageListSchema, (await get(url, s.company.member)).body);
      expect(list.stages).toHaveLength(MAX_CUSTOM_STAGES);
      expect(list.stages.map((st) => st.position)).toEqual([...Array(MAX_CUSTOM_STAGES).keys()]);
    });

    it('renames, recolours and reorders (the others keep their order); 404 for a stage of another startup', async () => {
      const s = await team();
      const url = `${base(s)}/stages`;
      const b = (await send('POST', url, { name: 'B', color: '#3b6fd8' }, s.company.member)).body.id as number;
      const c = (await send('POST', url, { name: 'C', color: '#3b6fd8' }, s.company.member)).body.id as number;
      const moved = await send('PUT', `${url}/${c}`, { name: 'Final chat', color: '#e17055', position: 0 }, s.company.member);
      expect(moved.body).toEqual({ id: c, name: 'Final chat', color: '#e17055', position: 0 });
      const order = async () => v.parse(CompanyStageListSchema, (await get(url, s.company.member)).body).stages.map((st) => [st.id, st.position]);
      expect(await order()).toEqual([
        [c, 0],
        [s.screenId, 1],
        [b, 2],
      ]);
      expect((await send('PUT', `${url}/${s.screenId}`, { name: 'Screen', color: '#8c7ae6', position: 9 }, s.company.member)).body.position).toBe(2);
      expect(await order()).toEqual([
        [c, 0],
        [b, 1],
        [s.screenId, 2],
      ]);
      // Keeping its own name (another case) is fine; taking another stage's is not.
      expect((await send('PUT', `${url}/${b}`, { name: 'b', color: '#3b6fd8' }, s.company.member)).status).toBe(200);
      expect((await send('PUT', `${url}/${b}`, { name: 'FINAL CHAT', color: '#3b6fd8' }, s.company.member)).status).toBe(409);
      expect((await send('PUT', `${url}/${s.otherStageId}`, { name: 'Mine now', color: '#3b6fd8' }, s.company.member)).status).toBe(404);
      expect((await send('DELETE', `${url}/${s.otherStageId}`, undefined, s.company.member)).status).toBe(404);
      const [theirs] = await t.db.select({ name: companyStages.name }).from(companyStages).where(eq(companyStages.id, s.otherStageId));
      expect(theirs!.name).toBe('Theirs');
    });

    it("deletes a stage: its cards go back to 'applied' with a history row each, and the others close the gap", async () => {
      const s = await team();
      const url = `${base(s)}/stages`;
      const later = (await send('POST', url, { name: 'Later', color: '#3b6fd8' }, s.company.member)).body.id as number;
      const one = await applicant(s.jobA, 'rolf', { stage: 'custom', stageId: s.screenId });
      const two = await applicant(s.jobB, 'siv', { stage: 'custom', stageId: s.screenId });
      const elsewhere = await applicant(s.jobA, 'tor', { stage: 'custom', stageId: later });
      expect((await send('DELETE', `${url}/${s.screenId}`, undefined, s.secondMember)).status).toBe(204);
      const rows = await t.db.select({ id: applications.id, stage: applications.stage, stageId: applications.stageId }).from(applications).where(eq(applications.jobId, s.jobA));
      expect(rows.find((r) => r.id === one.id)).toMatchObject({ stage: 'applied', stageId: null });
      expect(rows.find((r) => r.id === elsewhere.id)).toMatchObject({ stage: 'custom', stageId: later });
      for (const id of [one.id, two.id]) {
        const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, id));
        expect(events.map((e) => [e.kind, e.fromStage, e.toStage, e.stageName, e.actorId])).toEqual([['moved', 'custom', 'applied', 'Screen', s.secondMember.userId]]);
      }
      expect(v.parse(CompanyStageListSchema, (await get(url, s.company.member)).body).stages).toEqual([{ id: later, name: 'Later', color: '#3b6fd8', position: 0 }]);
      const boardAfter = v.parse(ApplicantListSchema, (await get(`${base(s)}/applicants`, s.company.member)).body);
      expect(boardAfter.counts).toEqual({ applied: 2, [`custom:${later}`]: 1, hired: 0, toreject: 0, rejected: 0 });
    });
  });

  it('answers 503 for a rejection mail without mail set up, and rolls the move back when the mail cannot be sent', async () => {
    const s = await team();
    const { id } = await applicant(s.jobA, 'ulf');
    const mount = (mail: MailOutbox | undefined) => {
      const api = new Hono<AppEnv>()
        .use('*', async (c, next) => {
          c.set('viewer', s.company.member);
          await next();
        })
        .route('/', hiringRouter({ db: t.db, config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' }, mail }))
        .onError(handleError);
      return new Hono().route('/api', api);
    };
    const patch = async (app: Hono, body: unknown) => {
      const res = await app.request(`${base(s)}/applicants/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const none = mount(undefined);
    expect(await patch(none, { stage: 'rejected', sendRejectionMail: true })).toMatchObject({ status: 503, body: { code: 'E_UNAVAILABLE' } });
    const down = mount({ enqueue: async () => Promise.reject(new MailSendError(new Error('SMTP down'))) });
    expect(await patch(down, { stage: 'rejected', sendRejectionMail: true })).toMatchObject({ status: 503, body: { code: 'E_MAIL_FAILED' } });
    const [row] = await t.db.select({ stage: applications.stage, mailed: applications.rejectionMailedAt }).from(applications).where(eq(applications.id, id));
    expect(row).toEqual({ stage: 'applied', mailed: null });
    expect(await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, id))).toEqual([]);
    // Without the mail, moves need no mail set up.
    expect(await patch(none, { stage: 'rejected' })).toMatchObject({ status: 200, body: { stage: 'rejected', rejectionMailed: false } });
  });

  it('answers 404 for a deleted startup', async () => {
    const s = await team();
    await t.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, s.company.id));
    expect((await get(`${base(s)}/applicants`, admin)).status).toBe(404);
    expect((await get(`${base(s)}/stages`, s.company.member)).status).toBe(404);
  });
});
