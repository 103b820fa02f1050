/**
 * The per-user fields of spec 3 on the answers that show jobs and startups: a signed-in viewer's jobs
 * carry `saved` and `interestedAt`, their startups `followed` (queries/viewer-marks.ts reads them, one
 * query for the jobs and one for the startups). A visitor's answers carry none and stay public and
 * shared; a signed-in viewer's are theirs alone (`perViewer`), so no cache hands one viewer's marks to
 * another, nor to a visitor (README "Answer cache").
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import type { AppEnv, Viewer } from '../http/viewer';
import { viewerMarks } from '../queries/viewer-marks';

/**
 * The Cache-Control of a route whose answer carries the viewer's marks: `private, no-store` for a
 * signed-in viewer; a visitor's stays as publicRead() made it, with `Vary: Cookie`, the header that
 * carries the session. Mount it after publicRead(), so its header is set first and publicRead keeps it.
 */
export const perViewer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.get('viewer')) c.header('Cache-Control', 'private, no-store');
  else c.header('Vary', 'Cookie', { append: true });
};

type MarkableJob = { id: number };
type MarkableCompany = { id: number };

/**
 * The jobs and startups of an answer with the viewer's marks on each; a visitor's come back as they
 * are, without the fields and without a query.
 */
export async function withMarks<J extends MarkableJob, C extends MarkableCompany>(
  db: Db,
  viewer: Viewer | null,
  { jobs = [], companies = [] }: { jobs?: readonly J[]; companies?: readonly C[] },
): Promise<{ jobs: J[]; companies: C[] }> {
  if (!viewer) return { jobs: [...jobs], companies: [...companies] };
  const marks = await viewerMarks(db, viewer.userId, { jobIds: jobs.map((j) => j.id), companyIds: companies.map((c) => c.id) });
  return {
    jobs: jobs.map((job) => ({ ...job, saved: false, interestedAt: null, ...marks.jobs.get(job.id) })),
    companies: companies.map((company) => ({ ...company, followed: marks.followed.has(company.id) })),
  };
}

/** A list of jobs with the viewer's marks. */
export async function markJobs<J extends MarkableJob>(db: Db, viewer: Viewer | null, jobs: readonly J[]): Promise<J[]> {
  return (await withMarks(db, viewer, { jobs })).jobs;
}

/** A list of startups with the viewer's follows. */
export async function markCompanies<C extends MarkableCompany>(db: Db, viewer: Viewer | null, companies: readonly C[]): Promise<C[]> {
  return (await withMarks(db, viewer, { companies })).companies;
}

/** A whole job with the viewer's marks, and its startup (the page's company card) with the follow. */
export async function markJob<J extends MarkableJob & { company: MarkableCompany }>(db: Db, viewer: Viewer | null, job: J): Promise<J> {
  const marked = await withMarks(db, viewer, { jobs: [job], companies: [job.company] });
  return { ...marked.jobs[0]!, company: marked.companies[0]! };
}
