/**
 * Applies the job status machine (sdk/src/job-status.ts) to a stored job. The machine decides; the
 * write is a conditional UPDATE on the status and expiry the decision read, so of two events racing
 * on one job only the first wins and the second is refused as it would be afterwards.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { allowedEvents, EXPIRING_STATUSES, jobTransition, type JobEvent } from '@nordlys/sdk/job-status';
import { isCompanyLive } from '@nordlys/sdk/visibility';
import type { JobStatus } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { companies, jobs } from '../db/schema';

export interface JobStatusRow {
  id: number;
  companyId: number;
  status: JobStatus;
  approvedAt: Date | null;
  expirationDate: Date | null;
}

export type JobEventOutcome =
  | { ok: true; job: JobStatusRow; companyApproved: boolean }
  | { ok: false; reason: string; job: JobStatusRow };

const columns = {
  id: jobs.id,
  companyId: jobs.companyId,
  status: jobs.status,
  approvedAt: jobs.approvedAt,
  expirationDate: jobs.expirationDate,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Fires `event` on job `jobId` at `now`: the job after the transition, or why it was refused; null
 * when there is no such job (or, with `companyId`, none of that company's).
 */
export async function applyJobEvent(
  db: Db,
  jobId: number,
  event: JobEvent,
  now = new Date(),
  scope: { companyId?: number } = {},
): Promise<JobEventOutcome | null> {
  const [row] = await db
    .select({ ...columns, companyStatus: companies.status })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), scope.companyId === undefined ? undefined : eq(jobs.companyId, scope.companyId)));
  if (!row) return null;
  const { companyStatus, ...job } = row;
  const companyApproved = isCompanyLive({ status: companyStatus });
  const change = jobTransition({ status: job.status, expirationDate: iso(job.expirationDate) }, event, { companyApproved, now });
  if (!change.ok) return { ok: false, reason: change.reason, job };

  // The guards read the status and the expiry; the row must still hold what they read. (Compared to
  // the millisecond: a JavaScript Date holds no more, a timestamptz may.)
  const [updated] = await db
    .update(jobs)
    .set({
      status: change.to,
      ...(change.approvedAt ? { approvedAt: new Date(change.approvedAt) } : {}),
      ...(change.expirationDate ? { expirationDate: new Date(change.expirationDate) } : {}),
      // A new expiration date (pay) or a job on its way to one (repost) gets its own expiry notice (job-expiry-notices.ts).
      ...(change.expirationDate || event === 'repost' ? { expiryNoticeSentAt: null } : {}),
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
    const [current] = await db.select(columns).from(jobs).where(eq(jobs.id, jobId));
    return { ok: false, reason: 'The job changed meanwhile; reload it and try again', job: current ?? job };
  }
  return { ok: true, job: updated, companyApproved };
}

/** The answer of the status route: the job's status and dates, and what the actor may fire next. */
export function jobStatusUpdate(job: JobStatusRow, context: { companyApproved: boolean; actor: 'member' | 'admin'; now?: Date }) {
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
 * EXPIRING_STATUSES, an expiry date at or before now) as SQL. job-status.test.ts checks that the two
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
