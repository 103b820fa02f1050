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

/** The routes with these ids, found by walking the tree (no path matching). */
function routesWithIds(routeTree: RouteObject[], ids: readonly string[]): RouteObject[] {
  const wanted = new Set(ids);
  const found: RouteObject[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.id !== undefined && wanted.has(route.id)) found.push(route);
      if (route.children) visit(route.children);
    }
  };
  visit(routeTree);
  return found;
}

/**
 * Resolves the lazy routes matching the current URL before hydrating, as the server did; otherwise
 * the first client render would lack those pages and React would report a hydration mismatch. The
 * server names the routes it matched in the hydration data (#16: matching the URL against the whole
 * tree here cost as much as creating the router); without that list, the URL is matched.
 */
async function loadMatchedRoutes(routeTree: RouteObject[], location: Location): Promise<void> {
  const ids = hydratedRouteIds();
  const matched = ids ? routesWithIds(routeTree, ids) : (matchRoutes(routeTree, location) ?? []).map((match) => match.route);
  await Promise.all(
    matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, { ...properties, lazy: undefined });
    }),
  );
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input between
 * the steps of start-up (#16: one long task of route matching, router set-up and hydration was most of
 * a page's blocking time). `scheduler.yield()` resumes ahead of other queued work where the browser has it.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resume) => setTimeout(resume, 0));
}

/** The root route's data the server rendered with, from the hydration data. */
export function hydratedRootData(): Partial<RootData> | undefined {
  const data = (window as { __staticRouterHydrationData?: { loaderData?: Record<string, unknown> } })
    .__staticRouterHydrationData;
  return data?.loaderData?.[ROOT_ROUTE_ID] as Partial<RootData> | undefined;
}

/** The ids of the routes the server matched, from the hydration data (entry-server.tsx). */
export function hydratedRouteIds(): string[] | undefined {
  const data = (window as { __staticRouterHydrationData?: { matches?: unknown } }).__staticRouterHydrationData;
  const ids = data?.matches;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : undefined;
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
  // Three tasks after the module's own: match and load the page's routes, create the router, hydrate.
  await yieldToBrowser();
  await loadMatchedRoutes(routes, window.location);
  await yieldToBrowser();
  const store = session ?? createHydratedSessionStore();
  const { productName, origin } = hydratedRootData() ?? {};
  const router = createBrowserRouter(routes, {
    // Loaders read the api and the session from the router context, as on the server (api.ts, session/viewer.ts).
    getContext: () => {
      const context = createRouterContext(api, { productName, origin });
      context.set(sessionStoreContext, store);
      return context;
    },
  });
  await yieldToBrowser();
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
