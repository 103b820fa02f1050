/**
 * Issue #14, "every mail goes through the queue": each route that mails puts the mail job into the
 * transaction of its row (the outbox), on both databases. For each one, a request that fails after its
 * mail was queued (as a crash before the commit would) leaves neither the change nor the mail; the same
 * request committed leaves both, and the queue delivers the mail.
 *
 * Covered elsewhere: the sign-up and provider verification mails (api/users.test.ts, "sign-up mail
 * through the queue"), the application mails (api/quick-apply.test.ts, "queues nothing when the
 * transaction rolls back"), the expiry notices (queue/expiry-notices.test.ts, "commits each batch with
 * its mails") and the digests (queue/digest-tasks.test.ts, "queues the mail in the transaction of the
 * sent-jobs rows").
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applications, companies, digests, jobs, orders, paymentEvents, profileInvitations, userTokens, users } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { asViewer, freshIp, useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';
import { startStripeTestServer } from '../testing/stripe-server';
import { QUEUES } from './queue';

const PUBLIC_URL = 'https://nordlys.example';
const ADMIN: Viewer = { userId: 1, isAdmin: true, companyIds: [], investorIds: [] };
const BILLING = { name: 'Outbox ApS', address: 'Nørregade 1', postalCode: '1165', city: 'Copenhagen', countryCode: 'DK', vatNumber: '' };

type Harness = ReturnType<typeof useTestApp<ReturnType<typeof createTestAuthParts>>>;

/** The helpers every case uses: arming the crash, the mail jobs queued to an address, headers for a viewer. */
function outboxHelpers(t: Harness) {
  return {
    /**
     * From now until restored, every mail the app queues goes into its transaction, and then the request
     * fails before it commits. Returns the spy (restore it to let the next request commit).
     */
    crashAfterQueueing() {
      const enqueue = t.queue.mail.enqueue.bind(t.queue.mail);
      // The 500 is logged as unexpected; keep it out of the output.
      vi.spyOn(console, 'error').mockImplementation(() => {});
      return vi.spyOn(t.queue.mail, 'enqueue').mockImplementation(async (tx, message) => {
        await enqueue(tx, message);
        throw new Error('the process died after queueing the mail, before the commit');
      });
    },
    /** Every mail job to `to`, in any state (created, retry, active, completed, failed). */
    queuedTo: (to: string) => t.queue.boss.findJobs(QUEUES.mail, { data: { to } }),
    as: (viewer: Viewer) => ({ headers: asViewer(viewer) as Record<string, string> }),
  };
}

describe.each(backends)('every mail through the outbox on %s', (backend) => {
  const resetTasks: (() => Promise<void>)[] = [];
  const parts = { ...createTestAuthParts(), runLater: (task: () => Promise<void>) => void resetTasks.push(task) };
  const t = useTestApp(backend, { auth: parts, config: { publicUrl: PUBLIC_URL, productName: 'Nordlys' }, queue: true });
  const { crashAfterQueueing, queuedTo, as } = outboxHelpers(t);
  let serial = 0;

  // Each case reads only the mail it caused.
  beforeEach(async () => {
    await t.runJobs();
    parts.mailer.sent.length = 0;
  });
  afterEach(() => vi.restoreAllMocks());

  it('password reset: the key and its mail, or neither', async () => {
    const email = `reset-${backend}@example.test`;
    const [user] = await t.db.insert(users).values({ email, firstName: 'Rita', lastName: 'Reset' }).returning({ id: users.id });
    const resetKeys = async () => (await t.db.select().from(userTokens).where(and(eq(userTokens.userId, user!.id), eq(userTokens.kind, 'reset')))).length;
    const forgot = async () => {
      expect((await t.send('/api/users/forgot-password', { email }, { headers: { 'X-Forwarded-For': freshIp() } })).status).toBe(204);
      // The work after the answer (api/users.ts): its failure is logged, never answered.
      for (const task of resetTasks.splice(0)) await task();
    };

    const crash = crashAfterQueueing();
    await forgot();
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await resetKeys()).toBe(0);
    expect(await queuedTo(email)).toEqual([]);

    crash.mockRestore();
    await forgot();
    expect(await resetKeys()).toBe(1);
    expect(await queuedTo(email)).toHaveLength(1);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(email)?.subject).toBe('Reset your Nordlys password');
  });

  it("review decision: an approved startup and its members' mails, or neither", async () => {
    const startup = await insertStartup(t.db, `review-${backend}`, 'DRAFT', { submittedAt: new Date() });
    const statusOf = async () => (await t.db.select({ status: companies.status }).from(companies).where(eq(companies.id, startup.id)))[0]!.status;
    const approve = () => t.send(`/api/admin/companies/${startup.key}/approve`, undefined, as(ADMIN));

    const crash = crashAfterQueueing();
    expect((await approve()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await statusOf()).toBe('DRAFT');
    expect(await queuedTo(startup.memberEmail)).toEqual([]);

    crash.mockRestore();
    expect((await approve()).status).toBe(200);
    expect(await statusOf()).toBe('ACTIVE');
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(startup.memberEmail)?.subject).toMatch(/is live/i);
  });

  it("a job sent back by an admin: the job back to DRAFT with the reason mailed, or neither", async () => {
    const startup = await insertStartup(t.db, `job-review-${backend}`, 'ACTIVE');
    const id = await insertJob(t.db, startup.id, 'PENDING_COMPANY_APPROVAL', 'future', { title: 'Outbox engineer' });
    const rowOf = async () => (await t.db.select({ status: jobs.status, reviewNote: jobs.reviewNote }).from(jobs).where(eq(jobs.id, id)))[0]!;
    const reject = () => t.send(`/api/admin/jobs/${id}/reject`, { reason: 'Please name the city.' }, as(ADMIN));

    const crash = crashAfterQueueing();
    expect((await reject()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await rowOf()).toEqual({ status: 'PENDING_COMPANY_APPROVAL', reviewNote: null });
    expect(await queuedTo(startup.memberEmail)).toEqual([]);

    crash.mockRestore();
    expect((await reject()).status).toBe(200);
    expect(await rowOf()).toEqual({ status: 'DRAFT', reviewNote: 'Please name the city.' });
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(startup.memberEmail)?.text).toContain('Please name the city.');
  });

  it("a job's applications mailed again: queued with the request or not at all", async () => {
    const startup = await insertStartup(t.db, `resend-${backend}`, 'ACTIVE');
    const id = await insertJob(t.db, startup.id, 'ACTIVE', 'future');
    const resend = () => t.send(`/api/companies/${startup.key}/jobs/${id}/resend-applicants`, undefined, as(startup.member));

    const crash = crashAfterQueueing();
    expect((await resend()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await queuedTo(startup.memberEmail)).toEqual([]);

    crash.mockRestore();
    expect((await resend()).status).toBe(200);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(startup.memberEmail)).toBeDefined();
  });

  it('an invoice order: the order, the job put live and the invoice mail, or none of them', async () => {
    const startup = await insertStartup(t.db, `invoice-${backend}`, 'ACTIVE', { addresses: [{ countryCode: 'DK', address: 'Street 1' }], countryCodes: ['DK'] });
    const id = await insertJob(t.db, startup.id, 'DRAFT', 'none');
    const billingEmail = `billing-${backend}-${++serial}@example.test`;
    const order = () => t.send(`/api/companies/${startup.key}/jobs/${id}/orders`, { plan: 'boost', billing: { ...BILLING, email: billingEmail } }, as(startup.member));
    const ordersOf = () => t.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.jobId, id));
    const statusOf = async () => (await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status;

    const crash = crashAfterQueueing();
    expect((await order()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await ordersOf()).toEqual([]);
    expect(await statusOf()).toBe('DRAFT');
    expect(await queuedTo(billingEmail)).toEqual([]);

    crash.mockRestore();
    const placed = await order();
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await statusOf()).toBe('ACTIVE');
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(billingEmail)?.subject).toContain(placed.body.order.invoiceNumber);

    // The receipt when an admin marks it paid: the order paid and its receipt, or neither.
    const orderId = (await ordersOf())[0]!.id;
    const markPaid = () => t.send(`/api/admin/orders/${orderId}/paid`, undefined, as(ADMIN));
    const again = crashAfterQueueing();
    expect((await markPaid()).status).toBe(500);
    expect(again).toHaveBeenCalledTimes(1);
    expect(await ordersOf()).toEqual([{ id: orderId, status: 'awaiting_payment' }]);
    expect((await queuedTo(billingEmail)).filter((job) => /^Receipt/.test((job.data as { subject: string }).subject))).toEqual([]);

    again.mockRestore();
    expect((await markPaid()).status).toBe(200);
    expect(await ordersOf()).toEqual([{ id: orderId, status: 'paid' }]);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(billingEmail)?.subject).toMatch(/^Receipt /);
  });

  it('a team invitation: the invitation and its mail, or neither (the earlier link keeps working)', async () => {
    const startup = await insertStartup(t.db, `invite-${backend}`, 'ACTIVE');
    const invitee = `invitee-${backend}@example.test`;
    const invite = () => t.send(`/api/companies/${startup.key}/members`, { email: invitee }, as(startup.member));
    const invitations = () => t.db.select({ id: profileInvitations.id }).from(profileInvitations).where(eq(profileInvitations.email, invitee));

    const crash = crashAfterQueueing();
    expect((await invite()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await invitations()).toEqual([]);
    expect(await queuedTo(invitee)).toEqual([]);

    crash.mockRestore();
    expect((await invite()).status).toBe(201);
    expect(await invitations()).toHaveLength(1);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(invitee)).toBeDefined();
  });

  it("a candidate rejected with the kind mail: the move and the mail, or neither", async () => {
    const startup = await insertStartup(t.db, `reject-${backend}`, 'ACTIVE');
    const jobId = await insertJob(t.db, startup.id, 'ACTIVE', 'future', { title: 'Outbox tester' });
    const candidate = `candidate-${backend}@example.test`;
    const [user] = await t.db.insert(users).values({ email: candidate, firstName: 'Cato', lastName: 'Candidate' }).returning({ id: users.id });
    const [application] = await t.db.insert(applications).values({ jobId, userId: user!.id, stage: 'applied' }).returning({ id: applications.id });
    const reject = () => t.send(`/api/companies/${startup.key}/applicants/${application!.id}`, { stage: 'rejected', sendRejectionMail: true }, { method: 'PATCH', ...as(startup.member) });
    const stageOf = async () => (await t.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, application!.id)))[0]!.stage;

    const crash = crashAfterQueueing();
    expect((await reject()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await stageOf()).toBe('applied');
    expect(await queuedTo(candidate)).toEqual([]);

    crash.mockRestore();
    const res = await reject();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stageOf()).toBe('rejected');
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(candidate)?.text).toContain('Outbox tester');
  });

  it("a visitor's job alert: the pending subscription and its confirmation mail, or neither", async () => {
    const email = `alert-${backend}@example.test`;
    const subscribe = () => t.send('/api/digest', { email, locations: [{ countryCode: 'DK' }], includeRemoteJobs: true }, { headers: { 'X-Forwarded-For': freshIp() } });
    const rows = () => t.db.select({ id: digests.id, confirmedAt: digests.confirmedAt }).from(digests).where(eq(digests.email, email));

    const crash = crashAfterQueueing();
    expect((await subscribe()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect(await rows()).toEqual([]);
    expect(await queuedTo(email)).toEqual([]);

    crash.mockRestore();
    expect((await subscribe()).status).toBe(202);
    expect(await rows()).toMatchObject([{ confirmedAt: null }]);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(email)).toBeDefined();
  });
});

const stripeServer = await startStripeTestServer();
afterAll(() => stripeServer.close());

describe.each(backends)("Stripe's receipt through the outbox on %s", (backend) => {
  const parts = createTestAuthParts();
  const t = useTestApp(backend, {
    auth: parts,
    queue: true,
    config: { productName: 'Nordlys', stripe: { secretKey: stripeServer.secretKey, webhookSecret: stripeServer.webhookSecret, apiBase: stripeServer.url } },
  });
  const { crashAfterQueueing, queuedTo, as } = outboxHelpers(t);
  let startup: Awaited<ReturnType<typeof insertStartup>>;

  beforeAll(async () => {
    startup = await insertStartup(t.db, `stripe-outbox-${backend}`, 'ACTIVE', { addresses: [{ countryCode: 'DK', address: 'Street 1' }], countryCodes: ['DK'] });
  });
  afterEach(() => vi.restoreAllMocks());

  it('a paid webhook: the order paid, the event recorded and the receipt, or none, so Stripe\'s retry settles it once', async () => {
    const jobId = await insertJob(t.db, startup.id, 'DRAFT', 'none');
    const checkout = await t.request(`/api/jobs/${jobId}/checkout?plan=boost&cancel_url=${encodeURIComponent(`/client/startups/${startup.key}/jobs/${jobId}/monetise`)}`, { headers: as(startup.member).headers });
    expect(checkout.status).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.jobId, jobId));
    const signed = stripeServer.complete(order!.providerRef!);
    const webhook = () => t.request('/api/payments/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed.signature }, body: signed.payload });
    const events = () => t.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, signed.event.id)));

    const crash = crashAfterQueueing();
    expect((await webhook()).status).toBe(500);
    expect(crash).toHaveBeenCalledTimes(1);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order!.id)))[0]!.status).toBe('open');
    expect(await events()).toEqual([]);
    expect(await queuedTo(startup.memberEmail)).toEqual([]);

    // Stripe retries a 5xx: now it commits, once.
    crash.mockRestore();
    const ok = await webhook();
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await events()).toHaveLength(1);
    expect(await t.runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(parts.mailer.lastTo(startup.memberEmail)?.subject).toBe(`Receipt ${order!.invoiceNumber}: payment received by Nordlys`);
  });
});
