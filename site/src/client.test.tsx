// @vitest-environment happy-dom
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from './entry-server';
import { installHydrationData } from './hydration-data';
import { createFakeApi } from './testing/fixtures';

declare global {
  // eslint-disable-next-line no-var
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** Server-renders `path` and loads the result into happy-dom's document as a browser would. */
async function loadServerPage(path: string): Promise<Element> {
  window.history.replaceState(null, '', path);
  const origin = window.location.origin;
  const { api } = createFakeApi({}, `${origin}/api/`);
  const response = await render(new Request(`${origin}${path}`), {
    api: () => api,
    productName: 'Nordlys',
    assets: { scripts: [], styles: [] },
  });
  const html = await response.text();
  document.title = html.match(/<title>(.*?)<\/title>/)?.[1] ?? '';
  document.body.innerHTML = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
  // Read the hydration-data block the server wrote after #root, as the browser entry does.
  expect(installHydrationData()).toBe(true);
  return document.getElementById('root')!;
}

async function freshClient() {
  const [{ hydrate }, { act }] = await Promise.all([import('./client'), import('react')]);
  const { api } = createFakeApi({}, `${window.location.origin}/api/`);
  const until = async (check: () => boolean, timeout = 3000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > timeout) throw new Error('timed out waiting');
      await act(async () => {
        await new Promise((r) => setTimeout(r, 20));
      });
    }
  };
  return { hydrate, api, act, until };
}

describe('hydration', () => {
  let errors: unknown[];
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      // Server and client renderers share one React here (never in a browser); React notes it.
      if (String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) return;
      errors.push(args);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    delete (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData;
  });

  /** Hydrates the server's page in `container`: no recoverable error (a mismatch) and nothing logged. */
  async function hydrateWithoutMismatch(container: Element) {
    const { hydrate, api, act, until } = await freshClient();
    const recoverable: unknown[] = [];
    let hydrated: Awaited<ReturnType<typeof hydrate>> | undefined;
    await act(async () => {
      hydrated = await hydrate({ api, container, onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    const app = hydrated!;
    const unmount = () =>
      act(async () => {
        app.root.unmount();
        app.router.dispose();
      });
    return { app, act, until, unmount };
  }

  it('hydrates a job page without mismatches and keeps the title in sync on navigation', async () => {
    const container = await loadServerPage('/jobs/1');
    const { app, act, until, unmount } = await hydrateWithoutMismatch(container);
    expect(container.querySelector('h1')?.textContent).toBe('Senior Frontend Engineer');
    // The server named the routes it matched, the same ones the route tree matches here (their code was loaded by id).
    const [{ hydratedRouteIds }, { routes }] = await Promise.all([import('./client'), import('./router')]);
    expect(hydratedRouteIds()).toEqual(matchRoutes(routes, '/jobs/1')?.map((match) => match.route.id));
    expect(hydratedRouteIds()).toContain('job');
    expect(document.title).toBe('Senior Frontend Engineer at Aurora Labs | Nordlys');

    // A client-side navigation runs the loader through the same api and updates document.title.
    const link = container.querySelector<HTMLAnchorElement>('.site-nav__wide a[href="/startups"]')!;
    await act(async () => {
      link.click();
    });
    await until(() => container.querySelector('h1')?.textContent === 'Browse Nordic startups');
    await until(() => document.title === 'Browse Nordic startups | Nordlys');
    expect(window.location.pathname).toBe('/startups');

    // An unknown job: the error page inside the layout, and its title.
    await act(async () => {
      await app.router.navigate('/jobs/999');
    });
    await until(() => container.querySelector('h1')?.textContent === 'Page not found');
    expect(document.title).toBe('Page not found | Nordlys');
    expect(container.querySelector('header.site-header')).not.toBeNull();
    expect(errors).toEqual([]);

    await unmount();
  });

  it('matches the URL itself when the hydration data names no routes', async () => {
    const container = await loadServerPage('/jobs/1');
    delete (window as { __staticRouterHydrationData?: { matches?: unknown } }).__staticRouterHydrationData!.matches;
    const { unmount } = await hydrateWithoutMismatch(container);
    expect(container.querySelector('h1')?.textContent).toBe('Senior Frontend Engineer');
    await unmount();
  });

  it('hydrates a 404 page without mismatches', async () => {
    const container = await loadServerPage('/no/such/page');
    const { unmount } = await hydrateWithoutMismatch(container);
    expect(container.querySelector('h1')?.textContent).toBe('Page not found');
    expect(document.title).toBe('Page not found | Nordlys');
    await unmount();
  });
});
