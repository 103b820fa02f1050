import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from './constants';
import { allowedEvents, JOB_EVENTS, JOB_LISTING_DAYS, jobTransition, mayFireJobEvent, type JobEvent } from './job-status';

const now = new Date('2026-11-22T12:00:00Z');
const future = '2026-12-01T00:00:00.000Z';
const past = '2026-11-01T00:00:00.000Z';

/** Every legal transition of the table: status, event, guard inputs, the status it leads to. */
const LEGAL: { from: JobStatus; event: JobEvent; companyApproved: boolean; paymentDue?: boolean; expirationDate: string | null; to: JobStatus }[] = [
  { from: 'DRAFT', event: 'publish', companyApproved: false, expirationDate: future, to: 'PENDING_COMPANY_APPROVAL' },
  { from: 'DRAFT', event: 'publish', companyApproved: false, paymentDue: true, expirationDate: future, to: 'PENDING_COMPANY_APPROVAL' },
  { from: 'DRAFT', event: 'publish', companyApproved: true, paymentDue: true, expirationDate: future, to: 'PENDING_PAYMENT' },
  { from: 'DRAFT', event: 'publish', companyApproved: true, expirationDate: future, to: 'ACTIVE' },
  { from: 'PENDING_PAYMENT', event: 'publish', companyApproved: true, expirationDate: future, to: 'ACTIVE' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'approve', companyApproved: true, paymentDue: true, expirationDate: future, to: 'PENDING_PAYMENT' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'approve', companyApproved: true, expirationDate: future, to: 'ACTIVE' },
  { from: 'PENDING_COMPANY_APPROVAL', event: 'reject', companyApproved: false, expirationDate: future, to: 'DRAFT' },
  { from: 'ACTIVE', event: 'hold', companyApproved: true, expirationDate: future, to: 'PENDING_COMPANY_APPROVAL' },
  { from: 'STOPPED', event: 'hold', companyApproved: true, expirationDate: future, to: 'PENDING_COMPANY_APPROVAL' },
  { from: 'PENDING_PAYMENT', event: 'hold', companyApproved: true, expirationDate: future, to: 'PENDING_COMPANY_APPROVAL' },
  { from: 'PENDING_PAYMENT', event: 'pay', companyApproved: true, expirationDate: null, to: 'ACTIVE' },
  { from: 'ACTIVE', event: 'pause', companyApproved: true, expirationDate: future, to: 'STOPPED' },
  { from: 'STOPPED', event: 'resume', companyApproved: true, expirationDate: future, to: 'ACTIVE' },
  { from: 'STOPPED', event: 'resume', companyApproved: true, expirationDate: null, to: 'ACTIVE' },
  { from: 'ACTIVE', event: 'expire', companyApproved: true, expirationDate: past, to: 'EXPIRED' },
  { from: 'STOPPED', event: 'expire', companyApproved: true, expirationDate: past, to: 'EXPIRED' },
  { from: 'EXPIRED', event: 'repost', companyApproved: true, expirationDate: past, to: 'DRAFT' },
  ...(['DRAFT', 'PENDING_COMPANY_APPROVAL', 'PENDING_PAYMENT', 'ACTIVE', 'STOPPED'] as const).map((s) => ({
    from: s,
    event: 'edit' as const,
    companyApproved: true,
    expirationDate: future,
    to: s,
  })),
];

describe('job status machine (spec 4)', () => {
  it.each(LEGAL)('$from --$event--> $to (company approved: $companyApproved, expires $expirationDate)', (t) => {
    const result = jobTransition({ status: t.from, expirationDate: t.expirationDate }, t.event, { companyApproved: t.companyApproved, paymentDue: t.paymentDue, now });
    expect(result).toMatchObject({ ok: true, from: t.from, to: t.to });
  });

  it('going live stamps approvedAt, keeps a future expiry and replaces a past one', () => {
    expect(jobTransition({ status: 'DRAFT', expirationDate: future }, 'publish', { companyApproved: true, now })).toEqual({
      ok: true,
      from: 'DRAFT',
      to: 'ACTIVE',
      approvedAt: now.toISOString(),
    });
    expect(jobTransition({ status: 'PENDING_COMPANY_APPROVAL', expirationDate: past }, 'approve', { companyApproved: true, now })).toMatchObject({
      to: 'ACTIVE',
      expirationDate: new Date(now.getTime() + JOB_LISTING_DAYS * 86_400_000).toISOString(),
    });
  });

  it('repost takes an expired job back to DRAFT with a new expiration date', () => {
    expect(jobTransition({ status: 'EXPIRED', expirationDate: past }, 'repost', { companyApproved: true, now })).toEqual({
      ok: true,
      from: 'EXPIRED',
      to: 'DRAFT',
      expirationDate: new Date(now.getTime() + JOB_LISTING_DAYS * 86_400_000).toISOString(),
    });
  });

  it('pay stamps the approval and a fresh expiry', () => {
    expect(jobTransition({ status: 'PENDING_PAYMENT', expirationDate: past }, 'pay', { companyApproved: true, now })).toEqual({
      ok: true,
      from: 'PENDING_PAYMENT',
      to: 'ACTIVE',
      approvedAt: now.toISOString(),
      expirationDate: new Date(now.getTime() + JOB_LISTING_DAYS * 86_400_000).toISOString(),
    });
  });

  it.each([
    { from: 'ACTIVE', event: 'publish', expirationDate: future },
    { from: 'EXPIRED', event: 'publish', expirationDate: past },
    { from: 'DRAFT', event: 'approve', expirationDate: future },
    { from: 'ACTIVE', event: 'reject', expirationDate: future },
    { from: 'DRAFT', event: 'hold', expirationDate: future },
    { from: 'EXPIRED', event: 'hold', expirationDate: past },
    { from: 'DRAFT', event: 'pay', expirationDate: null },
    { from: 'PENDING_COMPANY_APPROVAL', event: 'pay', expirationDate: null },
    { from: 'ACTIVE', event: 'pay', expirationDate: future },
    { from: 'DRAFT', event: 'pause', expirationDate: null },
    { from: 'STOPPED', event: 'pause', expirationDate: future },
    { from: 'ACTIVE', event: 'resume', expirationDate: future },
    { from: 'EXPIRED', event: 'resume', expirationDate: past },
    { from: 'DRAFT', event: 'expire', expirationDate: past },
    { from: 'EXPIRED', event: 'expire', expirationDate: past },
    { from: 'ACTIVE', event: 'repost', expirationDate: future },
    { from: 'STOPPED', event: 'repost', expirationDate: past },
    { from: 'EXPIRED', event: 'edit', expirationDate: past },
    { from: 'ACTIVE', event: 'approve', expirationDate: future },
  ] as const)('refuses $event on $from', ({ from, event, expirationDate }) => {
    const result = jobTransition({ status: from, expirationDate }, event, { companyApproved: true, now });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/\(the job is .+\)$/);
  });

  it('guards: no resume past expiry, no expiry before it, no moving on before the startup is approved', () => {
    expect(jobTransition({ status: 'STOPPED', expirationDate: past }, 'resume', { companyApproved: true, now })).toMatchObject({ ok: false, reason: /repost/ });
    expect(jobTransition({ status: 'STOPPED', expirationDate: now.toISOString() }, 'resume', { companyApproved: true, now }).ok).toBe(false);
    expect(jobTransition({ status: 'ACTIVE', expirationDate: future }, 'expire', { companyApproved: true, now }).ok).toBe(false);
    expect(jobTransition({ status: 'ACTIVE', expirationDate: null }, 'expire', { companyApproved: true, now }).ok).toBe(false);
    expect(jobTransition({ status: 'PENDING_COMPANY_APPROVAL', expirationDate: null }, 'approve', { companyApproved: false, now })).toMatchObject({
      ok: false,
      reason: /not approved/,
    });
    expect(jobTransition({ status: 'PENDING_PAYMENT', expirationDate: future }, 'publish', { companyApproved: true, paymentDue: true, now })).toMatchObject({
      ok: false,
      reason: /not paid/,
    });
  });

  it('refuses an event it does not know instead of throwing', () => {
    expect(jobTransition({ status: 'ACTIVE', expirationDate: null }, 'delete' as JobEvent, { companyApproved: true, now }).ok).toBe(false);
  });

  it('offers exactly the events that succeed, and a member only the members\' ones', () => {
    for (const status of JOB_STATUSES) {
      for (const expirationDate of [null, past, future]) {
        for (const [companyApproved, paymentDue] of [[true, false], [true, true], [false, false], [false, true]] as const) {
          const ctx = { companyApproved, paymentDue, now };
          const job = { status, expirationDate };
          const legal = JOB_EVENTS.filter((e) => jobTransition(job, e, ctx).ok);
          expect(allowedEvents(job, ctx)).toEqual(legal);
          expect(allowedEvents(job, { ...ctx, actor: 'admin' })).toEqual(legal);
          expect(allowedEvents(job, { ...ctx, actor: 'member' })).toEqual(legal.filter((e) => mayFireJobEvent(e, 'member')));
        }
      }
    }
    expect(allowedEvents({ status: 'ACTIVE', expirationDate: future }, { companyApproved: true, now, actor: 'member' })).toEqual(['pause', 'edit']);
    expect(allowedEvents({ status: 'PENDING_PAYMENT', expirationDate: null }, { companyApproved: true, paymentDue: true, now, actor: 'member' })).toEqual(['edit']);
    expect(allowedEvents({ status: 'PENDING_PAYMENT', expirationDate: null }, { companyApproved: true, paymentDue: true, now, actor: 'admin' })).toEqual([
      'hold',
      'pay',
      'edit',
    ]);
  });

  it('keeps payment, startup approval and expiry to the system (admins)', () => {
    expect(JOB_EVENTS.filter((e) => !mayFireJobEvent(e, 'member'))).toEqual(['approve', 'reject', 'hold', 'pay', 'expire']);
    expect(JOB_EVENTS.every((e) => mayFireJobEvent(e, 'admin'))).toBe(true);
  });
});
