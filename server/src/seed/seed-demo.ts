/** Seeds an empty database with the whole demo: startups, jobs, investors, content, accounts and activity. */
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyInvestors, investments, investors, jobs, locations, whiteLabelFeeds } from '../db/schema';
import { seedActivity, seedJobFigures } from './activity';
import { seedApplicants } from './applicants';
import { seedBlog } from './blog';
import { insertAll, insertReturningIds } from './batch';
import { buildCompanies, DRAFT_STARTUP_KEY, NORDIC_PARTNER_KEY, NORTHWIND_KEY, polarisImpact } from './companies';
import { isDatabaseEmpty } from './database-empty';
import { buildDemoJobs, type PlacedCompany } from './demo-jobs';
import { seedDealClaims, seedDirectory } from './directory';
import { buildPartnerFeed } from './feed';
import { linkDemoImages, seedDemoImages } from './images';
import { buildInvestors, FJORD_VENTURES_KEY } from './investors';
import { locationPool, type PooledLocation } from './location-pool';
import { locationSeeds } from './places';
import { buildPortfolio } from './portfolio';
import { createRandom } from './random';
import { seedSummary, type SeedSummary } from './summary';
import { seedAccounts } from './users';

/** The seed of the demo's random stream: change it and every generated name and job changes. */
export const DEMO_SEED = 20_240_611;

export interface SeedOptions {
  /** Timestamps are relative to it, so the jobs stay fresh (default: the current time). */
  now?: Date;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: missing ${what}`);
  return value;
}

/**
 * Seeds an empty database, in one transaction. The data is the same on every run; only the
 * timestamps move with `now`.
 * @example const summary = await seedDemo(db, { now: new Date('2026-05-01T12:00:00Z') });
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  if (!(await isDatabaseEmpty(db))) throw new Error('seedDemo needs an empty database, but it already has companies');
  await db.transaction(async (tx) => {
    await seedInto(tx, now);
  });
  return seedSummary(db);
}

async function seedInto(db: Db, now: Date): Promise<void> {
  const random = createRandom(DEMO_SEED);

  const places = locationSeeds();
  const locationIds = await insertReturningIds(db, locations, places);
  const pooled: PooledLocation[] = places.map((p, i) => ({ id: need(locationIds[i], 'location id'), locality: p.locality, countryCode: p.countryCode }));
  const pool = locationPool(pooled);

  const companySeeds = buildCompanies(random, now);
  const companyIds = await insertReturningIds(db, companies, companySeeds.map((c) => c.row));
  const placed: PlacedCompany[] = companySeeds.map((seed, i) => {
    // The office: one street of its city, where most of its jobs are.
    const streets = pooled.filter((p) => p.locality === seed.city.locality);
    return { ...seed, id: need(companyIds[i], 'company id'), officeLocationId: streets.length > 0 ? random.pick(streets).id : null };
  });
  const companyId = (key: string) => need(placed.find((c) => c.row.key === key)?.id, `company ${key}`);

  const investorSeeds = buildInvestors(random, now);
  const investorIds = await insertReturningIds(db, investors, investorSeeds);
  const backers = investorSeeds.map((s, i) => ({ id: need(investorIds[i], 'investor id'), key: s.key, name: s.name, website: s.website ?? null }));
  const investorId = (key: string) => need(backers.find((b) => b.key === key)?.id, `investor ${key}`);
  const portfolio = buildPortfolio(
    random,
    placed.map((c) => ({ id: c.id, key: c.row.key, name: c.row.name, website: c.row.website ?? null, status: c.row.status })),
    backers,
  );
  await insertAll(db, investments, portfolio.investments);
  await insertAll(db, companyInvestors, portfolio.companyInvestors);

  await insertAll(db, jobs, buildDemoJobs(random, placed, pool, now));

  // Logos and covers for every startup and investor (and the partner feed's logo), through the image pipeline.
  const polaris = polarisImpact(now);
  const { partnerLogoId } = await seedDemoImages(db, [
    ...[...companySeeds.map((c) => c.row), polaris].map((c) => ({ kind: 'company' as const, key: c.key, name: c.name })),
    ...investorSeeds.map((i) => ({ kind: 'investor' as const, key: i.key, name: i.name })),
  ]);
  await insertAll(db, whiteLabelFeeds, [buildPartnerFeed(companyId(NORDIC_PARTNER_KEY), partnerLogoId, now)]);
  // Issue #15: tools, partners and deals with their logos, covers and documents.
  await seedDirectory(db, now);

  const northwindId = companyId(NORTHWIND_KEY);
  // The multi account runs the first generated ACTIVE startup and the second investor.
  const multiCompany = need(placed.find((c) => c.hiring > 0 && c.row.status === 'ACTIVE' && c.row.key !== NORDIC_PARTNER_KEY), 'an ACTIVE startup');
  const multiInvestor = need(backers[1], 'a second investor');
  const [polarisImpactId] = await insertReturningIds(db, companies, [polaris]);
  await linkDemoImages(db);
  const users = await seedAccounts(db, {
    polarisImpactId: need(polarisImpactId, 'Polaris Impact id'),
    northwindId,
    draftStartupId: companyId(DRAFT_STARTUP_KEY),
    multiCompanyId: multiCompany.id,
    fjordVenturesId: investorId(FJORD_VENTURES_KEY),
    multiInvestorId: multiInvestor.id,
    now,
  });

  const activeJobsOf = (where: SQL) =>
    db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.status, 'ACTIVE'), where)).orderBy(asc(jobs.id)).limit(8);
  const northwindJobIds = (await activeJobsOf(eq(jobs.companyId, northwindId))).map((r) => r.id);
  const otherJobIds = (await activeJobsOf(ne(jobs.companyId, northwindId))).map((r) => r.id);
  await seedActivity(db, {
    users,
    northwindId,
    fjordVenturesId: investorId(FJORD_VENTURES_KEY),
    northwindJobIds,
    otherJobIds,
    otherCompanyId: multiCompany.id,
    now,
  });
  // Issue #13: Northwind's applicant board (candidates, ratings, notes, history); before the figures, which count its applications.
  await seedApplicants(db, { northwindId, northwindJobIds, founderId: users['founder@nordlys.test'], now });
  await seedJobFigures(db, northwindId, now);
  // Issue #15: Northwind has claimed one deal.
  await seedDealClaims(db, { companyId: northwindId, userId: users['founder@nordlys.test'], now });
  // Issue #15: the blog's demo posts (the site's, two startups', a draft, and one the draft startup's review hides).
  await seedBlog(db, {
    adminId: users['admin@nordlys.test'],
    northwind: { id: northwindId, authorId: users['founder@nordlys.test'] },
    other: { id: multiCompany.id, name: multiCompany.row.name, authorId: users['multi@nordlys.test'] },
    draft: { id: companyId(DRAFT_STARTUP_KEY), authorId: users['draft@nordlys.test'] },
    now,
  });
}
