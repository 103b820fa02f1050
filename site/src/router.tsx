/** The route tree, shared by the server and the client entries; pages load lazily (one chunk per route). */
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { ErrorPage } from './components/ErrorPage';
import { DefaultLayout, RootErrorLayout } from './layouts/DefaultLayout';
import { notFound } from './lib/routeErrors';
import { errorMeta, type RouteHandle } from './meta';
import { ROOT_ROUTE_ID, rootLoader } from './root';

/** What a file in routes/ exports. */
export interface RouteModule {
  loader?: LoaderFunction;
  Component: ComponentType;
  handle?: RouteHandle<never>;
}

const RELOAD_KEY = 'nordlys:chunk-reload';

/** spec 2.6: a failure to load a page part reloads the page (once, so a real outage shows the error page). */
function reloadOnce(error: unknown): never {
  if (typeof window !== 'undefined') {
    const href = window.location.href;
    try {
      if (window.sessionStorage.getItem(RELOAD_KEY) !== href) {
        window.sessionStorage.setItem(RELOAD_KEY, href);
        window.location.reload();
      }
    } catch {
      // Storage may be blocked; fall through to the error page.
    }
  }
  throw error;
}

function lazyPage(load: () => Promise<RouteModule>): NonNullable<RouteObject['lazy']> {
  return async () => {
    const mod = await load().catch(reloadOnce);
    return { loader: mod.loader, Component: mod.Component, handle: mod.handle };
  };
}

function RootError() {
  return (
    <RootErrorLayout>
      <ErrorPage />
    </RootErrorLayout>
  );
}

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: rootLoader,
    // The config and product name do not change while the page is open.
    shouldRevalidate: () => false,
    Component: DefaultLayout,
    ErrorBoundary: RootError,
    children: [
      {
        // Page errors render inside the layout, so the header and footer stay.
        id: 'pages',
        ErrorBoundary: ErrorPage,
        children: [
          { id: 'home', index: true, lazy: lazyPage(() => import('./routes/index')) },
          { id: 'jobs', path: 'jobs', lazy: lazyPage(() => import('./routes/jobs/index')) },
          { id: 'job', path: 'jobs/:id', lazy: lazyPage(() => import('./routes/jobs/[id]')) },
          {
            id: 'jobs-location',
            path: 'jobs/location/:country/:city?',
            lazy: lazyPage(() => import('./routes/jobs/location/[country]')),
          },
          { id: 'startups', path: 'startups', lazy: lazyPage(() => import('./routes/startups/index')) },
          { id: 'startup', path: 'startups/:id', lazy: lazyPage(() => import('./routes/startups/[id]')) },
          {
            id: 'not-found',
            path: '*',
            loader: () => notFound('This page could not be found', true),
            // Never shown: the loader always throws to the page error boundary.
            Component: () => null,
            handle: { meta: () => errorMeta(404) } satisfies RouteHandle<unknown>,
          },
        ],
      },
    ],
  },
];
