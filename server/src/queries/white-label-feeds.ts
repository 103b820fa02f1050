/**
 * A startup's white-label feeds as it manages them (issue #11), and the rule every custom domain
 * follows: one owner per domain across careers domains and feed domains, and never the site's own host.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedFilters, ManagedFeed } from '@nordlys/sdk/schemas';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { companies, images, whiteLabelFeeds } from '../db/schema';
import { AppError } from '../errors';
import { toImage } from '../images';
import type { ProfileRef } from './team';

export const DOMAIN_MESSAGES = {
  taken: 'This domain is already used by another career page or white-label feed',
  ownHost: (host: string) => `${host} is this site's own address. Use a domain of your own, such as jobs.yourcompany.com`,
};

/** The hosts the site itself is served on (MAIN_HOSTS and the host of PUBLIC_URL): no startup may claim them. */
export function siteHosts(config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'mainHosts'>>): string[] {
  return [...new Set([new URL(config.publicUrl).hostname.toLowerCase(), ...(config.mainHosts ?? [])])];
}

/**
 * Throws 400 for the site's own host and 409 E_CONFLICT when a careers domain or a feed already uses
 * `domain`, naming `field` in `errors`. `except` leaves out the record being saved.
 */
export async function assertDomainAvailable(
  db: Db,
  { domain, field, hosts, except = {} }: { domain: string; field: string; hosts: string[]; except?: { companyId?: number; feedId?: number } },
): Promise<void> {
  const name = domain.toLowerCase();
  if (hosts.includes(name)) throw new AppError('E_VALIDATION', DOMAIN_MESSAGES.ownHost(name), { [field]: [DOMAIN_MESSAGES.ownHost(name)] });
  const [careers, feeds] = await Promise.all([
    db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(sql`lower(${companies.careersDomain})`, name), except.companyId ? ne(companies.id, except.companyId) : undefined))
      .limit(1),
    db
      .select({ id: whiteLabelFeeds.id })
      .from(whiteLabelFeeds)
      .where(and(eq(sql`lower(${whiteLabelFeeds.domain})`, name), except.feedId ? ne(whiteLabelFeeds.id, except.feedId) : undefined))
      .limit(1),
  ]);
  if (careers.length || feeds.length) throw domainTaken(field);
}

/** The 409 of a taken domain (also for a unique violation that a concurrent save caused). */
export function domainTaken(field: string): AppError {
  return new AppError('E_CONFLICT', DOMAIN_MESSAGES.taken, { [field]: [DOMAIN_MESSAGES.taken] });
}

const feedLogo = alias(images, 'feed_logo');
const companyLogo = alias(images, 'company_logo');

/** The feeds a company runs, oldest first, or the one with `id` among them. */
export async function listManagedFeeds(db: Db, companyId: number, id?: number): Promise<ManagedFeed[]> {
  const rows = await db
    .select({
      id: whiteLabelFeeds.id,
      domain: whiteLabelFeeds.domain,
      name: whiteLabelFeeds.name,
      description: whiteLabelFeeds.description,
      filters: whiteLabelFeeds.filters,
      createdAt: whiteLabelFeeds.createdAt,
      logo: feedLogo.path,
      companyId: companies.id,
      companyKey: companies.key,
      companyName: companies.name,
      companyLogo: companyLogo.path,
    })
    .from(whiteLabelFeeds)
    .innerJoin(companies, eq(companies.id, whiteLabelFeeds.companyId))
    .leftJoin(feedLogo, eq(feedLogo.id, whiteLabelFeeds.logoImageId))
    .leftJoin(companyLogo, eq(companyLogo.id, companies.logoImageId))
    .where(and(eq(whiteLabelFeeds.companyId, companyId), id === undefined ? undefined : eq(whiteLabelFeeds.id, id)))
    .orderBy(asc(whiteLabelFeeds.createdAt), asc(whiteLabelFeeds.id));
  return rows.map((r) => ({
    id: r.id,
    domain: r.domain,
    name: r.name,
    description: r.description,
    logoImage: toImage(r.logo),
    filters: r.filters,
    company: { id: r.companyId, key: r.companyKey, name: r.companyName, logoImage: toImage(r.companyLogo) },
    createdAt: r.createdAt.toISOString(),
  }));
}

export interface FeedRecord {
  name: string;
  domain: string;
  description: string | null;
  logoImageId: number | null;
  filters: FeedFilters;
}

export async function insertFeed(db: Db, companyId: number, feed: FeedRecord, now = new Date()): Promise<number> {
  const [row] = await db
    .insert(whiteLabelFeeds)
    .values({ companyId, ...feed, createdAt: now })
    .returning({ id: whiteLabelFeeds.id });
  return row!.id;
}

/** Updates a feed of the company; false when the company has no feed with that id. */
export async function updateFeed(db: Db, companyId: number, id: number, feed: FeedRecord): Promise<boolean> {
  const rows = await db
    .update(whiteLabelFeeds)
    .set(feed)
    .where(and(eq(whiteLabelFeeds.id, id), eq(whiteLabelFeeds.companyId, companyId)))
    .returning({ id: whiteLabelFeeds.id });
  return rows.length > 0;
}

export async function deleteFeed(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(whiteLabelFeeds)
    .where(and(eq(whiteLabelFeeds.id, id), eq(whiteLabelFeeds.companyId, companyId)))
    .returning({ id: whiteLabelFeeds.id });
  return rows.length > 0;
}

/**
 * The id of an uploaded image that the company may use as a feed logo: one uploaded for this
 * company, by this user, or a demo image without an owner. Null when there is no such image.
 */
export async function usableImageId(db: Db, path: string, { company, userId }: { company: ProfileRef; userId: number }): Promise<number | null> {
  const [row] = await db
    .select({ id: images.id, ownerKind: images.ownerKind, ownerId: images.ownerId, uploadedBy: images.uploadedBy })
    .from(images)
    .where(eq(images.path, path));
  if (!row) return null;
  const unowned = row.ownerKind === null && row.uploadedBy === null;
  const ours = row.ownerKind === 'company' && row.ownerId === company.id;
  return unowned || ours || row.uploadedBy === userId ? row.id : null;
}

/** Which of `keys` name no live or draft startup (a feed may list startups by key). */
export async function unknownCompanyKeys(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ key: companies.key })
    .from(companies)
    .where(and(inArray(companies.key, keys), isNull(companies.deletedAt)));
  const known = new Set(rows.map((r) => r.key));
  return keys.filter((k) => !known.has(k));
}
