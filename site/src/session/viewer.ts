/**
 * The signed-in user as loaders see it, and the route guards of spec 2.12 run in loaders, so a
 * server render answers a redirect before any HTML.
 */
import { isApiError } from '@nordlys/sdk/api';
import { runGuards, type Guard } from '@nordlys/sdk/guards';
import type { User } from '@nordlys/sdk/schemas';
import { createContext, redirect, type LoaderFunctionArgs, type RouterContextProvider } from 'react-router';
import { apiFrom } from '../api';
import { rethrowAsRouteError } from '../lib/routeErrors';
import type { SessionStore } from './store';

/** The browser's session store; absent on the server, where each request asks GET users/me once. */
export const sessionStoreContext = createContext<SessionStore | null>(null);

type ContextReader = Pick<RouterContextProvider, 'get'>;

/** GET users/me's verdict: the user, null when logged out (401) or the session is dead (403), or the failure. */
export type ViewerResult = { user: User | null; error?: undefined } | { user: null; error: unknown };

// One GET users/me per request on the server: the root loader and the guards run in parallel.
const perRequest = new WeakMap<object, Promise<ViewerResult>>();

async function fetchViewer(context: ContextReader): Promise<ViewerResult> {
  try {
    return { user: await apiFrom(context).users.me() };
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return { user: null };
    return { user: null, error };
  }
}

/**
 * The visitor, for a loader. In the browser the session store is the truth (it follows sign-in,
 * sign-out and the visibility re-check); elsewhere GET users/me, once per request.
 */
export function viewerOf(context: ContextReader): Promise<ViewerResult> {
  const store = context.get(sessionStoreContext);
  if (store) return Promise.resolve({ user: store.user });
  let pending = perRequest.get(context);
  if (!pending) {
    pending = fetchViewer(context);
    perRequest.set(context, pending);
  }
  return pending;
}

/**
 * Runs guards for the matched route: a redirect they name is thrown (a 302 on the server);
 * a users/me failure other than 401/403 becomes the error page. Returns the allowed user.
 * @example export const loader = (args: LoaderFunctionArgs) => guardRoute(args, LAYOUT_GUARDS.startup);
 */
export async function guardRoute(args: Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>, guards: readonly Guard[]): Promise<User | null> {
  const viewer = await viewerOf(args.context);
  if (viewer.error !== undefined) rethrowAsRouteError(viewer.error);
  const url = new URL(args.request.url);
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args.params)) if (value !== undefined) params[key] = value;
  const decision = runGuards(guards, viewer.user, { path: url.pathname, params }, url.searchParams);
  if (!decision.allow) throw redirect(decision.redirect);
  return viewer.user;
}
