/** Domain errors carry a literal code; one handler maps codes to statuses (style 12). */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '@nordlys/sdk/schemas';

const STATUS = {
  E_VALIDATION: 400,
  E_UNAUTHORIZED: 401,
  E_FORBIDDEN: 403,
  E_NOT_FOUND: 404,
  E_CONFLICT: 409,
  /** spec 8: sign-up with an e-mail that has an account; the client moves to the sign-in step. */
  E_ACCOUNT_EXISTS: 409,
  E_RATE_LIMITED: 429,
  /** A part the request needs is missing or down (accounts without auth parts, the sign-in provider). */
  E_UNAVAILABLE: 503,
  /** The mail the request is about could not be sent; nothing was kept, so trying again is safe. */
  E_MAIL_FAILED: 503,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra answer headers, e.g. Retry-After on E_RATE_LIMITED. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('E_NOT_FOUND', `${what} was not found`);

/** The one error handler: expected errors become their status, anything else a 500 without internals. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json({ message: error.message, code: error.code, errors: error.errors } satisfies ErrorBody, error.status);
  }
  if (error instanceof HTTPException) {
    const res = error.getResponse();
    return c.json({ message: error.message || res.statusText || 'Request failed' } satisfies ErrorBody, error.status);
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'E_INTERNAL' } satisfies ErrorBody, 500);
}
