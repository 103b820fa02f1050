/**
 * Issue #13's authorization matrix, on both databases: every new call × a visitor, the candidate, another
 * candidate, a member of another company, a member of the job's company, and an admin. The expected
 * answer of each cell is written out; a success where a refusal is due fails, and so does the reverse.
 * Beyond the statuses: the candidate's CV bytes and the team's internal note appear in no answer to
 * anyone who should not see them.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationNotes, applications, companyStages, storedFiles, applicantProfiles, users } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { asViewer, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';

type Role = 'visitor' | 'candidate' | 'otherCandidate' | 'otherMember' | 'member' | 'admin';
const ROLES: Role[] = ['visitor', 'candidate', 'otherCandidate', 'otherMember', 'member', 'admin'];

/** A PDF's first bytes plus a marker no answer may carry to the wrong person. */
const CV_MARKER = 'CV-MARKER-7f1c2a';
const NOTE_MARKER = 'NOTE-MARKER-b41e09';
const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

describe.each(backends)('applying and hiring: who may call what, on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: 'https://nordlys.example', productName: 'Nordlys' }, queue: true });
  const viewers = {} as Record<Role, Viewer | null>;
  let company: Awaited<ReturnType<typeof insertStartup>>;
  let other: Awaited<ReturnType<typeof insertStartup>>;
  let jobId: number;
  let secondJobId: number;
  let applicationId: number;
  let stageId: number;
  let cvPath: string;

  async function person(tag: string): Promise<Viewer> {
    const [row] = await t.db.insert(users).values({ email: `${tag}-${backend}@example.test`, firstName: tag, lastName: 'Tester' }).returning({ id: users.id });
    return { userId: row!.id, isAdmin: false, companyIds: [], investorIds: [] };
  }

  beforeAll(async () => {
    company = await insertStartup(t.db, `authz-${backend}`, 'ACTIVE');
    other = await insertStartup(t.db, `authz-other-${backend}`, 'ACTIVE');
    const candidate = await person('candidate');
    const otherCandidate = await person('other-candidate');
    const [admin] = await t.db.insert(users).values({ email: `admin-authz-${backend}@example.test`, firstName: 'Ada', lastName: 'Admin', isAdmin: true }).returning({ id: users.id });
    Object.assign(viewers, {
      visitor: null,
      candidate,
      otherCandidate,
      otherMember: other.member,
      member: company.member,
      admin: { userId: admin!.id, isAdmin: true, companyIds: [], investorIds: [] },
    });
    jobId = await insertJob(t.db, company.id, 'ACTIVE', 'future', { applyMethod: 'nordlys', screeningQuestions: ['Why us?'] });
    secondJobId = await insertJob(t.db, company.id, 'ACTIVE', 'future', { applyMethod: 'nordlys', screeningQuestions: [] });
    cvPath = `cv/authzcandidate${backend}.pdf`;
    await t.db.insert(storedFiles).values({ path: cvPath, ownerUserId: candidate.userId, kind: 'cv', fileName: 'cv.pdf', contentType: 'application/pdf', sizeBytes: pdf(CV_MARKER).length, etag: 'x', bytes: pdf(CV_MARKER) });
    await t.db.insert(applicantProfiles).values({ userId: candidate.userId, headline: 'Engineer', cvPath });
    const [stage] = await t.db.insert(companyStages).values({ companyId: company.id, name: 'Screen', color: '#8c7ae6' }).returning({ id: companyStages.id });
    stageId = stage!.id;
    const [application] = await t.db
      .insert(applications)
      .values({ jobId, userId: candidate.userId, cvPath, message: 'Hello', answers: [{ question: 'Why us?', answer: 'Because.' }] })
      .returning({ id: applications.id });
    applicationId = application!.id;
    await t.db.insert(applicationNotes).values({ applicationId, authorId: company.member.userId, body: NOTE_MARKER });
  });

  const headers = (role: Role): Record<string, string> => {
    const viewer = viewers[role];
    return viewer ? (asViewer(viewer) as Record<string, string>) : {};
  };
  async function call(role: Role, method: string, path: string, body?: unknown) {
    const res = await t.request(path, {
      method,
      headers: { ...headers(role), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, text: bytes.toString('latin1') };
  }

  const board = () => `/api/companies/${company.key}`;
  const card = () => `${board()}/applicants/${applicationId}`;

  /** Reads that every role may try: the expected status per role. */
  const READS: { name: string; method: string; path: () => string; body?: () => unknown; expect: Record<Role, number> }[] = [
    { name: 'GET applicant/flags', method: 'GET', path: () => '/api/applicant/flags', expect: { visitor: 401, candidate: 200, otherCandidate: 200, otherMember: 200, member: 200, admin: 200 } },
    { name: 'GET applicant/saved', method: 'GET', path: () => '/api/applicant/saved', expect: { visitor: 401, candidate: 200, otherCandidate: 200, otherMember: 200, member: 200, admin: 200 } },
    { name: 'GET applicant/followed', method: 'GET', path: () => '/api/applicant/followed', expect: { visitor: 401, candidate: 200, otherCandidate: 200, otherMember: 200, member: 200, admin: 200 } },
    { name: 'GET applicant/applications', method: 'GET', path: () => '/api/applicant/applications', expect: { visitor: 401, candidate: 200, otherCandidate: 200, otherMember: 200, member: 200, admin: 200 } },
    { name: 'GET applicant (the talent profile)', method: 'GET', path: () => '/api/applicant', expect: { visitor: 401, candidate: 200, otherCandidate: 404, otherMember: 404, member: 404, admin: 404 } },
    { name: 'GET applicant/cv', method: 'GET', path: () => '/api/applicant/cv', expect: { visitor: 401, candidate: 200, otherCandidate: 404, otherMember: 404, member: 404, admin: 404 } },
    { name: "GET an application's CV", method: 'GET', path: () => `/api/applications/${applicationId}/cv`, expect: { visitor: 401, candidate: 200, otherCandidate: 404, otherMember: 404, member: 200, admin: 200 } },
    { name: 'GET the board', method: 'GET', path: () => `${board()}/applicants`, expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 200, admin: 200 } },
    { name: 'GET a card', method: 'GET', path: card, expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 200, admin: 200 } },
    { name: 'GET stages', method: 'GET', path: () => `${board()}/stages`, expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 200, admin: 200 } },
    { name: 'PATCH a card (rating)', method: 'PATCH', path: card, body: () => ({ rating: 4 }), expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 200, admin: 200 } },
    { name: 'POST a note', method: 'POST', path: () => `${card()}/notes`, body: () => ({ body: 'Strong answers.' }), expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 201, admin: 201 } },
    { name: 'PATCH a card (move)', method: 'PATCH', path: card, body: () => ({ stage: 'custom', stageId }), expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 200, admin: 200 } },
    { name: 'POST bulk move', method: 'POST', path: () => `${board()}/applicants/bulk`, body: () => ({ action: 'move', ids: [applicationId], stage: 'applied' }), expect: { visitor: 401, candidate: 403, otherCandidate: 403, otherMember: 403, member: 200, admin: 200 } },
    { name: 'POST save', method: 'POST', path: () => `/api/jobs/${jobId}/save`, expect: { visitor: 401, candidate: 204, otherCandidate: 204, otherMember: 204, member: 204, admin: 204 } },
    { name: 'POST interested', method: 'POST', path: () => `/api/jobs/${jobId}/interested`, expect: { visitor: 401, candidate: 204, otherCandidate: 204, otherMember: 204, member: 204, admin: 204 } },
    { name: 'POST follow', method: 'POST', path: () => `/api/companies/${company.key}/follow`, expect: { visitor: 401, candidate: 204, otherCandidate: 204, otherMember: 204, member: 204, admin: 204 } },
  ];

  for (const read of READS) {
    it(`${read.name}: ${ROLES.map((r) => `${r} ${read.expect[r]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const res = await call(role, read.method, read.path(), read.body?.());
        expect(res.status, `${read.name} as ${role}: ${res.text.slice(0, 200)}`).toBe(read.expect[role]);
        // The CV's bytes and the team's note reach only those allowed to read them.
        const mayReadCv = res.status < 300 && (role === 'candidate' || role === 'member' || role === 'admin');
        if (!mayReadCv) expect(res.text, `${read.name} as ${role} leaked the CV`).not.toContain(CV_MARKER);
        const mayReadNote = res.status < 300 && (role === 'member' || role === 'admin');
        if (!mayReadNote) expect(res.text, `${read.name} as ${role} leaked the internal note`).not.toContain(NOTE_MARKER);
      }
    });
  }

  it("another company's member reaches the card neither through their own board nor by id", async () => {
    const ownBoard = await call('otherMember', 'GET', `/api/companies/${other.key}/applicants`);
    expect(ownBoard.status).toBe(200);
    expect(JSON.parse(ownBoard.text).applicants.map((a: { id: number }) => a.id)).not.toContain(applicationId);
    expect((await call('otherMember', 'GET', `/api/companies/${other.key}/applicants/${applicationId}`)).status).toBe(404);
    expect((await call('otherMember', 'PATCH', `/api/companies/${other.key}/applicants/${applicationId}`, { rating: 1 })).status).toBe(404);
    expect((await call('otherMember', 'POST', `/api/companies/${other.key}/applicants/${applicationId}/notes`, { body: 'x' })).status).toBe(404);
    const bulk = await call('otherMember', 'POST', `/api/companies/${other.key}/applicants/bulk`, { action: 'reject', ids: [applicationId], sendRejectionMail: true });
    expect(bulk.status).toBe(200);
    expect(JSON.parse(bulk.text)).toMatchObject({ moved: 0, mailed: 0 });
    const [row] = await t.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, applicationId));
    expect(row!.stage).not.toBe('rejected');
  });

  it("the candidate's own lists hold their application; another candidate's do not", async () => {
    const mine = JSON.parse((await call('candidate', 'GET', '/api/applicant/applications')).text);
    expect(mine.applications.map((a: { id: number }) => a.id)).toContain(applicationId);
    const flags = JSON.parse((await call('candidate', 'GET', '/api/applicant/flags')).text);
    expect(flags.applied[String(jobId)]).toBe(applicationId);
    for (const role of ['otherCandidate', 'otherMember', 'member', 'admin'] as const) {
      const theirs = JSON.parse((await call(role, 'GET', '/api/applicant/applications')).text);
      expect(theirs.applications.map((a: { id: number }) => a.id), role).not.toContain(applicationId);
      expect(JSON.parse((await call(role, 'GET', '/api/applicant/flags')).text).applied[String(jobId)], role).toBeUndefined();
    }
  });

  it('stage writes: members and admins only', async () => {
    const input = { name: 'Culture chat', color: '#3b6fd8' };
    for (const role of ['visitor', 'candidate', 'otherCandidate', 'otherMember'] as const) {
      const expected = role === 'visitor' ? 401 : 403;
      expect((await call(role, 'POST', `${board()}/stages`, input)).status, role).toBe(expected);
      expect((await call(role, 'PUT', `${board()}/stages/${stageId}`, input)).status, role).toBe(expected);
      expect((await call(role, 'DELETE', `${board()}/stages/${stageId}`)).status, role).toBe(expected);
    }
    const created = await call('member', 'POST', `${board()}/stages`, input);
    expect(created.status).toBe(201);
    const id = JSON.parse(created.text).id as number;
    expect((await call('admin', 'PUT', `${board()}/stages/${id}`, { ...input, name: 'Culture call' })).status).toBe(200);
    expect((await call('admin', 'DELETE', `${board()}/stages/${id}`)).status).toBe(204);
  });

  it('applying: a visitor is asked to sign in, the candidate gets 409 with a link, another candidate applies', async () => {
    const body = { cvPath, message: null, answers: [] };
    expect((await call('visitor', 'POST', `/api/jobs/${secondJobId}/apply`, body)).status).toBe(401);
    const again = await call('candidate', 'POST', `/api/jobs/${jobId}/apply`, { ...body, answers: ['Still because.'] });
    expect(again.status).toBe(409);
    expect(JSON.parse(again.text)).toMatchObject({ code: 'E_ALREADY_APPLIED', link: `/client/my-jobs?tab=applied#application-${applicationId}` });
    // Another candidate may not send the candidate's CV as theirs.
    const borrowed = await call('otherCandidate', 'POST', `/api/jobs/${secondJobId}/apply`, body);
    expect(borrowed.status).toBe(400);
  });

  it('withdrawing: only the candidate; everyone else gets 404 and the application stays', async () => {
    for (const role of ['otherCandidate', 'otherMember', 'member', 'admin'] as const) {
      expect((await call(role, 'DELETE', `/api/applications/${applicationId}`)).status, role).toBe(404);
    }
    expect((await call('visitor', 'DELETE', `/api/applications/${applicationId}`)).status).toBe(401);
    expect(await t.db.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId))).toHaveLength(1);
    expect((await call('candidate', 'DELETE', `/api/applications/${applicationId}`)).status).toBe(204);
    expect(await t.db.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId))).toHaveLength(0);
  });
});
