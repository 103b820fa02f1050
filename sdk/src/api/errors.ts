/** spec 8: every failed call surfaces as one ApiError with the server's message and the status. */
import type { ErrorBody } from '../schemas/common';

/** Codes of failures that never reached a server answer (status 0). */
export const TRANSPORT_ERROR_CODES = {
  /** The caller's AbortSignal fired (e.g. a cancelled upload). */
  aborted: 'E_ABORTED',
  /** No answer within the timeout. */
  timeout: 'E_TIMEOUT',
  /** The network failed (offline, DNS, connection refused). */
  network: 'E_NETWORK',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or 0 when no answer arrived (network failure, timeout, abort). */
  readonly status: number;
  /** The server's error code, e.g. E_VALIDATION or E_NOT_FOUND, or one of TRANSPORT_ERROR_CODES. */
  readonly code: string | undefined;
  /** Field messages of a validation failure. */
  readonly errors: Record<string, string[]> | undefined;
  /** A site path the server offers with the message (409 E_ALREADY_APPLIED: the first application). */
  readonly link: string | undefined;
  /** The error the transport raised. */
  readonly original: unknown;

  constructor(message: string, init: { status: number; body?: Partial<ErrorBody>; code?: string; original?: unknown }) {
    super(message, { cause: init.original });
    this.status = init.status;
    this.code = init.code ?? init.body?.code;
    this.errors = init.body?.errors;
    this.link = typeof init.body?.link === 'string' ? init.body.link : undefined;
    this.original = init.original;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message of an error answer: its `message`, a short plain-text body, or `fallback`. */
export function errorMessage(data: unknown, fallback: string): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  if (typeof data === 'string' && data.trim() && data.length < 300) return data;
  return fallback;
}

/** Any thrown value as an ApiError (the transport already maps its failures; this covers the rest). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error && error.message ? error.message : 'The request failed';
  return new ApiError(message, { status: 0, original: error });
}
