/**
 * The job status machine (spec 4): which event moves a job from which status to which, under which
 * guard, and who may fire it. Pure: the server applies it (server/src/queries/job-status.ts, a
 * conditional UPDATE) and refuses anything else with 409 E_ILLEGAL_TRANSITION; the UI offers only
 * allowedEvents().
 *
 * ```text
 *   from                             event    guard                           to
 *   DRAFT                            publish  startup not approved            PENDING_COMPANY_APPROVAL
 *   DRAFT                            publish  approved, payment due           PENDING_PAYMENT
 *   DRAFT, PENDING_PAYMENT           publish  approved, nothing due           ACTIVE *
 *   PENDING_COMPANY_APPROVAL         approve  startup approved, payment due   PENDING_PAYMENT
 *   PENDING_COMPANY_APPROVAL         approve  startup approved, nothing due   ACTIVE *
 *   PENDING_COMPANY_APPROVAL         reject                                   DRAFT
 *   ACTIVE, STOPPED, PENDING_PAYMENT hold                                     PENDING_COMPANY_APPROVAL
 *   PENDING_PAYMENT                  pay                                      ACTIVE *
 *   ACTIVE                           pause                                    STOPPED
 *   STOPPED                          resume   not past its expiry             ACTIVE
 *   ACTIVE, STOPPED                  expire   past its expiry                 EXPIRED
 *   EXPIRED                          repost   (expiry := now + 60 days)       DRAFT
 *   any but EXPIRED                  edit                                     the same
 *
 *   * going ACTIVE stamps approvedAt, and an expiration date already past (or none) becomes
 *     now + JOB_LISTING_DAYS.
 * ```
 *
 * "Payment due" means the job's plan is a paid one and no order for it is settled: paid through
 * Stripe, or invoiced (the invoice default puts the job live at once; its order waits for an admin
 * to mark it paid). The server works it out from the orders (queries/orders.ts).
 *
 * Who fires what: a startup's members publish, pause, resume, repost and edit. approve, reject, hold,
 * pay and expire are the system's: admins reviewing jobs (the admin queue), the admin approving the
 * startup (its waiting jobs are approved with it), the payment provider, the expiry task. Admins may
 * fire every event.
 */
import type { JobStatus } from './constants';

export const JOB_EVENTS = ['publish', 'approve', 'reject', 'hold', 'pay', 'pause', 'resume', 'expire', 'repost', 'edit'] as const;
export type JobEvent = (typeof JOB_EVENTS)[number];

/** The events a member fires through POST /companies/{key}/jobs/{id}/{event} (issue #12). */
export const MEMBER_JOB_EVENTS = ['publish', 'pause', 'resume', 'repost'] as const satisfies readonly JobEvent[];
export type MemberJobEvent = (typeof MEMBER_JOB_EVENTS)[number];

/** How long a posting runs by default, in days: the job form's default expiry, and the expiry a job gets going live without a future one. */
export const JOB_LISTING_DAYS = 60;

/**
 * How many days before its expiration date the members of a startup are mailed that an ACTIVE job
 * expires soon (the server's job-expiry-notices task): time to repost or extend it.
 */
export const EXPIRY_NOTICE_DAYS = 3;

/** Who fires an event: a startup's member, or the system (admins stand in for it). */
export type JobEventActor = 'member' | 'system';

export const JOB_EVENT_ACTORS: Readonly<Record<JobEvent, JobEventActor>> = {
  publish: 'member',
  approve: 'system',
  reject: 'system',
  hold: 'system',
  pay: 'system',
  pause: 'member',
  resume: 'member',
  expire: 'system',
  repost: 'member',
  edit: 'member',
};

/** The job fields the guards read. */
export interface JobStatusFacts {
  status: JobStatus;
  /** ISO date, or null for a job that never expires. */
  expirationDate: string | null;
}

export interface JobStatusContext {
  /** Whether the job's startup is approved (its status is ACTIVE). */
  companyApproved: boolean;
  /** Whether the job's plan is a paid one with no settled order (see above); false when left out. */
  paymentDue?: boolean;
  now?: Date;
}

/** What a transition writes: the new status, and the dates it sets (ISO). */
export interface JobStatusChange {
  from: JobStatus;
  to: JobStatus;
  approvedAt?: string;
  expirationDate?: string;
}

export type JobTransition = ({ ok: true } & JobStatusChange) | { ok: false; reason: string };

const DAY_MS = 86_400_000;

/** The statuses the `expire` event takes a job from (the server's bulk expiry reads them too). */
export const EXPIRING_STATUSES = ['ACTIVE', 'STOPPED'] as const satisfies readonly JobStatus[];

const pastExpiry = (job: JobStatusFacts, now: Date) =>
  job.expirationDate !== null && Date.parse(job.expirationDate) <= now.getTime();

const STATUS_LABELS: Record<JobStatus, string> = {
  DRAFT: 'a draft',
  PENDING_COMPANY_APPROVAL: 'waiting for the startup to be approved',
  PENDING_PAYMENT: 'waiting for payment',
  ACTIVE: 'active',
  STOPPED: 'paused',
  EXPIRED: 'expired',
};

/** Going live: approvedAt now, and a fresh expiry unless the job's own is still ahead. */
const goLive = (job: JobStatusFacts, now: Date): JobStatusChange => ({
  from: job.status,
  to: 'ACTIVE',
  approvedAt: now.toISOString(),
  ...(job.expirationDate && !pastExpiry(job, now) ? {} : { expirationDate: new Date(now.getTime() + JOB_LISTING_DAYS * DAY_MS).toISOString() }),
});

type Ctx = Required<JobStatusContext>;

/** Each event's rule: the new status, or a reason it cannot happen now. */
const RULES: Record<JobEvent, (job: JobStatusFacts, ctx: Ctx) => JobStatusChange | string> = {
  publish: (job, { companyApproved, paymentDue, now }) =>
    job.status !== 'DRAFT' && job.status !== 'PENDING_PAYMENT'
      ? 'Only a draft, or a job waiting for payment, can be published'
      : !companyApproved
        ? job.status === 'DRAFT'
          ? { from: job.status, to: 'PENDING_COMPANY_APPROVAL' }
          : 'The startup is not approved yet'
        : paymentDue
          ? job.status === 'DRAFT'
            ? { from: job.status, to: 'PENDING_PAYMENT' }
            : 'The plan is not paid yet; pay for it or choose the Free plan'
          : goLive(job, now),
  approve: (job, { companyApproved, paymentDue, now }) =>
    job.status !== 'PENDING_COMPANY_APPROVAL'
      ? 'Only a job waiting for approval can be approved'
      : !companyApproved
        ? 'The startup is not approved yet; approve the startup first'
        : paymentDue
          ? { from: job.status, to: 'PENDING_PAYMENT' }
          : goLive(job, now),
  reject: (job) =>
    job.status !== 'PENDING_COMPANY_APPROVAL' ? 'Only a job waiting for approval can be sent back' : { from: job.status, to: 'DRAFT' },
  hold: (job) =>
    job.status !== 'ACTIVE' && job.status !== 'STOPPED' && job.status !== 'PENDING_PAYMENT'
      ? 'Only a live, paused or unpaid job can be held for review'
      : { from: job.status, to: 'PENDING_COMPANY_APPROVAL' },
  pay: (job, { now }) => (job.status !== 'PENDING_PAYMENT' ? 'Only a job waiting for payment can be paid' : goLive(job, now)),
  pause: (job) => (job.status !== 'ACTIVE' ? 'Only an active job can be paused' : { from: job.status, to: 'STOPPED' }),
  resume: (job, { now }) =>
    job.status !== 'STOPPED'
      ? 'Only a paused job can be resumed'
      : pastExpiry(job, now)
        ? 'The job has passed its expiry date; repost it instead'
        : { from: job.status, to: 'ACTIVE' },
  expire: (job, { now }) =>
    !(EXPIRING_STATUSES as readonly JobStatus[]).includes(job.status)
      ? 'Only an active or paused job can expire'
      : !pastExpiry(job, now)
        ? 'The job has not reached its expiry date'
        : { from: job.status, to: 'EXPIRED' },
  repost: (job, { now }) =>
    job.status !== 'EXPIRED'
      ? 'Only an expired job can be reposted'
      : { from: job.status, to: 'DRAFT', expirationDate: new Date(now.getTime() + JOB_LISTING_DAYS * DAY_MS).toISOString() },
  edit: (job) => (job.status === 'EXPIRED' ? 'An expired job is reposted before it is edited' : { from: job.status, to: job.status }),
};

/**
 * The outcome of an event on a job: the change to write, or why it is refused.
 * @example jobTransition({ status: 'ACTIVE', expirationDate: null }, 'pause', { companyApproved: true }) // { ok: true, from: 'ACTIVE', to: 'STOPPED' }
 */
export function jobTransition(job: JobStatusFacts, event: JobEvent, { companyApproved, paymentDue = false, now = new Date() }: JobStatusContext): JobTransition {
  const rule = Object.hasOwn(RULES, event) ? RULES[event] : undefined;
  if (!rule) return { ok: false, reason: `Unknown job event '${String(event)}'` };
  const outcome = rule(job, { companyApproved, paymentDue, now });
  return typeof outcome === 'string' ? { ok: false, reason: `${outcome} (the job is ${STATUS_LABELS[job.status]})` } : { ok: true, ...outcome };
}

/** Whether an actor may fire an event at all (whatever the job's status): members fire theirs, admins any. */
export function mayFireJobEvent(event: JobEvent, actor: 'member' | 'admin'): boolean {
  return actor === 'admin' || JOB_EVENT_ACTORS[event] === 'member';
}

/**
 * The events a job takes now, in JOB_EVENTS order: what the UI offers. With `actor`, only the
 * events that actor may fire.
 */
export function allowedEvents(job: JobStatusFacts, context: JobStatusContext & { actor?: 'member' | 'admin' }): JobEvent[] {
  return JOB_EVENTS.filter(
    (event) => (!context.actor || mayFireJobEvent(event, context.actor)) && jobTransition(job, event, context).ok,
  );
}

/** How a status looks in tables and on the job dashboard: its label, its colour (a tone of the design tokens) and what happens next. */
export const JOB_STATUS_DISPLAY: Readonly<Record<JobStatus, { label: string; tone: 'success' | 'info' | 'warning' | 'neutral' | 'muted'; next: string }>> = {
  DRAFT: { label: 'Draft', tone: 'neutral', next: 'Only your team sees it. Publish it when it is ready.' },
  PENDING_COMPANY_APPROVAL: {
    label: 'In review',
    tone: 'info',
    next: 'Our team reviews it (and your startup, if it is new), usually within one working day. It goes live when approved.',
  },
  PENDING_PAYMENT: { label: 'Awaiting payment', tone: 'warning', next: 'It goes live as soon as the payment for its plan is through.' },
  ACTIVE: { label: 'Live', tone: 'success', next: 'Talent can find it and apply until it expires.' },
  STOPPED: { label: 'Paused', tone: 'muted', next: 'Hidden from talent until you resume it.' },
  EXPIRED: { label: 'Expired', tone: 'muted', next: 'Gone from every list. Repost it to run it again.' },
};
