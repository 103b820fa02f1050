/** The one ky instance every call goes through, and the error mapping of spec 8. */
import ky, { isHTTPError, type KyInstance } from 'ky';
import type { ErrorBody } from '../schemas/common';
import { ApiError } from './errors';

export interface ClientOptions {
  /** Where `/api` lives: '/api/' in a browser, an absolute URL on a server. */
  baseUrl?: string | URL;
  /** A fetch to use instead of the global one (the server renders through its own app). */
  fetch?: typeof fetch;
  /** Extra headers on every call, e.g. the visitor's cookie when rendering on the server. */
  headers?: Record<string, string>;
  timeout?: number;
}

function messageOf(data: unknown, fallback: string): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  if (typeof data === 'string' && data.trim() && data.length < 300) return data;
  return fallback;
}

/** Creates the ky instance: JSON, credentials included, errors turned into ApiError. */
export function createClient(options: ClientOptions = {}): KyInstance {
  return ky.create({
    prefix: options.baseUrl ?? '/api/',
    fetch: options.fetch,
    headers: options.headers,
    credentials: 'include',
    timeout: options.timeout ?? 15_000,
    retry: { limit: 1, methods: ['get'] },
    hooks: {
      beforeError: [
        ({ error }) => {
          if (isHTTPError(error)) {
            const body = (typeof error.data === 'object' ? error.data : undefined) as Partial<ErrorBody> | undefined;
            return new ApiError(messageOf(error.data, error.response.statusText || `Request failed with ${error.response.status}`), {
              status: error.response.status,
              body,
              original: error,
            });
          }
          return new ApiError(error.message || 'The network request failed', { status: 0, original: error });
        },
      ],
    },
  });
}
