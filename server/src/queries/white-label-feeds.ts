/**
 * A startup's white-label feeds as it manages them (issue #11), and the rule every custom domain
 * follows: one proven owner per domain across careers domains and feed domains (queries/domain-claims.ts),
 * and never the site's own host.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedFilters, ManagedFeed } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, images, whiteLabelFeeds } from '../db/schema';
import { AppError } from '../errors';
import { toImage } from '../images';
import { feedClaimColumns, toDomainClaim, verifiedElsewhere, type DomainSite } from './domain-claims';
import type { ProfileRef } from './team';

export const DOMAIN_MESSAGES = {
  taken: 'This domain is already used by another career page or white-label feed, whose owner proved it in DNS',
  ownHost: (host: string) => `${host} is this site's own address. Use a domain of your own, such as jobs.yourcompany.com`,
};

/**
 * Throws 400 for the site's own host and 409 E_CONFLICT when another career page or feed holds
 * `domain` verified (issue #33: pending claims of one domain may be several, a proven one has one
 * owner), naming `field` in `errors`. `except` leaves out the record being saved.
 */
export async function assertDomainAvailable(
  db: Db,
  { domain, field, hosts, except = {} }: { domain: string; field: string; hosts: string[]; except?: { companyId?: number; feedId?: number } },
): Promise<void> {
  const name = domain.toLowerCase();
  if (hosts.includes(name)) throw new AppError('E_VALIDATION', DOMAIN_MESSAGES.ownHost(name), { [field]: [DOMAIN_MESSAGES.ownHost(name)] });
  if (await verifiedElsewhere(db, name, except)) throw domainTaken(field);
}

/** The 409 of a taken domain (also for a check whose proof came after another owner's). */
export function domainTaken(field: string): AppError {
  return new AppError('E_CONFLICT', DOMAIN_MESSAGES.taken, { [field]: [DOMAIN_MESSAGES.taken] });
}

const feedLogo = alias(images, 'feed_logo');
const companyLogo = alias(images, 'company_logo');

/** The feeds a company runs, oldest first, or the one with `id` among them, each with its domain's claim. */
export async function listManagedFeeds(db: Db, site: DomainSite, companyId: number, id?: number): Promise<ManagedFeed[]> {
  const rows = await db
    .select({
      id: whiteLabelFeeds.id,
      domain: whiteLabelFeeds.domain,
      domainState: whiteLabelFeeds.domainState,
      domainToken: whiteLabelFeeds.domainToken,
      domainCheckedAt: whiteLabelFeeds.domainCheckedAt,
      domainVerifiedAt: whiteLabelFeeds.domainVerifiedAt,
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
    domainClaim: toDomainClaim({ domain: r.domain, state: r.domainState, token: r.domainToken, checkedAt: r.domainCheckedAt, verifiedAt: r.domainVerifiedAt }, r.companyKey, site),
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
    .values({ companyId, ...feed, ...feedClaimColumns(feed.domain), createdAt: now })
    .returning({ id: whiteLabelFeeds.id });
  return row!.id;
}

/**
 * Updates a feed of the company; false when the company has no feed with that id. A new domain is a
 * new claim (a new token, pending its proof); the same domain keeps its state.
 */
export async function updateFeed(db: Db, companyId: number, id: number, feed: FeedRecord): Promise<boolean> {
  const [current] = await db.select({ domain: whiteLabelFeeds.domain }).from(whiteLabelFeeds).where(and(eq(whiteLabelFeeds.id, id), eq(whiteLabelFeeds.companyId, companyId)));
  if (!current) return false;
  const rows = await db
    .update(whiteLabelFeeds)
    .set(current.domain.toLowerCase() === feed.domain.toLowerCase() ? feed : { ...feed, ...feedClaimColumns(feed.domain) })
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
