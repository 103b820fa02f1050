import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, isApiError } from '@nordlys/sdk/api';
import type { JobStatus } from '@nordlys/sdk/constants';
import { JOB_LISTING_DAYS, type JobEvent } from '@nordlys/sdk/job-status';
import { JobStatusUpdateSchema } from '@nordlys/sdk/schemas';
import { companies, jobs } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { asViewer, useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const DAY = 86_400_000;
const future = () => new Date(Date.now() + 10 * DAY);
const past = () => new Date(Date.now() - DAY);

/** Every legal transition of the machine (sdk/src/job-status.ts), with the startup it needs. */
const LEGAL: { from: JobStatus; event: JobEvent; to: JobStatus; company: 'live' | 'draft'; expires: 'none' | 'future' | 'past' }[] = [
  { from: 'DRAFT', event: 'submit', to: 'PENDING_COMPANY_APPROVAL', company: 'draft', expires: 'none' },
  { from: 'DRAFT', event: 'submit', to: 'PENDING_PAYMENT', company: 'live', expires: 'none' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'approveCompany', to: 'PENDING_PAYMENT', company: 'live', expires: 'none' },
  { from: 'PENDING_PAYMENT', event: 'pay', to: 'ACTIVE', company: 'live', expires: 'none' },
  { from: 'ACTIVE', event: 'pause', to: 'STOPPED', company: 'live', expires: 'future' },
  { from: 'STOPPED', event: 'resume', to: 'ACTIVE', company: 'live', expires: 'future' },
  { from: 'ACTIVE', event: 'expire', to: 'EXPIRED', company: 'live', expires: 'past' },
  { from: 'STOPPED', event: 'expire', to: 'EXPIRED', company: 'live', expires: 'past' },
  { from: 'EXPIRED', event: 'repost', to: 'PENDING_PAYMENT', company: 'live', expires: 'past' },
  ...(['DRAFT', 'PENDING_COMPANY_APPROVAL', 'PENDING_PAYMENT', 'ACTIVE', 'STOPPED'] as const).map((s) => ({
    from: s,
    event: 'edit' as const,
    to: s,
    company: 'live' as const,
    expires: 'future' as const,
  })),
];

const ILLEGAL: { from: JobStatus; event: JobEvent; expires: 'none' | 'future' | 'past' }[] = [
  { from: 'ACTIVE', event: 'submit', expires: 'future' },
  { from: 'DRAFT', event: 'pay', expires: 'none' },
  { from: 'STOPPED', event: 'pause', expires: 'future' },
  { from: 'STOPPED', event: 'resume', expires: 'past' },
  { from: 'ACTIVE', event: 'expire', expires: 'future' },
  { from: 'ACTIVE', event: 'repost', expires: 'future' },
  { from: 'EXPIRED', event: 'edit', expires: 'past' },
  { from: 'EXPIRED', event: 'resume', expires: 'past' },
];

describe.each(backends)('job status route (spec 4) on %s', (backend) => {
  const t = useTestApp(backend);
  let live: number;
  let draft: number;
  const admin: Viewer = { userId: 1, isAdmin: true, companyIds: [], investorIds: [] };
  const member = (companyId: number): Viewer => ({ userId: 2, isAdmin: false, companyIds: [companyId], investorIds: [] });

  beforeAll(async () => {
    const rows = await t.db
      .insert(companies)
      .values([
        { key: `status-live-${backend}`, name: 'Status Live', status: 'ACTIVE' },
        { key: `status-draft-${backend}`, name: 'Status Draft', status: 'DRAFT' },
      ])
      .returning({ id: companies.id });
    [live, draft] = [rows[0]!.id, rows[1]!.id];
  });

  const keyOf = (companyId: number) => (companyId === live ? `status-live-${backend}` : `status-draft-${backend}`);
  const makeJob = async (companyId: number, status: JobStatus, expires: 'none' | 'future' | 'past') => {
    const expirationDate = expires === 'none' ? null : expires === 'future' ? future() : past();
    const approvedAt = status === 'ACTIVE' || status === 'STOPPED' || status === 'EXPIRED' ? past() : null;
    const [row] = await t.db.insert(jobs).values({ companyId, title: `A ${status} job`, status, expirationDate, approvedAt }).returning({ id: jobs.id });
    return row!.id;
  };
  const fire = (companyId: number, id: number, body: unknown, viewer?: Viewer) =>
    t.send(`/api/companies/${keyOf(companyId)}/jobs/${id}/status`, body, { headers: viewer ? (asViewer(viewer) as Record<string, string>) : {} });
  const statusOf = async (id: number) => (await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status;

  it.each(LEGAL)('admin: $from --$event--> $to ($company startup)', async ({ from, event, to, company, expires }) => {
    const companyId = company === 'live' ? live : draft;
    const id = await makeJob(companyId, from, expires);
    const res = await fire(companyId, id, { event }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = v.parse(JobStatusUpdateSchema, res.body);
    expect(answer).toMatchObject({ id, status: to });
    expect(await statusOf(id)).toBe(to);
    if (event === 'pay') {
      const expiry = Date.parse(answer.expirationDate!) - Date.parse(answer.approvedAt!);
      expect(expiry).toBe(JOB_LISTING_DAYS * DAY);
      expect(Math.abs(Date.parse(answer.approvedAt!) - Date.now())).toBeLessThan(60_000);
    }
  });

  it.each(ILLEGAL)('refuses $event on a $from job with 409 E_ILLEGAL_TRANSITION and changes nothing', async ({ from, event, expires }) => {
    const id = await makeJob(live, from, expires);
    const res = await fire(live, id, { event }, admin);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('E_ILLEGAL_TRANSITION');
    expect(res.body.message).toMatch(/the job is/);
    expect(await statusOf(id)).toBe(from);
  });

  it("lets a member fire the members' events and offers them what comes next", async () => {
    const id = await makeJob(live, 'ACTIVE', 'future');
    const paused = await fire(live, id, { event: 'pause' }, member(live));
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'STOPPED', allowedEvents: ['resume', 'edit'] });
    const resumed = await fire(live, id, { event: 'resume' }, member(live));
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', allowedEvents: ['pause', 'edit'] });
  });

  it('keeps payment, startup approval and expiry to admins: a member gets 403', async () => {
    const id = await makeJob(live, 'PENDING_PAYMENT', 'none');
    const res = await fire(live, id, { event: 'pay' }, member(live));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('E_FORBIDDEN');
    expect(await statusOf(id)).toBe('PENDING_PAYMENT');
  });

  it('answers 401 logged out, 403 to a non-member, 404 for an unknown startup or another startup\'s job, 400 for an unknown event', async () => {
    const id = await makeJob(live, 'ACTIVE', 'future');
    expect((await fire(live, id, { event: 'pause' })).status).toBe(401);
    const stranger = await fire(live, id, { event: 'pause' }, member(draft));
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('E_FORBIDDEN');
    expect((await t.send(`/api/companies/no-such-startup/jobs/${id}/status`, { event: 'pause' }, { headers: asViewer(admin) as Record<string, string> })).status).toBe(404);
    // The job exists, but not under this startup's key.
    const elsewhere = await fire(draft, id, { event: 'pause' }, member(draft));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('E_NOT_FOUND');
    for (const body of [{ event: 'delete' }, {}, { event: 7 }]) {
      const bad = await fire(live, id, body, admin);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors.event).toBeDefined();
    }
    expect((await fire(live, id, { event: 'delete' }, admin)).body.errors.event).toEqual([
      'Event must be one of: submit, approveCompany, pay, pause, resume, expire, repost, edit',
    ]);
    expect(await statusOf(id)).toBe('ACTIVE');
  });

  it('lets only one of two concurrent transitions win', async () => {
    const id = await makeJob(live, 'ACTIVE', 'future');
    const answers = await Promise.all([fire(live, id, { event: 'pause' }, admin), fire(live, id, { event: 'pause' }, admin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('E_ILLEGAL_TRANSITION');
    expect(await statusOf(id)).toBe('STOPPED');
  });

  it('is called by the sdk client, which surfaces a refusal as an ApiError with the code', async () => {
    const api = createApi({
      baseUrl: 'http://localhost/api/',
      headers: asViewer(member(live)) as Record<string, string>,
      fetch: async (input, init) => {
        const req = new Request(input, init);
        return t.request(req.url, { method: req.method, headers: req.headers, body: req.body ? await req.text() : undefined });
      },
    });
    const id = await makeJob(live, 'DRAFT', 'none');
    expect(await api.companies.jobEvent(keyOf(live), id, 'submit')).toMatchObject({ id, status: 'PENDING_PAYMENT', allowedEvents: ['edit'] });
    const refused = await api.companies.jobEvent(keyOf(live), id, 'submit').catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(409);
    expect(isApiError(refused) && refused.code).toBe('E_ILLEGAL_TRANSITION');
  });
});
