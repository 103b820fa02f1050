/**
 * A fetch-only Transport for the embeds: the same paths and the same ApiError as the ky client, in
 * a few hundred bytes. No cookies are sent (an embed sets and uses none) and no 403 logout rule
 * applies (nobody is logged in). The site and the server use createClient (ky).
 */
import { ApiError, errorMessage, TRANSPORT_ERROR_CODES } from './errors';
import type { Call, CallOptions, Transport } from './transport';

export interface FetchTransportOptions {
  /** Where `/api` lives, absolute (an embed runs on someone else's page): 'https://nordlys.example/api/'. */
  baseUrl: string | URL;
  fetch?: typeof fetch;
}

async function failure(response: Response): Promise<ApiError> {
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
  });
}

/** @example jobsApi(createFetchTransport({ baseUrl: 'https://nordlys.example/api/' })).search({ countryCode: 'DK' }) */
export function createFetchTransport({ baseUrl, fetch: send = fetch }: FetchTransportOptions): Transport {
  const call =
    (method: string) =>
    (path: string, { searchParams, json }: CallOptions = {}): Call => {
      const url = new URL(path, baseUrl);
      if (searchParams) url.search = searchParams.toString();
      const response = send(url, {
        method,
        credentials: 'omit',
        headers: json === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }).then(
        async (res) => {
          if (!res.ok) throw await failure(res);
          return res;
        },
        (error: unknown) => {
          throw new ApiError('The network request failed', { status: 0, code: TRANSPORT_ERROR_CODES.network, original: error });
        },
      );
      return Object.assign(response, { json: <T>() => response.then((r) => r.json() as Promise<T>) });
    };
  return { get: call('GET'), post: call('POST') };
}
