/** Domain errors carry a literal code; one handler maps codes to statuses (style 12). */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '@nordlys/sdk/schemas';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseBusy, isDatabaseUnavailable } from './db/unavailable';

/** Seconds a client should wait before asking again when the server sheds load (the Retry-After of E_OVERLOADED). */
export const OVERLOAD_RETRY_AFTER_SECONDS = 2;

/** The status each error code answers with. */
export const ERROR_STATUS = {
  E_VALIDATION: 400,
  E_UNAUTHORIZED: 401,
  E_FORBIDDEN: 403,
  E_NOT_FOUND: 404,
  E_CONFLICT: 409,
  /** spec 8: sign-up with an e-mail that has an account; the client moves to the sign-in step. */
  E_ACCOUNT_EXISTS: 409,
  /** An event the job status machine (sdk job-status.ts) refuses in the job's current status. */
  E_ILLEGAL_TRANSITION: 409,
  /** Issue #13: a second application to the same job; the answer's `link` points to the first (sdk paths.myApplication). */
  E_ALREADY_APPLIED: 409,
  /** A link that existed but no longer works: an expired, used or withdrawn team invitation. */
  E_GONE: 410,
  /** A request body over the limit of its route (http/body-limit.ts). */
  E_TOO_LARGE: 413,
  /** An upload that is not a format the route takes (judged by its content, not its name or Content-Type). */
  E_UNSUPPORTED_MEDIA: 415,
  E_RATE_LIMITED: 429,
  /** A part the request needs is missing or down (accounts without auth parts, the sign-in provider). */
  E_UNAVAILABLE: 503,
  /** The mail the request is about could not be sent; nothing was kept, so trying again is safe. */
  E_MAIL_FAILED: 503,
  /** PostgreSQL is down or restarting (db/unavailable.ts); answered with Retry-After, the pool reconnects by itself. */
  E_DATABASE_UNAVAILABLE: 503,
  /**
   * Issue #33: too much work at once: the admission limit's queue is full (http/admission.ts) or no
   * pool connection came free in time (db/unavailable.ts isDatabaseBusy). The database is up; ask again soon.
   */
  E_OVERLOADED: 503,
} as const satisfies Record<string, ContentfulStatusCode>;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra answer headers, e.g. Retry-After on E_RATE_LIMITED. */
    readonly headers?: Record<string, string>,
    /** A site path the client may offer with the message (E_ALREADY_APPLIED: the first application). */
    readonly link?: string,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('E_NOT_FOUND', API_MESSAGES.notFound(what));

/** The one error handler: expected errors become their status, anything else a 500 without internals. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json({ message: error.message, code: error.code, errors: error.errors, link: error.link } satisfies ErrorBody, error.status);
  }
  if (error instanceof HTTPException) {
    const res = error.getResponse();
    // hono's own refusals (malformed JSON, a bad Content-Type) still carry a code programs can read.
    const code = error.status === 400 ? 'E_VALIDATION' : error.status === 413 ? 'E_TOO_LARGE' : undefined;
    return c.json({ message: error.message || res.statusText || 'Request failed', code } satisfies ErrorBody, error.status);
  }
  if (isDatabaseBusy(error)) {
    // Every pool connection stayed in use while this request waited: the database is up, just busy.
    console.warn(`[server] ${c.req.method} ${c.req.path} answered 503: overloaded (no database connection came free)`);
    c.header('Retry-After', String(OVERLOAD_RETRY_AFTER_SECONDS));
    return c.json({ message: API_MESSAGES.overloaded, code: 'E_OVERLOADED' } satisfies ErrorBody, 503);
  }
  if (isDatabaseUnavailable(error)) {
    // An outage is expected now and then: one line, no stack, and a hint for when to ask again.
    console.warn(`[server] ${c.req.method} ${c.req.path} answered 503: database unavailable (${describeDatabaseError(error)})`);
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(
      { message: 'The database is not reachable right now. Please try again in a few seconds.', code: 'E_DATABASE_UNAVAILABLE' } satisfies ErrorBody,
      503,
    );
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: API_MESSAGES.internal, code: 'E_INTERNAL' } satisfies ErrorBody, 500);
}
