/** The one ky instance every call goes through, and the error rules of spec 8. */
import ky, { isHTTPError, isTimeoutError, type KyInstance } from 'ky';
import type { ErrorBody } from '../schemas/common';
import { ApiError, errorMessage, TRANSPORT_ERROR_CODES } from './errors';
import { forbiddenRule, type ForbiddenOptions } from './forbidden';

export interface ClientOptions extends ForbiddenOptions {
  /** Where `/api` lives: '/api/' in a browser, an absolute URL on a server. */
  baseUrl?: string | URL;
  /** A fetch to use instead of the global one (the server renders through its own app). */
  fetch?: typeof fetch;
  /** Extra headers on every call, e.g. the visitor's cookie when rendering on the server. */
  headers?: Record<string, string>;
  timeout?: number;
}

/**
 * Creates the ky instance: JSON, credentials included, errors turned into ApiError (spec 8).
 * A 403 while `isLoggedIn()` calls `onForbidden()` and then `navigate('/')` before the call
 * rejects; the call still rejects with the 403 ApiError. Give `navigate` to let the client go to
 * '/', or leave it out and navigate inside `onForbidden`.
 */
export function createClient(options: ClientOptions = {}): KyInstance {
  const onForbidden = forbiddenRule(options);
  return ky.create({
    prefix: options.baseUrl ?? '/api/',
    fetch: options.fetch,
    headers: options.headers,
    credentials: 'include',
    timeout: options.timeout ?? 15_000,
    retry: { limit: 1, methods: ['get'] },
    hooks: {
      beforeError: [
        async ({ error, request }) => {
          if (isHTTPError(error)) {
            const { status, statusText } = error.response;
            const body = (typeof error.data === 'object' ? error.data : undefined) as Partial<ErrorBody> | undefined;
            const apiError = new ApiError(errorMessage(error.data, statusText || `Request failed with ${status}`), {
              status,
              body,
              original: error,
            });
            if (status === 403) await onForbidden(); // spec 8
            return apiError;
          }
          if (isTimeoutError(error)) {
            return new ApiError('The server did not answer in time', { status: 0, code: TRANSPORT_ERROR_CODES.timeout, original: error });
          }
          if (error.name === 'AbortError' || request.signal.aborted) {
            return new ApiError('The request was cancelled', { status: 0, code: TRANSPORT_ERROR_CODES.aborted, original: error });
          }
          return new ApiError(error.message || 'The network request failed', {
            status: 0,
            code: TRANSPORT_ERROR_CODES.network,
            original: error,
          });
        },
      ],
    },
  });
}
