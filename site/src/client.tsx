/** Hydrates the server-rendered page: same routes, lazy pages of the current URL loaded first (no mismatch), one session store. */
import type { Api } from '@nordlys/sdk/api';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createRouterContext } from './api';
import { ApiProvider } from './modals/useApi';
import { ROOT_ROUTE_ID, type RootData } from './root';
import { routes } from './router';
import { SessionRuntimeProvider, type SessionRuntime } from './session/SessionProvider';
import { SessionStore } from './session/store';
import { sessionStoreContext } from './session/viewer';

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

/** The root route's data the server rendered with, from the hydration data. */
export function hydratedRootData(): Partial<RootData> | undefined {
  const data = (window as { __staticRouterHydrationData?: { loaderData?: Record<string, unknown> } })
    .__staticRouterHydrationData;
  return data?.loaderData?.[ROOT_ROUTE_ID] as Partial<RootData> | undefined;
}

/** A session store seeded as the server rendered: the same user and 'user.profile' cookie, so the header hydrates as it was. */
export function createHydratedSessionStore(): SessionStore {
  const root = hydratedRootData();
  return new SessionStore({ user: root?.user ?? null, cookie: root?.profileCookie ?? null });
}

export interface HydrateOptions {
  api: Api;
  /** The element the server rendered into (`#root`). */
  container: Element;
  /** The session store the api's 403 hooks use (entry-client); one seeded from the hydration data by default. */
  session?: SessionStore;
  /** More session wiring (tests: stand-in modals, a shorter 403 page). */
  runtime?: Pick<SessionRuntime, 'loadModals' | 'expiredRedirectMs'>;
  onRecoverableError?: (error: unknown) => void;
}

/** Creates the browser router and hydrates `container`; returns both for tests and later teardown. */
export async function hydrate({
  api,
  container,
  session,
  runtime,
  onRecoverableError,
}: HydrateOptions): Promise<{ router: DataRouter; root: Root; session: SessionStore }> {
  await loadMatchedRoutes(routes, window.location);
  const store = session ?? createHydratedSessionStore();
  const productName = hydratedRootData()?.productName;
  const router = createBrowserRouter(routes, {
    // Loaders read the api and the session from the router context, as on the server (api.ts, session/viewer.ts).
    getContext: () => {
      const context = createRouterContext(api, { productName });
      context.set(sessionStoreContext, store);
      return context;
    },
  });
  const root = hydrateRoot(
    container,
    <StrictMode>
      <SessionRuntimeProvider value={{ store, api, ...runtime }}>
        {/* The forms call this api too, so their 403s follow the rule of spec 8 as well. */}
        <ApiProvider api={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </SessionRuntimeProvider>
    </StrictMode>,
    onRecoverableError ? { onRecoverableError } : undefined,
  );
  return { router, root, session: store };
}
