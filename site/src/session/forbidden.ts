/** spec 8, "Any 403 while logged in": the sdk client's hooks, wired to the session store. */
import type { Api, ForbiddenOptions } from '@nordlys/sdk/api';
import type { SessionStore } from './store';

/**
 * The createApi options that log out on a 403 while logged in. The sdk calls onForbidden, then
 * navigate('/'); here both only mark the session expired: the SessionProvider shows the 403 page
 * ('Session expired, redirecting you to frontpage') for a moment, then goes to '/'.
 * @example const api: Api = createApi({ baseUrl: '/api/', ...forbiddenOptions(store, () => api) });
 */
export function forbiddenOptions(store: SessionStore, api: () => Api | undefined): Required<ForbiddenOptions> {
  return {
    isLoggedIn: () => store.user !== null,
    onForbidden: async () => {
      store.expire('/');
      // The server's session is dead; signing out also clears its cookies. Its own 403 starts no second logout.
      await api()
        ?.users.signOut()
        .catch(() => undefined);
    },
    navigate: (path) => store.expire(path),
  };
}
