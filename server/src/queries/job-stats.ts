/**
 * Issue #12: a job's figures per day and surface (job_daily_stats): views counted once per visitor per
 * day (job_view_marks holds who has been counted, as a salted hash, for two days), apply clicks and
 * applications; and the job dashboard's chart over the last JOB_STATS_DAYS days.
 *
 * Days are UTC calendar days ('YYYY-MM-DD'), the same for every instance and database.
 */
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { JOB_STATS_DAYS, JOB_SURFACES, type JobSurface } from '@nordlys/sdk/constants';
import type { JobStats, JobSurfaceStats } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, jobDailyStats, jobs, jobViewMarks, whiteLabelFeeds } from '../db/schema';
import { jobIsPublic } from './visibility';

const DAY_MS = 86_400_000;

/** How many days of view marks are kept: today's and yesterday's (a visitor is counted once per day). */
export const VIEW_MARK_DAYS = 2;

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `count` UTC days up to and including `now`'s, oldest first. */
export function lastDays(now: Date, count: number = JOB_STATS_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

/** One view to count: job `jobId` seen by `visitor` (a salted hash, see http/job-views.ts) on `surface` at `now`. */
export interface JobViewRecord {
  jobId: number;
  visitor: string;
  surface: JobSurface;
  now: Date;
}

/** The key of a view's mark: what is counted once (job, UTC day, visitor). */
export const viewMarkKey = (jobId: number, day: string, visitor: string) => `${jobId} ${day} ${visitor}`;

/**
 * Counts views, each once per visitor, job and day, in one statement for any number of them: the
 * visitors' marks are inserted where new, and only for those the day's views of the surface and the
 * job's total grow, so two instances counting the same visitor at once count once. A view repeated in
 * the list counts once, on the surface of its first. Views of jobs gone meanwhile are left out. Returns
 * the marks (viewMarkKey) that counted. Rows are locked in key order, so concurrent batches of two
 * instances wait for each other instead of deadlocking.
 */
export async function recordJobViews(db: Db, views: readonly JobViewRecord[]): Promise<Set<string>> {
  if (!views.length) return new Set();
  const rows = sql.join(
    views.map((view, i) => sql`(${view.jobId}::int, ${utcDay(view.now)}::date, ${view.visitor}::text, ${view.surface}::text, ${i}::int)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    WITH input (job_id, day, visitor, surface, n) AS (VALUES ${rows}),
    mark AS (
      INSERT INTO ${jobViewMarks} (job_id, day, visitor)
      SELECT DISTINCT i.job_id, i.day, i.visitor FROM input i WHERE EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs}.id = i.job_id)
      ORDER BY i.job_id, i.day, i.visitor
      ON CONFLICT DO NOTHING
      RETURNING job_id, day, visitor
    ), counted AS (
      SELECT DISTINCT ON (i.job_id, i.day, i.visitor) i.job_id, i.day, i.visitor, i.surface
      FROM input i JOIN mark m ON m.job_id = i.job_id AND m.day = i.day AND m.visitor = i.visitor
      ORDER BY i.job_id, i.day, i.visitor, i.n
    ), daily AS (
      INSERT INTO ${jobDailyStats} (job_id, day, surface, views)
      SELECT job_id, day, surface, count(*)::int FROM counted GROUP BY job_id, day, surface ORDER BY job_id, day, surface
      ON CONFLICT (job_id, day, surface) DO UPDATE SET views = ${jobDailyStats}.views + excluded.views
    ), locked AS (
      SELECT ${jobs}.id FROM ${jobs} WHERE ${jobs}.id IN (SELECT job_id FROM counted) ORDER BY ${jobs}.id FOR UPDATE
    ), bumped AS (
      UPDATE ${jobs} SET views = ${jobs}.views + c.n
      FROM (SELECT job_id, count(*)::int AS n FROM counted GROUP BY job_id) c
      WHERE ${jobs}.id = c.job_id AND ${jobs}.id IN (SELECT id FROM locked)
    )
    SELECT job_id, day::text AS day, visitor FROM counted
  `)) as unknown as { rows: { job_id: number; day: string; visitor: string }[] };
  return new Set(result.rows.map((row) => viewMarkKey(Number(row.job_id), row.day, row.visitor)));
}

/** Adds `column` += 1 to the job's figures of `surface` on `now`'s day. */
async function bump(db: Db, jobId: number, surface: JobSurface, now: Date, column: 'applyClicks' | 'applications'): Promise<void> {
  await db
    .insert(jobDailyStats)
    .values({ jobId, day: utcDay(now), surface, [column]: 1 })
    .onConflictDoUpdate({
      target: [jobDailyStats.jobId, jobDailyStats.day, jobDailyStats.surface],
      set: { [column]: sql`${jobDailyStats[column]} + 1` },
    });
}

/**
 * Counts a click on the apply action of a public job (POST /jobs/{id}/apply-click). Returns false, and
 * counts nothing, when the job is not public now (unknown, draft, paused, expired, startup not live).
 */
export async function recordApplyClick(db: Db, jobId: number, surface: JobSurface, now: Date): Promise<boolean> {
  if (!(await isPublicJob(db, jobId, now))) return false;
  await bump(db, jobId, surface, now, 'applyClicks');
  return true;
}

/**
 * Counts an application to job `jobId` that came from `surface` (the applicants issue calls it when an
 * application is made, in its transaction).
 */
export async function recordApplication(db: Db, jobId: number, surface: JobSurface, now: Date): Promise<void> {
  await bump(db, jobId, surface, now, 'applications');
}

/** Whether job `jobId` is public at `now` (sdk isJobPublic's SQL twin). */
export async function isPublicJob(db: Db, jobId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), jobIsPublic(now)));
  return Boolean(row);
}

/** Whether job `jobId` belongs to startup `companyId` (in any status). */
export async function isCompanyJob(db: Db, companyId: number, jobId: number): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  return Boolean(row);
}

/** Whether white-label feed `id` exists. */
export async function feedExists(db: Db, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return false;
  const [row] = await db.select({ id: whiteLabelFeeds.id }).from(whiteLabelFeeds).where(eq(whiteLabelFeeds.id, id));
  return Boolean(row);
}

/** The surface of the white-label feed served on `domain` ('feed:{id}'), or null when no feed is. */
export async function feedSurface(db: Db, domain: string): Promise<JobSurface | null> {
  const [feed] = await db
    .select({ id: whiteLabelFeeds.id })
    .from(whiteLabelFeeds)
    .where(eq(sql`lower(${whiteLabelFeeds.domain})`, domain.toLowerCase()));
  return feed ? `feed:${feed.id}` : null;
}

/** Deletes the view marks older than VIEW_MARK_DAYS days before `now`'s day (the scheduled task). Returns how many. */
export async function deleteOldViewMarks(db: Db, now: Date): Promise<number> {
  const keepFrom = utcDay(new Date(now.getTime() - (VIEW_MARK_DAYS - 1) * DAY_MS));
  const gone = await db.delete(jobViewMarks).where(lt(jobViewMarks.day, keepFrom)).returning({ jobId: jobViewMarks.jobId });
  return gone.length;
}

/** The chart's order of the surfaces: site, widget, career page, then the feeds by id. */
function surfaceOrder(surface: string): number {
  const fixed = (JOB_SURFACES as readonly string[]).indexOf(surface);
  return fixed >= 0 ? fixed : JOB_SURFACES.length + Number(surface.slice('feed:'.length));
}

/**
 * The job dashboard's figures of job `jobId` (GET /companies/{key}/jobs/{id}/stats): the last
 * JOB_STATS_DAYS UTC days up to `now`'s, oldest first; one entry per surface with any figure in them,
 * its arrays zero-filled, labelled with `productName` for the site and the feed's name for a feed; and
 * the sums.
 */
export async function jobStats(db: Db, jobId: number, { now, productName }: { now: Date; productName: string }): Promise<JobStats> {
  const days = lastDays(now);
  const rows = await db
    .select({
      day: jobDailyStats.day,
      surface: jobDailyStats.surface,
      views: jobDailyStats.views,
      applyClicks: jobDailyStats.applyClicks,
      applications: jobDailyStats.applications,
    })
    .from(jobDailyStats)
    .where(and(eq(jobDailyStats.jobId, jobId), gte(jobDailyStats.day, days[0]!), lte(jobDailyStats.day, days.at(-1)!)))
    .orderBy(asc(jobDailyStats.day));

  const feedIds = [...new Set(rows.map((r) => r.surface).filter((s) => s.startsWith('feed:')).map((s) => Number(s.slice('feed:'.length))))];
  const feedNames = new Map(
    feedIds.length
      ? (await db.select({ id: whiteLabelFeeds.id, name: whiteLabelFeeds.name }).from(whiteLabelFeeds).where(inArray(whiteLabelFeeds.id, feedIds))).map((f) => [f.id, f.name])
      : [],
  );
  const label = (surface: string): string => {
    if (surface === 'site') return productName;
    if (surface === 'widget') return 'Widget';
    if (surface === 'careers') return 'Career page';
    if (surface === 'digest') return 'Job alert e-mails';
    const id = Number(surface.slice('feed:'.length));
    // A feed deleted since keeps its figures under its number.
    return feedNames.get(id) ?? `White-label feed ${id}`;
  };

  const index = new Map(days.map((d, i) => [d, i]));
  const bySurface = new Map<string, JobSurfaceStats>();
  const totals = { views: 0, applyClicks: 0, applications: 0 };
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined || row.views + row.applyClicks + row.applications === 0) continue;
    let entry = bySurface.get(row.surface);
    if (!entry) {
      const zeros = () => days.map(() => 0);
      entry = { surface: row.surface, label: label(row.surface), views: zeros(), applyClicks: zeros(), applications: zeros() };
      bySurface.set(row.surface, entry);
    }
    entry.views[i]! += row.views;
    entry.applyClicks[i]! += row.applyClicks;
    entry.applications[i]! += row.applications;
    totals.views += row.views;
    totals.applyClicks += row.applyClicks;
    totals.applications += row.applications;
  }
  const surfaces = [...bySurface.values()].sort((a, b) => surfaceOrder(a.surface) - surfaceOrder(b.surface));
  return { days, surfaces, totals };
}
