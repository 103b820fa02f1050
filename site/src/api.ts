/** Hands the sdk Api and the site settings to loaders, per request on the server and once in the browser. */
import type { Api } from '@nordlys/sdk/api';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { createContext, RouterContextProvider } from 'react-router';

/** The sdk client for the current request; the server entry sets it from `RenderOptions.api`. */
export const apiContext = createContext<Api>();

export interface SiteSettings {
  productName: string;
}

/** Settings the server knows before any call (the product name shown in titles and the header). */
export const siteContext = createContext<SiteSettings>({ productName: DEFAULT_PRODUCT_NAME });

type ContextReader = Pick<RouterContextProvider, 'get'>;

/** The Api of the request a loader serves. @example const api = apiFrom(context); */
export function apiFrom(context: ContextReader): Api {
  return context.get(apiContext);
}

/** Creates the router context both entries give to loaders. */
export function createRouterContext(api: Api, settings?: Partial<SiteSettings>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  context.set(siteContext, { productName: settings?.productName || DEFAULT_PRODUCT_NAME });
  return context;
}
