/** Adds generated jobs over the existing ACTIVE startups until the jobs table holds a given number (benchmarks, load tests). */
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { PRIMARY_PLATFORM } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { companies, jobs, locations } from '../db/schema';
import { CHUNK_SIZE, insertAll, insertReturningIds } from './batch';
import { buildJob, JOB_STATUS_WEIGHTS, type JobCompany } from './jobs';
import { locationPool, type PooledLocation } from './location-pool';
import { locationSeeds } from './places';
import { createRandom } from './random';

export interface GrowOptions {
  /** Timestamps are relative to it (default: the current time). */
  now?: Date;
  /** Called after each batch with the jobs added so far and the number to add. */
  onProgress?: (done: number, total: number) => void;
  /**
   * At least this many ACTIVE startups share the jobs: copies of the demo's (each with its own key and
   * name) are added first. The demo has about 190, so 100,000 jobs alone give each about 500; a real
   * marketplace of that size has thousands of startups with a few dozen each (the load test's shape).
   */
  startups?: number;
}

/** Adds copies of the ACTIVE startups listed here until there are `total`; returns how many it added. */
async function growStartups(db: Db, total: number): Promise<number> {
  const active = await db
    .select()
    .from(companies)
    .where(and(eq(companies.status, 'ACTIVE'), sql`${PRIMARY_PLATFORM} = any(${companies.platforms})`))
    .orderBy(asc(companies.id));
  const missing = total - active.length;
  if (missing <= 0 || active.length === 0) return 0;
  const rows = Array.from({ length: missing }, (_, i) => {
    // A copy has no domain of its own (nor its claim: issue #33).
    const { id: _id, careersDomain: _domain, careersDomainState: _state, careersDomainToken: _token, careersDomainCheckedAt: _checked, careersDomainVerifiedAt: _verified, linkedinId: _linkedin, ...model } =
      active[i % active.length]!;
    const n = Math.floor(i / active.length) + 2;
    return { ...model, key: `${model.key}-${n}-${i}`, name: `${model.name} ${n}-${i}` };
  });
  await insertAll(db, companies, rows);
  return missing;
}

const GROW_SEED = 0x9e3779b9;

async function loadLocations(db: Db): Promise<PooledLocation[]> {
  const rows = await db.select({ id: locations.id, locality: locations.locality, countryCode: locations.countryCode }).from(locations).orderBy(asc(locations.id));
  if (rows.length > 0) return rows;
  const seeds = locationSeeds();
  const ids = await insertReturningIds(db, locations, seeds);
  return seeds.map((s, i) => ({ id: ids[i] as number, locality: s.locality, countryCode: s.countryCode }));
}

/** Each company's office: the location most of its jobs have. */
async function loadOffices(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectDistinctOn([jobs.companyId], { companyId: jobs.companyId, locationId: jobs.locationId })
    .from(jobs)
    .where(isNotNull(jobs.locationId))
    .groupBy(jobs.companyId, jobs.locationId)
    .orderBy(jobs.companyId, sql`count(*) desc`, jobs.locationId);
  return new Map(rows.flatMap((r) => (r.locationId === null ? [] : [[r.companyId, r.locationId] as const])));
}

/**
 * Adds jobs, spread over the ACTIVE companies listed on this platform, until there are `totalJobs`; returns how many it added.
 * Deterministic for a given starting count. Inserts 1,000 rows per statement and reuses location rows.
 * @example await growJobs(db, 100_000, { onProgress: (done, total) => console.log(done, total) })
 */
export async function growJobs(db: Db, totalJobs: number, options: GrowOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(jobs);
  const missing = Math.max(0, Math.floor(totalJobs) - existing);
  if (missing === 0) return 0;
  if (options.startups) await growStartups(db, options.startups);

  const active = await db
    .select({ id: companies.id, name: companies.name, whatWeDo: companies.whatWeDo, countryCodes: companies.countryCodes })
    .from(companies)
    // A startup only on the sister platform (Polaris Impact) posts no jobs here.
    .where(and(eq(companies.status, 'ACTIVE'), sql`${PRIMARY_PLATFORM} = any(${companies.platforms})`))
    .orderBy(asc(companies.id));
  if (active.length === 0) throw new Error('growJobs needs ACTIVE companies: run seedDemo first');
  const offices = await loadOffices(db);
  const pool = locationPool(await loadLocations(db));
  const targets: JobCompany[] = active.map((c) => ({ ...c, officeLocationId: offices.get(c.id) ?? null }));

  const random = createRandom(GROW_SEED ^ existing);
  let done = 0;
  while (done < missing) {
    const size = Math.min(CHUNK_SIZE, missing - done);
    const batch = Array.from({ length: size }, () =>
      buildJob(random, { company: random.pick(targets), status: random.weighted(JOB_STATUS_WEIGHTS), now, pool }),
    );
    await insertAll(db, jobs, batch);
    done += size;
    options.onProgress?.(done, missing);
  }
  return done;
}
