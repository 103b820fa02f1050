/** The site's session: the provider, its hook and what loaders use (guards, the viewer). */
export type { AuthRequest, Session } from './types';
export {
  EXPIRED_REDIRECT_MS,
  SessionProvider,
  SessionRuntimeProvider,
  useSession,
  type SessionControls,
  type SessionModal,
  type SessionProviderProps,
  type SessionRuntime,
} from './SessionProvider';
export { currentProfile, profilesOf, SessionStore, type SessionSeed, type SessionSnapshot } from './store';
export { guardRoute, sessionStoreContext, viewerOf, type ViewerResult } from './viewer';
export { profileCookieHeader, profileCookieOf, readCookie, writeProfileCookie } from './cookie';
export { forbiddenOptions } from './forbidden';
export type { ModalsLoader, SessionModals } from './modals';
