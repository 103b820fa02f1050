/** Investor queries: the public list and one investor with people and investments. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Investment, Investor, InvestorList, InvestorListQuery, InvestorManage, InvestorSummary } from '@nordlys/sdk/schemas';
import { MARKETS, termValues } from '@nordlys/sdk/vocabulary';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import type { Db } from '../db/client';
import { companies, images, investments, investors } from '../db/schema';
import { toImage } from '../images';
import { containsText } from './contains';
import { companyIsPublic, investorIsPublic, platformMap } from './visibility';

const logo = alias(images, 'logo');

const summaryColumns = {
  id: investors.id,
  key: investors.key,
  name: investors.name,
  category: investors.category,
  logo: logo.path,
  intro: investors.intro,
  countryCodes: investors.countryCodes,
  industries: investors.industries,
};

function selectSummaries(db: Db) {
  return db.select(summaryColumns).from(investors).leftJoin(logo, eq(logo.id, investors.logoImageId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary({ logo: path, ...row }: SummaryRow): InvestorSummary {
  return { ...row, logoImage: toImage(path) };
}

/** GET /investors: active investors by name. */
export async function listInvestors(db: Db, query: InvestorListQuery): Promise<InvestorList> {
  const conditions: SQL[] = [investorIsPublic()];
  if (query.search) {
    conditions.push(containsText(query.search, investors.name, investors.intro));
  }
  if (query.category) conditions.push(eq(investors.category, query.category));
  // A market (nordics, europe, global) is one of its markets; anything else is a country code it invests in.
  if (query.market) {
    conditions.push(
      (termValues(MARKETS) as readonly string[]).includes(query.market)
        ? sql`${query.market} = any(${investors.markets})`
        : sql`${query.market.toUpperCase()} = any(${investors.countryCodes})`,
    );
  }
  if (query.industry) conditions.push(sql`${query.industry} = any(${investors.industries})`);
  if (query.investmentRange) conditions.push(sql`${query.investmentRange} = any(${investors.investmentRanges})`);
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      // Code-point order of the lower-cased name: the same on PGlite and on any PostgreSQL locale
      // (Æ, Ø and Å come after Z, as in the Nordic alphabets).
      .orderBy(sql`lower(${investors.name}) collate "C"`, asc(investors.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(investors).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { investors: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize, pages: Math.ceil(total / query.pageSize) };
}

/** An investor's whole public record by key, whatever its status; the caller decides who may see it. */
export async function getInvestor(db: Db, key: string): Promise<Investor | null> {
  const found = await loadInvestor(db, key);
  return found && found.investor;
}

/** An investor as its members and admins see it (GET /investors/{key}/hidden): with `manage`; null when unknown or deleted. */
export async function getManagedInvestor(db: Db, key: string): Promise<Investor | null> {
  const found = await loadInvestor(db, key);
  if (!found || found.deleted) return null;
  return { ...found.investor, manage: found.manage };
}

async function loadInvestor(db: Db, key: string): Promise<{ investor: Investor; manage: InvestorManage; deleted: boolean } | null> {
  const [row] = await db
    .select({
      summary: summaryColumns,
      status: investors.status,
      smallImageId: investors.smallImageId,
      coverImageId: investors.coverImageId,
      keyPeople: investors.keyPeople,
      website: investors.website,
      contactPreference: investors.contactPreference,
      views: investors.views,
      platforms: investors.platforms,
      investmentRanges: investors.investmentRanges,
      markets: investors.markets,
      typeKeywords: investors.typeKeywords,
      contactEmail: investors.contactEmail,
      submittedAt: investors.submittedAt,
      reviewNote: investors.reviewNote,
      deletedAt: investors.deletedAt,
    })
    .from(investors)
    .leftJoin(logo, eq(logo.id, investors.logoImageId))
    .where(eq(investors.key, key));
  if (!row) return null;

  const imageIds = [row.smallImageId, row.coverImageId, ...row.keyPeople.map((p) => p.imageId)].filter(
    (id): id is number => id !== null,
  );
  const [imageRows, portfolio] = await Promise.all([
    imageIds.length ? db.select({ id: images.id, path: images.path }).from(images).where(inArray(images.id, imageIds)) : [],
    listInvestments(db, row.summary.id),
  ]);
  const imageOf = (id: number | null) => (id ? toImage(imageRows.find((i) => i.id === id)?.path) : null);

  const investor: Investor = {
    ...toSummary(row.summary),
    // The render-time pass over stored user HTML (as getJob does for descriptions); H6 for the profile pages.
    intro: row.summary.intro === null ? null : sanitizeUserHtml(row.summary.intro),
    status: row.status,
    investmentRanges: row.investmentRanges,
    markets: row.markets,
    typeKeywords: row.typeKeywords,
    contactEmail: row.contactEmail,
    smallImage: imageOf(row.smallImageId),
    coverImage: imageOf(row.coverImageId),
    keyPeople: row.keyPeople.map((p) => ({ name: p.name, title: p.title, image: imageOf(p.imageId) })),
    investments: portfolio,
    website: row.website,
    contactPreference: row.contactPreference,
    views: row.views,
    platform: platformMap(row.platforms),
  };
  return {
    investor,
    manage: { submittedAt: row.submittedAt?.toISOString() ?? null, reviewNote: row.reviewNote },
    deleted: row.deletedAt !== null,
  };
}

/**
 * An investor's portfolio by name, each entry with its id. A startup on the site is linked (with its
 * current name and logo) only while its page is public; otherwise the entry shows the name it was
 * added with, unlinked, so a draft or deleted startup never leaks through a portfolio.
 */
export async function listInvestments(db: Db, investorId: number): Promise<Investment[]> {
  const companyLogo = alias(images, 'company_logo');
  const rows = await db
    .select({
      id: investments.id,
      name: investments.name,
      website: investments.website,
      companyKey: companies.key,
      companyName: companies.name,
      companyWebsite: companies.website,
      companyLogo: companyLogo.path,
    })
    .from(investments)
    .leftJoin(companies, and(eq(companies.id, investments.companyId), companyIsPublic()))
    .leftJoin(companyLogo, eq(companyLogo.id, companies.logoImageId))
    .where(eq(investments.investorId, investorId))
    .orderBy(sql`lower(coalesce(${companies.name}, ${investments.name})) collate "C"`, asc(investments.id));
  return rows.map((i) => ({
    id: i.id,
    company: i.companyKey && i.companyName ? { key: i.companyKey, name: i.companyName, logoImage: toImage(i.companyLogo) } : null,
    name: i.companyName ?? i.name,
    website: i.companyKey ? i.companyWebsite : i.website,
  }));
}
