import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES, PROFILE_STATUSES } from '@nordlys/sdk/constants';
import type { FeedFilters } from '@nordlys/sdk/schemas';
import {
  feedJobFilter,
  isBlogPostPublic,
  isCompanyLive,
  isCompanyPublic,
  isInvestorPublic,
  isJobInFeed,
  isJobOpen,
  isJobPublic,
} from '@nordlys/sdk/visibility';
import type { Db } from '../db/client';
import { blogPosts, companies, investors, jobs, locations } from '../db/schema';
import { backends, openTestDatabase } from '../testing/database';
import { blogPostIsPublic, companyIsLive, companyIsPublic, investorIsPublic, jobIsOpen, jobIsPublic, jobMatchesFilter, platformMap } from './visibility';

const now = new Date('2026-11-22T12:00:00.000Z');
// Around `now` to the millisecond, where an off-by-one (>= for >) would show.
const OFFSETS_MS = [-86_400_000, -1, 0, 1, 86_400_000];
const COUNTRIES = ['DK', 'SE', 'NO', 'FI'];
const CATEGORIES = ['frontend', 'backend', 'design', 'qa'];
const PLATFORMS = ['nordlys', 'sister', 'elsewhere'];

const at = fc.constantFrom(...OFFSETS_MS).map((ms) => new Date(now.getTime() + ms));
const profile = fc.record({ status: fc.constantFrom(...PROFILE_STATUSES), platforms: fc.subarray(PLATFORMS) });
const job = fc.record({
  company: fc.nat(),
  status: fc.constantFrom(...JOB_STATUSES),
  approvedAt: fc.option(at, { nil: null }),
  expirationDate: fc.option(at, { nil: null }),
  // No location row, a row without a country, or a country.
  location: fc.option(fc.option(fc.constantFrom(...COUNTRIES), { nil: null }), { nil: undefined }),
  isRemote: fc.boolean(),
  categories: fc.subarray(CATEGORIES),
});
const feed = fc.record(
  {
    countryCodes: fc.subarray([...COUNTRIES, 'IS']),
    includeRemote: fc.boolean(),
    // Indexes of the generated startups; past the end, a key no startup has.
    companyKeys: fc.array(fc.nat({ max: 6 }), { maxLength: 3 }),
    // 'cobol' is no category of the site: the feed rule leaves it out.
    categories: fc.subarray([...CATEGORIES, 'cobol']),
  },
  { requiredKeys: [] },
);
const world = fc.record({
  companies: fc.array(profile, { minLength: 1, maxLength: 5 }),
  investors: fc.array(profile, { maxLength: 4 }),
  jobs: fc.array(job, { maxLength: 14 }),
  feeds: fc.array(feed, { minLength: 1, maxLength: 4 }),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

let run = 0;

/** Writes a world to the database; returns the ids and keys it got, and a cleanup. */
async function write(db: Db, w: World) {
  const tag = `vis-${process.pid}-${++run}`;
  const companyRows = await db
    .insert(companies)
    .values(w.companies.map((c, i) => ({ key: `${tag}-c${i}`, name: `Startup ${i}`, status: c.status, platforms: c.platforms })))
    .returning({ id: companies.id, key: companies.key });
  const investorRows = w.investors.length
    ? await db
        .insert(investors)
        .values(w.investors.map((v, i) => ({ key: `${tag}-i${i}`, name: `Investor ${i}`, category: 'VC', status: v.status, platforms: v.platforms })))
        .returning({ id: investors.id })
    : [];
  const locationIds: (number | null)[] = [];
  for (const j of w.jobs) {
    if (j.location === undefined) locationIds.push(null);
    else {
      const [row] = await db.insert(locations).values({ locality: 'Somewhere', countryCode: j.location }).returning({ id: locations.id });
      locationIds.push(row!.id);
    }
  }
  const jobRows = w.jobs.length
    ? await db
        .insert(jobs)
        .values(
          w.jobs.map((j, i) => ({
            companyId: companyRows[j.company % companyRows.length]!.id,
            title: `Job ${i}`,
            status: j.status,
            approvedAt: j.approvedAt,
            expirationDate: j.expirationDate,
            locationId: locationIds[i],
            isRemote: j.isRemote,
            categories: j.categories,
          })),
        )
        .returning({ id: jobs.id })
    : [];
  const cleanup = async () => {
    // Jobs go with their startups (on delete cascade).
    await db.delete(companies).where(inArray(companies.id, companyRows.map((c) => c.id)));
    if (investorRows.length) await db.delete(investors).where(inArray(investors.id, investorRows.map((i) => i.id)));
    const locs = locationIds.filter((id): id is number => id !== null);
    if (locs.length) await db.delete(locations).where(inArray(locations.id, locs));
  };
  return { companyRows, investorRows, jobIds: jobRows.map((j) => j.id), cleanup };
}

describe.each(backends)('visibility: the SQL twins agree with the sdk rules on random rows (%s)', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
  });
  afterAll(() => close?.());

  it('job open and public, startup live and public, investor public, job in a white-label feed', async () => {
    let feedsSeen = 0;
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const { companyRows, investorRows, jobIds, cleanup } = await write(db, w);
        try {
          const companyIds = companyRows.map((c) => c.id);
          const companyOf = (j: World['jobs'][number]) => w.companies[j.company % w.companies.length]!;
          // What the sdk says of each generated row, as /api carries it (ISO dates, a platform map).
          const model = w.jobs.map((j, i) => ({
            id: jobIds[i]!,
            facts: { status: j.status, approvedAt: iso(j.approvedAt), expirationDate: iso(j.expirationDate) },
            company: companyOf(j),
            feedFacts: {
              company: { key: companyRows[j.company % companyRows.length]!.key },
              location: j.location === undefined ? null : { country: j.location },
              isRemote: j.isRemote,
              categories: j.categories,
            },
          }));

          const selectJobs = (where: ReturnType<typeof jobIsOpen> | undefined) =>
            db
              .select({ id: jobs.id })
              .from(jobs)
              .innerJoin(companies, eq(companies.id, jobs.companyId))
              .leftJoin(locations, eq(locations.id, jobs.locationId))
              .where(and(inArray(jobs.companyId, companyIds), where))
              .then((rows) => sorted(rows.map((r) => r.id)));

          expect(await selectJobs(jobIsOpen(now))).toEqual(sorted(model.filter((m) => isJobOpen(m.facts, { now })).map((m) => m.id)));
          const publicJobs = model.filter((m) => isJobPublic(m.facts, m.company, { now }));
          expect(await selectJobs(jobIsPublic(now))).toEqual(sorted(publicJobs.map((m) => m.id)));

          const selectCompanies = (where: ReturnType<typeof companyIsLive>) =>
            db
              .select({ id: companies.id })
              .from(companies)
              .where(and(inArray(companies.id, companyIds), where))
              .then((rows) => sorted(rows.map((r) => r.id)));
          expect(await selectCompanies(companyIsLive())).toEqual(sorted(companyIds.filter((_, i) => isCompanyLive(w.companies[i]!))));
          expect(await selectCompanies(companyIsPublic())).toEqual(
            sorted(companyIds.filter((_, i) => isCompanyPublic({ status: w.companies[i]!.status, platform: platformMap(w.companies[i]!.platforms) }))),
          );

          if (investorRows.length) {
            const investorIds = investorRows.map((i) => i.id);
            const rows = await db.select({ id: investors.id }).from(investors).where(and(inArray(investors.id, investorIds), investorIsPublic()));
            expect(sorted(rows.map((r) => r.id))).toEqual(
              sorted(investorIds.filter((_, i) => isInvestorPublic({ status: w.investors[i]!.status, platform: platformMap(w.investors[i]!.platforms) }))),
            );
          }

          for (const f of w.feeds) {
            const filters: FeedFilters = {
              ...f,
              companyKeys: f.companyKeys?.map((n) => companyRows[n]?.key ?? 'no-such-startup'),
            };
            const expected = publicJobs.filter((m) => isJobInFeed(filters, m.feedFacts)).map((m) => m.id);
            expect(await selectJobs(and(jobIsPublic(now), jobMatchesFilter(feedJobFilter(filters)))), JSON.stringify(filters)).toEqual(
              sorted(expected),
            );
            feedsSeen++;
          }
        } finally {
          await cleanup();
        }
      }),
      { numRuns: 40 },
    );
    expect(feedsSeen).toBeGreaterThanOrEqual(40);
  }, 120_000);
  it('blog post public: published by now, and a site post or a public startup\'s (issue #15)', async () => {
    const posts = fc.record({
      companies: fc.array(profile, { minLength: 1, maxLength: 4 }),
      // An index of the generated startups, or null: the site's own post.
      posts: fc.array(fc.record({ company: fc.option(fc.nat(), { nil: null }), publishedAt: fc.option(at, { nil: null }) }), { minLength: 1, maxLength: 10 }),
    });
    let seen = 0;
    await fc.assert(
      fc.asyncProperty(posts, async (w) => {
        const tag = `blog-vis-${process.pid}-${++run}`;
        const companyRows = await db
          .insert(companies)
          .values(w.companies.map((c, i) => ({ key: `${tag}-c${i}`, name: `Startup ${i}`, status: c.status, platforms: c.platforms })))
          .returning({ id: companies.id });
        const companyIndex = (p: (typeof w.posts)[number]) => (p.company === null ? null : p.company % companyRows.length);
        const postRows = await db
          .insert(blogPosts)
          .values(
            w.posts.map((p, i) => {
              const index = companyIndex(p);
              return { slug: `${tag}-p${i}`, title: `Post ${i}`, companyId: index === null ? null : companyRows[index]!.id, publishedAt: p.publishedAt };
            }),
          )
          .returning({ id: blogPosts.id });
        try {
          const ids = postRows.map((r) => r.id);
          const rows = await db
            .select({ id: blogPosts.id })
            .from(blogPosts)
            .leftJoin(companies, eq(companies.id, blogPosts.companyId))
            .where(and(inArray(blogPosts.id, ids), blogPostIsPublic(now)));
          const expected = w.posts.flatMap((p, i) => {
            const index = companyIndex(p);
            const company = index === null ? null : { status: w.companies[index]!.status, platform: platformMap(w.companies[index]!.platforms) };
            return isBlogPostPublic({ publishedAt: iso(p.publishedAt) }, company, { now }) ? [ids[i]!] : [];
          });
          expect(sorted(rows.map((r) => r.id))).toEqual(sorted(expected));
          seen += ids.length;
        } finally {
          // Posts go with their startups (on delete cascade); the site's own by themselves.
          await db.delete(blogPosts).where(inArray(blogPosts.id, postRows.map((r) => r.id)));
          await db.delete(companies).where(inArray(companies.id, companyRows.map((c) => c.id)));
        }
      }),
      { numRuns: 40 },
    );
    expect(seen).toBeGreaterThanOrEqual(40);
  }, 120_000);
});
