/** The app's transport: the fetch transport with credentials, a timeout, one retry of a GET and the error rules of spec 8. */
import { ApiError, TRANSPORT_ERROR_CODES } from './errors';
import { createFetchTransport } from './fetch-transport';
import { forbiddenRule, type ForbiddenOptions } from './forbidden';
import type { Send, Transport } from './transport';

export interface ClientOptions extends ForbiddenOptions {
  /** Where `/api` lives: '/api/' in a browser, an absolute URL on a server. */
  baseUrl?: string | URL;
  /** A fetch to use instead of the global one (the server renders through its own app). */
  fetch?: typeof fetch;
  /** Extra headers on every call, e.g. the visitor's cookie when rendering on the server. */
  headers?: Record<string, string>;
  /** Ms to wait for an answer before the call rejects with E_TIMEOUT (15 s). */
  timeout?: number;
}

/** The answers worth a second try of a GET (ky's list, which this client followed before). */
const RETRY_STATUSES = [408, 413, 429, 500, 502, 503, 504];
/** The answers whose Retry-After is followed; without one, a 413 is not retried. */
const RETRY_AFTER_STATUSES = [413, 429, 503];
/** The wait before the retry when the server names none. */
export const RETRY_DELAY_MS = 300;
/** The longest Retry-After the client waits for; a longer one fails the call now, with the server's message. */
export const MAX_RETRY_AFTER_MS = 5_000;

/** How long to wait before retrying a GET that got `response`, or undefined for no retry. */
function retryDelay({ status, headers }: Response): number | undefined {
  if (!RETRY_STATUSES.includes(status)) return undefined;
  const after = headers.get('Retry-After');
  if (after !== null && RETRY_AFTER_STATUSES.includes(status)) {
    // Seconds or an HTTP date (RFC 9110); an unreadable value gets the usual delay.
    const wait = /^\d+$/.test(after) ? Number(after) * 1000 : Date.parse(after) - Date.now();
    if (Number.isNaN(wait)) return RETRY_DELAY_MS;
    return wait <= MAX_RETRY_AFTER_MS ? Math.max(0, wait) : undefined;
  }
  return status === 413 ? undefined : RETRY_DELAY_MS;
}

const aborted = (original: unknown) =>
  new ApiError('The request was cancelled', { status: 0, code: TRANSPORT_ERROR_CODES.aborted, original });

/** Waits `ms`, or rejects with E_ABORTED when `signal` fires first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(aborted(signal!.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Sends a call as the app does: within the timeout (the call's own, or the client's), E_ABORTED when the
 * caller's signal fires, a GET retried once on a network failure or a RETRY_STATUSES answer, and the 403
 * rule of spec 8 before the 403 reaches the caller. Other failures go on to the transport, which makes
 * the ApiError.
 */
function appSend(options: ClientOptions): Send {
  const onForbidden = forbiddenRule(options);
  const attempt: Send = (url, init, call) =>
    new Promise((resolve, reject) => {
      const { signal } = call;
      const controller = new AbortController();
      const cancel = () => controller.abort(signal!.reason);
      if (signal?.aborted) cancel();
      else signal?.addEventListener('abort', cancel, { once: true });
      // The timer rejects even when a custom fetch ignores the abort.
      const timer = setTimeout(() => {
        controller.abort();
        reject(new ApiError('The server did not answer in time', { status: 0, code: TRANSPORT_ERROR_CODES.timeout }));
      }, call.timeout ?? options.timeout ?? 15_000);
      (call.fetch ?? options.fetch ?? fetch)(url, { ...init, signal: controller.signal })
        .then(resolve, (error: unknown) => reject(signal?.aborted || (error as Error)?.name === 'AbortError' ? aborted(error) : error))
        .finally(() => clearTimeout(timer));
    });
  const answered = async (response: Response) => {
    if (response.status === 403) await onForbidden(); // spec 8
    return response;
  };
  return async (url, init, call) => {
    const retry = init.method === 'GET';
    let response: Response;
    try {
      response = await attempt(url, init, call);
    } catch (error) {
      // fetch rejects with a TypeError when the network fails; a timeout or an abort is not retried.
      if (!retry || !(error instanceof TypeError)) throw error;
      await pause(RETRY_DELAY_MS, call.signal);
      return answered(await attempt(url, init, call));
    }
    const wait = retry ? retryDelay(response) : undefined;
    if (wait === undefined) return answered(response);
    await response.body?.cancel();
    await pause(wait, call.signal);
    return answered(await attempt(url, init, call));
  };
}

/**
 * Creates the app's transport: JSON, credentials included, errors turned into ApiError (spec 8).
 * A 403 while `isLoggedIn()` calls `onForbidden()` and then `navigate('/')` before the call
 * rejects; the call still rejects with the 403 ApiError. Give `navigate` to let the client go to
 * '/', or leave it out and navigate inside `onForbidden`.
 */
export function createClient(options: ClientOptions = {}): Transport {
  return createFetchTransport({ baseUrl: options.baseUrl ?? '/api/', credentials: 'include', headers: options.headers, fetch: appSend(options) });
}
