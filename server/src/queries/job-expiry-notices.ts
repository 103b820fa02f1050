/**
 * The jobs whose members are told they expire soon (issue #12, "Members get a mail three days
 * before"): open at a live startup (the sdk's isJobPublic, as its SQL twin), expiring after now and at
 * most EXPIRY_NOTICE_DAYS from now, and not told yet. `expiry_notice_sent_at` is null until the notice
 * goes, and applyJobEvent (job-status.ts) sets it back to null whenever the expiration date changes,
 * so a new date gets its own notice.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { EXPIRY_NOTICE_DAYS } from '@nordlys/sdk/job-status';
import type { Db } from '../db/client';
import { companies, jobs } from '../db/schema';
import { jobIsPublic } from './visibility';

const DAY_MS = 86_400_000;

export interface ExpiryNoticeJob {
  id: number;
  title: string;
  expirationDate: Date;
  company: { id: number; key: string; name: string };
}

/**
 * Claims up to `limit` due jobs at `now`: marks them told (`expiry_notice_sent_at = now`) and returns
 * them, soonest expiry first. Call it in the transaction that queues their mails, so the mark and the
 * mails commit together. Two instances never claim one job: the rows are locked as they are picked
 * (those another transaction holds are skipped), and the UPDATE keeps only rows still not told.
 */
export async function claimExpiryNotices(db: Db, now: Date, limit: number): Promise<ExpiryNoticeJob[]> {
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(jobIsPublic(now), lte(jobs.expirationDate, horizon), isNull(jobs.expiryNoticeSentAt)))
    .orderBy(asc(jobs.expirationDate), asc(jobs.id))
    .limit(limit)
    .for('update', { of: jobs, skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ expiryNoticeSentAt: now })
    .where(and(inArray(jobs.id, due), isNull(jobs.expiryNoticeSentAt)))
    .returning({ id: jobs.id, title: jobs.title, expirationDate: jobs.expirationDate, companyId: jobs.companyId });
  if (!claimed.length) return [];
  const companyRows = await db
    .select({ id: companies.id, key: companies.key, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(claimed.map((j) => j.companyId))]));
  const byId = new Map(companyRows.map((c) => [c.id, c]));
  return claimed
    .map(({ companyId, expirationDate, ...job }) => ({ ...job, expirationDate: expirationDate!, company: byId.get(companyId)! }))
    .sort((a, b) => a.expirationDate.getTime() - b.expirationDate.getTime() || a.id - b.id);
}
