/** What the demo users have done: saved and interesting jobs, follows, applications, a digest, a pinned search, events. */
import type { Db } from '../db/client';
import { applications, companyFollows, digests, engagementEvents, jobUserFlags, savedSearches } from '../db/schema';
import type { DemoEmail } from './accounts';
import { insertAll } from './batch';
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
  // spec 4: every pipeline stage appears once.
  await insertAll(db, applications, [
    { jobId: at(nw, 0), userId: talent, stage: 'applied', message: 'I love what you do for greener factories, and I would enjoy building it with you.', createdAt: daysBefore(now, 3), updatedAt: daysBefore(now, 3) },
    { jobId: at(nw, 1), userId: talent, stage: 'custom', customStage: 'First interview', message: 'Attached is my CV. Happy to share code samples.', createdAt: daysBefore(now, 12), updatedAt: daysBefore(now, 5) },
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
