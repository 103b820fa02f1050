/**
 * The root route's data: the product name and switches of the site config, the auth settings,
 * the viewer (GET users/me) with the raw 'user.profile' cookie, and the render time.
 */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { safeReturnPath } from '@nordlys/sdk/return-path';
import type { AuthSettings, User } from '@nordlys/sdk/schemas';
import { data, redirect, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, DEFAULT_ORIGIN, siteContext } from './api';
import { orFallback } from './lib/routeErrors';
import { profileCookieOf } from './session/cookie';
import { viewerOf } from './session/viewer';

export const ROOT_ROUTE_ID = 'root';

export interface RootData {
  productName: string;
  /** The site's public origin (siteContext): the browser builds canonical links on it after navigations too. */
  origin: string;
  /** spec 2.8: the Scout nav item shows only when the headhunter product is enabled. */
  headhunter: boolean;
  /** How signing in works (site config `auth`): sign-up switch, captcha, provider. */
  auth: AuthSettings;
  /** The signed-in user, or null (logged out, a dead session, or users/me unreachable). */
  user: User | null;
  /** The raw value of the cookie 'user.profile' (spec 4), or null. */
  profileCookie: string | null;
  /** When the page was rendered; relative dates use it until the browser's clock takes over. */
  renderedAt: string;
}

/** Without the config: sign-up on, the default captcha, no provider button. */
export const FALLBACK_AUTH: AuthSettings = {
  signUp: true,
  captcha: { kind: 'altcha', challengeUrl: '/api/captcha/challenge' },
  provider: null,
};

/** A page rendered for a signed-in visitor carries their data: never for a shared cache. */
const PRIVATE_PAGE = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };

export async function rootLoader({ context, request }: LoaderFunctionArgs) {
  const { productName, origin } = context.get(siteContext);
  // The header must not fail the page: without the config, optional products stay hidden;
  // without an answer from users/me, the visitor is shown as logged out.
  const [config, viewer] = await Promise.all([orFallback(apiFrom(context).site.config(), null), viewerOf(context)]);
  const user = viewer.user;

  // spec 2.8: logged in, a 'to' query is followed at once (the server answers the redirect).
  const url = new URL(request.url);
  const to = safeReturnPath(url.searchParams.get('to'));
  if (user && to && to !== `${url.pathname}${url.search}`) throw redirect(to);

  const root: RootData = {
    productName: productName || config?.productName || DEFAULT_PRODUCT_NAME,
    origin,
    headhunter: config?.products.headhunter === true,
    auth: config?.auth ?? FALLBACK_AUTH,
    user,
    profileCookie: user ? profileCookieOf(request) : null,
    renderedAt: new Date().toISOString(),
  };
  return user ? data(root, { headers: PRIVATE_PAGE }) : root;
}

const FALLBACK: RootData = {
  productName: DEFAULT_PRODUCT_NAME,
  origin: DEFAULT_ORIGIN,
  headhunter: false,
  auth: FALLBACK_AUTH,
  user: null,
  profileCookie: null,
  renderedAt: new Date(0).toISOString(),
};

/** The root data, or defaults when the root itself failed (the last-resort error page). */
export function useRootData(): RootData {
  return (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined) ?? FALLBACK;
}
