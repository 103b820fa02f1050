/** Company queries: the public list, one company with its team and investors, and host lookups. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Company, CompanyList, CompanyListQuery, CompanySummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, companyInvestors, images, investors, jobs, whiteLabelFeeds } from '../db/schema';
import { toImage } from '../images';
import { containsText } from './contains';
import { companyIsLive, companyIsPublic, jobIsPublic } from './visibility';

const logo = alias(images, 'logo');

/** Active public jobs of the company in the current row, as a correlated count. */
const activeJobCount = (now: Date) =>
  sql<number>`(select count(*)::int from ${jobs} where ${jobs.companyId} = ${companies.id} and ${jobIsPublic(now)})`;

const summaryColumns = (now: Date) => ({
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

/** A company's whole public record by key, whatever its status; the caller decides who may see it. */
export async function getCompany(db: Db, key: string, now = new Date()): Promise<Company | null> {
  const [row] = await db
    .select({
      summary: summaryColumns(now),
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
    })
    .from(companies)
    .leftJoin(logo, eq(logo.id, companies.logoImageId))
    .where(eq(companies.key, key));
  if (!row) return null;

  const imageIds = [...(row.coverImageId ? [row.coverImageId] : []), ...row.galleryImageIds, ...row.team.flatMap((m) => (m.imageId ? [m.imageId] : []))];
  const [imageRows, investorRows] = await Promise.all([
    imageIds.length ? db.select({ id: images.id, path: images.path }).from(images).where(inArray(images.id, imageIds)) : [],
    db
      .select({
        key: investors.key,
        investorName: investors.name,
        investorWebsite: investors.website,
        investorCategory: investors.category,
        name: companyInvestors.name,
        website: companyInvestors.website,
        category: companyInvestors.category,
      })
      .from(companyInvestors)
      .leftJoin(investors, eq(investors.id, companyInvestors.investorId))
      .where(eq(companyInvestors.companyId, row.summary.id))
      .orderBy(asc(companyInvestors.position), asc(companyInvestors.id)),
  ]);
  const pathOf = new Map(imageRows.map((i) => [i.id, i.path]));

  return {
    ...toSummary(row.summary),
    status: row.status,
    coverImage: row.coverImageId ? toImage(pathOf.get(row.coverImageId)) : null,
    addresses: row.addresses,
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
    // spec 3: an entry linked to an investor shows the investor's own data and is not editable.
    investors: investorRows.map((i) => ({
      key: i.key,
      name: i.investorName ?? i.name ?? '',
      website: i.investorWebsite ?? i.website,
      category: i.investorCategory ?? i.category,
    })),
    quote: row.quote ?? null,
    views: row.views,
    linkedinId: row.linkedinId,
    platform: Object.fromEntries(row.platforms.map((p) => [p, true])),
  };
}

/** The active company whose career page a host serves (spec 2.5), or null. */
export async function getCompanyByCareersDomain(db: Db, domain: string, now = new Date()): Promise<Company | null> {
  const [row] = await db
    .select({ key: companies.key })
    .from(companies)
    .where(and(eq(sql`lower(${companies.careersDomain})`, domain.toLowerCase()), companyIsLive()));
  return row ? getCompany(db, row.key, now) : null;
}

/** The white-label feed a host serves (spec 2.5), with its logo and the company that runs it, or null. */
export async function getWhiteLabelFeed(db: Db, domain: string): Promise<WhiteLabelFeed | null> {
  const feedLogo = alias(images, 'feed_logo');
  const [row] = await db
    .select({
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
    .where(and(eq(sql`lower(${whiteLabelFeeds.domain})`, domain.toLowerCase()), companyIsLive()));
  if (!row) return null;
  return {
    domain: row.domain,
    name: row.name,
    description: row.description,
    logoImage: toImage(row.feedLogo),
    filters: row.filters,
    company: { id: row.companyId, key: row.companyKey, name: row.companyName, logoImage: toImage(row.companyLogo) },
  };
}
