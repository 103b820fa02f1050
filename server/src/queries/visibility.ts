/**
 * The SQL twins of the sdk's visibility rules (sdk/src/visibility.ts), for queries that filter many
 * rows. Each names its twin; visibility.test.ts checks on random rows, on PGlite and PostgreSQL, that
 * the two agree. Change a rule in both places, or that test fails.
 */
import { and, arrayOverlaps, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PRIMARY_PLATFORM } from '@nordlys/sdk/constants';
import type { FeedJobFilter } from '@nordlys/sdk/visibility';
import { blogPosts, companies, investors, jobs, locations } from '../db/schema';

/**
 * Twin of sdk isJobOpen: ACTIVE, approved, not past its expiry. The public list's partial index,
 * jobs_listed_idx (0005), is on `status = 'ACTIVE' AND approved_at IS NOT NULL`: keep that implied.
 * `now` may be a prepared statement's placeholder.
 */
export function jobIsOpen(now: Date | Placeholder): SQL {
  return and(eq(jobs.status, 'ACTIVE'), isNotNull(jobs.approvedAt), or(isNull(jobs.expirationDate), gt(jobs.expirationDate, now)))!;
}

/** Twin of sdk isCompanyLive. */
export function companyIsLive(): SQL {
  return eq(companies.status, 'ACTIVE');
}

/** Twin of sdk isJobPublic: the query must join `companies` on the job's company. */
export function jobIsPublic(now: Date | Placeholder): SQL {
  return and(jobIsOpen(now), companyIsLive())!;
}

/**
 * spec 3: a profile's platforms as "a map by platform name", e.g. { nordlys: true, sister: true }: the
 * shape the sdk's visibility rules (isCompanyPublic, isInvestorPublic) and the answers read, from the
 * stored list.
 */
export function platformMap(platforms: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(platforms.map((p) => [p, true]));
}

/** Twin of sdk isCompanyPublic: ACTIVE and listed on this platform. */
export function companyIsPublic(): SQL {
  return and(eq(companies.status, 'ACTIVE'), sql`${PRIMARY_PLATFORM} = any(${companies.platforms})`)!;
}

/** Twin of sdk isInvestorPublic: ACTIVE and listed on this platform. */
export function investorIsPublic(): SQL {
  return and(eq(investors.status, 'ACTIVE'), sql`${PRIMARY_PLATFORM} = any(${investors.platforms})`)!;
}

/**
 * Twin of sdk isBlogPostPublic (issue #15): the query must left-join `companies` on the post's company
 * (a site post has none).
 */
export function blogPostIsPublic(now: Date): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now), or(isNull(blogPosts.companyId), companyIsPublic()))!;
}

/**
 * Twin of sdk jobMatchesFilter (isJobInFeed on feedJobFilter(filters)): the query must join
 * `companies` and left-join `locations` on the job's. Undefined when the filter lets every job through.
 */
export function jobMatchesFilter(filter: FeedJobFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyKeys?.length) conditions.push(inArray(companies.key, filter.companyKeys));
  const countries = filter.countryCodes ?? [];
  if (countries.length) {
    const inCountries = countries.length === 1 ? eq(locations.countryCode, countries[0]!) : inArray(locations.countryCode, countries);
    conditions.push(filter.includeRemote ? or(inCountries, eq(jobs.isRemote, true)) : inCountries);
  }
  if (filter.categories?.length) conditions.push(arrayOverlaps(jobs.categories, filter.categories));
  return conditions.length ? and(...conditions) : undefined;
}
