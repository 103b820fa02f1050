/**
 * The candidate's marks (issue #13, spec 3 per-user flags, spec 4): saved jobs, interest in jobs and
 * followed startups, and the lists and flags read from them. Whether a job or a startup may be marked
 * is the visibility rule of the sdk (sdk/src/visibility.ts), read here from the row's facts.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { JobStatus } from '@nordlys/sdk/constants';
import type { FollowedCompany, Job, SavedJob, SavedJobList, ViewerFlags } from '@nordlys/sdk/schemas';
import { isJobGone, isJobPublic } from '@nordlys/sdk/visibility';
import type { Db } from '../db/client';
import { applications, companies, companyFollows, jobs, jobUserFlags } from '../db/schema';
import { publicCompanySummaries } from './companies';
import { getJobs } from './jobs';
import { companyIsPublic } from './visibility';

/** A job a user means to mark: its visibility facts and the user's marks on it (none when never marked). */
export interface MarkTarget {
  /** Public: open, at a live startup (sdk isJobPublic). */
  public: boolean;
  /** Public once and run out (sdk isJobGone): its page answers 410. */
  gone: boolean;
  saved: boolean;
  interested: boolean;
}

/** The job `jobId` as the user's marks see it, or null when there is no such job. */
export async function jobMarkTarget(db: Db, userId: number, jobId: number, now = new Date()): Promise<MarkTarget | null> {
  const [row] = await db
    .select({
      status: jobs.status,
      approvedAt: jobs.approvedAt,
      expirationDate: jobs.expirationDate,
      companyStatus: companies.status,
      saved: jobUserFlags.saved,
      interestedAt: jobUserFlags.interestedAt,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(jobUserFlags, and(eq(jobUserFlags.jobId, jobs.id), eq(jobUserFlags.userId, userId)))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  const facts = { status: row.status, approvedAt: row.approvedAt?.toISOString() ?? null, expirationDate: row.expirationDate?.toISOString() ?? null };
  const company = { status: row.companyStatus };
  return {
    public: isJobPublic(facts, company, { now }),
    gone: isJobGone(facts, company, { now }),
    saved: row.saved === true,
    interested: row.interestedAt !== null && row.interestedAt !== undefined,
  };
}

/** A change to one of the user's marks on a job. */
export type JobMark = { saved: boolean } | { interested: boolean };

/**
 * Sets or clears a mark (spec 4: save and unsave toggle `saved`; interest sets the interest time to
 * now, uninterest clears it). Setting a mark that is set already changes nothing, so a repeated call
 * keeps the first interest time. A row left with no mark is deleted.
 */
export async function setJobMark(db: Db, userId: number, jobId: number, mark: JobMark, now = new Date()): Promise<void> {
  if ('saved' in mark ? mark.saved : mark.interested) {
    const set = 'saved' in mark ? { saved: true } : { interestedAt: now };
    await db
      .insert(jobUserFlags)
      .values({ userId, jobId, ...set, updatedAt: now })
      .onConflictDoUpdate({
        target: [jobUserFlags.userId, jobUserFlags.jobId],
        set: { ...set, updatedAt: now },
        setWhere: 'saved' in mark ? eq(jobUserFlags.saved, false) : isNull(jobUserFlags.interestedAt),
      });
    return;
  }
  const mine = and(eq(jobUserFlags.userId, userId), eq(jobUserFlags.jobId, jobId));
  await db.transaction(async (tx) => {
    await tx
      .update(jobUserFlags)
      .set('saved' in mark ? { saved: false, updatedAt: now } : { interestedAt: null, updatedAt: now })
      .where(and(mine, 'saved' in mark ? eq(jobUserFlags.saved, true) : sql`${jobUserFlags.interestedAt} is not null`));
    await tx.delete(jobUserFlags).where(and(mine, eq(jobUserFlags.saved, false), isNull(jobUserFlags.interestedAt)));
  });
}

/** A startup a user means to follow: its id, whether it is public (sdk isCompanyPublic) and followed; null for an unknown key. */
export async function followTarget(db: Db, userId: number, key: string): Promise<{ id: number; public: boolean; followed: boolean } | null> {
  const [row] = await db
    .select({
      id: companies.id,
      public: sql<boolean>`(${companyIsPublic()})`,
      followedAt: companyFollows.createdAt,
    })
    .from(companies)
    .leftJoin(companyFollows, and(eq(companyFollows.companyId, companies.id), eq(companyFollows.userId, userId)))
    .where(eq(companies.key, key));
  if (!row) return null;
  return { id: row.id, public: row.public === true, followed: row.followedAt !== null && row.followedAt !== undefined };
}

/** spec 4: follow (nothing changes when followed already) and unfollow. */
export async function setFollowing(db: Db, userId: number, companyId: number, following: boolean, now = new Date()): Promise<void> {
  if (following) {
    await db.insert(companyFollows).values({ userId, companyId, createdAt: now }).onConflictDoNothing();
  } else {
    await db.delete(companyFollows).where(and(eq(companyFollows.userId, userId), eq(companyFollows.companyId, companyId)));
  }
}

/** GET /api/applicant/flags: the user's marks and applications, for every button of a page. */
export async function viewerFlags(db: Db, userId: number): Promise<ViewerFlags> {
  const [marks, follows, applied] = await Promise.all([
    db
      .select({ jobId: jobUserFlags.jobId, saved: jobUserFlags.saved, interestedAt: jobUserFlags.interestedAt })
      .from(jobUserFlags)
      .where(eq(jobUserFlags.userId, userId))
      .orderBy(asc(jobUserFlags.jobId)),
    db
      .select({ key: companies.key })
      .from(companyFollows)
      .innerJoin(companies, eq(companies.id, companyFollows.companyId))
      .where(eq(companyFollows.userId, userId))
      .orderBy(asc(companies.key)),
    db
      .select({ id: applications.id, jobId: applications.jobId })
      .from(applications)
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.jobId)),
  ]);
  return {
    savedJobIds: marks.filter((m) => m.saved).map((m) => m.jobId),
    interestedJobIds: marks.filter((m) => m.interestedAt !== null).map((m) => m.jobId),
    followedCompanyKeys: follows.map((f) => f.key),
    applied: Object.fromEntries(applied.map((a) => [String(a.jobId), a.id])),
  };
}

/**
 * The job as a candidate's list shows it (sdk ListedJob): its live status, whatever the job machine
 * has caught up with — EXPIRED once it has run out, STOPPED while it is not public for another reason
 * (paused, or its startup hidden). A job that is not public keeps only its card's facts: its text,
 * perks and questions may have changed since it was public, and are its team's until it is again.
 */
export function listedJob(job: Job & { companyStatus: string }, now = new Date()): Job {
  const { companyStatus, ...rest } = job;
  const company = { status: companyStatus };
  if (isJobPublic(job, company, { now })) return rest;
  const status: JobStatus = isJobGone(job, company, { now }) ? 'EXPIRED' : job.status === 'ACTIVE' ? 'STOPPED' : job.status;
  return { ...rest, status, description: '', perks: [], screeningQuestions: [] };
}

/** Listed jobs by id (see listedJob), in the order of `ids`. For My jobs' lists. */
export async function listedJobs(db: Db, ids: readonly number[], now = new Date()): Promise<Job[]> {
  return (await getJobs(db, ids, now)).map((job) => listedJob(job, now));
}

/** GET /api/applicant/saved: the saved jobs (last marked first) and the jobs marked interesting (newest interest first). */
export async function savedJobs(db: Db, userId: number, now = new Date()): Promise<SavedJobList> {
  const marks = await db
    .select({ jobId: jobUserFlags.jobId, saved: jobUserFlags.saved, interestedAt: jobUserFlags.interestedAt, updatedAt: jobUserFlags.updatedAt })
    .from(jobUserFlags)
    .where(eq(jobUserFlags.userId, userId))
    .orderBy(desc(jobUserFlags.updatedAt), desc(jobUserFlags.jobId));
  const byId = new Map((await listedJobs(db, marks.map((m) => m.jobId), now)).map((job) => [job.id, job]));
  const entries = marks.flatMap((m): SavedJob[] => {
    const job = byId.get(m.jobId);
    if (!job) return [];
    const marks = { saved: m.saved, interestedAt: m.interestedAt?.toISOString() ?? null };
    // The job carries the viewer's marks too, as every signed-in job answer does (api/viewer-marks.ts).
    return [{ job: { ...job, ...marks }, ...marks, updatedAt: m.updatedAt.toISOString() }];
  });
  return {
    saved: entries.filter((e) => e.saved),
    interested: entries
      .filter((e) => e.interestedAt !== null)
      .sort((a, b) => Date.parse(b.interestedAt!) - Date.parse(a.interestedAt!) || b.job.id - a.job.id),
  };
}

/** GET /api/applicant/followed: the public startups the user follows, last followed first, with their open jobs. */
export async function followedCompanies(db: Db, userId: number, now = new Date()): Promise<FollowedCompany[]> {
  const follows = await db
    .select({ companyId: companyFollows.companyId, createdAt: companyFollows.createdAt })
    .from(companyFollows)
    .where(eq(companyFollows.userId, userId))
    .orderBy(desc(companyFollows.createdAt), desc(companyFollows.companyId));
  const summaries = await publicCompanySummaries(db, follows.map((f) => f.companyId), now);
  return follows.flatMap((f) => {
    const company = summaries.get(f.companyId);
    return company ? [{ company: { ...company, followed: true }, openJobs: company.numberOfActiveJobs, followedAt: f.createdAt.toISOString() }] : [];
  });
}
