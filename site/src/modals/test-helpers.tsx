/** Test support for the modals and account pages: a fake /api behind the real sdk client, auth settings, and a promise to hold answers. */
import { createApi, type Api } from '@nordlys/sdk/api';
import type { AuthSettings, ProfileEntry } from '@nordlys/sdk/schemas';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type LoaderFunction } from 'react-router';
import { fakeFetch, jsonAnswer, type RecordedCall } from '../../../sdk/src/testing/fake-fetch';
import { createRouterContext } from '../api';
import { ApiProvider } from './useApi';

export { jsonAnswer };

/** The site's usual settings: sign-up on, altcha, LinkedIn as the provider. */
export function authSettings(more: Partial<AuthSettings> = {}): AuthSettings {
  return {
    signUp: true,
    captcha: { kind: 'altcha', challengeUrl: '/api/captcha/challenge' },
    provider: { name: 'LinkedIn', authorizeUrl: '/auth/linkedin' },
    ...more,
  };
}

/** Answers by 'METHOD path' (the path under /api/, e.g. 'POST users/sign-in'); anything else is a 404. */
export type Handlers = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

/**
 * The real sdk Api over a fake fetch. `calls` lists what was called, `sent(key)` the JSON bodies
 * sent to one 'METHOD path'.
 * @example const { api, sent } = accountApi({ 'POST users/sign-in': () => jsonAnswer(makeUser()) });
 */
export function accountApi(handlers: Handlers = {}): { api: Api; calls: RecordedCall[]; sent(key: string): unknown[] } {
  const keyOf = (call: RecordedCall) => `${call.method} ${call.path.replace(/^\/api\//, '')}`;
  const { fetch, calls } = fakeFetch((call) => {
    const handler = handlers[keyOf(call)];
    return handler ? handler(call) : jsonAnswer({ message: `No fixture for ${keyOf(call)}`, code: 'E_NOT_FOUND' }, 404);
  });
  return {
    api: createApi({ baseUrl: 'http://test/api/', fetch, timeout: 5_000 }),
    calls,
    sent: (key) => calls.filter((call) => keyOf(call) === key).map((call) => call.json),
  };
}

/** A promise settled by the test, to hold an answer while asserting the busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An element's text as a screen reader gets it: without its aria-hidden parts (icons, ticks). */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** Profile entries as the sdk derives them: a startup with a logo, a draft startup, an investor. */
export const startup: ProfileEntry = {
  type: 'company',
  key: 'aurora-labs',
  name: 'Aurora Labs',
  link: '/client/startups/aurora-labs',
  imageLink: '/images/thumbnail/aurora.png',
  additional: ['DK', 'SE'],
  typeLabel: 'Startup',
  isDraft: false,
  description: 'Startup management and recruitment',
};
export const draftStartup: ProfileEntry = {
  ...startup,
  key: 'fjord-pay',
  name: 'Fjord Pay',
  link: '/client/startups/fjord-pay/edit',
  imageLink: null,
  isDraft: true,
};
export const investor: ProfileEntry = {
  type: 'investor',
  key: 'north-ventures',
  name: 'North Ventures',
  link: '/client/investors/north-ventures',
  imageLink: null,
  additional: ['NO'],
  typeLabel: 'Investor',
  isDraft: false,
  description: 'Investment and funding',
};

/** Where a page sent the user: any path not served by the page under test lands here. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders a route module at `path` as the router would: its loader reads the fake api from the
 * router context, its forms from ApiProvider. `where()` is the path the page navigated or redirected to.
 */
export function renderPage(
  page: { loader?: LoaderFunction; Component: ComponentType },
  routePath: string,
  url: string,
  handlers: Handlers = {},
) {
  const fake = accountApi(handlers);
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        loader: page.loader,
        Component: page.Component,
        HydrateFallback: () => <p>Loading</p>,
        ErrorBoundary: () => <p>Error page</p>,
      },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [url], getContext: () => createRouterContext(fake.api) },
  );
  const view = render(
    <ApiProvider api={fake.api}>
      <RouterProvider router={router} />
    </ApiProvider>,
  );
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...fake, router, view, where };
}
