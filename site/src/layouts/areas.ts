/**
 * The loaders' side of the client-area layouts (spec 2.7, 2.12): each runs its layout's guards
 * first, then names the startup or investor the area is about. Layout and page loaders both call
 * these (a page's title needs the name), so the work is done once per request.
 */
import { auth, LAYOUT_GUARDS } from '@nordlys/sdk/guards';
import type { ProfileStatus } from '@nordlys/sdk/constants';
import type { User } from '@nordlys/sdk/schemas';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import { apiFrom } from '../api';
import { orRouteError } from '../lib/routeErrors';
import { guardRoute } from '../session/viewer';

type Args = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>;

const perRequest = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Runs `work` once per request (server) or navigation (browser) for a name. */
function once<T>(args: Args, name: string, work: () => Promise<T>): Promise<T> {
  let done = perRequest.get(args.context);
  if (!done) {
    done = new Map();
    perRequest.set(args.context, done);
  }
  if (!done.has(name)) done.set(name, work());
  return done.get(name) as Promise<T>;
}

/**
 * Guards depend on the path (a draft may open only its edit page), so guarded layouts check again
 * on every page change, not only when their parameters change.
 */
export const revalidateOnPageChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/** Pages that need a signed-in user and nothing more (/client/, /client/followed-startups, the 'new' forms). */
export function signedInArea(args: Args): Promise<User | null> {
  return once(args, 'auth', () => guardRoute(args, [auth]));
}

/** spec 2.12: the applicant area (an enabled applicant profile, or create=1). */
export function applicantArea(args: Args): Promise<User | null> {
  return once(args, 'applicant', () => guardRoute(args, LAYOUT_GUARDS.applicant));
}

/** The startup or investor an admin area is about. */
export interface AreaOwner {
  key: string;
  name: string;
  status: ProfileStatus;
  /** The user is a member; false for an admin visiting (spec 6). */
  member: boolean;
}

/** spec 2.12: the startup admin area of the route parameter `company`. */
export function companyArea(args: Args): Promise<AreaOwner> {
  return once(args, 'company', async () => {
    const user = await guardRoute(args, LAYOUT_GUARDS.startup);
    const key = args.params.company ?? '';
    const own = user?.companies.find((c) => c.key === key);
    if (own) return { key, name: own.name, status: own.status, member: true };
    // An admin on another startup: its admin record, else its public one (404 when neither exists).
    const api = apiFrom(args.context);
    const company = await api.companies.hidden(key).catch(() => orRouteError(api.companies.get(key)));
    return { key, name: company.name, status: company.status, member: false };
  });
}

/** spec 2.12: the investor admin area of the route parameter `investor`. */
export function investorArea(args: Args): Promise<AreaOwner> {
  return once(args, 'investor', async () => {
    const user = await guardRoute(args, LAYOUT_GUARDS.investor);
    const key = args.params.investor ?? '';
    const own = user?.investors.find((i) => i.key === key);
    if (own) return { key, name: own.name, status: own.status, member: true };
    // An admin on another investor: its admin record (a draft too), else its public one.
    const api = apiFrom(args.context);
    const investor = await api.investors.hidden(key).catch(() => orRouteError(api.investors.get(key)));
    return { key, name: investor.name, status: investor.status, member: false };
  });
}
