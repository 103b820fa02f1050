/**
 * The signed-in viewer's marks on the jobs and startups of one answer (spec 3 per-user flags: a job's
 * `saved` and `interestedAt`, a startup's `followed`): one query for the jobs and one for the
 * startups, whatever the size of the list. api/viewer-marks.ts puts them on the answer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companyFollows, jobUserFlags } from '../db/schema';

/** The viewer's marks on one job: none is `saved: false, interestedAt: null`. */
export interface JobMarks {
  saved: boolean;
  interestedAt: string | null;
}

export interface ViewerMarks {
  /** By job id, for the marked jobs among those asked only. */
  jobs: Map<number, JobMarks>;
  /** The ids of the followed startups among those asked. */
  followed: Set<number>;
}

/** The user's marks on the jobs `jobIds` and follows of the startups `companyIds`; no query for an empty list. */
export async function viewerMarks(db: Db, userId: number, { jobIds = [], companyIds = [] }: { jobIds?: readonly number[]; companyIds?: readonly number[] }): Promise<ViewerMarks> {
  const jobs = [...new Set(jobIds)];
  const startups = [...new Set(companyIds)];
  const [marks, follows] = await Promise.all([
    jobs.length === 0
      ? []
      : db
          .select({ jobId: jobUserFlags.jobId, saved: jobUserFlags.saved, interestedAt: jobUserFlags.interestedAt })
          .from(jobUserFlags)
          .where(and(eq(jobUserFlags.userId, userId), inArray(jobUserFlags.jobId, jobs))),
    startups.length === 0
      ? []
      : db
          .select({ companyId: companyFollows.companyId })
          .from(companyFollows)
          .where(and(eq(companyFollows.userId, userId), inArray(companyFollows.companyId, startups))),
  ]);
  return {
    jobs: new Map(marks.map((m) => [m.jobId, { saved: m.saved, interestedAt: m.interestedAt?.toISOString() ?? null }])),
    followed: new Set(follows.map((f) => f.companyId)),
  };
}
