/**
 * The world the document-driven tests (issue #17: the authorization matrix and the fuzzer) call the
 * API in: the demo database's records for every path parameter, the five roles signed in with real
 * sessions, and private "canary" texts of Northwind Labs and talent@ that no one else may ever see.
 */
import { and, asc, eq, isNull, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  applicationNotes,
  applications,
  blogPosts,
  companies,
  companyMembers,
  investorMembers,
  companyStages,
  dealClaims,
  deals,
  investments,
  investors,
  jobs,
  orders,
  partners,
  savedSearches,
  tools,
  users,
  whiteLabelFeeds,
} from '../db/schema';
import { jsonSchemaOf, type ApiOperation } from '../api/openapi';
import type { RequestParts } from './api-requests';
import type { Access } from '../api/operation';
import { createInvitation } from '../queries/team';
import { TALENT_DIGEST_KEY } from '../seed/activity';
import { FJORD_VENTURES_KEY, NORTHWIND_KEY } from '../seed/index';
import { signInDemo } from './app';
import { settleOrder } from './jobs';
import { verifiedFeedDomain } from './domains';

export const ROLES = ['visitor', 'stranger', 'other', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The demo account that plays each role; `member` depends on the rule (the startup's, the investor's, or the record's owner). */
const ACCOUNTS = {
  stranger: 'newbie@nordlys.test',
  other: 'multi@nordlys.test',
  admin: 'admin@nordlys.test',
  companyMember: 'founder@nordlys.test',
  investorMember: 'investor@nordlys.test',
  owner: 'talent@nordlys.test',
} as const;

/**
 * The order to call operations in on one copy of the data: writes that change who the caller is go
 * last, making a profile or joining one (a stranger would become a member), then deletions, the
 * widest (a whole startup) after the rest, and the sign-out at the very end.
 */
export function callOrder(operations: readonly ApiOperation[]): ApiOperation[] {
  const joins = new Set(['POST /companies', 'POST /investors', 'POST /invitations/accept']);
  const rank = (op: ApiOperation) =>
    op.path.endsWith('/sign-out') ? 1_000 : isEnding(op) ? 100 - op.path.length : joins.has(`${op.method} ${op.path}`) ? 1 : 0;
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

/** A call that ends what later calls of the same kind need (a deletion, the sign-out): a long run makes it once, last. */
export function isEnding(op: ApiOperation): boolean {
  return op.method === 'DELETE' || op.path.endsWith('/sign-out');
}

/** Whether a rule lets a role through (the matrix's expectation). */
export function allows(access: Access, role: Role): boolean {
  switch (access) {
    case 'public':
    case 'token':
      return true;
    case 'user':
      return role !== 'visitor';
    case 'owner':
      return role === 'member';
    case 'startup':
      return role === 'other' || role === 'member' || role === 'admin';
    case 'company':
    case 'investor':
    case 'admin':
      return role === 'admin' || (role === 'member' && access !== 'admin');
  }
}

/** The account that is `member` for an operation: its startup's, its investor's, or the owner. */
function memberAccount(op: ApiOperation): string {
  if (op.doc.access === 'investor' || (op.path.startsWith('/investors/') && op.doc.access !== 'company')) return ACCOUNTS.investorMember;
  if (op.doc.access === 'company' || op.doc.access === 'startup' || op.path.startsWith('/companies/')) return ACCOUNTS.companyMember;
  return ACCOUNTS.owner;
}

export interface World {
  /** The value of each path parameter of an operation, from the demo data; `own` puts the other member's own startup or investor in it. */
  paramsFor(op: ApiOperation, own?: boolean): Record<string, string>;
  /** The operation's path with those values. */
  pathFor(op: ApiOperation, own?: boolean): string;
  /** The Cookie header of a role for an operation (none for the visitor). */
  cookieFor(op: ApiOperation, role: Role): string | undefined;
  /** Texts only Northwind's members, talent@ and admins may see. */
  canaries: string[];
  /** The parts with the values the world knows and a schema cannot make up (a cancel URL on this site). */
  fill(op: ApiOperation, parts: RequestParts): RequestParts;
}

type Request = (path: string, init: RequestInit) => Response | Promise<Response>;

/** The demo records the world names, found or made by prepareWorld: plain data, so a script can prepare them before it starts a server. */
export type WorldRecords = Awaited<ReturnType<typeof prepareWorld>>;

/**
 * Finds the demo records each path parameter names, and makes the ones the demo has none of (an
 * order, a white-label feed, an invitation, a second Northwind member) and the canaries. Run it on
 * a fresh copy of the demo data; `tag` keeps what it makes unique.
 */
export async function prepareWorld(db: Db, { tag = 'w' }: { tag?: string } = {}) {
  const one = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error(`the demo data has no ${what}`);
    return row;
  };
  const userId = async (email: string) => (await one(db.select({ id: users.id }).from(users).where(eq(users.email, email)), email)).id;
  const northwind = await one(db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.key, NORTHWIND_KEY)), 'Northwind');
  const fjord = await one(db.select({ id: investors.id }).from(investors).where(eq(investors.key, FJORD_VENTURES_KEY)), 'Fjord Ventures');
  const talent = await userId(ACCOUNTS.owner);
  const other = await userId(ACCOUNTS.other);
  const otherCompany = await one(
    db.select({ key: companies.key }).from(companyMembers).innerJoin(companies, eq(companies.id, companyMembers.companyId)).where(eq(companyMembers.userId, other)),
    "multi@'s startup",
  );
  const otherInvestor = await one(
    db.select({ key: investors.key }).from(investorMembers).innerJoin(investors, eq(investors.id, investorMembers.investorId)).where(eq(investorMembers.userId, other)),
    "multi@'s investor",
  );
  const founder = await userId(ACCOUNTS.companyMember);

  const job = await one(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.companyId, northwind.id), eq(jobs.status, 'ACTIVE'), sql`(${jobs.expirationDate} is null or ${jobs.expirationDate} > now())`))
      .orderBy(asc(jobs.id)),
    "Northwind's open job",
  );
  const application = await one(
    db.select({ id: applications.id }).from(applications).innerJoin(jobs, eq(jobs.id, applications.jobId)).where(and(eq(jobs.companyId, northwind.id), eq(applications.userId, talent))),
    "talent@'s application to Northwind",
  );
  const withCv = await one(
    db.select({ id: applications.id }).from(applications).innerJoin(jobs, eq(jobs.id, applications.jobId)).where(and(eq(jobs.companyId, northwind.id), isNotNull(applications.cvPath))),
    "an application to Northwind with a CV",
  );
  const stage = await one(db.select({ id: companyStages.id }).from(companyStages).where(eq(companyStages.companyId, northwind.id)), "Northwind's stage");
  const companyPost = await one(db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.companyId, northwind.id)), "Northwind's blog post");
  const platformPost = await one(db.select({ id: blogPosts.id }).from(blogPosts).where(isNull(blogPosts.companyId)), 'platform blog post');
  const published = await one(db.select({ slug: blogPosts.slug }).from(blogPosts).where(isNotNull(blogPosts.publishedAt)), 'published blog post');
  const investment = await one(db.select({ id: investments.id }).from(investments).where(eq(investments.investorId, fjord.id)), "Fjord's investment");
  const search = await one(db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.userId, talent)), "talent@'s saved search");
  const deal = await one(db.select({ key: deals.key }).from(deals), 'deal');
  const claimed = await one(
    db.select({ key: deals.key }).from(dealClaims).innerJoin(deals, eq(deals.id, dealClaims.dealId)).where(eq(dealClaims.companyId, northwind.id)),
    "Northwind's claimed deal",
  );
  const tool = await one(db.select({ key: tools.key }).from(tools), 'tool');
  const partner = await one(db.select({ key: partners.key }).from(partners), 'partner');
  const careers = await one(db.select({ domain: companies.careersDomain }).from(companies).where(isNotNull(companies.careersDomain)), 'careers domain');
  const teammate = await one(
    db.select({ userId: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.companyId, northwind.id), ne(companyMembers.userId, founder))),
    "Northwind's second member",
  ).catch(async () => {
    // The demo startup has one member: a teammate joins, so removing a member has someone to remove.
    const [row] = await db.insert(users).values({ firstName: 'Team', lastName: 'Mate', email: `teammate-${tag}@nordlys.test`, passwordHash: null, isEmailVerified: true }).returning({ id: users.id });
    await db.insert(companyMembers).values({ userId: row!.id, companyId: northwind.id, role: 'admin' });
    return { userId: row!.id };
  });

  // Records the demo has none of: an order, a white-label feed and an invitation (with its token).
  const order = { id: await settleOrder(db, { id: job.id, companyId: northwind.id, plan: 'boost' }) };
  const [feed] = await db
    .insert(whiteLabelFeeds)
    .values({ companyId: northwind.id, ...verifiedFeedDomain(`jobs-${tag}.northwind.example`), name: 'Northwind jobs', description: null, filters: {} })
    .returning({ id: whiteLabelFeeds.id, domain: whiteLabelFeeds.domain });
  const invitation = await createInvitation(db, { profile: { kind: 'company', id: northwind.id, key: NORTHWIND_KEY, name: northwind.name }, email: `invitee-${tag}@nordlys.test`, invitedBy: founder });

  // Canaries: private texts of Northwind (a note on an applicant, its billing name) and of talent@ (the cover message).
  const canaries = [`CANARY-NOTE-${tag}`, `CANARY-COVER-${tag}`, `CANARY-BILLING-${tag}`];
  await db.insert(applicationNotes).values({ applicationId: application.id, authorId: founder, body: canaries[0]! });
  await db.update(applications).set({ message: canaries[1]! }).where(eq(applications.id, application.id));
  const billing = { name: canaries[2]!, address: 'Havnegade 1', postalCode: '1058', city: 'Copenhagen', countryCode: 'DK', vatNumber: null, email: 'billing@northwind.example' };
  await db.update(orders).set({ billing }).where(eq(orders.companyId, northwind.id));

  return {
    canaries,
    keys: { otherCompany: otherCompany.key, otherInvestor: otherInvestor.key, deal: deal.key, claimed: claimed.key, tool: tool.key, partner: partner.key, slug: published.slug },
    ids: { job: job.id, application: application.id, withCv: withCv.id, stage: stage.id, order: order.id, feed: feed!.id, companyPost: companyPost.id, platformPost: platformPost.id, investment: investment.id, search: search.id, teammate: teammate.userId, invitation: invitation.id },
    domains: { careers: careers.domain!, feed: feed!.domain },
    invitationToken: invitation.token,
  };
}

/** The world of prepared records, with each role signed in through `request` (app.request, or fetch to a server). */
export async function worldOf(records: WorldRecords, request: Request): Promise<World> {
  const { canaries, keys, ids, domains } = records;
  const cookies = new Map<string, string>();
  for (const email of new Set(Object.values(ACCOUNTS))) cookies.set(email, await signInDemo(request, email));

  const value = (op: ApiOperation, name: string, own: boolean): string => {
    const path = op.path;
    if (own && name === 'key' && path.startsWith('/companies/')) return keys.otherCompany;
    if (own && name === 'key' && path.startsWith('/investors/')) return keys.otherInvestor;
    switch (name) {
      case 'key':
        if (path.startsWith('/investors/')) return FJORD_VENTURES_KEY;
        if (path.startsWith('/deals/')) return keys.deal;
        if (path.startsWith('/digest/')) return TALENT_DIGEST_KEY;
        if (path.startsWith('/tools/')) return keys.tool;
        if (path.startsWith('/partners/')) return keys.partner;
        return NORTHWIND_KEY;
      case 'investor':
        return FJORD_VENTURES_KEY;
      case 'deal':
        return keys.claimed;
      case 'slug':
        return keys.slug;
      case 'token':
        return records.invitationToken;
      case 'email':
        return ACCOUNTS.owner;
      case 'userId':
        return String(ids.teammate);
      case 'domain':
        return path.includes('white-label') ? domains.feed : domains.careers;
      // A city the demo publishes jobs in (GET /v2/places/{countryCode}/{city}).
      case 'countryCode':
        return 'se';
      case 'city':
        return 'malmo';
      case 'id': {
        const id = path.endsWith('/cv') && path.startsWith('/applications/')
          ? ids.withCv
          : path.includes('/applicants/') || path.startsWith('/applications/')
          ? ids.application
          : path.includes('/stages/')
            ? ids.stage
            : path.includes('/orders/')
              ? ids.order
              : path.includes('/white-label-feeds/')
                ? ids.feed
                : path.startsWith('/blog-admin/')
                  ? ids.platformPost
                  : path.includes('/blog/')
                    ? ids.companyPost
                    : path.includes('/invitations/')
                      ? ids.invitation
                      : path.includes('/investments/')
                        ? ids.investment
                        : path.startsWith('/job-search/')
                          ? ids.search
                          : path.startsWith('/pages/content/')
                            ? 'about'
                            : ids.job;
        return String(id);
      }
    }
    // A parameter that names no record (an upload's type): the first value its schema allows.
    const param = op.validates.find(({ target }) => target === 'param');
    const property = param && (jsonSchemaOf(param.schema, 'input') as { properties?: Record<string, { enum?: string[] }> }).properties?.[name];
    if (property?.enum?.[0]) return property.enum[0];
    throw new Error(`openWorld: no demo record for :${name} of ${op.method} ${op.path}; add it here`);
  };

  const known: Record<string, string> = { cancel_url: '/pricing' };

  const world: World = {
    canaries,
    fill(op, parts) {
      const out: RequestParts = { ...parts };
      for (const { target, schema } of op.validates) {
        if (target !== 'query' && target !== 'json') continue;
        const properties = (jsonSchemaOf(schema, 'input') as { properties?: Record<string, unknown> }).properties ?? {};
        const current = (out[target] ?? {}) as Record<string, unknown>;
        const extra = Object.fromEntries(Object.entries(known).filter(([name]) => name in properties));
        if (Object.keys(extra).length > 0) out[target] = { ...current, ...extra };
      }
      return out;
    },
    paramsFor(op, own = false) {
      return Object.fromEntries([...op.path.matchAll(/:(\w+)(?:\{([^}]*)\})?/g)].map(([, name, pattern]) => [name!, pattern ? pattern.split('|')[0]! : value(op, name!, own)]));
    },
    pathFor(op, own = false) {
      const params = world.paramsFor(op, own);
      return op.path.replace(/:(\w+)(\{[^}]*\})?/g, (_match, name: string) => encodeURIComponent(params[name]!));
    },
    cookieFor(op, role) {
      if (role === 'visitor') return undefined;
      const email = role === 'member' ? memberAccount(op) : ACCOUNTS[role];
      return cookies.get(email);
    },
  };
  return world;
}

/** prepareWorld, then worldOf: for tests that call their app in-process. */
export async function openWorld(db: Db, request: Request, { tag }: { tag?: string } = {}): Promise<World> {
  return worldOf(await prepareWorld(db, { tag }), request);
}
