/**
 * Custom domains with proof (issue #33, sdk/domains.ts): the claims of career domains (on companies)
 * and of white-label feeds' domains (on their feeds), read as one list, and the one place that moves
 * their state. Only a verified domain is served (queries/companies.ts) and it has one owner: the move
 * to verified takes a lock on the domain and looks at both tables first, and each table's partial
 * unique index is the last word.
 */
import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { domainCnameTarget, domainProofName, nextDomainState, type DomainState } from '@nordlys/sdk/domains';
import type { DomainClaim } from '@nordlys/sdk/schemas';
import { randomToken } from '../accounts/tokens';
import { isUniqueViolation } from '../accounts/users';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { companies, whiteLabelFeeds } from '../db/schema';

/** What a claim's records need to know of the site: its host (the CNAME targets live under it) and every host it serves on. */
export interface DomainSite {
  host: string;
  hosts: string[];
}

/** The hosts the site itself is served on (MAIN_HOSTS and the host of PUBLIC_URL): no startup may claim them. */
export function siteHosts(config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'mainHosts'>>): string[] {
  return [...new Set([new URL(config.publicUrl).hostname.toLowerCase(), ...(config.mainHosts ?? [])])];
}

export function domainSite(config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'mainHosts'>>): DomainSite {
  return { host: new URL(config.publicUrl).hostname.toLowerCase(), hosts: siteHosts(config) };
}

/** The startup's own CNAME target, or null when it would be one of the site's own hosts (then only the TXT record proves). */
export function ownCnameTarget(site: DomainSite, companyKey: string): string | null {
  const target = domainCnameTarget(companyKey, site.host);
  return site.hosts.includes(target) ? null : target;
}

/** A claim's columns as stored, whichever table holds them. */
export interface StoredClaim {
  domain: string;
  state: DomainState;
  token: string;
  checkedAt: Date | null;
  verifiedAt: Date | null;
}

/** A claim as its owner sees it, with the records that prove it. */
export function toDomainClaim(claim: StoredClaim, companyKey: string, site: DomainSite): DomainClaim {
  const cname = ownCnameTarget(site, companyKey);
  return {
    domain: claim.domain,
    state: claim.state,
    records: {
      txt: { type: 'TXT', name: domainProofName(claim.domain), value: claim.token },
      cname: cname ? { type: 'CNAME', name: claim.domain, value: cname } : null,
    },
    checkedAt: claim.checkedAt?.toISOString() ?? null,
    verifiedAt: claim.verifiedAt?.toISOString() ?? null,
  };
}

/** The state of a domain just claimed (or changed): pending, with a new token. */
export function freshClaim(): { state: 'claimed'; token: string; checkedAt: null; verifiedAt: null } {
  return { state: 'claimed', token: randomToken(), checkedAt: null, verifiedAt: null };
}

/** The career-domain columns of companies for a domain set (a fresh claim) or cleared (all null). */
export function careersClaimColumns(domain: string | null) {
  const claim = domain ? freshClaim() : null;
  return {
    careersDomain: domain,
    careersDomainState: claim?.state ?? null,
    careersDomainToken: claim?.token ?? null,
    careersDomainCheckedAt: null,
    careersDomainVerifiedAt: null,
  };
}

/** The domain columns of a white-label feed for a domain claimed anew. */
export function feedClaimColumns(domain: string) {
  const claim = freshClaim();
  return { domain, domainState: claim.state, domainToken: claim.token, domainCheckedAt: null, domainVerifiedAt: null };
}

export type ClaimKind = 'careers' | 'feed';

/** One claim: a startup's career domain, or one of its feeds' domains. */
export interface ClaimRow extends StoredClaim {
  kind: ClaimKind;
  /** The company's id (careers) or the feed's id. */
  id: number;
  company: { id: number; key: string; name: string };
  /** The feed's name; null for a career domain. */
  feedName: string | null;
}

/** The claims of live and draft startups (a deleted one has none), by domain and/or startups; every claim without either. */
export async function listClaims(db: Db, filter: { domain?: string; companyIds?: number[] } = {}): Promise<ClaimRow[]> {
  if (filter.companyIds && !filter.companyIds.length) return [];
  const domain = filter.domain?.toLowerCase();
  const byCompany = filter.companyIds ? inArray(companies.id, filter.companyIds) : undefined;
  const [careers, feeds] = await Promise.all([
    db
      .select({
        id: companies.id,
        companyId: companies.id,
        key: companies.key,
        name: companies.name,
        feedName: sql<string | null>`null`,
        domain: companies.careersDomain,
        state: companies.careersDomainState,
        token: companies.careersDomainToken,
        checkedAt: companies.careersDomainCheckedAt,
        verifiedAt: companies.careersDomainVerifiedAt,
      })
      .from(companies)
      .where(
        and(
          isNotNull(companies.careersDomain),
          isNotNull(companies.careersDomainState),
          isNull(companies.deletedAt),
          domain ? eq(sql`lower(${companies.careersDomain})`, domain) : undefined,
          byCompany,
        ),
      )
      .orderBy(companies.id),
    db
      .select({
        id: whiteLabelFeeds.id,
        companyId: companies.id,
        key: companies.key,
        name: companies.name,
        feedName: whiteLabelFeeds.name,
        domain: whiteLabelFeeds.domain,
        state: whiteLabelFeeds.domainState,
        token: whiteLabelFeeds.domainToken,
        checkedAt: whiteLabelFeeds.domainCheckedAt,
        verifiedAt: whiteLabelFeeds.domainVerifiedAt,
      })
      .from(whiteLabelFeeds)
      .innerJoin(companies, eq(companies.id, whiteLabelFeeds.companyId))
      .where(and(isNull(companies.deletedAt), domain ? eq(sql`lower(${whiteLabelFeeds.domain})`, domain) : undefined, byCompany))
      .orderBy(whiteLabelFeeds.id),
  ]);
  const row = (kind: ClaimKind) => (r: (typeof careers)[number]): ClaimRow => ({
    kind,
    id: r.id,
    company: { id: r.companyId, key: r.key, name: r.name },
    feedName: r.feedName,
    domain: r.domain!,
    state: r.state!,
    token: r.token!,
    checkedAt: r.checkedAt,
    verifiedAt: r.verifiedAt,
  });
  return [...careers.map(row('careers')), ...feeds.map(row('feed'))];
}

/** Whether a profile other than `except` has `domain` verified (a careers domain or a feed's). */
export async function verifiedElsewhere(db: Db, domain: string, except: { companyId?: number; feedId?: number } = {}): Promise<boolean> {
  const name = domain.toLowerCase();
  const [careers, feeds] = await Promise.all([
    db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(sql`lower(${companies.careersDomain})`, name), eq(companies.careersDomainState, 'verified'), except.companyId ? ne(companies.id, except.companyId) : undefined))
      .limit(1),
    db
      .select({ id: whiteLabelFeeds.id })
      .from(whiteLabelFeeds)
      .where(and(eq(sql`lower(${whiteLabelFeeds.domain})`, name), eq(whiteLabelFeeds.domainState, 'verified'), except.feedId ? ne(whiteLabelFeeds.id, except.feedId) : undefined))
      .limit(1),
  ]);
  return careers.length > 0 || feeds.length > 0;
}

/** The outcome of a check: the claim's state after it, and `taken` when its proof was found but another profile holds the domain verified. */
export interface CheckOutcome {
  state: DomainState;
  taken: boolean;
}

/**
 * Records a lookup of a claim's proof at `now`: the state moves by nextDomainState (sdk/domains.ts).
 * Run it in a transaction (queue/queue.ts inTransaction): the move to verified holds a lock on the
 * domain while it makes sure no other profile holds it verified. A claim whose domain changed since
 * it was read (a new token) is left alone.
 */
export async function recordCheck(tx: Db, claim: ClaimRow, proven: boolean, now: Date): Promise<CheckOutcome> {
  const next = nextDomainState(claim.state, proven);
  if (next === 'verified' && claim.state !== 'verified') {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nordlys-domain:${claim.domain.toLowerCase()}`}))`);
    const except = claim.kind === 'careers' ? { companyId: claim.id } : { feedId: claim.id };
    if (await verifiedElsewhere(tx, claim.domain, except)) {
      await writeCheck(tx, claim, { state: claim.state, checkedAt: now });
      return { state: claim.state, taken: true };
    }
  }
  try {
    await writeCheck(tx, claim, { state: next, checkedAt: now, ...(proven ? { verifiedAt: now } : {}) });
  } catch (error) {
    // The same table's unique index: another claim of the domain was verified in between.
    if (isUniqueViolation(error)) return { state: claim.state, taken: true };
    throw error;
  }
  return { state: next, taken: false };
}

async function writeCheck(tx: Db, claim: ClaimRow, values: { state: DomainState; checkedAt: Date; verifiedAt?: Date }): Promise<void> {
  if (claim.kind === 'careers') {
    await tx
      .update(companies)
      .set({ careersDomainState: values.state, careersDomainCheckedAt: values.checkedAt, ...(values.verifiedAt ? { careersDomainVerifiedAt: values.verifiedAt } : {}) })
      .where(and(eq(companies.id, claim.id), eq(companies.careersDomainToken, claim.token)));
  } else {
    await tx
      .update(whiteLabelFeeds)
      .set({ domainState: values.state, domainCheckedAt: values.checkedAt, ...(values.verifiedAt ? { domainVerifiedAt: values.verifiedAt } : {}) })
      .where(and(eq(whiteLabelFeeds.id, claim.id), eq(whiteLabelFeeds.domainToken, claim.token)));
  }
}

/** Twin of sdk isDomainServed for a query on companies (career domains): the state host routing serves. */
export function careersDomainIsServed(): SQL {
  return eq(companies.careersDomainState, 'verified');
}

/** Twin of sdk isDomainServed for a query on white_label_feeds. */
export function feedDomainIsServed(): SQL {
  return eq(whiteLabelFeeds.domainState, 'verified');
}
