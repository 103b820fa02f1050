import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi, type ApiOptions } from './index';

const forbidden = () => jsonAnswer({ message: 'Not allowed', code: 'E_FORBIDDEN' }, 403);

/** An app whose logout clears the logged-in flag, recording what happened in order. */
function app(reply = forbidden, extra: ApiOptions = {}) {
  const events: string[] = [];
  const state = { loggedIn: true };
  const { calls, fetch } = fakeFetch(reply);
  const api = createApi({
    baseUrl: 'http://nordlys.test/api/',
    fetch,
    isLoggedIn: () => state.loggedIn,
    onForbidden: async () => {
      events.push('logout');
      await Promise.resolve();
      state.loggedIn = false;
    },
    navigate: (path) => events.push(`navigate ${path}`),
    ...extra,
  });
  return { api, events, state, calls };
}

describe('spec 8: a 403 while logged in logs out and goes to /', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs out, then goes to /, then rejects with the 403 ApiError', async () => {
    const { api, events } = app();
    const error = await api.users.me().catch((e: unknown) => {
      events.push('rejected');
      return e;
    });
    expect(events).toEqual(['logout', 'navigate /', 'rejected']);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Not allowed', code: 'E_FORBIDDEN' });
  });

  it('applies to any call, not only users/me', async () => {
    const { api, events } = app();
    await api.jobs.save(7).catch(() => undefined);
    expect(events).toEqual(['logout', 'navigate /']);
  });

  it('does nothing but reject while logged out', async () => {
    const { api, events, state } = app();
    state.loggedIn = false;
    const error = await api.users.me().catch((e: unknown) => e);
    expect(events).toEqual([]);
    expect(error).toMatchObject({ name: 'ApiError', status: 403 });
  });

  it('leaves other errors alone while logged in', async () => {
    for (const status of [401, 404, 500]) {
      const { api, events } = app(() => jsonAnswer({ message: 'No' }, status));
      await api.companies.get('acme').catch(() => undefined);
      expect(events).toEqual([]);
    }
  });

  it('logs out once when parallel calls get a 403', async () => {
    const { api, events } = app();
    await Promise.allSettled([api.users.me(), api.searches.list(), api.jobs.interested(3)]);
    expect(events).toEqual(['logout', 'navigate /']);
  });

  it('does not deadlock when the logout itself calls sign-out and gets a 403', async () => {
    const events: string[] = [];
    let loggedIn = true;
    const { calls, fetch } = fakeFetch(forbidden);
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      fetch,
      isLoggedIn: () => loggedIn,
      onForbidden: async () => {
        events.push('logout');
        await api.users.signOut().catch(() => undefined);
        loggedIn = false;
      },
      navigate: (path) => events.push(`navigate ${path}`),
    });
    await expect(api.users.me()).rejects.toMatchObject({ status: 403 });
    expect(events).toEqual(['logout', 'navigate /']);
    expect(calls.map((c) => c.path)).toEqual(['/api/users/me', '/api/users/sign-out']);
  });

  it('still goes to / and rejects with the 403 when the logout hook fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const { fetch } = fakeFetch(forbidden);
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      fetch,
      isLoggedIn: () => true,
      onForbidden: () => {
        throw new Error('store is gone');
      },
      navigate,
    });
    await expect(api.users.me()).rejects.toMatchObject({ name: 'ApiError', status: 403 });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(log).toHaveBeenCalled();
  });

  it('still rejects with the 403 when navigate fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = app(forbidden, {
      navigate: () => {
        throw new Error('no router');
      },
    });
    await expect(api.users.me()).rejects.toMatchObject({ name: 'ApiError', status: 403 });
  });

  it('works without navigate: the app navigates inside onForbidden', async () => {
    const onForbidden = vi.fn();
    const { fetch } = fakeFetch(forbidden);
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch, isLoggedIn: () => true, onForbidden });
    await expect(api.users.me()).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});

describe('spec 8: every other failure is an ApiError', () => {
  it('gives a network failure the code E_NETWORK', async () => {
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = await api.users.signOut().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 0, code: 'E_NETWORK' });
  });

  it('gives a timeout the code E_TIMEOUT', async () => {
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      timeout: 20,
      fetch: (input) => {
        const { signal } = new Request(input);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    });
    const error = await api.users.signOut().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 0, code: 'E_TIMEOUT' });
  });
});
