/** spec 8: every failed call surfaces as one ApiError with the server's message and the status. */
import type { ErrorBody } from '../schemas/common';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /** The server's error code, e.g. E_VALIDATION or E_NOT_FOUND. */
  readonly code: string | undefined;
  /** Field messages of a validation failure. */
  readonly errors: Record<string, string[]> | undefined;
  /** The error the transport raised. */
  readonly original: unknown;

  constructor(message: string, init: { status: number; body?: Partial<ErrorBody>; original?: unknown }) {
    super(message, { cause: init.original });
    this.status = init.status;
    this.code = init.body?.code;
    this.errors = init.body?.errors;
    this.original = init.original;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
