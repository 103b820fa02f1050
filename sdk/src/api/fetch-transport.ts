/**
 * The one transport: a call is a fetch of a path under /api, and an error answer becomes the ApiError
 * of spec 8. The embeds use it as it is, in a few hundred bytes (no cookies, nobody to log out); the
 * site and the server add the timeout, the retry and the 403 rule through `fetch` (client.ts).
 */
import { ApiError, errorMessage, TRANSPORT_ERROR_CODES } from './errors';
import type { Call, CallOptions, Send, Transport } from './transport';

export interface FetchTransportOptions {
  /** Where `/api` lives: absolute in an embed ('https://nordlys.example/api/'), '/api/' in the site. */
  baseUrl: string | URL;
  /** Sends each call (the global fetch by default); it gets the call's options as a third argument. */
  fetch?: Send;
  /** 'omit' by default: an embed sets and sends no cookies. */
  credentials?: RequestCredentials;
  /** Headers on every call, e.g. the visitor's cookie when the server renders a page. */
  headers?: Record<string, string>;
}

async function failure(response: Response, what: string): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // Not JSON: the text itself may be the message.
  }
  return new ApiError(errorMessage(data, response.statusText || `Request failed with ${response.status}`), {
    status: response.status,
    body: typeof data === 'object' && data ? data : undefined,
    original: new Error(`${what} answered ${response.status}`),
  });
}

/** @example jobsApi(createFetchTransport({ baseUrl: 'https://nordlys.example/api/' })).search({ countryCode: 'DK' }) */
export function createFetchTransport({ baseUrl, fetch: send = fetch, credentials = 'omit', headers }: FetchTransportOptions): Transport {
  const base = String(baseUrl).replace(/\/?$/, '/');
  const call =
    (method: string) =>
    (path: string, options: CallOptions = {}): Call => {
      const { searchParams, json, body } = options;
      const query = String(searchParams ?? '');
      const url = base + path + (query && '?' + query);
      const response = send(
        url,
        {
          method,
          credentials,
          headers: { Accept: 'application/json', ...(json !== undefined && { 'Content-Type': 'application/json' }), ...headers, ...options.headers },
          body: json === undefined ? body : JSON.stringify(json),
          signal: options.signal,
          keepalive: options.keepalive,
        },
        options,
      ).then(
        async (res) => {
          if (!res.ok) throw await failure(res, `${method} ${url}`);
          return res;
        },
        (error: unknown) => {
          // The client's rules reject with their own ApiError (timeout, abort); anything else is the network.
          throw error instanceof ApiError ? error : new ApiError('The network request failed', { status: 0, code: TRANSPORT_ERROR_CODES.network, original: error });
        },
      );
      return Object.assign(response, { json: <T>() => response.then((r) => r.json() as Promise<T>) });
    };
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') };
}
