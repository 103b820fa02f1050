/** The route guards of spec 2.12: pure checks that either allow a page or name where to go instead. */
import { companyAdminPath, investorAdminPath, PATHS, samePath, signInPath } from './navigation';
import type { User } from './schemas/user';

/** What a guard decides: the page may render, or the visitor goes to `redirect`. */
export type GuardResult = { allow: true } | { allow: false; redirect: string };

/** The matched route: its pathname and its parameters (`company`, `investor`, …). */
export interface GuardRoute {
  path: string;
  params: Record<string, string>;
}

/** The page's query, as the router or the server hands it over. */
export type GuardQuery = URLSearchParams | Record<string, string>;

/** A route guard; `user` is null when logged out. */
export type Guard = (user: User | null, route: GuardRoute, query: GuardQuery) => GuardResult;

const ALLOW: GuardResult = { allow: true };
const redirectTo = (redirect: string): GuardResult => ({ allow: false, redirect });

function queryValue(query: GuardQuery, name: string): string | null {
  return query instanceof URLSearchParams ? query.get(name) : (query[name] ?? null);
}

/** The path with its query string, as the user asked for it. */
function fullPath(route: GuardRoute, query: GuardQuery): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${route.path}?${search}` : route.path;
}

/**
 * spec 2.12: protected pages need a logged-in user; others go to '/?to={full path}', which opens
 * the sign-in modal and returns to the page afterwards.
 * @example auth(null, { path: '/client/my-jobs', params: {} }, { page: '2' }) // { allow: false, redirect: '/?to=%2Fclient%2Fmy-jobs%3Fpage%3D2' }
 */
export function auth(user: User | null, route: GuardRoute, query: GuardQuery): GuardResult {
  return user ? ALLOW : redirectTo(signInPath(fullPath(route, query)));
}

/**
 * spec 2.12: the applicant area needs an enabled applicant profile, or create=1 in the query
 * (the way in from choose-role, spec 2.11); else '/'. Admins get no bypass here (spec 6 names only
 * the company and investor checks).
 */
export function isApplicant(user: User | null, _route: GuardRoute, query: GuardQuery): GuardResult {
  if (!user) return redirectTo(PATHS.home);
  if (user.applicant?.enabled === true || queryValue(query, 'create') === '1') return ALLOW;
  return redirectTo(PATHS.home);
}

/**
 * spec 2.12: the company admin area needs an admin (spec 6) or a member of the company in the route
 * parameter `company`; others go to '/client/', or to '/' when logged out. A route without that
 * parameter (/client/startups/new) only needs a logged-in user.
 */
export function isClientManager(user: User | null, route: GuardRoute, _query: GuardQuery): GuardResult {
  if (!user) return redirectTo(PATHS.home);
  const key = route.params.company;
  if (!key || user.isAdmin || user.companies.some((c) => c.key === key)) return ALLOW;
  return redirectTo(PATHS.client);
}

/**
 * spec 2.12: the investor admin area needs an admin (spec 6) or a member of the investor in the
 * route parameter `investor`; others, logged out included, go to /investors/join. A route without
 * that parameter (/client/investors/new) only needs a logged-in user.
 */
export function isInvestorManager(user: User | null, route: GuardRoute, _query: GuardQuery): GuardResult {
  if (!user) return redirectTo(PATHS.investorsJoin);
  const key = route.params.investor;
  if (!key || user.isAdmin || user.investors.some((i) => i.key === key)) return ALLOW;
  return redirectTo(PATHS.investorsJoin);
}

/**
 * spec 2.12 and 4: a DRAFT company forces its edit page, /client/startups/{company}/edit; the edit
 * page itself is allowed, so there is no redirect loop. The status is known from the user's own
 * companies; a company the user does not belong to (an admin's visit) is let through.
 */
export function redirectCompanyDraftToForm(user: User | null, route: GuardRoute, _query: GuardQuery): GuardResult {
  const key = route.params.company;
  const company = key ? user?.companies.find((c) => c.key === key) : undefined;
  if (!company || company.status !== 'DRAFT') return ALLOW;
  const edit = companyAdminPath(company.key, 'edit');
  return samePath(route.path, edit) ? ALLOW : redirectTo(edit);
}

/**
 * spec 2.12 and 4: a DRAFT investor forces its edit page, /client/investors/{investor}/edit; the
 * edit page itself is allowed. As for companies, the status comes from the user's own investors.
 */
export function redirectInvestorDraftToForm(user: User | null, route: GuardRoute, _query: GuardQuery): GuardResult {
  const key = route.params.investor;
  const investor = key ? user?.investors.find((i) => i.key === key) : undefined;
  if (!investor || investor.status !== 'DRAFT') return ALLOW;
  const edit = investorAdminPath(investor.key, 'edit');
  return samePath(route.path, edit) ? ALLOW : redirectTo(edit);
}

/**
 * Runs guards in order and returns the first redirect, or allows the page when all allow.
 * @example runGuards(LAYOUT_GUARDS.startup, user, route, query)
 */
export function runGuards(guards: readonly Guard[], user: User | null, route: GuardRoute, query: GuardQuery): GuardResult {
  for (const guard of guards) {
    const result = guard(user, route, query);
    if (!result.allow) return result;
  }
  return ALLOW;
}

/**
 * spec 2.7 and 2.12: the guards of each guarded layout, in the order they run. auth comes first,
 * so a logged-out visitor is always sent to sign in and comes back.
 */
export const LAYOUT_GUARDS = {
  startup: [auth, isClientManager, redirectCompanyDraftToForm],
  investor: [auth, isInvestorManager, redirectInvestorDraftToForm],
  applicant: [auth, isApplicant],
} as const satisfies Record<string, readonly Guard[]>;

export type GuardedLayout = keyof typeof LAYOUT_GUARDS;
