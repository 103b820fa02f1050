/** The demo seed on PGlite: what the demo promises (spec 3 and 4 data, accounts, feed), determinism and growth. */
import { verify } from '@node-rs/argon2';
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { PRIMARY_PLATFORM } from '@nordlys/sdk/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES, EQUITY_TYPES, IMAGE_SIZES, JOB_STATUSES, PERK_VALUES, POSITION_TYPE_VALUES, SALARY_TYPES } from '@nordlys/sdk/constants';
import { INDUSTRY_VALUES, INVESTOR_CATEGORY_VALUES } from '@nordlys/sdk/vocabulary';
import { openDatabase, type Database } from '../db/client';
import {
  applicantProfiles,
  applicationEvents,
  applicationNotes,
  applicationRatings,
  applications,
  companies,
  companyInvestors,
  companyMembers,
  companyStages,
  digests,
  imageFiles,
  images,
  investments,
  investorMembers,
  investors,
  jobDailyStats,
  jobs,
  locations,
  storedFiles,
  users,
  whiteLabelFeeds,
} from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_CANDIDATES, DEMO_PASSWORD, DEMO_SCREENING_QUESTIONS, growJobs, isDatabaseEmpty, OPEN_JOB_INDEXES, seedDemo, type SeedSummary } from './index';
import { paymentDue } from '../queries/orders';
import { article } from './job-descriptions';
import { createRandom } from './random';
import { slugify } from './text';

const NOW = new Date('2026-03-02T09:30:00Z');

/** What a job looks like, field by field, to compare two seeded databases. */
function fingerprint(db: Database['db']) {
  return db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status, companyId: jobs.companyId, locationId: jobs.locationId, createdAt: jobs.createdAt })
    .from(jobs)
    .orderBy(asc(jobs.id));
}

describe('seedDemo', () => {
  let database: Database;
  let summary: SeedSummary;
  let seededJobs: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    summary = await seedDemo(database.db, { now: NOW });
    seededJobs = await fingerprint(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const companyByKey = async (key: string) => (await db().select().from(companies).where(eq(companies.key, key)))[0];

  it('fills the catalogue: 150+ startups, 1,200+ jobs, 40+ investors, and says so in the summary', async () => {
    expect(await isDatabaseEmpty(db())).toBe(false);
    const [c] = await db().select({ n: count() }).from(companies);
    const [j] = await db().select({ n: count() }).from(jobs);
    const [i] = await db().select({ n: count() }).from(investors).where(eq(investors.status, 'ACTIVE'));
    expect(c!.n).toBeGreaterThanOrEqual(150);
    expect(j!.n).toBeGreaterThanOrEqual(1200);
    expect(i!.n).toBeGreaterThanOrEqual(40);
    expect(summary).toMatchObject({ companies: c!.n, jobs: j!.n, investors: i!.n, users: DEMO_ACCOUNTS.length + DEMO_CANDIDATES.length, whiteLabelFeeds: 1 });
    expect(summary.activeJobs / summary.jobs).toBeGreaterThan(0.7);
    expect(summary.activeJobs / summary.jobs).toBeLessThan(0.9);
  });

  it('refuses to seed a database that already has data', async () => {
    await expect(seedDemo(db(), { now: NOW })).rejects.toThrow(/empty/);
  });

  it('covers every category, status and position type', async () => {
    const categories = await db().execute<{ c: string }>(sql`select distinct unnest(${jobs.categories}) as c from ${jobs}`);
    const seen = new Set(rowsOf<{ c: string }>(categories).map((r) => r.c));
    expect([...seen].sort()).toEqual([...CATEGORY_VALUES].sort());
    const statuses = await db().selectDistinct({ s: jobs.status }).from(jobs);
    expect(statuses.map((r) => r.s).sort()).toEqual([...JOB_STATUSES].sort());
    const positions = await db().selectDistinct({ p: jobs.positionType }).from(jobs);
    expect(positions.map((r) => r.p).sort()).toEqual([...POSITION_TYPE_VALUES].sort());
    const [tooMany] = await db().select({ n: count() }).from(jobs).where(sql`cardinality(${jobs.categories}) not between 1 and 2`);
    expect(tooMany!.n).toBe(0);
    const salaries = await db().selectDistinct({ s: jobs.salaryType }).from(jobs);
    expect(salaries.map((r) => r.s).sort()).toEqual([...SALARY_TYPES].sort());
    const equities = await db().selectDistinct({ e: jobs.equityType }).from(jobs);
    expect(equities.map((r) => r.e).sort()).toEqual([...EQUITY_TYPES].sort());
    const perks = await db().execute<{ p: string }>(sql`select distinct unnest(${jobs.perks}) as p from ${jobs}`);
    expect(rowsOf<{ p: string }>(perks).map((r) => r.p).sort()).toEqual([...PERK_VALUES].sort());
  });

  it('speaks the vocabulary of the site configuration: industries and investor categories', async () => {
    const listed = await db().select({ industries: investors.industries, category: investors.category }).from(investors);
    const industries = new Set(listed.flatMap((i) => i.industries));
    // Every industry an investor names is one the site configuration offers, and most are in use.
    expect([...industries].filter((i) => !(INDUSTRY_VALUES as readonly string[]).includes(i))).toEqual([]);
    expect(industries.size).toBeGreaterThan(INDUSTRY_VALUES.length / 2);
    const categories = await db().select({ category: companyInvestors.category }).from(companyInvestors);
    const used = new Set([...listed.map((i) => i.category), ...categories.flatMap((c) => (c.category ? [c.category] : []))]);
    expect([...used].filter((c) => !(INVESTOR_CATEGORY_VALUES as readonly string[]).includes(c))).toEqual([]);
    // The intros read the industries as words: "backs ambitious Nordic founders in fintech and SaaS."
    const [fjord] = await db().select({ intro: investors.intro }).from(investors).where(eq(investors.key, 'fjord-ventures'));
    expect(fjord!.intro).toMatch(/^Fjord Ventures backs ambitious Nordic founders in [a-zA-Z ]+ and [a-zA-Z ]+\./);
  });

  it('keeps ACTIVE jobs approved, unexpired and at ACTIVE startups; EXPIRED ones ended in the past', async () => {
    const badActive = await db()
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.status, 'ACTIVE'), or(ne(companies.status, 'ACTIVE'), isNull(jobs.approvedAt), lt(jobs.expirationDate, NOW), isNull(jobs.expirationDate))));
    expect(badActive).toEqual([]);
    const badExpired = await db().select({ id: jobs.id }).from(jobs).where(and(eq(jobs.status, 'EXPIRED'), gt(jobs.expirationDate, NOW)));
    expect(badExpired).toEqual([]);
    const [old] = await db().select({ n: count() }).from(jobs).where(lt(jobs.createdAt, new Date(NOW.getTime() - 61 * 86_400_000)));
    expect(old!.n).toBe(0);
    const [future] = await db().select({ n: count() }).from(jobs).where(gt(jobs.createdAt, NOW));
    expect(future!.n).toBe(0);
  });

  it('boosts about 5% and makes about 12% remote, with salary ranges in the local currency', async () => {
    const [active] = await db().select({ n: count() }).from(jobs).where(eq(jobs.status, 'ACTIVE'));
    const [boosted] = await db().select({ n: count() }).from(jobs).where(and(eq(jobs.status, 'ACTIVE'), gt(jobs.boostingExpiresAt, NOW)));
    const [remote] = await db().select({ n: count() }).from(jobs).where(eq(jobs.isRemote, true));
    expect(boosted!.n / active!.n).toBeGreaterThan(0.02);
    expect(boosted!.n / active!.n).toBeLessThan(0.1);
    expect(remote!.n / summary.jobs).toBeGreaterThan(0.08);
    expect(remote!.n / summary.jobs).toBeLessThan(0.16);
    const [boostedElsewhere] = await db().select({ n: count() }).from(jobs).where(and(ne(jobs.status, 'ACTIVE'), gt(jobs.boostingExpiresAt, NOW)));
    expect(boostedElsewhere!.n).toBe(0);

    const ranges = await db()
      .select({ country: locations.countryCode, currency: jobs.salaryCurrency, min: jobs.salaryMin, max: jobs.salaryMax })
      .from(jobs)
      .innerJoin(locations, eq(locations.id, jobs.locationId))
      .where(eq(jobs.salaryType, 'range'));
    const currency = { DK: 'DKK', SE: 'SEK', NO: 'NOK', FI: 'EUR', IS: 'ISK' } as Record<string, string>;
    expect(new Set(ranges.map((r) => r.currency))).toEqual(new Set(Object.values(currency)));
    expect(ranges.every((r) => r.currency === currency[r.country ?? ''] && r.min! > 0 && r.min! < r.max!)).toBe(true);
  });

  it('places jobs in real Nordic cities with a street address', async () => {
    const rows = await db().selectDistinct({ locality: locations.locality, countryCode: locations.countryCode }).from(locations);
    expect(new Set(rows.map((r) => r.countryCode))).toEqual(new Set(['DK', 'SE', 'NO', 'FI', 'IS']));
    expect(rows).toContainEqual({ locality: 'Copenhagen', countryCode: 'DK' });
    expect(rows).toContainEqual({ locality: 'Reykjavík', countryCode: 'IS' });
    const [copenhagen] = await db().select({ address: locations.address }).from(locations).where(eq(locations.locality, 'Copenhagen')).limit(1);
    expect(copenhagen!.address).toMatch(/^[^\d,]+ \d+, \d{4} Copenhagen$/);
  });

  it('gives Northwind Labs a rich ACTIVE profile, its career domain, jobs and Fjord Ventures as investor', async () => {
    const northwind = await companyByKey('northwind-labs');
    expect(northwind).toMatchObject({ name: 'Northwind Labs', status: 'ACTIVE', careersDomain: 'careers.northwind.test' });
    expect(northwind!.countryCodes).toContain('DK');
    expect(northwind!.team.length).toBeGreaterThanOrEqual(2);
    expect(northwind!.quote?.text).toBeTruthy();
    expect(northwind!.whatWeDo).toBeTruthy();
    const [active] = await db().select({ n: count() }).from(jobs).where(and(eq(jobs.companyId, northwind!.id), eq(jobs.status, 'ACTIVE')));
    expect(active!.n).toBeGreaterThanOrEqual(6);
    const listed = await db()
      .select({ key: investors.key })
      .from(companyInvestors)
      .innerJoin(investors, eq(investors.id, companyInvestors.investorId))
      .where(eq(companyInvestors.companyId, northwind!.id));
    expect(listed.map((r) => r.key)).toContain('fjord-ventures');
    const fjord = await db().select({ name: investors.name, id: investors.id }).from(investors).where(eq(investors.key, 'fjord-ventures'));
    expect(fjord[0]?.name).toBe('Fjord Ventures');
    const portfolio = await db().select({ companyId: investments.companyId }).from(investments).where(eq(investments.investorId, fjord[0]!.id));
    expect(portfolio.map((p) => p.companyId)).toContain(northwind!.id);
  });

  it('has Draft Startup as a DRAFT without active jobs', async () => {
    const draft = await companyByKey('draft-startup');
    expect(draft).toMatchObject({ name: 'Draft Startup', status: 'DRAFT' });
    const [active] = await db().select({ n: count() }).from(jobs).where(and(eq(jobs.companyId, draft!.id), eq(jobs.status, 'ACTIVE')));
    expect(active!.n).toBe(0);
  });

  it('has Polaris Impact as an ACTIVE Norwegian startup listed only on the sister platform, without jobs', async () => {
    const polaris = await companyByKey('polaris-impact');
    expect(polaris).toMatchObject({ name: 'Polaris Impact', status: 'ACTIVE', countryCodes: ['NO'], platforms: ['sister'] });
    expect(polaris!.whatWeDo).toBeTruthy();
    const [posted] = await db().select({ n: count() }).from(jobs).where(eq(jobs.companyId, polaris!.id));
    expect(posted!.n).toBe(0);
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toContain('sister@nordlys.test');
  });

  it('gives every startup and investor a logo and a cover in the six sizes (issue #11)', async () => {
    const sizes = Object.keys(IMAGE_SIZES).sort();
    for (const table of [companies, investors]) {
      const rows = await db().select({ key: table.key, logo: table.logoImageId, cover: table.coverImageId }).from(table);
      expect(rows.length).toBeGreaterThan(40);
      expect(rows.filter((r) => r.logo === null || r.cover === null).map((r) => r.key)).toEqual([]);
    }
    // Each image has its six sizes, with the exact boxes of the cropped ones.
    const files = await db()
      .select({ path: imageFiles.path, size: imageFiles.size, width: imageFiles.width, height: imageFiles.height })
      .from(imageFiles)
      .innerJoin(images, eq(images.path, imageFiles.path));
    const byPath = new Map<string, typeof files>();
    for (const f of files) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f]);
    const [imageCount] = await db().select({ n: count() }).from(images);
    expect(byPath.size).toBe(imageCount!.n);
    for (const [path, list] of byPath) {
      expect(list.map((f) => f.size).sort(), path).toEqual(sizes);
      for (const f of list) {
        const box = IMAGE_SIZES[f.size as keyof typeof IMAGE_SIZES];
        if (box.crop) expect([f.width, f.height], `${path} ${f.size}`).toEqual([box.width, box.height]);
      }
    }
    // The logo is the profile's own, recorded as such.
    const northwind = await companyByKey('northwind-labs');
    const [logo] = await db().select().from(images).where(eq(images.id, northwind!.logoImageId!));
    expect(logo).toMatchObject({ path: 'demo/company/northwind-labs/logo', kind: 'logo', ownerKind: 'company', ownerId: northwind!.id });
  });

  it('serves the Nordic Partner white-label feed for Danish jobs, with its logo', async () => {
    const [feed] = await db()
      .select({ feed: whiteLabelFeeds, owner: companies.key, logo: images.path })
      .from(whiteLabelFeeds)
      .innerJoin(companies, eq(companies.id, whiteLabelFeeds.companyId))
      .leftJoin(images, eq(images.id, whiteLabelFeeds.logoImageId))
      .where(eq(whiteLabelFeeds.domain, 'jobs.nordic-partner.test'));
    expect(feed).toMatchObject({ owner: 'nordic-partner', logo: 'demo/nordic-partner-logo' });
    expect(feed!.feed.filters).toEqual({ countryCodes: ['DK'] });
    expect(feed!.feed.name).toBeTruthy();
    expect((await companyByKey('nordic-partner'))?.status).toBe('ACTIVE');
  });

  it('creates the eight demo accounts with their profiles, all signing in with the demo password', async () => {
    // The demo candidates of the applicant board (issue #13) have no password: they never sign in.
    const all = await db().select().from(users).orderBy(asc(users.id));
    const candidates = new Set(DEMO_CANDIDATES.map((c) => c.email));
    expect(all.filter((u) => candidates.has(u.email)).every((u) => u.passwordHash === null && !u.isAdmin)).toBe(true);
    const rows = all.filter((u) => !candidates.has(u.email));
    expect(rows.map((u) => u.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(rows.every((u) => u.isEmailVerified && u.firstName && u.lastName)).toBe(true);
    expect(rows.filter((u) => u.isAdmin).map((u) => u.email)).toEqual(['admin@nordlys.test']);
    expect(new Set(rows.map((u) => u.passwordHash)).size).toBe(1);
    expect(await verify(rows[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verify(rows[0]!.passwordHash!, 'wrong-password')).toBe(false);

    const membership = async (email: string) => {
      const [user] = rows.filter((u) => u.email === email);
      const memberOf = await db()
        .select({ key: companies.key, status: companies.status })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, user!.id));
      const investorOf = await db()
        .select({ key: investors.key })
        .from(investorMembers)
        .innerJoin(investors, eq(investors.id, investorMembers.investorId))
        .where(eq(investorMembers.userId, user!.id));
      const applicant = await db().select({ enabled: applicantProfiles.enabled }).from(applicantProfiles).where(eq(applicantProfiles.userId, user!.id));
      return { companies: memberOf, investors: investorOf.map((i) => i.key), applicant: applicant[0]?.enabled ?? null };
    };
    expect(await membership('admin@nordlys.test')).toEqual({ companies: [], investors: [], applicant: null });
    expect(await membership('talent@nordlys.test')).toEqual({ companies: [], investors: [], applicant: true });
    expect(await membership('founder@nordlys.test')).toEqual({ companies: [{ key: 'northwind-labs', status: 'ACTIVE' }], investors: [], applicant: null });
    expect(await membership('investor@nordlys.test')).toEqual({ companies: [], investors: ['fjord-ventures'], applicant: null });
    expect(await membership('draft@nordlys.test')).toEqual({ companies: [{ key: 'draft-startup', status: 'DRAFT' }], investors: [], applicant: null });
    expect(await membership('newbie@nordlys.test')).toEqual({ companies: [], investors: [], applicant: null });
    expect(await membership('sister@nordlys.test')).toEqual({ companies: [{ key: 'polaris-impact', status: 'ACTIVE' }], investors: [], applicant: null });
    const multi = await membership('multi@nordlys.test');
    expect(multi.applicant).toBe(true);
    expect(multi.companies).toHaveLength(1);
    expect(multi.companies[0]).toMatchObject({ status: 'ACTIVE' });
    expect(multi.companies[0]!.key).not.toBe('northwind-labs');
    expect(multi.investors).toHaveLength(1);
  });

  it('gives talent@ and multi@ applications on Northwind jobs in every pipeline stage, and talent@ a digest', async () => {
    const rows = await db()
      .select({ email: users.email, stage: applications.stage, company: companies.key })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId));
    const accounts = rows.filter((r) => DEMO_ACCOUNTS.some((a) => a.email === r.email));
    expect(new Set(accounts.map((r) => r.email))).toEqual(new Set(['talent@nordlys.test', 'multi@nordlys.test']));
    expect(new Set(accounts.map((r) => r.stage))).toEqual(new Set(['applied', 'custom', 'hired', 'toreject', 'rejected']));
    expect(rows.every((r) => r.company === 'northwind-labs')).toBe(true);
    expect(rows.every((r) => r.email.endsWith('nordlys.test'))).toBe(true);
    const [digest] = await db().select().from(digests);
    expect(digest).toMatchObject({ email: 'talent@nordlys.test', settingsKey: expect.stringMatching(/^\w{16,}$/) });
  });

  it("fills Northwind's applicant board: candidates with CVs in every stage, founder@'s ratings and notes, every application's history (issue #13)", async () => {
    const [northwind] = await db().select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    const rows = await db()
      .select({ id: applications.id, email: users.email, stage: applications.stage, stageId: applications.stageId, cvPath: applications.cvPath, answers: applications.answers, createdAt: applications.createdAt, lastActivityAt: applications.lastActivityAt, rejectionMailedAt: applications.rejectionMailedAt, jobId: jobs.id })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .innerJoin(jobs, eq(jobs.id, applications.jobId));
    const candidates = rows.filter((r) => DEMO_CANDIDATES.some((c) => c.email === r.email));
    expect(candidates.length).toBeGreaterThanOrEqual(12);
    expect(new Set(candidates.map((r) => r.email)).size).toBe(DEMO_CANDIDATES.length);
    expect(new Set(candidates.map((r) => r.stage))).toEqual(new Set(['applied', 'custom', 'hired', 'toreject', 'rejected']));
    // A custom card sits in one of Northwind's own stages.
    const stages = await db().select({ id: companyStages.id }).from(companyStages).where(eq(companyStages.companyId, northwind!.id));
    for (const r of rows.filter((r) => r.stage === 'custom')) expect(stages.map((s) => s.id)).toContain(r.stageId);
    // CVs are real PDFs, owned by their candidate.
    const cvs = await db().select().from(storedFiles).where(inArray(storedFiles.path, candidates.flatMap((r) => (r.cvPath ? [r.cvPath] : []))));
    expect(cvs.length).toBeGreaterThan(5);
    for (const cv of cvs) {
      expect(cv.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(cv).toMatchObject({ kind: 'cv', contentType: 'application/pdf', sizeBytes: cv.bytes.length });
    }
    // Every application has its 'applied' event, and its last activity is no earlier than it.
    const events = await db().select().from(applicationEvents);
    for (const r of rows) {
      expect(events.filter((e) => e.applicationId === r.id && e.kind === 'applied'), `application ${r.id}`).toHaveLength(1);
      expect(r.lastActivityAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
      if (r.stage !== 'applied') expect(events.some((e) => e.applicationId === r.id && e.kind === 'moved' && e.toStage === r.stage), `application ${r.id}`).toBe(true);
      expect(events.some((e) => e.applicationId === r.id && e.kind === 'rejection-mailed')).toBe(r.rejectionMailedAt !== null);
    }
    const [founder] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'founder@nordlys.test'));
    const [rated] = await db().select({ n: count() }).from(applicationRatings).where(eq(applicationRatings.userId, founder!.id));
    const [noted] = await db().select({ n: count() }).from(applicationNotes).where(eq(applicationNotes.authorId, founder!.id));
    expect(rated!.n).toBeGreaterThan(5);
    expect(noted!.n).toBeGreaterThan(5);
    // The jobs the browser tests apply to as talent@: ACTIVE, on Nordlys, with screening questions, and none of talent@'s applications.
    const open = await db()
      .select({ id: jobs.id, status: jobs.status, applyMethod: jobs.applyMethod, questions: jobs.screeningQuestions })
      .from(jobs)
      .where(and(eq(jobs.companyId, northwind!.id), eq(jobs.status, 'ACTIVE')))
      .orderBy(asc(jobs.id));
    for (const [n, i] of OPEN_JOB_INDEXES.entries()) {
      expect(open[i]).toMatchObject({ applyMethod: 'nordlys', questions: DEMO_SCREENING_QUESTIONS[n] });
      expect(rows.filter((r) => r.jobId === open[i]!.id).map((r) => r.email)).not.toContain('talent@nordlys.test');
      // Candidates answered every question of the job.
      for (const r of rows.filter((r) => r.jobId === open[i]!.id)) expect(r.answers.map((a) => a.question)).toEqual(DEMO_SCREENING_QUESTIONS[n]);
    }
  });

  it('agrees with the job status machine: a job waiting for payment has a paid plan due, every job but a draft was published (issue #12)', async () => {
    const waiting = await db().select({ id: jobs.id, plan: jobs.plan }).from(jobs).where(eq(jobs.status, 'PENDING_PAYMENT'));
    expect(waiting.length).toBeGreaterThan(0);
    for (const job of waiting) expect(await paymentDue(db(), job), `job ${job.id}`).toBe(true);
    const [unpublished] = await db().select({ n: count() }).from(jobs).where(and(ne(jobs.status, 'DRAFT'), isNull(jobs.publishedAt)));
    expect(unpublished!.n).toBe(0);
  });

  it("gives Northwind Labs' jobs dashboard figures within their views, on days they were live (issue #12)", async () => {
    const rows = await db()
      .select({ id: jobs.id, views: jobs.views, approvedAt: jobs.approvedAt, seeded: sql<number>`coalesce(sum(${jobDailyStats.views}), 0)::int`, first: sql<string | null>`min(${jobDailyStats.day})::text`, surfaces: sql<number>`count(distinct ${jobDailyStats.surface})::int`, applications: sql<number>`coalesce(sum(${jobDailyStats.applications}), 0)::int` })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(jobDailyStats, eq(jobDailyStats.jobId, jobs.id))
      .where(eq(companies.key, 'northwind-labs'))
      .groupBy(jobs.id);
    const live = rows.filter((r) => r.approvedAt && r.views > 20);
    expect(live.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(r.seeded, `job ${r.id}`).toBeLessThanOrEqual(r.views);
      if (r.first) expect(Date.parse(r.first) + 86_400_000, `job ${r.id}`).toBeGreaterThan(r.approvedAt!.getTime());
    }
    expect(live.every((r) => r.seeded > 0 && r.surfaces === 3)).toBe(true);
    expect(rows.reduce((n, r) => n + r.applications, 0)).toBeGreaterThan(0);
  });

  it('seeds the same data on every run with the same now', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedDemo(other.db, { now: NOW });
      const again = await fingerprint(other.db);
      expect(again.map((j) => j.title)).toEqual(seededJobs.map((j) => j.title));
      expect(again).toEqual(seededJobs);
    } finally {
      await other.close();
    }
  });

  it('grows the jobs table to an exact total over ACTIVE startups, and adds nothing once there', async () => {
    const progress: number[] = [];
    const added = await growJobs(db(), 3_000, { now: NOW, onProgress: (done, total) => progress.push(done / total) });
    expect(added).toBe(3_000 - summary.jobs);
    expect(progress.at(-1)).toBe(1);
    const [total] = await db().select({ n: count() }).from(jobs);
    expect(total!.n).toBe(3_000);
    const [atInactive] = await db()
      .select({ n: count() })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(gt(jobs.id, seededJobs.at(-1)!.id), ne(companies.status, 'ACTIVE')));
    expect(atInactive!.n).toBe(0);
    const [atSisterOnly] = await db()
      .select({ n: count() })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(companies.key, 'polaris-impact'));
    expect(atSisterOnly!.n).toBe(0);
    const [locationRows] = await db().select({ n: count() }).from(locations);
    expect(locationRows!.n).toBe(summary.locations);
    expect(await growJobs(db(), 2_000, { now: NOW })).toBe(0);
  });

  it('with `startups`, first adds copies of the ACTIVE startups, each its own key, and spreads the new jobs over them all', async () => {
    // Listed here: a startup only on the sister platform gets no jobs, and does not count.
    const activeCount = async () =>
      (await db().select({ n: count() }).from(companies).where(and(eq(companies.status, 'ACTIVE'), sql`${PRIMARY_PLATFORM} = any(${companies.platforms})`)))[0]!.n;
    const before = await activeCount();
    await growJobs(db(), 3_000 + 2_000, { now: NOW, startups: before + 100 });
    expect(await activeCount()).toBe(before + 100);
    const keys = await db().select({ key: companies.key }).from(companies);
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
    const [withNewJobs] = await db()
      .select({ n: sql<number>`count(distinct ${jobs.companyId})::int` })
      .from(jobs)
      .where(gt(jobs.id, seededJobs.at(-1)!.id));
    expect(withNewJobs!.n).toBeGreaterThan(before);
  });
});

describe('seed helpers', () => {
  it('draws the same numbers from the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    expect(Array.from({ length: 5 }, () => a.int(1, 100))).toEqual(Array.from({ length: 5 }, () => b.int(1, 100)));
  });

  it('makes lower-case-dashed keys from Nordic names', () => {
    expect(slugify('Fjord Ventures')).toBe('fjord-ventures');
    expect(slugify('Bølge Pay')).toBe('bolge-pay');
    expect(slugify('Hafið Seafood Ventures')).toBe('hafid-seafood-ventures');
    expect(slugify('Jökull AI')).toBe('jokull-ai');
  });

  it('puts the right article before a title', () => {
    expect(article('iOS Developer (Swift)')).toBe('an');
    expect(article('UX/UI Designer')).toBe('a');
    expect(article('SEO Specialist')).toBe('an');
    expect(article('Operations Manager')).toBe('an');
    expect(article('Head of Growth')).toBe('a');
  });
});

/** PGlite answers { rows }, node-postgres a result with rows too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
