/** Provider and recruiting-tool authorization in a polled popup window (spec 7, 8, 9), with injected browser APIs. */
import * as v from 'valibot';
import { LIMITS } from './constants';

/** The two authorizations of spec 7 that open a popup. */
export type AuthorizationKind = 'provider' | 'recruiting-tool';

/**
 * spec 8: provider errors that mean "not authorized", shown to no one. The recruiting-tool
 * authorization also takes 'access_denied' as a refusal; any other error is raised.
 */
export const NOT_AUTHORIZED_ERRORS = {
  provider: ['user_cancelled_login', 'user_cancelled_authorize'],
  'recruiting-tool': ['user_cancelled_login', 'user_cancelled_authorize', 'access_denied'],
} as const satisfies Record<AuthorizationKind, readonly string[]>;

/** The `type` of the envelope the callback page posts to its opener. */
export const AUTHORIZATION_MESSAGE_TYPE = 'nordlys:authorization';

/** The typed envelope the popup's callback page posts (style 9); anything else is ignored. */
export const AuthorizationMessageSchema = v.union([
  v.object({
    type: v.literal(AUTHORIZATION_MESSAGE_TYPE),
    accessToken: v.pipe(v.string(), v.nonEmpty()),
    /** Seconds until the token expires, as OAuth's expires_in. */
    expiresIn: v.pipe(v.number(), v.finite(), v.minValue(0)),
  }),
  v.object({
    type: v.literal(AUTHORIZATION_MESSAGE_TYPE),
    error: v.pipe(v.string(), v.nonEmpty()),
    errorDescription: v.optional(v.string()),
  }),
]);
export type AuthorizationMessage = v.InferOutput<typeof AuthorizationMessageSchema>;

export type PopupAuthResult = { authorized: true; accessToken: string; expiresAt: Date } | { authorized: false };

const NOT_AUTHORIZED: PopupAuthResult = { authorized: false };

/** An authorization error other than a refusal (spec 8 "Other errors are raised"); `code` is the provider's error. */
export class PopupAuthError extends Error {
  override readonly name = 'PopupAuthError';
  constructor(
    readonly code: string,
    message: string = code,
  ) {
    super(message);
  }
}

/** What the flow needs of an opened popup. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}

/** A message event as the flow reads it; `source` is the posting window when the host knows it. */
export interface IncomingMessage {
  origin: string;
  data: unknown;
  source?: unknown;
}

/** The screen rectangle of the opening window, for centring. */
export interface WindowFrame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The browser APIs the popup flow uses, injected so it runs in Node tests too; see {@link browserPopupHost}. */
export interface PopupHost {
  open(url: string, name: string, features: string): PopupWindow | null;
  /** Subscribes to message events; returns the unsubscribe. */
  listen(handler: (message: IncomingMessage) => void): () => void;
  /** Calls `tick` every `ms`; returns the stop. */
  startInterval(tick: () => void, ms: number): () => void;
  now(): Date;
  frame(): WindowFrame;
}

/** The {@link PopupHost} of a real browser window. */
export function browserPopupHost(win: Window): PopupHost {
  return {
    open: (url, name, features) => win.open(url, name, features),
    listen(handler) {
      const listener = (event: MessageEvent) => handler({ origin: event.origin, data: event.data, source: event.source });
      win.addEventListener('message', listener);
      return () => win.removeEventListener('message', listener);
    },
    startInterval(tick, ms) {
      const id = win.setInterval(tick, ms);
      return () => win.clearInterval(id);
    },
    now: () => new Date(),
    frame: () => ({ left: win.screenX, top: win.screenY, width: win.outerWidth, height: win.outerHeight }),
  };
}

/**
 * spec 7: the features of an 800x650 popup centred on the opening window.
 * @example popupFeatures({ left: 0, top: 0, width: 1600, height: 1050 }) // 'width=800,height=650,left=400,top=200'
 */
export function popupFeatures(frame: WindowFrame): string {
  const { popupWidth: width, popupHeight: height } = LIMITS;
  const left = Math.round(frame.left + (frame.width - width) / 2);
  const top = Math.round(frame.top + (frame.height - height) / 2);
  return `width=${width},height=${height},left=${left},top=${top}`;
}

export interface AuthorizeInPopupOptions {
  kind: AuthorizationKind;
  /** The only origin whose messages are read, e.g. 'https://nordlys.dk'; never '*'. */
  origin: string;
  host: PopupHost;
  /** Aborting closes the popup and resolves as not authorized, e.g. when the modal closes. */
  signal?: AbortSignal;
  /** The popup's window name; one per kind unless given. */
  name?: string;
}

/**
 * spec 7, 8, 9: opens the authorization URL in a centred 800x650 popup and polls it every 250 ms.
 * A message from `origin` with a token authorizes; a closed popup, a cancel error (or, for the
 * recruiting tool, 'access_denied') means not authorized; any other error rejects with a
 * {@link PopupAuthError}, as does a blocked popup ('popup_blocked').
 */
export function authorizeInPopup(url: string, options: AuthorizeInPopupOptions): Promise<PopupAuthResult> {
  const { kind, origin, host, signal } = options;
  if (!isOrigin(origin)) {
    throw new TypeError(`authorizeInPopup: option "origin" must be an exact origin such as https://nordlys.dk, got "${origin}"`);
  }
  return new Promise<PopupAuthResult>((resolve, reject) => {
    if (signal?.aborted) return resolve(NOT_AUTHORIZED);
    const popup = host.open(url, options.name ?? `nordlys-${kind}`, popupFeatures(host.frame()));
    if (!popup) return reject(new PopupAuthError('popup_blocked', 'The authorization window was blocked by the browser'));

    let received: AuthorizationMessage | null = null;
    let stopListening = () => {};
    let stopPolling = () => {};
    const onAbort = () => settle(NOT_AUTHORIZED);
    const settle = (result: PopupAuthResult | PopupAuthError) => {
      stopPolling();
      stopListening();
      signal?.removeEventListener('abort', onAbort);
      if (!popup.closed) popup.close();
      if (result instanceof PopupAuthError) reject(result);
      else resolve(result);
    };
    const outcome = (message: AuthorizationMessage): PopupAuthResult | PopupAuthError => {
      if ('error' in message) {
        const refusals: readonly string[] = NOT_AUTHORIZED_ERRORS[kind];
        if (refusals.includes(message.error)) return NOT_AUTHORIZED;
        return new PopupAuthError(message.error, message.errorDescription || message.error);
      }
      const expiresAt = new Date(host.now().getTime() + message.expiresIn * 1000);
      return { authorized: true, accessToken: message.accessToken, expiresAt };
    };

    stopListening = host.listen((message) => {
      // style 9: only the expected origin, and only the popup itself when the host names the sender.
      if (message.origin !== origin) return;
      if (message.source !== undefined && message.source !== popup) return;
      const parsed = v.safeParse(AuthorizationMessageSchema, message.data);
      if (parsed.success) received ??= parsed.output;
    });
    let closedTicks = 0;
    stopPolling = host.startInterval(() => {
      // The message is read before the closed state: a callback page may post and close at once,
      // and its message can reach us after a tick already saw the popup closed: allow one more tick.
      if (received) settle(outcome(received));
      else if (popup.closed && ++closedTicks > 1) settle(NOT_AUTHORIZED);
    }, LIMITS.popupPollMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isOrigin(value: string): boolean {
  try {
    const { origin, protocol } = new URL(value);
    return (protocol === 'https:' || protocol === 'http:') && origin === value;
  } catch {
    return false;
  }
}

/**
 * The envelope a callback page posts, read from the provider's redirect URL (query or fragment:
 * access_token, expires_in, error, error_description); null when the URL carries neither.
 * @example window.opener.postMessage(authorizationMessageFromUrl(location.href), location.origin)
 */
export function authorizationMessageFromUrl(url: string): AuthorizationMessage | null {
  const parsed = new URL(url);
  const params = new URLSearchParams(parsed.search);
  for (const [key, value] of new URLSearchParams(parsed.hash.replace(/^#/, ''))) params.set(key, value);
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    return { type: AUTHORIZATION_MESSAGE_TYPE, error, ...(description ? { errorDescription: description } : {}) };
  }
  const accessToken = params.get('access_token');
  const expiresIn = Number(params.get('expires_in') ?? Number.NaN);
  if (!accessToken || !Number.isFinite(expiresIn) || expiresIn < 0) return null;
  return { type: AUTHORIZATION_MESSAGE_TYPE, accessToken, expiresIn };
}

/**
 * spec 9: the provider token counts as expired 60 seconds before its expiry.
 * @example isTokenExpired({ expiresAt: new Date('2026-01-01T12:00:00Z') }, new Date('2026-01-01T11:59:00Z')) // true
 */
export function isTokenExpired(token: { expiresAt: Date }, now: Date = new Date()): boolean {
  return now.getTime() >= token.expiresAt.getTime() - LIMITS.providerTokenSkewSeconds * 1000;
}
