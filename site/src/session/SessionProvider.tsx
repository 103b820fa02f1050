/**
 * The Session of types.ts as React context: seeded from the root data (server and first client
 * render agree), then kept by the session store. Opens the modals of spec 2.10 and 2.11, runs the
 * after-sign-in rules of spec 4, the 'to' query and the visibility re-check of spec 2.8, and the
 * 403 rule of spec 8.
 *
 * The 403 page is a state, not a route: the api's onForbidden (forbidden.ts) logs out and marks the
 * store expired; the default layout then shows 'Session expired, redirecting you to frontpage' in
 * <main>, at the URL where it happened, for EXPIRED_REDIRECT_MS, and this provider goes to '/'.
 * It needs no URL of its own (nothing to bookmark, crawl or land on later).
 */
import { isApiError, type Api } from '@nordlys/sdk/api';
import { afterSignIn } from '@nordlys/sdk/after-sign-in';
import { PRIMARY_PLATFORM } from '@nordlys/sdk/constants';
import type { ProfileChoice } from '@nordlys/sdk/modals';
import { safeReturnPath } from '@nordlys/sdk/return-path';
import {
  connectableProfiles,
  findProfile,
  profileCookieValue,
  profileDestination,
  selectionOf,
  selectProfile as pickProfile,
  toSavedChoice,
} from '@nordlys/sdk/profiles';
import type { AuthSettings, ProfileEntry, ProfileSelection, User } from '@nordlys/sdk/schemas';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { loadModals as defaultLoadModals, type ModalsLoader, type SessionModals } from './modals';
import { profilesOf, SessionStore, type SessionSeed } from './store';
import type { AuthRequest, Session } from './types';

/** How long the 403 page shows before the redirect to '/' (spec 2.6: "redirecting you to frontpage"). */
export const EXPIRED_REDIRECT_MS = 2000;

/** What the browser entry hands the session: its store (shared with loaders) and the api. */
export interface SessionRuntime {
  store: SessionStore;
  /** The api for the session's calls; null where nothing may be called (the server render). */
  api: Api | null;
  /** The modal components; site/src/modals by default (tests give stand-ins). */
  loadModals?: ModalsLoader;
  /** ms the 403 page shows; EXPIRED_REDIRECT_MS by default. */
  expiredRedirectMs?: number;
}

const RuntimeContext = createContext<SessionRuntime | null>(null);

/** Gives the SessionProvider below it the browser's store and api. */
export function SessionRuntimeProvider({ value, children }: { value: SessionRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

/** The modal the session shows, if any. */
export type SessionModal =
  | { kind: 'auth'; request: AuthRequest }
  | { kind: 'switch-profile'; to: string | null; onlyStartups: boolean }
  | { kind: 'connect-profile'; to: string | null }
  | { kind: 'choose-role'; variant: 'sign-up' | 'profile' };

/** The Session, plus what the header and the client area need beyond it. */
export interface SessionControls extends Session {
  /** spec 2.6 / 8: the session just expired; the 403 page shows until the redirect. */
  expired: boolean;
  /** The auth settings of the site config (spec 6: sign-up may be disabled). */
  authSettings: AuthSettings;
  /** The modal open right now, if any. */
  modal: SessionModal['kind'] | null;
  /** spec 2.11: 'Choose profile'; after choosing it goes to `to`, else the profile's link. */
  openSwitchProfile(options?: { to?: string | null; onlyStartups?: boolean }): void;
  /** spec 2.11: the choose-role modal ('profile' offers only Startup and Investor). */
  openChooseRole(variant: 'sign-up' | 'profile'): void;
}

const SessionContext = createContext<SessionControls | null>(null);

/** The session of the page. @example const { user, profile, openAuth } = useSession(); */
export function useSession(): SessionControls {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}

export interface SessionProviderProps {
  /** The root data's user and raw 'user.profile' cookie. */
  seed: SessionSeed;
  authSettings: AuthSettings;
  /** The product name, for the choose-role title. */
  productName: string;
  children: ReactNode;
}

const platformOwner = (profile: ProfileEntry) => (profile.type === 'company' ? 'companies' : 'investors');

export function SessionProvider({ seed, authSettings, productName, children }: SessionProviderProps) {
  const runtime = useContext(RuntimeContext);
  // The server render (and a bare test render) has no runtime: a store of its own, from the root data.
  const [ownStore] = useState(() => (runtime ? null : new SessionStore(seed)));
  const store = runtime?.store ?? ownStore!;
  const api = runtime?.api ?? null;
  const loadModals = runtime?.loadModals ?? defaultLoadModals;
  const expiredRedirectMs = runtime?.expiredRedirectMs ?? EXPIRED_REDIRECT_MS;
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [modal, setModal] = useState<SessionModal | null>(null);

  const signedIn = useCallback(
    (user: User, options: { to?: string | null; exists?: boolean } = {}) => {
      // spec 4 "Login": store the user and load the profile: one profile, else the saved choice, else the cookie.
      const profiles = profilesOf(user);
      const previous = store.getSnapshot().cookie;
      const selected = pickProfile({ profiles, savedChoice: user.profile, cookie: previous });
      store.signIn(user, selected ? profileCookieValue(selectionOf(selected)) : previous);
      const to = safeReturnPath(options.to);
      const next = afterSignIn({
        selectedProfile: selected,
        profilesCount: profiles.length,
        connectableCount: connectableProfiles(user).length,
        to,
      });
      switch (next.kind) {
        case 'go':
          setModal(null);
          void navigate(next.to);
          break;
        case 'switch-profile':
          setModal({ kind: 'switch-profile', to, onlyStartups: false });
          break;
        case 'connect-profile':
          setModal({ kind: 'connect-profile', to });
          break;
        case 'choose-role':
          setModal({ kind: 'choose-role', variant: 'sign-up' });
          break;
      }
    },
    [store, navigate],
  );

  const signOut = useCallback(async () => {
    try {
      await api?.users.signOut();
    } catch (error) {
      // The server clears its cookies on sign-out; here the local state goes whatever it answered.
      console.error('[site] sign-out failed', error);
    } finally {
      store.clear();
      setModal(null);
      await navigate('/');
    }
  }, [api, store, navigate]);

  const revalidate = revalidator.revalidate;
  const refresh = useCallback(async (): Promise<User | null> => {
    if (!api) return store.user;
    const wasLoggedIn = store.user !== null;
    try {
      const user = await api.users.me();
      store.setUser(user);
      return user;
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        // A 403 has already run the spec 8 rule (onForbidden); a 401 means another tab signed out.
        store.clear();
        // Guarded pages check again and send a logged-out visitor to sign in.
        if (wasLoggedIn && !store.getSnapshot().expired) void revalidate();
        return null;
      }
      // Offline or a server failure says nothing about the session: keep it.
      console.error('[site] checking the session failed', error);
      return store.user;
    }
  }, [api, store, revalidate]);

  const selectProfile = useCallback(
    async (selection: ProfileSelection, options: { remember?: boolean } = {}) => {
      store.setCookie(profileCookieValue(selection));
      if (!options.remember || !api) return;
      const saved = toSavedChoice(selection);
      await api.users.updateMe({ profile: saved });
      const user = store.user;
      if (user) store.setUser({ ...user, profile: saved });
    },
    [api, store],
  );

  const openAuth = useCallback((request: AuthRequest = {}) => setModal({ kind: 'auth', request }), []);
  const openSwitchProfile = useCallback(
    (options: { to?: string | null; onlyStartups?: boolean } = {}) =>
      setModal({ kind: 'switch-profile', to: safeReturnPath(options.to), onlyStartups: options.onlyStartups ?? false }),
    [],
  );
  const openChooseRole = useCallback((variant: 'sign-up' | 'profile') => setModal({ kind: 'choose-role', variant }), []);

  // A page change closes the modals (choose-role's choices are links; it has no close of its own).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setModal(null);
  }, [location.pathname]);

  // spec 2.8: a 'to' query opens sign-in when logged out; logged in, it is followed.
  const to = new URLSearchParams(location.search).get('to');
  const handledTo = useRef<string | null>(null);
  const loggedIn = snapshot.user !== null;
  useEffect(() => {
    if (!to || handledTo.current === location.key) return;
    handledTo.current = location.key;
    const target = safeReturnPath(to);
    if (loggedIn) {
      if (target) void navigate(target, { replace: true });
      return;
    }
    setModal({ kind: 'auth', request: { step: 'signin', to: target } });
  }, [to, location.key, loggedIn, navigate]);

  // spec 2.8: returning to the page re-checks authentication.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    let checking = false;
    const onVisibility = () => {
      if (document.visibilityState !== 'visible' || checking) return;
      checking = true;
      void refreshRef.current().finally(() => {
        checking = false;
      });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // spec 8 and 2.6: after a 403 the 403 page shows briefly, then the front page.
  const { expired, expiredTo } = snapshot;
  useEffect(() => {
    if (!expired) return;
    setModal(null);
    const timer = setTimeout(() => {
      void Promise.resolve(navigate(expiredTo)).finally(() => store.clearExpired());
    }, expiredRedirectMs);
    return () => clearTimeout(timer);
  }, [expired, expiredTo, expiredRedirectMs, navigate, store]);

  const session = useMemo<SessionControls>(
    () => ({
      user: snapshot.user,
      profiles: snapshot.profiles,
      profile: snapshot.profile,
      expired: snapshot.expired,
      authSettings,
      modal: modal?.kind ?? null,
      signedIn,
      signOut,
      refresh,
      selectProfile,
      openAuth,
      openSwitchProfile,
      openChooseRole,
    }),
    [snapshot, authSettings, modal, signedIn, signOut, refresh, selectProfile, openAuth, openSwitchProfile, openChooseRole],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
      {modal && api ? (
        <SessionModalHost
          modal={modal}
          api={api}
          session={session}
          productName={productName}
          loadModals={loadModals}
          close={() => setModal(null)}
          open={setModal}
          go={(path) => void navigate(path)}
        />
      ) : null}
    </SessionContext.Provider>
  );
}

function useModals(load: ModalsLoader): SessionModals | null {
  const [modals, setModals] = useState<SessionModals | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (live) setModals(loaded);
      },
      (error: unknown) => console.error('[site] the modals failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return modals;
}

interface ModalHostProps {
  modal: SessionModal;
  api: Api;
  session: SessionControls;
  productName: string;
  loadModals: ModalsLoader;
  close(): void;
  open(modal: SessionModal): void;
  go(path: string): void;
}

/** Renders the open modal once the modal components have loaded. */
function SessionModalHost({ modal, api, session, productName, loadModals, close, open, go }: ModalHostProps) {
  const modals = useModals(loadModals);
  if (!modals) return null;
  const { AuthModal, ChooseRoleModal, SwitchProfileModal, ConnectProfileModal } = modals;

  switch (modal.kind) {
    case 'auth': {
      const { request } = modal;
      return (
        <AuthModal
          api={api}
          settings={session.authSettings}
          step={request.step}
          title={request.title}
          email={request.email}
          loggedIn={session.user}
          onSuccess={(user, details) => {
            close();
            session.signedIn(user, { to: request.to, exists: details.exists });
          }}
          onCancel={close}
        />
      );
    }
    case 'switch-profile':
      return (
        <SwitchProfileModal
          profiles={session.profiles}
          onlyStartups={modal.onlyStartups}
          to={modal.to}
          onChoose={async (choice: ProfileChoice) => {
            // The cookie first, the user record too when remembered; a failure stays in the modal.
            await session.selectProfile(choice.selection, { remember: choice.remember });
            close();
            go(choice.goTo);
          }}
          onClose={close}
        />
      );
    case 'connect-profile': {
      const user = session.user;
      return (
        <ConnectProfileModal
          profiles={user ? connectableProfiles(user) : []}
          onContinue={async (profile) => {
            // spec 2.11: list the sister-platform profile here, then continue with it.
            await api.users.setPlatform(platformOwner(profile), profile.key, { platform: PRIMARY_PLATFORM });
            const refreshed = await session.refresh();
            const entry = findProfile(profilesOf(refreshed), selectionOf(profile)) ?? profile;
            await session.selectProfile(selectionOf(entry));
            close();
            go(profileDestination(entry, modal.to));
          }}
          onCreateNew={() => open({ kind: 'choose-role', variant: 'sign-up' })}
          onClose={close}
        />
      );
    }
    case 'choose-role':
      // Not dismissible (spec 2.11): answering it follows a link, which closes it.
      return <ChooseRoleModal variant={modal.variant} productName={productName} onChoose={close} />;
  }
}
