/** What the demo users have done: saved and interesting jobs, follows, applications, a digest, a pinned search, events. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { JOB_STATS_DAYS } from '@nordlys/sdk/constants';
import { isoDay } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { applications, companyFollows, companyStages, digests, engagementEvents, jobDailyStats, jobs, jobUserFlags, savedSearches } from '../db/schema';
import type { DemoEmail } from './accounts';
import { insertAll } from './batch';
import { createRandom } from './random';
import { daysBefore } from './time';

export interface ActivityLinks {
  users: Record<DemoEmail, number>;
  northwindId: number;
  fjordVenturesId: number;
  /** ACTIVE jobs of Northwind Labs, oldest id first (at least five). */
  northwindJobIds: readonly number[];
  /** Some other ACTIVE jobs, for saves and interests (at least five). */
  otherJobIds: readonly number[];
  /** Another ACTIVE startup to follow. */
  otherCompanyId: number;
  now: Date;
}

/** The fixed secret of talent@'s digest manage link. */
export const TALENT_DIGEST_KEY = 'dg_7f3c9a1e5b2d48c6a0e4f19b';

function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`Not enough demo jobs for the activity (need index ${i})`);
  return item;
}

export async function seedActivity(db: Db, links: ActivityLinks): Promise<void> {
  const { users: u, now } = links;
  const talent = u['talent@nordlys.test'];
  const multi = u['multi@nordlys.test'];
  const nw = links.northwindJobIds;
  const other = links.otherJobIds;

  await insertAll(db, jobUserFlags, [
    { userId: talent, jobId: at(nw, 0), saved: true, interestedAt: daysBefore(now, 4), updatedAt: daysBefore(now, 4) },
    { userId: talent, jobId: at(other, 0), saved: true, interestedAt: null, updatedAt: daysBefore(now, 6) },
    { userId: talent, jobId: at(other, 1), saved: true, interestedAt: null, updatedAt: daysBefore(now, 2) },
    { userId: talent, jobId: at(other, 2), saved: false, interestedAt: daysBefore(now, 1), updatedAt: daysBefore(now, 1) },
    { userId: talent, jobId: at(other, 3), saved: false, interestedAt: daysBefore(now, 8), updatedAt: daysBefore(now, 8) },
    { userId: multi, jobId: at(other, 4), saved: true, interestedAt: null, updatedAt: daysBefore(now, 3) },
  ]);
  await insertAll(db, companyFollows, [
    { userId: talent, companyId: links.northwindId, createdAt: daysBefore(now, 20) },
    { userId: talent, companyId: links.otherCompanyId, createdAt: daysBefore(now, 9) },
  ]);
  // Northwind's own stages (spec 4 'custom'), in the order its board shows them.
  const [firstInterview] = await db
    .insert(companyStages)
    .values([
      { companyId: links.northwindId, name: 'First interview', color: '#8c7ae6', position: 0 },
      { companyId: links.northwindId, name: 'Take-home task', color: '#3b6fd8', position: 1 },
    ])
    .returning({ id: companyStages.id });
  // spec 4: every pipeline stage appears once.
  await insertAll(db, applications, [
    { jobId: at(nw, 0), userId: talent, stage: 'applied', message: 'I love what you do for greener factories, and I would enjoy building it with you.', createdAt: daysBefore(now, 3), updatedAt: daysBefore(now, 3) },
    { jobId: at(nw, 1), userId: talent, stage: 'custom', stageId: firstInterview!.id, message: 'Attached is my CV. Happy to share code samples.', createdAt: daysBefore(now, 12), updatedAt: daysBefore(now, 5) },
    { jobId: at(nw, 2), userId: talent, stage: 'hired', message: null, createdAt: daysBefore(now, 30), updatedAt: daysBefore(now, 7) },
    { jobId: at(nw, 0), userId: multi, stage: 'toreject', message: 'I have led product teams in Helsinki for eight years.', createdAt: daysBefore(now, 6), updatedAt: daysBefore(now, 2) },
    { jobId: at(nw, 3), userId: multi, stage: 'rejected', message: null, createdAt: daysBefore(now, 25), updatedAt: daysBefore(now, 15) },
  ]);
  await insertAll(db, digests, [
    {
      settingsKey: TALENT_DIGEST_KEY,
      userId: talent,
      email: 'talent@nordlys.test',
      frequency: 'weekly',
      locations: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
      includeRemoteJobs: true,
      categories: ['fullstack', 'frontend'],
      lastSentAt: daysBefore(now, 3),
      createdAt: daysBefore(now, 45),
    },
  ]);
  await insertAll(db, savedSearches, [
    {
      userId: talent,
      // spec 3: the key is the JSON of search, location and country.
      key: JSON.stringify({ search: 'react', location: 'Copenhagen', countryCode: 'DK' }),
      filters: { search: 'react', location: 'Copenhagen', countryCode: 'DK', categories: ['frontend'] },
      pinned: true,
      since: daysBefore(now, 7),
      createdAt: daysBefore(now, 14),
    },
  ]);
  await insertAll(db, engagementEvents, [
    { userId: talent, type: 'job_view', payload: { jobId: at(nw, 0) }, createdAt: daysBefore(now, 4.2) },
    { userId: talent, type: 'job_apply_click', payload: { jobId: at(nw, 0) }, createdAt: daysBefore(now, 3.1) },
    { userId: u['founder@nordlys.test'], companyId: links.northwindId, type: 'applicants_view', payload: { jobId: at(nw, 0) }, createdAt: daysBefore(now, 2) },
    { userId: u['investor@nordlys.test'], investorId: links.fjordVenturesId, type: 'profile_edit', payload: { section: 'keyPeople' }, createdAt: daysBefore(now, 10) },
    { userId: null, type: 'widget_load', payload: { host: 'careers.northwind.test' }, createdAt: daysBefore(now, 0.5) },
    { userId: multi, type: 'search', payload: { search: 'product manager', countryCode: 'FI' }, createdAt: daysBefore(now, 1) },
  ]);
}

/** The share of a demo job's views each surface gets, and how many views one apply click takes. */
const DEMO_SURFACES = [
  ['site', 0.68],
  ['widget', 0.22],
  ['careers', 0.1],
] as const;
const VIEWS_PER_APPLY_CLICK = 14;

/**
 * The job dashboard's figures (issue #12) for a startup's jobs: each live or once-live job's views of the
 * last 30 days spread over the days since it went live, by surface, with apply clicks, and its seeded
 * applications on the day they came in. Within a job's total views, so the table and the chart agree.
 */
export async function seedJobFigures(db: Db, companyId: number, now: Date): Promise<void> {
  const random = createRandom(companyId * 7919);
  const rows = await db
    .select({ id: jobs.id, views: jobs.views, approvedAt: jobs.approvedAt })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), isNotNull(jobs.approvedAt)));
  const applied = await db.select({ jobId: applications.jobId, createdAt: applications.createdAt }).from(applications).innerJoin(jobs, eq(jobs.id, applications.jobId)).where(eq(jobs.companyId, companyId));
  const figures = new Map<string, { jobId: number; day: string; surface: string; views: number; applyClicks: number; applications: number }>();
  const cell = (jobId: number, day: string, surface: string) => {
    const key = `${jobId}|${day}|${surface}`;
    let entry = figures.get(key);
    if (!entry) figures.set(key, (entry = { jobId, day, surface, views: 0, applyClicks: 0, applications: 0 }));
    return entry;
  };
  for (const job of rows) {
    const age = Math.max(1, (now.getTime() - job.approvedAt!.getTime()) / 86_400_000);
    const liveDays = Math.min(JOB_STATS_DAYS, Math.ceil(age));
    // The last 30 days hold their share of the job's views (all of them for a younger job), a few fewer
    // for the visitors counted twice before views were counted once a day.
    let left = Math.floor(job.views * Math.min(1, JOB_STATS_DAYS / age) * (0.8 + random.next() * 0.2));
    for (let d = 0; d < liveDays && left > 0; d++) {
      const dayViews = d === liveDays - 1 ? left : Math.min(left, Math.round((left / (liveDays - d)) * (0.5 + random.next())));
      left -= dayViews;
      const day = isoDay(daysBefore(now, d));
      let rest = dayViews;
      DEMO_SURFACES.forEach(([surface, share], i) => {
        const views = i === DEMO_SURFACES.length - 1 ? rest : Math.min(rest, Math.round(dayViews * share));
        rest -= views;
        if (!views) return;
        const entry = cell(job.id, day, surface);
        entry.views += views;
        entry.applyClicks += Math.floor(views / VIEWS_PER_APPLY_CLICK + random.next());
      });
    }
  }
  const liveSince = new Map(rows.map((r) => [r.id, r.approvedAt!.getTime()]));
  for (const a of applied) {
    // The demo's applications are dated apart from the jobs: none counts before its job went live.
    const at = Math.max(a.createdAt.getTime(), liveSince.get(a.jobId) ?? Infinity);
    if (Number.isFinite(at) && now.getTime() - at < JOB_STATS_DAYS * 86_400_000) cell(a.jobId, isoDay(new Date(at)), 'site').applications += 1;
  }
  await insertAll(db, jobDailyStats, [...figures.values()]);
}
