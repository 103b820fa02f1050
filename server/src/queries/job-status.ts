/**
 * Applies the job status machine (sdk/src/job-status.ts) to a stored job. The machine decides; the
 * write is a conditional UPDATE on the status and expiry the decision read, so of two events racing
 * on one job only the first wins and the second is refused as it would be afterwards. Each event runs
 * in one transaction (a savepoint inside the caller's): the status, the columns the event sets, and,
 * when the job goes live, its settled orders taking effect (queries/orders.ts).
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { allowedEvents, EXPIRING_STATUSES, jobTransition, type JobEvent } from '@nordlys/sdk/job-status';
import { jobMissing } from '@nordlys/sdk/schemas';
import { isCompanyLive } from '@nordlys/sdk/visibility';
import type { JobStatus } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { companies, jobs } from '../db/schema';
import { AppError, notFound } from '../errors';
import { applySettledOrders, paymentDue } from './orders';

export interface JobStatusRow {
  id: number;
  companyId: number;
  status: JobStatus;
  approvedAt: Date | null;
  expirationDate: Date | null;
}

/** What the guards knew: the startup's approval and whether the job's plan is still to be paid. */
interface JobEventFacts {
  job: JobStatusRow;
  companyApproved: boolean;
  paymentDue: boolean;
}

export type JobEventOutcome =
  | ({ ok: true; from: JobStatus } & JobEventFacts)
  /** `missing`: publish refused because the job lacks these fields (field → message, sdk jobMissing). */
  | ({ ok: false; reason: string; missing?: Record<string, string> } & JobEventFacts);

export interface JobEventOptions {
  /** Only a job of this startup: another startup's job is treated as no job (null). */
  companyId?: number;
  /** Columns written in the same conditional UPDATE (the edit form's fields, with `edit`). */
  set?: Partial<typeof jobs.$inferInsert>;
  /** reject: the reason, kept as the job's review note (shown on its edit page). */
  reason?: string;
}

const columns = {
  id: jobs.id,
  companyId: jobs.companyId,
  status: jobs.status,
  approvedAt: jobs.approvedAt,
  expirationDate: jobs.expirationDate,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const sameInstant = (a: Date | null | undefined, b: Date | null) => (a ?? null)?.getTime() === b?.getTime();

/** The columns each event writes besides the status and the dates the machine sets. */
function eventColumns(event: JobEvent, now: Date, published: Date | null, reason: string | undefined): Partial<typeof jobs.$inferInsert> {
  switch (event) {
    // Published the first time: the admin queue's order. A sent-back job published again is reviewed afresh.
    case 'publish':
      return { publishedAt: published ?? now, reviewNote: null };
    case 'approve':
      return { heldAt: null, reviewNote: null };
    case 'reject':
      return { heldAt: null, reviewNote: reason ?? null };
    case 'hold':
      return { heldAt: now };
    default:
      return {};
  }
}

/**
 * Fires `event` on job `jobId` at `now`: the job after the transition, or why it was refused; null
 * when there is no such job (or, with `companyId`, none of that startup's). `paymentDue` comes from
 * the job's orders; publish also needs a complete job (sdk jobMissing), whoever publishes it. Pass the
 * request's transaction as `db` to commit the event with the rest of the request.
 */
export async function applyJobEvent(
  db: Db,
  jobId: number,
  event: JobEvent,
  now = new Date(),
  options: JobEventOptions = {},
): Promise<JobEventOutcome | null> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .select({
        ...columns,
        plan: jobs.plan,
        description: jobs.description,
        categories: jobs.categories,
        isRemote: jobs.isRemote,
        locationId: jobs.locationId,
        publishedAt: jobs.publishedAt,
        companyStatus: companies.status,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.id, jobId), options.companyId === undefined ? undefined : eq(jobs.companyId, options.companyId)));
    if (!row) return null;
    const { companyStatus, plan, description, categories, isRemote, locationId, publishedAt, ...job } = row;
    const facts: JobEventFacts = { job, companyApproved: isCompanyLive({ status: companyStatus }), paymentDue: await paymentDue(tx, { id: job.id, plan }) };
    const change = jobTransition({ status: job.status, expirationDate: iso(job.expirationDate) }, event, { ...facts, now });
    if (!change.ok) return { ok: false, reason: change.reason, ...facts };
    if (event === 'publish') {
      // Only whether there is a location matters here, not which kind.
      const missing = jobMissing({ description, categories, location: isRemote || locationId !== null ? { kind: 'remote', countryCode: null } : null });
      if (Object.keys(missing).length) return { ok: false, reason: 'The job is not complete yet', missing, ...facts };
    }

    const expirationDate = change.expirationDate ? new Date(change.expirationDate) : options.set?.expirationDate;
    const newExpiry = expirationDate !== undefined && !sameInstant(expirationDate, job.expirationDate);
    // The guards read the status and the expiry; the row must still hold what they read. (Compared to
    // the millisecond: a JavaScript Date holds no more, a timestamptz may.)
    const [updated] = await tx
      .update(jobs)
      .set({
        ...options.set,
        ...eventColumns(event, now, publishedAt, options.reason),
        status: change.to,
        ...(change.approvedAt ? { approvedAt: new Date(change.approvedAt) } : {}),
        ...(expirationDate !== undefined ? { expirationDate } : {}),
        // A new expiration date (going live, an edit) or a job on its way to one (repost) gets its own expiry notice (job-expiry-notices.ts).
        ...(newExpiry || event === 'repost' ? { expiryNoticeSentAt: null } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(jobs.id, jobId),
          eq(jobs.status, change.from),
          sql`date_trunc('milliseconds', ${jobs.expirationDate}) is not distinct from ${iso(job.expirationDate)}::timestamptz`,
        ),
      )
      .returning(columns);
    if (!updated) {
      const [current] = await tx.select(columns).from(jobs).where(eq(jobs.id, jobId));
      return { ok: false, reason: 'The job changed meanwhile; reload it and try again', ...facts, job: current ?? job };
    }
    // Going live: what was bought for the job (a Boost's featured days) starts now.
    if (change.to === 'ACTIVE' && change.from !== 'ACTIVE') await applySettledOrders(tx, jobId, now);
    return { ok: true, from: change.from, ...facts, job: updated };
  });
}

/**
 * applyJobEvent for a route: the outcome of an event that happened, or the HTTP error of one that did
 * not: 404 no such job, 400 with field messages for publishing an incomplete job, 409 E_ILLEGAL_TRANSITION.
 */
export async function fireJobEvent(db: Db, jobId: number, event: JobEvent, now = new Date(), options: JobEventOptions = {}) {
  const outcome = await applyJobEvent(db, jobId, event, now, options);
  if (!outcome) throw notFound('Job');
  if (!outcome.ok) {
    if (outcome.missing) {
      const errors = Object.fromEntries(Object.entries(outcome.missing).map(([field, message]) => [field, [message]]));
      throw new AppError('E_VALIDATION', `Please complete the job before publishing it: ${Object.values(outcome.missing).join('; ')}`, errors);
    }
    throw new AppError('E_ILLEGAL_TRANSITION', outcome.reason);
  }
  return outcome;
}

/** The answer of the event routes: the job's status and dates, and what the actor may fire next. */
export function jobStatusUpdate(
  job: JobStatusRow,
  context: { companyApproved: boolean; paymentDue?: boolean; actor: 'member' | 'admin'; now?: Date },
) {
  return {
    id: job.id,
    status: job.status,
    approvedAt: iso(job.approvedAt),
    expirationDate: iso(job.expirationDate),
    allowedEvents: allowedEvents({ status: job.status, expirationDate: iso(job.expirationDate) }, context),
  };
}

/**
 * Fires `expire` on every job it applies to at `now`, in one UPDATE: the sdk's guard (a status of
 * EXPIRING_STATUSES, an expiry date at or before now) as SQL. queue/tasks.test.ts checks that the two
 * agree on every status and date. The scheduled task (queue/tasks.ts) runs it every minute. Returns the
 * ids it expired.
 */
export async function expireJobs(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(inArray(jobs.status, [...EXPIRING_STATUSES]), isNotNull(jobs.expirationDate), lte(jobs.expirationDate, now)))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}
