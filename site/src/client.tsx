/** Hydrates the server-rendered page: same routes, lazy pages of the current URL loaded first (no mismatch). */
import type { Api } from '@nordlys/sdk/api';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createRouterContext } from './api';
import { ROOT_ROUTE_ID, type RootData } from './root';
import { routes } from './router';

/**
 * Resolves the lazy routes matching the current URL before hydrating, as the server did; otherwise
 * the first client render would lack those pages and React would report a hydration mismatch.
 */
async function loadMatchedRoutes(routeTree: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routeTree, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, { ...properties, lazy: undefined });
    }),
  );
}

/** The product name the server rendered with, from the root route's hydration data. */
function hydratedProductName(): string | undefined {
  const data = (window as { __staticRouterHydrationData?: { loaderData?: Record<string, unknown> } })
    .__staticRouterHydrationData;
  const root = data?.loaderData?.[ROOT_ROUTE_ID] as Partial<RootData> | undefined;
  return root?.productName;
}

export interface HydrateOptions {
  api: Api;
  /** The element the server rendered into (`#root`). */
  container: Element;
  onRecoverableError?: (error: unknown) => void;
}

/** Creates the browser router and hydrates `container`; returns both for tests and later teardown. */
export async function hydrate({ api, container, onRecoverableError }: HydrateOptions): Promise<{ router: DataRouter; root: Root }> {
  await loadMatchedRoutes(routes, window.location);
  const router = createBrowserRouter(routes, {
    // Loaders read the api from the router context, as on the server (api.ts).
    getContext: () => createRouterContext(api, { productName: hydratedProductName() }),
  });
  const root = hydrateRoot(
    container,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
    onRecoverableError ? { onRecoverableError } : undefined,
  );
  return { router, root };
}
