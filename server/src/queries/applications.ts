/**
 * Issue #13, the candidate's side of an application: quick apply (one per job and person, the unique
 * index applications_job_user_idx), the candidate's list as they may see it (sdk candidateStage, never
 * the company's own stage names), withdrawing, who may read the CV an application was sent with, and
 * the retention sweep (APPLICATION_RETENTION_MONTHS after the last activity).
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { candidateStage } from '@nordlys/sdk/pipeline';
import type { JobSurface } from '@nordlys/sdk/constants';
import type { MyApplication, ScreeningAnswer } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { applicantProfiles, applicationEvents, applications, companies, jobs, storedFiles, users } from '../db/schema';
import type { Viewer } from '../http/viewer';
import { getJob } from './jobs';
import { recordApplication } from './job-stats';

/** The id of `userId`'s application to job `jobId`, or null. */
export async function applicationIdOf(db: Db, jobId: number, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: applications.id }).from(applications).where(and(eq(applications.jobId, jobId), eq(applications.userId, userId)));
  return row?.id ?? null;
}

export interface NewApplication {
  jobId: number;
  userId: number;
  cvPath: string;
  message: string | null;
  answers: ScreeningAnswer[];
  surface: JobSurface;
  now: Date;
}

/**
 * Writes an application in `tx`: its row (nothing when the person already applied to the job: the
 * unique index decides, so two submits at once make one application), its 'applied' history entry,
 * and the job's daily figure for its surface.
 * @returns the new application's id, or null when one existed.
 */
export async function insertApplication(tx: Db, input: NewApplication): Promise<number | null> {
  const { jobId, userId, cvPath, message, answers, surface, now } = input;
  const [row] = await tx
    .insert(applications)
    .values({ jobId, userId, stage: 'applied', cvPath, message, answers, surface, lastActivityAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [applications.jobId, applications.userId] })
    .returning({ id: applications.id });
  if (!row) return null;
  // The candidate's own step: no actor (schema: actorId is for the team's moves).
  await tx.insert(applicationEvents).values({ applicationId: row.id, kind: 'applied', toStage: 'applied', createdAt: now });
  await recordApplication(tx, jobId, surface, now);
  return row.id;
}

/** What the mails of a new application name: the candidate, the job and its startup. */
export interface ApplicationMailFacts {
  candidate: { email: string; firstName: string; lastName: string; headline: string | null };
  job: { id: number; title: string };
  company: { id: number; key: string; name: string };
}

export async function applicationMailFacts(db: Db, applicationId: number): Promise<ApplicationMailFacts | null> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      headline: applicantProfiles.headline,
      jobId: jobs.id,
      title: jobs.title,
      companyId: companies.id,
      key: companies.key,
      name: companies.name,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.userId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  return {
    candidate: { email: row.email, firstName: row.firstName, lastName: row.lastName, headline: row.headline },
    job: { id: row.jobId, title: row.title },
    company: { id: row.companyId, key: row.key, name: row.name },
  };
}

/**
 * GET /api/applicant/applications (and one of them, with `id`): `userId`'s applications, newest first,
 * each with its job as a list shows it (live status included, an expired job too) and the stage as
 * the candidate may see it.
 */
export async function myApplications(db: Db, userId: number, { id }: { id?: number } = {}): Promise<MyApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      stage: applications.stage,
      createdAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      message: applications.message,
      answers: applications.answers,
      cvFileName: storedFiles.fileName,
      cvSize: storedFiles.sizeBytes,
    })
    .from(applications)
    .leftJoin(storedFiles, eq(storedFiles.path, applications.cvPath))
    .where(and(eq(applications.userId, userId), id === undefined ? undefined : eq(applications.id, id)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  const jobIds = [...new Set(rows.map((r) => r.jobId))];
  const jobsById = new Map((await Promise.all(jobIds.map((jobId) => getJob(db, jobId)))).flatMap((job) => (job ? [[job.id, job] as const] : [])));
  return rows.flatMap((r) => {
    const job = jobsById.get(r.jobId);
    if (!job) return [];
    const { companyStatus: _, ...listed } = job;
    return [
      {
        id: r.id,
        job: listed,
        stage: candidateStage(r.stage),
        appliedAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        message: r.message,
        answers: r.answers,
        cv: r.cvFileName !== null && r.cvSize !== null ? { fileName: r.cvFileName, sizeBytes: r.cvSize } : null,
      },
    ];
  });
}

/**
 * DELETE /api/applications/{id}: deletes `userId`'s own application (its notes, ratings and history go
 * with it). Returns the CV it was sent with, or undefined when the user has no such application.
 */
export async function withdrawApplication(tx: Db, userId: number, id: number): Promise<{ cvPath: string | null } | undefined> {
  const [row] = await tx
    .delete(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)))
    .returning({ cvPath: applications.cvPath });
  return row;
}

/**
 * The CV application `id` was sent with, when `viewer` may read it: its candidate, a member of the
 * job's startup, or an admin (spec 6). Null for everyone else, as for an unknown id or an application
 * without a CV, so the answer tells nothing.
 */
export async function readableApplicationCv(db: Db, viewer: Viewer, id: number): Promise<string | null> {
  const [row] = await db
    .select({ cvPath: applications.cvPath, userId: applications.userId, companyId: jobs.companyId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.id, id));
  if (!row?.cvPath) return null;
  const allowed = viewer.isAdmin || row.userId === viewer.userId || viewer.companyIds.includes(row.companyId);
  return allowed ? row.cvPath : null;
}

/** The instant `months` calendar months before `now` (UTC). @example monthsBefore(new Date('2026-03-31T12:00:00Z'), 1) // 2026-02-28T12:00:00Z */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now.getTime());
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  // The same day of the month, or the month's last day (31 March less one month is 28/29 February).
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return at;
}

/**
 * One batch of the retention sweep in `tx`: deletes up to `limit` applications whose last activity is
 * before `before` (rows another transaction holds are left for the next run).
 * @returns how many were deleted and the CVs they were sent with.
 */
export async function deleteInactiveApplications(tx: Db, before: Date, limit: number): Promise<{ deleted: number; cvPaths: (string | null)[] }> {
  const due = tx
    .select({ id: applications.id })
    .from(applications)
    .where(lt(applications.lastActivityAt, before))
    .orderBy(applications.lastActivityAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await tx
    .delete(applications)
    .where(inArray(applications.id, due))
    .returning({ cvPath: applications.cvPath });
  return { deleted: gone.length, cvPaths: gone.map((g) => g.cvPath) };
}
