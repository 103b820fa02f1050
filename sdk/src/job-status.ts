/**
 * The job status machine (spec 4): which event moves a job from which status to which, under which
 * guard, and who may fire it. Pure: the server applies it (server/src/queries/job-status.ts, a
 * conditional UPDATE) and refuses anything else with 409 E_ILLEGAL_TRANSITION; the UI offers only
 * allowedEvents(). Job posting with payments builds on it.
 *
 * ```text
 *                 submit [company not approved]
 *   ┌───────┐ ──────────────────────────────────► ┌──────────────────────────┐
 *   │ DRAFT │                                     │ PENDING_COMPANY_APPROVAL │
 *   └───────┘ ──┐                                 └──────────────────────────┘
 *               │ submit [company approved]          │ approveCompany [company approved]
 *               ▼                                    ▼
 *          ┌─────────────────┐ ◄─────────────────────┘
 *          │ PENDING_PAYMENT │ ◄────────────────────────────────────┐
 *          └─────────────────┘                                      │
 *               │ pay  (approvedAt := now,                          │ repost
 *               │       expirationDate := now + JOB_LISTING_DAYS)   │
 *               ▼                                                   │
 *          ┌────────┐  pause                     ┌─────────┐        │
 *          │ ACTIVE │ ─────────────────────────► │ STOPPED │        │
 *          │        │ ◄───────────────────────── │         │        │
 *          └────────┘  resume [not past expiry]  └─────────┘        │
 *               │ expire [past expiry]                │ expire      │
 *               ▼                                     │ [past expiry]
 *          ┌─────────┐ ◄──────────────────────────────┘             │
 *          │ EXPIRED │ ─────────────────────────────────────────────┘
 *          └─────────┘
 *
 *   edit: any status but EXPIRED, the status stays (an expired job is reposted first).
 * ```
 *
 * Who fires what: a startup's members submit, pause, resume, repost and edit. approveCompany, pay
 * and expire are the system's (the admin approving the startup, the payment provider or an admin
 * marking an invoice paid, the expiry job); admins may fire every event.
 */
import type { JobStatus } from './constants';

export const JOB_EVENTS = ['submit', 'approveCompany', 'pay', 'pause', 'resume', 'expire', 'repost', 'edit'] as const;
export type JobEvent = (typeof JOB_EVENTS)[number];

/** How long a paid posting runs, in days, from the payment (pay sets the expiry): the job form's default expiry, 60 days. */
export const JOB_LISTING_DAYS = 60;

/**
 * How many days before its expiration date the members of a startup are mailed that an ACTIVE job
 * expires soon (the server's job-expiry-notices task): time to repost or extend it.
 */
export const EXPIRY_NOTICE_DAYS = 3;

/** Who fires an event: a startup's member, or the system (admins stand in for it). */
export type JobEventActor = 'member' | 'system';

export const JOB_EVENT_ACTORS: Readonly<Record<JobEvent, JobEventActor>> = {
  submit: 'member',
  approveCompany: 'system',
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

/** Each event's rule: the new status, or a reason it cannot happen now. */
const RULES: Record<JobEvent, (job: JobStatusFacts, ctx: Required<JobStatusContext>) => JobStatusChange | string> = {
  submit: (job, { companyApproved }) =>
    job.status !== 'DRAFT'
      ? 'Only a draft can be submitted'
      : { from: job.status, to: companyApproved ? 'PENDING_PAYMENT' : 'PENDING_COMPANY_APPROVAL' },
  approveCompany: (job, { companyApproved }) =>
    job.status !== 'PENDING_COMPANY_APPROVAL'
      ? 'Only a job waiting for its startup can move on when the startup is approved'
      : !companyApproved
        ? 'The startup is not approved yet'
        : { from: job.status, to: 'PENDING_PAYMENT' },
  pay: (job, { now }) =>
    job.status !== 'PENDING_PAYMENT'
      ? 'Only a job waiting for payment can be paid'
      : {
          from: job.status,
          to: 'ACTIVE',
          approvedAt: now.toISOString(),
          expirationDate: new Date(now.getTime() + JOB_LISTING_DAYS * DAY_MS).toISOString(),
        },
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
  repost: (job) => (job.status !== 'EXPIRED' ? 'Only an expired job can be reposted' : { from: job.status, to: 'PENDING_PAYMENT' }),
  edit: (job) => (job.status === 'EXPIRED' ? 'An expired job is reposted before it is edited' : { from: job.status, to: job.status }),
};

/**
 * The outcome of an event on a job: the change to write, or why it is refused.
 * @example jobTransition({ status: 'ACTIVE', expirationDate: null }, 'pause', { companyApproved: true }) // { ok: true, from: 'ACTIVE', to: 'STOPPED' }
 */
export function jobTransition(job: JobStatusFacts, event: JobEvent, { companyApproved, now = new Date() }: JobStatusContext): JobTransition {
  const rule = RULES[event];
  if (!rule) return { ok: false, reason: `Unknown job event '${String(event)}'` };
  const outcome = rule(job, { companyApproved, now });
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
