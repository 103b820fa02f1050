/**
 * The job status machine (sdk/src/job-status.ts, spec 4) through the API on both databases: every
 * transition by the one who fires it (members through POST /companies/{key}/jobs/{id}/{event}, admins
 * through /admin/jobs/{id}/…, the system through applyJobEvent, edits through the form), the refusals
 * (409), who may fire what (401, 403), races, and the startup-approval cascade.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, isApiError } from '@nordlys/sdk/api';
import type { JobStatus } from '@nordlys/sdk/constants';
import { JOB_LISTING_DAYS, type JobEvent } from '@nordlys/sdk/job-status';
import { planById, type PlanId } from '@nordlys/sdk/pricing';
import { JobStatusUpdateSchema, ManagedJobSchema, ReviewQueueSchema } from '@nordlys/sdk/schemas';
import { jobs } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { applyJobEvent } from '../queries/job-status';
import { asViewer, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup, jobForm, settleOrder, type Expiry } from '../testing/jobs';

const DAY = 86_400_000;

/** Who fires an event, and how: a member's route, an admin's route, the system (payment, expiry task), the edit form. */
type Via = 'member' | 'admin' | 'system' | 'form';

interface Legal {
  from: JobStatus;
  event: JobEvent;
  to: JobStatus;
  via: Via;
  company: 'live' | 'draft';
  expires: Expiry;
  plan?: PlanId;
  /** A settled order of the plan exists (nothing is due). */
  settled?: boolean;
}

/** Every legal transition of the machine, with what it needs. */
const LEGAL: Legal[] = [
  { from: 'DRAFT', event: 'publish', to: 'PENDING_COMPANY_APPROVAL', via: 'member', company: 'draft', expires: 'future' },
  { from: 'DRAFT', event: 'publish', to: 'PENDING_PAYMENT', via: 'member', company: 'live', expires: 'future', plan: 'boost' },
  { from: 'DRAFT', event: 'publish', to: 'ACTIVE', via: 'member', company: 'live', expires: 'future' },
  { from: 'DRAFT', event: 'publish', to: 'ACTIVE', via: 'member', company: 'live', expires: 'none' },
  { from: 'PENDING_PAYMENT', event: 'publish', to: 'ACTIVE', via: 'member', company: 'live', expires: 'future', plan: 'boost', settled: true },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'approve', to: 'PENDING_PAYMENT', via: 'admin', company: 'live', expires: 'future', plan: 'max' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'approve', to: 'ACTIVE', via: 'admin', company: 'live', expires: 'past' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'reject', to: 'DRAFT', via: 'admin', company: 'draft', expires: 'future' },
  { from: 'ACTIVE', event: 'hold', to: 'PENDING_COMPANY_APPROVAL', via: 'admin', company: 'live', expires: 'future' },
  { from: 'STOPPED', event: 'hold', to: 'PENDING_COMPANY_APPROVAL', via: 'admin', company: 'live', expires: 'future' },
  { from: 'PENDING_PAYMENT', event: 'hold', to: 'PENDING_COMPANY_APPROVAL', via: 'admin', company: 'live', expires: 'future', plan: 'boost' },
  { from: 'PENDING_PAYMENT', event: 'pay', to: 'ACTIVE', via: 'system', company: 'live', expires: 'none', plan: 'boost', settled: true },
  { from: 'ACTIVE', event: 'pause', to: 'STOPPED', via: 'member', company: 'live', expires: 'future' },
  { from: 'STOPPED', event: 'resume', to: 'ACTIVE', via: 'member', company: 'live', expires: 'future' },
  { from: 'ACTIVE', event: 'expire', to: 'EXPIRED', via: 'system', company: 'live', expires: 'past' },
  { from: 'STOPPED', event: 'expire', to: 'EXPIRED', via: 'system', company: 'live', expires: 'past' },
  { from: 'EXPIRED', event: 'repost', to: 'DRAFT', via: 'member', company: 'live', expires: 'past' },
  ...(['DRAFT', 'PENDING_COMPANY_APPROVAL', 'PENDING_PAYMENT', 'ACTIVE', 'STOPPED'] as const).map(
    (s): Legal => ({ from: s, event: 'edit', to: s, via: 'form', company: 'live', expires: 'future' }),
  ),
];

/** Events the job cannot take now: 409 E_ILLEGAL_TRANSITION, nothing changed. */
const ILLEGAL: { from: JobStatus; event: JobEvent; via: Via; company?: 'live' | 'draft'; expires: Expiry; plan?: PlanId }[] = [
  { from: 'ACTIVE', event: 'publish', via: 'member', expires: 'future' },
  { from: 'PENDING_PAYMENT', event: 'publish', via: 'member', expires: 'future', plan: 'boost' },
  { from: 'DRAFT', event: 'pause', via: 'member', expires: 'future' },
  { from: 'STOPPED', event: 'pause', via: 'member', expires: 'future' },
  { from: 'STOPPED', event: 'resume', via: 'member', expires: 'past' },
  { from: 'ACTIVE', event: 'repost', via: 'member', expires: 'future' },
  { from: 'EXPIRED', event: 'edit', via: 'form', expires: 'past' },
  { from: 'DRAFT', event: 'approve', via: 'admin', expires: 'future' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'approve', via: 'admin', company: 'draft', expires: 'future' },
  { from: 'ACTIVE', event: 'reject', via: 'admin', expires: 'future' },
  { from: 'DRAFT', event: 'hold', via: 'admin', expires: 'future' },
  { from: 'EXPIRED', event: 'hold', via: 'admin', expires: 'past' },
];

describe.each(backends)('job status machine through the API on %s', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { publicUrl: 'https://nordlys.example', productName: 'Nordlys' } });
  let live: Awaited<ReturnType<typeof insertStartup>>;
  let draft: Awaited<ReturnType<typeof insertStartup>>;
  const admin: Viewer = { userId: 1, isAdmin: true, companyIds: [], investorIds: [] };
  const headers = (viewer?: Viewer) => (viewer ? (asViewer(viewer) as Record<string, string>) : {});

  beforeAll(async () => {
    live = await insertStartup(t.db, `status-live-${backend}`, 'ACTIVE', { countryCodes: ['DK'] });
    draft = await insertStartup(t.db, `status-draft-${backend}`, 'DRAFT', { submittedAt: new Date() });
  });

  const startup = (which: 'live' | 'draft' = 'live') => (which === 'live' ? live : draft);
  const statusOf = async (id: number) => (await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status;
  const rowOf = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  /** Fires `event` the way `via` says, as the startup's member or an admin; answers the status and body. */
  async function fire(via: Via, which: 'live' | 'draft', id: number, event: JobEvent): Promise<{ status: number; body: any }> {
    const s = startup(which);
    switch (via) {
      case 'member':
        return t.send(`/api/companies/${s.key}/jobs/${id}/${event}`, undefined, { headers: headers(s.member) });
      case 'admin':
        return t.send(`/api/admin/jobs/${id}/${event}`, event === 'reject' ? { reason: 'Please name the team.' } : undefined, { headers: headers(admin) });
      case 'form':
        return t.send(`/api/companies/${s.key}/jobs/${id}`, jobForm({ title: 'Edited title' }), { method: 'PUT', headers: headers(s.member) });
      case 'system': {
        const outcome = await applyJobEvent(t.db, id, event);
        return outcome?.ok ? { status: 200, body: { id, status: outcome.job.status } } : { status: 409, body: { code: 'E_ILLEGAL_TRANSITION', message: outcome?.reason } };
      }
    }
  }

  it.each(LEGAL)('$via: $from --$event--> $to ($company startup, expiry $expires, plan $plan)', async ({ from, event, to, via, company, expires, plan = 'free', settled }) => {
    const s = startup(company);
    const id = await insertJob(t.db, s.id, from, expires, { plan });
    if (settled) await settleOrder(t.db, { id, companyId: s.id, plan });
    const before = await rowOf(id);
    const res = await fire(via, company, id, event);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (via === 'member' || via === 'admin') expect(v.parse(JobStatusUpdateSchema, res.body)).toMatchObject({ id, status: to });
    if (via === 'form') expect(v.parse(ManagedJobSchema, res.body)).toMatchObject({ id, status: to, title: 'Edited title' });
    const after = await rowOf(id);
    expect(after.status).toBe(to);

    if (to === 'ACTIVE' && from !== 'ACTIVE' && event !== 'resume') {
      // Going live stamps approvedAt now, and gives a job without a future expiry JOB_LISTING_DAYS.
      expect(Math.abs(after.approvedAt!.getTime() - Date.now())).toBeLessThan(60_000);
      if (expires === 'future') expect(after.expirationDate).toEqual(before.expirationDate);
      else expect(after.expirationDate!.getTime() - after.approvedAt!.getTime()).toBe(JOB_LISTING_DAYS * DAY);
      // What was bought for the job starts: a paid plan is featured for its days.
      if (settled) expect(after.boostingExpiresAt!.getTime() - Date.now()).toBeGreaterThan((planById(plan).featuredDays - 1) * DAY);
      else expect(after.boostingExpiresAt).toBeNull();
    }
    if (event === 'publish') {
      expect(after.publishedAt).toBeInstanceOf(Date);
      expect(after.reviewNote).toBeNull();
    }
    if (event === 'hold') expect(after.heldAt).toBeInstanceOf(Date);
    if (event === 'approve') expect(after.heldAt).toBeNull();
    if (event === 'reject') expect(after.reviewNote).toBe('Please name the team.');
    if (event === 'repost') {
      expect(after.expirationDate!.getTime() - Date.now()).toBeGreaterThan((JOB_LISTING_DAYS - 1) * DAY);
      expect(after.expiryNoticeSentAt).toBeNull();
    }
  });

  it.each(ILLEGAL)('$via: refuses $event on a $from job with 409 and changes nothing', async ({ from, event, via, company = 'live', expires, plan = 'free' }) => {
    const id = await insertJob(t.db, startup(company).id, from, expires, { plan });
    const before = await rowOf(id);
    const res = await fire(via, company, id, event);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('E_ILLEGAL_TRANSITION');
    expect(res.body.message).toMatch(/the job is|expired job/);
    const after = await rowOf(id);
    expect({ status: after.status, title: after.title, updatedAt: after.updatedAt }).toEqual({ status: from, title: before.title, updatedAt: before.updatedAt });
  });

  it('offers a member the next events after each of theirs', async () => {
    const id = await insertJob(t.db, live.id, 'DRAFT', 'future');
    const fireAs = (event: string) => t.send(`/api/companies/${live.key}/jobs/${id}/${event}`, undefined, { headers: headers(live.member) });
    expect((await fireAs('publish')).body).toMatchObject({ status: 'ACTIVE', allowedEvents: ['pause', 'edit'] });
    expect((await fireAs('pause')).body).toMatchObject({ status: 'STOPPED', allowedEvents: ['resume', 'edit'] });
    expect((await fireAs('resume')).body).toMatchObject({ status: 'ACTIVE', allowedEvents: ['pause', 'edit'] });
  });

  it('answers an admin on a member route with the events admins may fire', async () => {
    const id = await insertJob(t.db, live.id, 'ACTIVE', 'future');
    const res = await t.send(`/api/companies/${live.key}/jobs/${id}/pause`, undefined, { headers: headers(admin) });
    expect(res.status).toBe(200);
    expect(res.body.allowedEvents).toEqual(['hold', 'resume', 'edit']);
  });

  it('refuses to publish an incomplete job with the field messages, whoever publishes it', async () => {
    const id = await insertJob(t.db, live.id, 'DRAFT', 'future', { description: '<p> </p>', categories: [], isRemote: false, locationKind: 'place' });
    const res = await t.send(`/api/companies/${live.key}/jobs/${id}/publish`, undefined, { headers: headers(live.member) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('E_VALIDATION');
    expect(res.body.errors).toEqual({
      description: ['Please describe the job'],
      categories: ['Please choose at least one category'],
      location: ['Please choose where the job is'],
    });
    expect(await applyJobEvent(t.db, id, 'publish')).toMatchObject({ ok: false, missing: { description: 'Please describe the job' } });
    expect(await statusOf(id)).toBe('DRAFT');
  });

  it('keeps the system events and the admin decisions from members: no member route takes them (404), 403 on the admin routes', async () => {
    const id = await insertJob(t.db, live.id, 'PENDING_PAYMENT', 'future', { plan: 'boost' });
    for (const event of ['pay', 'approve', 'hold', 'expire', 'edit', 'submit']) {
      const res = await t.send(`/api/companies/${live.key}/jobs/${id}/${event}`, undefined, { headers: headers(live.member) });
      expect(res.status, event).toBe(404);
      expect(res.body.code).toBe('E_NOT_FOUND');
    }
    for (const event of ['approve', 'hold', 'reject']) {
      const res = await t.send(`/api/admin/jobs/${id}/${event}`, { reason: 'x' }, { headers: headers(live.member) });
      expect(res.status, event).toBe(403);
      expect((await t.send(`/api/admin/jobs/${id}/${event}`, { reason: 'x' })).status).toBe(401);
    }
    expect(await statusOf(id)).toBe('PENDING_PAYMENT');
  });

  it("answers 401 logged out, 403 to a non-member (before any 400), 404 for an unknown startup or another startup's job", async () => {
    const id = await insertJob(t.db, live.id, 'ACTIVE', 'future');
    expect((await t.send(`/api/companies/${live.key}/jobs/${id}/pause`)).status).toBe(401);
    const stranger = await t.send(`/api/companies/${live.key}/jobs/${id}/pause`, undefined, { headers: headers(draft.member) });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('E_FORBIDDEN');
    expect((await t.send(`/api/companies/no-such-startup/jobs/${id}/pause`, undefined, { headers: headers(admin) })).status).toBe(404);
    const elsewhere = await t.send(`/api/companies/${draft.key}/jobs/${id}/pause`, undefined, { headers: headers(draft.member) });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('E_NOT_FOUND');
    const badId = await t.send(`/api/companies/${live.key}/jobs/0/pause`, undefined, { headers: headers(live.member) });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.id).toBeDefined();
    expect((await t.send('/api/admin/jobs/999999999/approve', undefined, { headers: headers(admin) })).status).toBe(404);
    expect(await statusOf(id)).toBe('ACTIVE');
  });

  it('lets only one of two concurrent transitions win', async () => {
    const id = await insertJob(t.db, live.id, 'ACTIVE', 'future');
    const pause = () => t.send(`/api/companies/${live.key}/jobs/${id}/pause`, undefined, { headers: headers(live.member) });
    const answers = await Promise.all([pause(), pause()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('E_ILLEGAL_TRANSITION');
    expect(await statusOf(id)).toBe('STOPPED');
  });

  it('approves the waiting jobs of a startup when an admin approves the startup, but not the held ones', async () => {
    const s = await insertStartup(t.db, `cascade-${backend}`, 'DRAFT', { submittedAt: new Date() });
    const free = await insertJob(t.db, s.id, 'PENDING_COMPANY_APPROVAL', 'future');
    const paid = await insertJob(t.db, s.id, 'PENDING_COMPANY_APPROVAL', 'future', { plan: 'boost' });
    const held = await insertJob(t.db, s.id, 'PENDING_COMPANY_APPROVAL', 'future', { heldAt: new Date() });
    const draftJob = await insertJob(t.db, s.id, 'DRAFT', 'future');
    const res = await t.send(`/api/admin/companies/${s.key}/approve`, undefined, { headers: headers(admin) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(free)).toBe('ACTIVE');
    expect(await statusOf(paid)).toBe('PENDING_PAYMENT');
    expect(await statusOf(held)).toBe('PENDING_COMPANY_APPROVAL');
    expect(await statusOf(draftJob)).toBe('DRAFT');
    expect((await rowOf(free)).approvedAt).toBeInstanceOf(Date);
    // The live job is public now.
    expect((await t.get(`/api/jobs/single/${free}`)).status).toBe(200);
  });

  it('approves a job when the admin approves it (a held one too), and sends a rejected one back with the reason as its note', async () => {
    const id = await insertJob(t.db, live.id, 'ACTIVE', 'future');
    expect((await t.send(`/api/admin/jobs/${id}/hold`, undefined, { headers: headers(admin) })).body).toMatchObject({ status: 'PENDING_COMPANY_APPROVAL', allowedEvents: ['approve', 'reject', 'edit'] });
    expect((await t.get(`/api/jobs/single/${id}`)).status).toBe(404);
    expect((await t.send(`/api/admin/jobs/${id}/approve`, undefined, { headers: headers(admin) })).body).toMatchObject({ status: 'ACTIVE' });
    expect((await rowOf(id)).heldAt).toBeNull();

    const refused = await t.send(`/api/admin/jobs/${id}/reject`, { reason: ' ' }, { headers: headers(admin) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.reason).toEqual(['Please give the reason']);
  });

  it("lists the jobs waiting for approval in the admins' queue, oldest first, with their startup and whether an admin holds them", async () => {
    const s = await insertStartup(t.db, `queue-${backend}`, 'DRAFT', { submittedAt: new Date() });
    const first = await insertJob(t.db, s.id, 'PENDING_COMPANY_APPROVAL', 'future', { publishedAt: new Date(Date.UTC(2020, 0, 1)), plan: 'boost' });
    const held = await insertJob(t.db, live.id, 'PENDING_COMPANY_APPROVAL', 'future', { heldAt: new Date(Date.UTC(2020, 0, 2)), publishedAt: new Date(Date.UTC(2019, 0, 1)) });
    const res = await t.get('/api/admin/reviews', headers(admin));
    expect(res.status).toBe(200);
    const queue = v.parse(ReviewQueueSchema, res.body);
    const mine = queue.jobs.filter((j) => j.id === first || j.id === held);
    expect(mine).toEqual([
      { id: first, title: 'A PENDING_COMPANY_APPROVAL job', status: 'PENDING_COMPANY_APPROVAL', plan: 'boost', company: { key: s.key, name: s.name, status: 'DRAFT' }, heldAt: null, publishedAt: '2020-01-01T00:00:00.000Z' },
      { id: held, title: 'A PENDING_COMPANY_APPROVAL job', status: 'PENDING_COMPANY_APPROVAL', plan: 'free', company: { key: live.key, name: live.name, status: 'ACTIVE' }, heldAt: '2020-01-02T00:00:00.000Z', publishedAt: '2019-01-01T00:00:00.000Z' },
    ]);
    expect(queue.jobs.every((j) => j.status === 'PENDING_COMPANY_APPROVAL')).toBe(true);
    expect((await t.get('/api/admin/reviews', headers(live.member))).status).toBe(403);
  });

  it('is called by the sdk client, which surfaces a refusal as an ApiError with the code', async () => {
    const api = createApi({
      baseUrl: 'http://localhost/api/',
      headers: headers(live.member),
      fetch: async (input, init) => {
        const req = new Request(input, init);
        return t.request(req.url, { method: req.method, headers: req.headers, body: req.body ? await req.text() : undefined });
      },
    });
    const id = await insertJob(t.db, live.id, 'DRAFT', 'none', { plan: 'boost' });
    expect(await api.jobAdmin.fire(live.key, id, 'publish')).toMatchObject({ id, status: 'PENDING_PAYMENT', allowedEvents: ['edit'] });
    const refused = await api.jobAdmin.fire(live.key, id, 'publish').catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(409);
    expect(isApiError(refused) && refused.code).toBe('E_ILLEGAL_TRANSITION');
    // Choosing the Free plan makes nothing due: publish now takes it live.
    expect((await api.jobAdmin.choosePlan(live.key, id, 'free')).manage).toMatchObject({ plan: 'free', paymentDue: false, allowedEvents: ['publish', 'edit'] });
    expect(await api.jobAdmin.fire(live.key, id, 'publish')).toMatchObject({ status: 'ACTIVE' });
  });
});
