import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authorizationMessageFromUrl,
  authorizeInPopup,
  isTokenExpired,
  popupFeatures,
  PopupAuthError,
  type AuthorizationKind,
  type IncomingMessage,
  type PopupHost,
} from './popup-auth';

const ORIGIN = 'https://nordlys.dk';
const URL_ = 'https://www.linkedin.com/oauth/v2/authorization?client_id=nordlys';

/** A browser stand-in: one popup, a message bus and the (faked) global timers. */
function fakeHost({ blocked = false } = {}) {
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) };
  const handlers = new Set<(message: IncomingMessage) => void>();
  const opened: Array<{ url: string; name: string; features: string }> = [];
  const host: PopupHost = {
    open(url, name, features) {
      opened.push({ url, name, features });
      return blocked ? null : popup;
    },
    listen(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    startInterval(tick, ms) {
      const id = setInterval(tick, ms);
      return () => clearInterval(id);
    },
    now: () => new Date(),
    frame: () => ({ left: 100, top: 50, width: 1600, height: 1050 }),
  };
  const post = (data: unknown, origin = ORIGIN, source: unknown = popup) => handlers.forEach((h) => h({ origin, data, source }));
  return { host, popup, opened, post, listeners: () => handlers.size };
}

/** Settles the promise into an inspectable state without waiting on it. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

const authorize = (host: PopupHost, kind: AuthorizationKind = 'provider', signal?: AbortSignal) =>
  authorizeInPopup(URL_, { kind, origin: ORIGIN, host, ...(signal ? { signal } : {}) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('popup window (spec 7)', () => {
  it('opens the URL in an 800x650 popup centred on the window', () => {
    const { host, opened } = fakeHost();
    void authorize(host);
    expect(opened).toEqual([{ url: URL_, name: 'nordlys-provider', features: 'width=800,height=650,left=500,top=250' }]);
    expect(popupFeatures({ left: 0, top: 0, width: 1600, height: 1050 })).toBe('width=800,height=650,left=400,top=200');
  });

  it('polls every 250 ms: a message is read on the next tick', async () => {
    const { host, post, popup } = fakeHost();
    const result = track(authorize(host));
    post({ type: 'nordlys:authorization', accessToken: 'token-1', expiresIn: 3600 });
    await vi.advanceTimersByTimeAsync(249);
    expect(result.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.value).toEqual({ authorized: true, accessToken: 'token-1', expiresAt: new Date('2026-11-22T13:00:00.250Z') });
    expect(popup.close).toHaveBeenCalled();
  });

  it('counts a closed popup as not authorized, one 250 ms tick after a tick finds it closed', async () => {
    const { host, popup, listeners } = fakeHost();
    const result = track(authorize(host));
    await vi.advanceTimersByTimeAsync(1000);
    expect(result.settled).toBe(false);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    // A message the popup posted as it closed may still be on its way.
    expect(result.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    expect(result.value).toEqual({ authorized: false });
    expect(listeners()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads a message posted just before the popup closed itself', async () => {
    const { host, popup, post } = fakeHost();
    const result = authorize(host);
    post({ type: 'nordlys:authorization', accessToken: 'token-2', expiresIn: 60 });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    await expect(result).resolves.toMatchObject({ authorized: true, accessToken: 'token-2' });
  });

  it('reads a message that arrives after a tick already saw the popup closed', async () => {
    const { host, popup, post } = fakeHost();
    const result = authorize(host);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    post({ type: 'nordlys:authorization', accessToken: 'token-late', expiresIn: 60 });
    await vi.advanceTimersByTimeAsync(250);
    await expect(result).resolves.toMatchObject({ authorized: true, accessToken: 'token-late' });
  });

  it('reads messages only from the expected origin and from the popup itself', async () => {
    const { host, post } = fakeHost();
    const result = track(authorize(host));
    const token = { type: 'nordlys:authorization', accessToken: 'stolen', expiresIn: 3600 };
    post(token, 'https://evil.example');
    post(token, ORIGIN, { some: 'other window' });
    post({ hello: 'devtools' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(result.settled).toBe(false);
    post({ ...token, accessToken: 'real' });
    await vi.advanceTimersByTimeAsync(250);
    expect(result.value).toMatchObject({ authorized: true, accessToken: 'real' });
  });

  it("refuses '*' or anything but an exact origin", () => {
    const { host } = fakeHost();
    for (const origin of ['*', 'nordlys.dk', 'https://nordlys.dk/', 'javascript:alert(1)']) {
      expect(() => authorizeInPopup(URL_, { kind: 'provider', origin, host })).toThrow(/option "origin"/);
    }
  });

  it('raises popup_blocked when the browser blocks the popup', async () => {
    const { host } = fakeHost({ blocked: true });
    await expect(authorize(host)).rejects.toMatchObject({ name: 'PopupAuthError', code: 'popup_blocked' });
  });

  it('closes the popup and resolves not authorized when aborted', async () => {
    const { host, popup } = fakeHost();
    const controller = new AbortController();
    const result = authorize(host, 'provider', controller.signal);
    controller.abort();
    await expect(result).resolves.toEqual({ authorized: false });
    expect(popup.close).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('authorization errors (spec 8)', () => {
  const failWith = async (kind: AuthorizationKind, error: string) => {
    const { host, post } = fakeHost();
    const result = authorize(host, kind);
    post({ type: 'nordlys:authorization', error, errorDescription: `The user said no (${error})` });
    const settled = result.then(
      (value) => ({ value }),
      (thrown: unknown) => ({ thrown }),
    );
    await vi.advanceTimersByTimeAsync(250);
    return settled;
  };

  it.each([
    ['provider', 'user_cancelled_login'],
    ['provider', 'user_cancelled_authorize'],
    ['recruiting-tool', 'access_denied'],
    ['recruiting-tool', 'user_cancelled_login'],
    ['recruiting-tool', 'user_cancelled_authorize'],
  ] as const)('%s: %s means not authorized, with no error', async (kind, error) => {
    expect(await failWith(kind, error)).toEqual({ value: { authorized: false } });
  });

  it.each([
    ['provider', 'access_denied'],
    ['provider', 'server_error'],
    ['recruiting-tool', 'invalid_scope'],
  ] as const)('%s: %s is raised', async (kind, error) => {
    const { thrown } = (await failWith(kind, error)) as { thrown: PopupAuthError };
    expect(thrown).toBeInstanceOf(PopupAuthError);
    expect(thrown.code).toBe(error);
    expect(thrown.message).toBe(`The user said no (${error})`);
  });
});

describe('provider token (spec 9)', () => {
  const token = { expiresAt: new Date('2026-11-22T13:00:00Z') };

  it('counts as expired from 60 seconds before its expiry', () => {
    expect(isTokenExpired(token, new Date('2026-11-22T12:58:59.999Z'))).toBe(false);
    expect(isTokenExpired(token, new Date('2026-11-22T12:59:00Z'))).toBe(true);
    expect(isTokenExpired(token, new Date('2026-11-22T13:00:01Z'))).toBe(true);
  });
});

describe('callback page message', () => {
  it('reads the token or the error from the redirect URL', () => {
    expect(authorizationMessageFromUrl('https://nordlys.dk/auth/callback#access_token=abc&expires_in=5184000')).toEqual({
      type: 'nordlys:authorization',
      accessToken: 'abc',
      expiresIn: 5184000,
    });
    expect(authorizationMessageFromUrl('https://nordlys.dk/auth/callback?error=user_cancelled_login&error_description=The+user+cancelled')).toEqual({
      type: 'nordlys:authorization',
      error: 'user_cancelled_login',
      errorDescription: 'The user cancelled',
    });
    expect(authorizationMessageFromUrl('https://nordlys.dk/auth/callback?access_token=abc')).toBeNull();
    expect(authorizationMessageFromUrl('https://nordlys.dk/auth/callback')).toBeNull();
  });
});
