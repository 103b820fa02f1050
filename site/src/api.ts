/** Hands the sdk Api and the site settings to loaders, per request on the server and once in the browser. */
import type { Api } from '@nordlys/sdk/api';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { createContext, RouterContextProvider } from 'react-router';

/** The sdk client for the current request; the server entry sets it from `RenderOptions.api`. */
export const apiContext = createContext<Api>();

export interface SiteSettings {
  productName: string;
  /**
   * The site's public origin, from the server's configuration (PUBLIC_URL): every absolute URL a page
   * shows or puts in its head (canonical, social, JSON-LD, feeds, share links) is built on it, never on
   * the request's, which behind a TLS proxy is plain http on an internal host and port (issue #32).
   */
  origin: string;
}

/** The origin when nothing set one: the development server's (tests that render without a server). */
export const DEFAULT_ORIGIN = 'http://localhost:3000';

/** Settings the server knows before any call (the product name shown in titles and the header, the public origin). */
export const siteContext = createContext<SiteSettings>({ productName: DEFAULT_PRODUCT_NAME, origin: DEFAULT_ORIGIN });

type ContextReader = Pick<RouterContextProvider, 'get'>;

/** The Api of the request a loader serves. @example const api = apiFrom(context); */
export function apiFrom(context: ContextReader): Api {
  return context.get(apiContext);
}

/** The site's configured public origin (siteContext), for loaders whose pages build absolute URLs. */
export function originFrom(context: ContextReader): string {
  return context.get(siteContext).origin;
}

/** The public origin's host: a career or white-label domain's traffic is pointed at it, and each startup's own CNAME target lives under it (sdk/domains.ts). */
export function siteHostFrom(context: ContextReader): string {
  return new URL(originFrom(context)).hostname;
}

/**
 * The absolute URL of a path of the site, on its configured public origin (siteContext): the one way
 * loaders make a link that leaves the page (JSON-LD, share and snippet links).
 * @example publicUrl(context, paths.job(7)) // 'https://nordlys.example/jobs/7'
 */
export function publicUrl(context: ContextReader, path: string): string {
  return new URL(path, originFrom(context)).href;
}

/** Creates the router context both entries give to loaders. */
export function createRouterContext(api: Api, settings?: Partial<SiteSettings>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  context.set(siteContext, { productName: settings?.productName || DEFAULT_PRODUCT_NAME, origin: settings?.origin || DEFAULT_ORIGIN });
  return context;
}
