/**
 * Test support for saved searches and recent searches (issue #14): a page inside the session (with a
 * stand-in auth modal that signs in as `signsIn`), the api, and a memory router whose current URL the
 * test can read.
 */
import type { Api } from '@nordlys/sdk/api';
import type { User } from '@nordlys/sdk/schemas';
import type { KeyValueStorage } from '@nordlys/sdk/search-history';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { authSettings } from '../modals/test-helpers';
import type { AuthModalProps } from '../modals/index';
import { ApiProvider } from '../modals/useApi';
import { SessionProvider, SessionRuntimeProvider, SessionStore } from '../session';
import type { SessionModals } from '../session/modals';

/** An in-memory localStorage. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

export interface SearchPageOptions {
  user: User | null;
  api: Api;
  /** The page's URL (its route is '/jobs'; any other path shows "Another page"). */
  path?: string;
  /** Who the stand-in auth modal signs in with its "Log in" button. */
  signsIn?: User;
}

/** Renders `page` at `path` (route /jobs) inside a session, the api and a memory router. */
export function renderSearchPage(page: ReactNode, { user, api, path = '/jobs', signsIn }: SearchPageOptions) {
  const store = new SessionStore({ user, cookie: null });
  const opened: { step?: string; to?: string | null }[] = [];
  function StandInAuthModal({ step, onSuccess, onCancel }: AuthModalProps) {
    useState(() => opened.push({ step }));
    return (
      <div role="dialog" aria-modal="true" aria-label="Log in">
        <button type="button" onClick={() => signsIn && onSuccess(signsIn, { exists: false })}>
          Log in
        </button>
        <button type="button" onClick={() => onCancel()}>
          Cancel
        </button>
      </div>
    );
  }
  const none = () => null;
  const modals = { AuthModal: StandInAuthModal, ChooseRoleModal: none, SwitchProfileModal: none, ConnectProfileModal: none } as unknown as SessionModals;
  const frame = (children: ReactNode) => (
    <SessionProvider seed={{ user, cookie: null }} authSettings={authSettings()} productName="Nordlys">
      {children}
      <Where />
    </SessionProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/jobs', element: frame(page) },
      { path: '*', element: frame(<p>Another page</p>) },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <ApiProvider api={api}>
      <SessionRuntimeProvider value={{ store, api, loadModals: async () => modals }}>
        <RouterProvider router={router} />
      </SessionRuntimeProvider>
    </ApiProvider>,
  );
  return { ...view, router, store, opened, where: () => view.getByTestId('where').textContent };
}
