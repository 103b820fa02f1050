/** The root route's data: the product name, the product switches of the site config, and the render time. */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, siteContext } from './api';
import { orFallback } from './lib/routeErrors';

export const ROOT_ROUTE_ID = 'root';

export interface RootData {
  productName: string;
  /** spec 2.8: the Scout nav item shows only when the headhunter product is enabled. */
  headhunter: boolean;
  /** When the page was rendered; relative dates use it until the browser's clock takes over. */
  renderedAt: string;
}

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const { productName } = context.get(siteContext);
  // The header must not fail the page: without the config, optional products stay hidden.
  const config = await orFallback(apiFrom(context).site.config(), null);
  return {
    productName: productName || config?.productName || DEFAULT_PRODUCT_NAME,
    headhunter: config?.products.headhunter === true,
    renderedAt: new Date().toISOString(),
  };
}

const FALLBACK: RootData = { productName: DEFAULT_PRODUCT_NAME, headhunter: false, renderedAt: new Date(0).toISOString() };

/** The root data, or defaults when the root itself failed (the last-resort error page). */
export function useRootData(): RootData {
  return (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined) ?? FALLBACK;
}
