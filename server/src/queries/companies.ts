/** Company queries: the public list, one company with its team and investors, and host lookups. */
import { and, asc, count, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Placeholder } from 'drizzle-orm';
import type { Backer, Company, CompanyInvestor, CompanyList, CompanyListQuery, CompanyManage, CompanySummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import type { Db } from '../db/client';
import { prepared, qualified } from '../db/prepared';
import { companies, images, jobs, whiteLabelFeeds } from '../db/schema';
import { toImage } from '../images';
import { containsText } from './contains';
import { careersDomainIsServed, feedDomainIsServed, toDomainClaim, type DomainSite, type StoredClaim } from './domain-claims';
import { companyIsLive, companyIsPublic, investorIsPublic, jobIsPublic, platformMap } from './visibility';

const logo = alias(images, 'logo');

/**
 * Active public jobs of the company in the current row, as a correlated count: inside, "jobs" is the
 * subquery's own table and "companies" the surrounding query's row.
 */
export const activeJobCount = (now: Date | Placeholder) =>
  sql<number>`(select count(*)::int from ${jobs} where ${qualified(jobs.companyId)} = ${qualified(companies.id)} and ${jobIsPublic(now)})`;

const summaryColumns = (now: Date | Placeholder) => ({
  id: companies.id,
  key: companies.key,
  name: companies.name,
  logo: logo.path,
  website: companies.website,
  whatWeDo: companies.whatWeDo,
  countryCodes: companies.countryCodes,
  numberOfActiveJobs: activeJobCount(now),
});

function selectSummaries(db: Db, now: Date) {
  return db.select(summaryColumns(now)).from(companies).leftJoin(logo, eq(logo.id, companies.logoImageId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary(row: SummaryRow): CompanySummary {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    logoImage: toImage(row.logo),
    website: row.website,
    whatWeDo: row.whatWeDo,
    countries: row.countryCodes.map((countryCode) => ({ countryCode })),
    numberOfActiveJobs: Number(row.numberOfActiveJobs),
  };
}

/** GET /companiesProper: active startups, those hiring most first, then by name. */
export async function listCompanies(db: Db, query: CompanyListQuery, now = new Date()): Promise<CompanyList> {
  const conditions: SQL[] = [companyIsPublic()];
  if (query.search) {
    conditions.push(containsText(query.search, companies.name, companies.whatWeDo));
  }
  if (query.countryCode) conditions.push(sql`${query.countryCode} = any(${companies.countryCodes})`);
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    selectSummaries(db, now)
      .where(where)
      .orderBy(sql`${activeJobCount(now)} desc`, sql`lower(${companies.name}) collate "C"`, asc(companies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return {
    companies: rows.map(toSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/**
 * The public startups among `ids` as lists show them (GET /companiesProper's entries), by id; a
 * startup that is not public is left out (issue #13: a candidate's followed startups).
 */
export async function publicCompanySummaries(db: Db, ids: readonly number[], now = new Date()): Promise<Map<number, CompanySummary>> {
  if (!ids.length) return new Map();
  const rows = await selectSummaries(db, now).where(and(inArray(companies.id, [...new Set(ids)]), companyIsPublic()));
  return new Map(rows.map((row) => [row.id, toSummary(row)]));
}

/** A company's whole public record by key, whatever its status; the caller decides who may see it. */
export async function getCompany(db: Db, key: string, now = new Date()): Promise<Company | null> {
  const found = await loadCompany(db, key, now);
  return found && found.company;
}

/**
 * What the visibility rule reads of a company (sdk isCompanyPublic), by key, in one prepared query:
 * its id, status and platforms. For routes that need only the id of a public startup (its jobs).
 */
export async function getCompanyBasis(db: Db, key: string): Promise<{ id: number; status: string; platform: Record<string, boolean> } | null> {
  const [row] = await prepared(db, 'nordlys_company_basis', (db, name) =>
    db.select({ id: companies.id, status: companies.status, platforms: companies.platforms }).from(companies).where(eq(companies.key, sql.placeholder('key'))).prepare(name),
  ).execute({ key });
  return row ? { id: row.id, status: row.status, platform: platformMap(row.platforms) } : null;
}

/**
 * A company as its members and admins see it (GET /companies/{key}/hidden and the answers of the
 * writes): the public record plus `manage`, the review state and the settings. Null for an unknown
 * or a deleted company (a deleted one keeps its row so that its key stays taken, but is gone).
 */
export async function getManagedCompany(db: Db, key: string, site: DomainSite, now = new Date()): Promise<Company | null> {
  const found = await loadCompany(db, key, now);
  if (!found || found.deleted) return null;
  const claim = found.careersClaim;
  return { ...found.company, manage: { ...found.manage, careersDomainClaim: claim ? toDomainClaim(claim, found.company.key, site) : null } };
}

async function loadCompany(
  db: Db,
  key: string,
  now: Date,
): Promise<{ company: Company; manage: Omit<CompanyManage, 'careersDomainClaim'>; careersClaim: StoredClaim | null; deleted: boolean } | null> {
  // One prepared statement, as every startup page asks: planned once per connection, and its images,
  // own investor entries and backers read in the same round trip (correlated subqueries).
  const [row] = await prepared(db, 'nordlys_company_profile', (db, name) =>
    db
      .select({
        summary: summaryColumns(sql.placeholder('now')),
        status: companies.status,
        galleryImageIds: companies.galleryImageIds,
        team: companies.team,
        quote: companies.quote,
        views: companies.views,
        linkedinId: companies.linkedinId,
        platforms: companies.platforms,
        coverImageId: companies.coverImageId,
        addresses: companies.addresses,
        fundingStage: companies.fundingStage,
        numberOfEmployees: companies.numberOfEmployees,
        businessModel: companies.businessModel,
        perks: companies.perks,
        industries: companies.industries,
        sdgs: companies.sdgs,
        keyFigures: companies.keyFigures,
        foundedYear: companies.foundedYear,
        submittedAt: companies.submittedAt,
        reviewNote: companies.reviewNote,
        careersDomain: companies.careersDomain,
        careersDomainState: companies.careersDomainState,
        careersDomainToken: companies.careersDomainToken,
        careersDomainCheckedAt: companies.careersDomainCheckedAt,
        careersDomainVerifiedAt: companies.careersDomainVerifiedAt,
        applicationsEmail: companies.applicationsEmail,
        connectUrl: companies.connectUrl,
        deletedAt: companies.deletedAt,
        // The paths of its cover, gallery and team portraits.
        images: sql<{ id: number; path: string }[]>`coalesce((
          select json_agg(json_build_object('id', i.id, 'path', i.path)) from images i
          where i.id = ${qualified(companies.coverImageId)} or i.id = any(${qualified(companies.galleryImageIds)})
            or i.id in (select (m->>'imageId')::integer from jsonb_array_elements(${qualified(companies.team)}) m where m->>'imageId' is not null)
        ), '[]'::json)`,
        // The startup's own entries (investor_id null), in its order; linked ones are its backers.
        ownInvestors: sql<{ name: string | null; website: string | null; category: string | null }[]>`coalesce((
          select json_agg(json_build_object('name', ci.name, 'website', ci.website, 'category', ci.category) order by ci.position, ci.id)
          from company_investors ci where ci.company_id = ${qualified(companies.id)} and ci.investor_id is null
        ), '[]'::json)`,
        backers: backersOf(companies.id, 'profile'),
      })
      .from(companies)
      .leftJoin(logo, eq(logo.id, companies.logoImageId))
      .where(eq(companies.key, sql.placeholder('key')))
      .prepare(name),
  ).execute({ key, now });
  if (!row) return null;

  const pathOf = new Map(row.images.map((i) => [i.id, i.path]));

  const company: Company = {
    ...toSummary(row.summary),
    // The render-time pass over stored user HTML (as getJob does for descriptions); H6 for the profile pages.
    whatWeDo: row.summary.whatWeDo === null ? null : sanitizeUserHtml(row.summary.whatWeDo),
    status: row.status,
    coverImage: row.coverImageId ? toImage(pathOf.get(row.coverImageId)) : null,
    // Profiles from before the edit form (issue #11) have countries without addresses.
    addresses: row.addresses.length ? row.addresses : row.summary.countryCodes.map((countryCode) => ({ countryCode, address: null })),
    fundingStage: row.fundingStage,
    numberOfEmployees: row.numberOfEmployees,
    businessModel: row.businessModel,
    perks: row.perks,
    industries: row.industries,
    sdgs: row.sdgs,
    keyFigures: row.keyFigures,
    foundedYear: row.foundedYear,
    galleryImages: row.galleryImageIds.flatMap((id) => toImage(pathOf.get(id)) ?? []),
    team: row.team.map((m) => ({ name: m.name, title: m.title, image: m.imageId ? toImage(pathOf.get(m.imageId)) : null })),
    // spec 3: an entry linked to an investor shows the investor's own data and is not editable. The
    // linked ones (the startup's list or an investor's portfolio) first, then its own.
    investors: [
      ...row.backers.map((i): CompanyInvestor => ({ key: i.key, name: i.name, website: i.website, category: i.category, logoImage: toImage(i.logo) })),
      ...row.ownInvestors.map((i): CompanyInvestor => ({ key: null, name: i.name ?? '', website: i.website, category: i.category, logoImage: null })),
    ],
    quote: row.quote ?? null,
    views: row.views,
    linkedinId: row.linkedinId,
    platform: platformMap(row.platforms),
  };
  const manage = {
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
    careersDomain: row.careersDomain,
    applicationsEmail: row.applicationsEmail,
    connectUrl: row.connectUrl,
  };
  const careersClaim: StoredClaim | null =
    row.careersDomain && row.careersDomainState && row.careersDomainToken
      ? { domain: row.careersDomain, state: row.careersDomainState, token: row.careersDomainToken, checkedAt: row.careersDomainCheckedAt, verifiedAt: row.careersDomainVerifiedAt }
      : null;
  return { company, manage, careersClaim, deleted: row.deletedAt !== null };
}

/** A public investor backing a company, as the startup's page shows it (its logo a stored path). */
interface ProfileBacker {
  key: string;
  name: string;
  website: string | null;
  category: string;
  logo: string | null;
}

/**
 * The public investors backing the company whose id is `companyId` (a column of the surrounding
 * query), as a JSON array: those the startup's list links to, in its order, then those whose
 * portfolio lists it (investments.company_id), by name; each investor once, in its first place. A
 * draft, deleted or sister-only investor never shows. `card` gives what "Backed by" shows on job cards
 * and pages ({ key, name }); `profile` adds the website, category and logo of the startup's page.
 *
 * A correlated subquery, so a job list or a profile reads its backers in its own query (one round
 * trip to the database instead of two: every job list and page asks).
 */
export function backersOf(companyId: Column, fields: 'card'): SQL<Backer[]>;
export function backersOf(companyId: Column, fields: 'profile'): SQL<ProfileBacker[]>;
export function backersOf(companyId: Column, fields: 'card' | 'profile'): SQL<Backer[] | ProfileBacker[]> {
  const object =
    fields === 'card'
      ? sql`json_build_object('key', b.key, 'name', b.name)`
      : sql`json_build_object('key', b.key, 'name', b.name, 'website', b.website, 'category', b.category, 'logo', b.logo)`;
  // Inside, every name is the subquery's own but `companyId`'s, which reaches out to the surrounding
  // row; names are written whole (drizzle leaves the table out of a column in the fields of a select
  // without joins, where a name like "id" would then be the subquery's).
  const outer = qualified(companyId);
  return sql`coalesce((
    select json_agg(${object} order by b.source, b.list_position, b.list_entry, b.sort_name, b.id)
    from (
      select distinct on (investors.id) investors.id, investors.key, investors.name, investors.website, investors.category,
        backer_logo.path as logo, s.source, s.list_position, s.list_entry,
        case when s.source = 1 then lower(investors.name) collate "C" end as sort_name
      from (
        select ci.investor_id, 0 as source, ci.position as list_position, ci.id as list_entry
        from company_investors ci where ci.company_id = ${outer} and ci.investor_id is not null
        union all
        select inv.investor_id, 1, null, null from investments inv where inv.company_id = ${outer}
      ) s
      join investors on investors.id = s.investor_id
      left join images backer_logo on backer_logo.id = investors.logo_image_id
      where ${investorIsPublic()}
      order by investors.id, s.source, s.list_position, s.list_entry
    ) b
  ), '[]'::json)`;
}

/**
 * "Backed by {investor}" on job cards and pages: the public investors of each company (as its page
 * lists them), by company id. Companies without one are absent from the map. Job lists read them in
 * their own query (backersOf); this is the same rule for a list of ids.
 * @example (await companyBackers(db, [7])).get(7) // [{ key: 'fjord-ventures', name: 'Fjord Ventures' }]
 */
export async function companyBackers(db: Db, companyIds: readonly number[]): Promise<Map<number, Backer[]>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ id: companies.id, backers: backersOf(companies.id, 'card') })
    .from(companies)
    .where(inArray(companies.id, [...new Set(companyIds)]));
  return new Map(rows.filter((row) => row.backers.length).map((row) => [row.id, row.backers]));
}

/** The active company whose career page a host serves (spec 2.5): only once its domain is verified (issue #33), else null. */
export async function getCompanyByCareersDomain(db: Db, domain: string, now = new Date()): Promise<Company | null> {
  const [row] = await db
    .select({ key: companies.key })
    .from(companies)
    .where(and(eq(sql`lower(${companies.careersDomain})`, domain.toLowerCase()), careersDomainIsServed(), companyIsLive()));
  return row ? getCompany(db, row.key, now) : null;
}

/** The white-label feed a host serves (spec 2.5), with its logo and the company that runs it: only once its domain is verified (issue #33), else null. */
export async function getWhiteLabelFeed(db: Db, domain: string): Promise<WhiteLabelFeed | null> {
  const feedLogo = alias(images, 'feed_logo');
  const [row] = await db
    .select({
      id: whiteLabelFeeds.id,
      domain: whiteLabelFeeds.domain,
      name: whiteLabelFeeds.name,
      description: whiteLabelFeeds.description,
      filters: whiteLabelFeeds.filters,
      feedLogo: feedLogo.path,
      companyId: companies.id,
      companyKey: companies.key,
      companyName: companies.name,
      companyLogo: logo.path,
    })
    .from(whiteLabelFeeds)
    .innerJoin(companies, eq(companies.id, whiteLabelFeeds.companyId))
    .leftJoin(feedLogo, eq(feedLogo.id, whiteLabelFeeds.logoImageId))
    .leftJoin(logo, eq(logo.id, companies.logoImageId))
    .where(and(eq(sql`lower(${whiteLabelFeeds.domain})`, domain.toLowerCase()), feedDomainIsServed(), companyIsLive()));
  if (!row) return null;
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    description: row.description,
    logoImage: toImage(row.feedLogo),
    filters: row.filters,
    company: { id: row.companyId, key: row.companyKey, name: row.companyName, logoImage: toImage(row.companyLogo) },
  };
}
