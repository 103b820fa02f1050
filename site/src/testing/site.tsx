/**
 * Test support for the whole site in happy-dom: server-render a page with the fake /api and a
 * visitor's account, load the HTML into the document, and hydrate it with the browser entry's
 * wiring (session store, api with the 403 hooks), as a browser would.
 */
import type { Api } from '@nordlys/sdk/api';
import { act } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createHydratedSessionStore, hydrate } from '../client';
import { render } from '../entry-server';
import { installHydrationData } from '../hydration-data';
import { forbiddenOptions } from '../session/forbidden';
import type { SessionStore } from '../session/store';
import { createFakeApi, type FakeAccount, type FakeApiOptions, type FakeRequest } from './fixtures';

declare global {
  // eslint-disable-next-line no-var
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export interface SiteOptions {
  account?: FakeAccount;
  /** The raw value of the cookie 'user.profile' the browser sends. */
  cookie?: string | null;
  products?: FakeApiOptions['products'];
  /** How long the 403 page shows (short in tests). */
  expiredRedirectMs?: number;
}

/** Removes every cookie of the test document. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/** Waits, letting React and the router work, until `check` holds. */
export async function until(check: () => boolean, what = 'the condition', timeout = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

/** Server-renders `path` for the visitor and loads the page into the document; returns the response. */
export async function loadServerPage(path: string, options: SiteOptions = {}): Promise<{ response: Response; container: Element }> {
  const account = options.account ?? { user: null };
  clearCookies();
  if (options.cookie) document.cookie = `user.profile=${options.cookie}; Path=/`;
  window.history.replaceState(null, '', path);
  const origin = window.location.origin;
  const { api } = createFakeApi({ account, products: options.products }, `${origin}/api/`);
  const headers: Record<string, string> = options.cookie ? { cookie: `user.profile=${options.cookie}` } : {};
  const response = await render(new Request(`${origin}${path}`, { headers }), {
    api: () => api,
    productName: 'Nordlys',
    assets: { scripts: [], styles: [] },
  });
  const html = await response.text();
  document.title = html.match(/<title>(.*?)<\/title>/)?.[1] ?? '';
  // #root and the hydration-data block after it, read back as the browser entry does.
  document.body.innerHTML = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
  installHydrationData();
  return { response, container: document.getElementById('root')! };
}

export interface MountedSite {
  container: Element;
  session: SessionStore;
  api: Api;
  /** The account calls the browser made, with their bodies. */
  requests: FakeRequest[];
  account: FakeAccount;
  router: Awaited<ReturnType<typeof hydrate>>['router'];
  recoverableErrors: unknown[];
  unmount(): Promise<void>;
}

/** Server-renders `path`, then hydrates it with the browser entry's wiring. */
export async function mountSite(path: string, options: SiteOptions = {}): Promise<MountedSite> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const account = options.account ?? { user: null };
  const { response, container } = await loadServerPage(path, { ...options, account });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const session = createHydratedSessionStore();
  // As entry-client.tsx: the api's 403 rule is wired to the session.
  let api: Api | undefined;
  const client = createFakeApi({ account, products: options.products }, `${window.location.origin}/api/`, forbiddenOptions(session, () => api));
  api = client.api;
  const recoverableErrors: unknown[] = [];
  let app: Awaited<ReturnType<typeof hydrate>> | undefined;
  await act(async () => {
    app = await hydrate({
      api: client.api,
      container,
      session,
      runtime: { expiredRedirectMs: options.expiredRedirectMs ?? 100 },
      onRecoverableError: (error) => recoverableErrors.push(error),
    });
  });
  return {
    container,
    session,
    api: client.api,
    requests: client.requests,
    account,
    router: app!.router,
    recoverableErrors,
    unmount: async () => {
      await act(async () => {
        app!.root.unmount();
        app!.router.dispose();
      });
      document.body.innerHTML = '';
      delete (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData;
      clearCookies();
    },
  };
}

/**
 * The hooks every whole-site test file shares: console errors are collected (React's note about two
 * renderers in one process aside, which a browser never has) and must stay empty, and the site a
 * test mounted into `hooks.site` is unmounted after it.
 */
export function siteTestHooks(): { site: MountedSite | undefined; errors: unknown[] } {
  const hooks: { site: MountedSite | undefined; errors: unknown[] } = { site: undefined, errors: [] };
  beforeEach(() => {
    hooks.errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) return;
      hooks.errors.push(args);
    });
  });
  afterEach(async () => {
    await hooks.site?.unmount();
    hooks.site = undefined;
    vi.restoreAllMocks();
    // No React warning, no failed call logged, in any test.
    expect(hooks.errors).toEqual([]);
  });
  return hooks;
}
