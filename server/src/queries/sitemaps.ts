/**
 * Sitemap and aggregator-feed queries (issue #15): the public pages search engines may list, split
 * into sitemaps by id range (feeds sitemapIdRange), and the open jobs job aggregators read, in
 * keyset pages. Only what the visibility rules show: their SQL twins (visibility.ts) decide.
 */
import { and, asc, count, eq, gt, gte, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, companies, deals, investors, jobs, partners, tools } from '../db/schema';
import { blogPostIsPublic, companyIsPublic, investorIsPublic, jobIsPublic } from './visibility';

/** The kinds of page listed from the database, one sitemap (or more) each. */
export const SITEMAP_KINDS = ['jobs', 'startups', 'investors', 'blog'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One page of a kind: what its URL is built from (a job's id, a startup's key, a post's slug) and when it last changed. */
export interface SitemapRow {
  key: string;
  lastmod: Date;
}

/** A sitemap part that lists at least one page, and when its newest page changed. */
export interface SitemapPart {
  part: number;
  lastmod: Date;
}

const POST_LASTMOD = sql`greatest(${blogPosts.publishedAt}, ${blogPosts.updatedAt})`;

/**
 * The public pages of a kind as a subquery of (id, key, lastmod), each behind its visibility rule.
 * Conditions on its id reach the table's primary key through it.
 */
function publicPages(db: Db, kind: SitemapKind, now: Date) {
  switch (kind) {
    case 'jobs':
      return db
        // lastmod: the job's own update time (issue #15): an edit, a status change, a boost or its approval.
        .select({ id: jobs.id, key: sql<string>`${jobs.id}::text`.as('key'), lastmod: sql<Date>`${jobs.updatedAt}`.as('lastmod') })
        .from(jobs)
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(jobIsPublic(now))
        .as('pages');
    case 'startups':
      return db
        .select({ id: companies.id, key: sql<string>`${companies.key}`.as('key'), lastmod: sql<Date>`${companies.updatedAt}`.as('lastmod') })
        .from(companies)
        .where(companyIsPublic())
        .as('pages');
    case 'investors':
      return db
        .select({ id: investors.id, key: sql<string>`${investors.key}`.as('key'), lastmod: sql<Date>`${investors.updatedAt}`.as('lastmod') })
        .from(investors)
        .where(investorIsPublic())
        .as('pages');
    case 'blog':
      return db
        // A post scheduled ahead changes (appears) when it is published, after its last edit.
        .select({ id: blogPosts.id, key: sql<string>`${blogPosts.slug}`.as('key'), lastmod: sql<Date>`${POST_LASTMOD}`.as('lastmod') })
        .from(blogPosts)
        .leftJoin(companies, eq(companies.id, blogPosts.companyId))
        .where(blogPostIsPublic(now))
        .as('pages');
  }
}

/** A timestamp as either driver returns it from an expression (a Date, or its text). */
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * The parts of a kind that list at least one page when its pages are split by id range
 * (`perSitemap` ids a part, feeds sitemapIdRange), each with its newest page's change: one grouped query.
 */
export async function sitemapParts(db: Db, kind: SitemapKind, perSitemap: number, now: Date): Promise<SitemapPart[]> {
  if (!Number.isInteger(perSitemap) || perSitemap < 1) throw new RangeError(`sitemapParts: perSitemap must be a whole number from 1, got ${perSitemap}`);
  const pages = publicPages(db, kind, now);
  // A checked whole number, written as a literal so that the division is an integer one on both databases.
  const part = sql<number>`((${pages.id} - 1) / ${sql.raw(String(perSitemap))}) + 1`;
  const rows = await db
    .select({ part, lastmod: sql<Date | string>`max(${pages.lastmod})` })
    .from(pages)
    .groupBy(part)
    .orderBy(part);
  return rows.map((row) => ({ part: Number(row.part), lastmod: toDate(row.lastmod) }));
}

/** The pages of one part: the ids `first` to `last` of a kind, in id order (one query, at most `last - first + 1` rows). */
export async function sitemapRows(db: Db, kind: SitemapKind, range: { first: number; last: number }, now: Date): Promise<SitemapRow[]> {
  const pages = publicPages(db, kind, now);
  const rows = await db
    .select({ key: pages.key, lastmod: pages.lastmod })
    .from(pages)
    .where(and(gte(pages.id, range.first), lte(pages.id, range.last)))
    .orderBy(asc(pages.id));
  return rows.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod as Date | string) }));
}

/** The keys of the partners, tools and deals: each has its public page (their lists show every row). */
export async function directoryKeys(db: Db): Promise<{ partners: string[]; tools: string[]; deals: string[] }> {
  const [partnerRows, toolRows, dealRows] = await Promise.all([
    db.select({ key: partners.key }).from(partners).orderBy(asc(partners.position), asc(partners.key)),
    db.select({ key: tools.key }).from(tools).orderBy(asc(tools.position), asc(tools.key)),
    db.select({ key: deals.key }).from(deals).orderBy(asc(deals.key)),
  ]);
  return { partners: partnerRows.map((r) => r.key), tools: toolRows.map((r) => r.key), deals: dealRows.map((r) => r.key) };
}

/**
 * What the open jobs' feeds are made of, in one row: how many there are, a sum of their ids, and
 * the newest change of a job or its startup. Any job joining, leaving or changing (or its startup
 * changing) changes it, so it serves as the feeds' ETag without reading the jobs.
 */
export async function openJobsVersion(db: Db, now: Date): Promise<{ count: number; idSum: string; changed: Date | null }> {
  const [row] = await db
    .select({
      count: count(),
      idSum: sql<string>`coalesce(sum(${jobs.id}), 0)::text`,
      changed: max(sql`greatest(${jobs.updatedAt}, ${companies.updatedAt})`).mapWith(jobs.updatedAt),
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(jobIsPublic(now));
  return { count: row?.count ?? 0, idSum: row?.idSum ?? '0', changed: (row?.changed as Date | null) ?? null };
}

/**
 * A page of the open jobs in id order after `after` (keyset paging: each page is one index range,
 * however far in), with the startup's LinkedIn company id, which the sdk Job does not carry.
 */
export async function openJobIds(db: Db, after: number, limit: number, now: Date): Promise<{ id: number; linkedinId: string | null }[]> {
  return db
    .select({ id: jobs.id, linkedinId: companies.linkedinId })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(jobIsPublic(now), gt(jobs.id, after)))
    .orderBy(asc(jobs.id))
    .limit(limit);
}
