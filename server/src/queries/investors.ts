/** Investor queries: the public list and one investor with people and investments. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Investor, InvestorList, InvestorListQuery, InvestorSummary } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, images, investments, investors } from '../db/schema';
import { toImage } from '../images';
import { containsText } from './contains';
import { investorIsPublic } from './visibility';

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
    })
    .from(investors)
    .leftJoin(logo, eq(logo.id, investors.logoImageId))
    .where(eq(investors.key, key));
  if (!row) return null;

  const imageIds = [row.smallImageId, row.coverImageId, ...row.keyPeople.map((p) => p.imageId)].filter(
    (id): id is number => id !== null,
  );
  const [imageRows, investmentRows] = await Promise.all([
    imageIds.length ? db.select({ id: images.id, path: images.path }).from(images).where(inArray(images.id, imageIds)) : [],
    db
      .select({ name: investments.name, website: investments.website, companyKey: companies.key, companyName: companies.name })
      .from(investments)
      .leftJoin(companies, eq(companies.id, investments.companyId))
      .where(eq(investments.investorId, row.summary.id))
      .orderBy(asc(investments.name)),
  ]);
  const imageOf = (id: number | null) => (id ? toImage(imageRows.find((i) => i.id === id)?.path) : null);

  return {
    ...toSummary(row.summary),
    status: row.status,
    investmentRanges: row.investmentRanges,
    markets: row.markets,
    typeKeywords: row.typeKeywords,
    contactEmail: row.contactEmail,
    smallImage: imageOf(row.smallImageId),
    coverImage: imageOf(row.coverImageId),
    keyPeople: row.keyPeople.map((p) => ({ name: p.name, title: p.title, image: imageOf(p.imageId) })),
    investments: investmentRows.map((i) => ({
      company: i.companyKey && i.companyName ? { key: i.companyKey, name: i.companyName } : null,
      name: i.name,
      website: i.website,
    })),
    website: row.website,
    contactPreference: row.contactPreference,
    views: row.views,
    platform: Object.fromEntries(row.platforms.map((p) => [p, true])),
  };
}
