/** The size limit of request bodies on /api (README "Limits"): over it answers 413 E_TOO_LARGE, unread. */
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';

/**
 * Every /api body is JSON, and the largest a form sends is a few kilobytes: 64 KB leaves room and
 * stops a 100 MB sign-in before it is parsed or its password hashed. Uploads (/api/upload/*) get
 * their own, larger limit instead (api/upload.ts UPLOAD_BODY_LIMIT_BYTES; app.ts picks by path).
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Refuses a body over `maxBytes`: by its Content-Length at once, or, for a chunked body, as soon as
 * the bytes read pass the limit (hono counts them before the handler runs).
 */
export function apiBodyLimit(maxBytes = JSON_BODY_LIMIT_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('E_TOO_LARGE', `The request body is too large: at most ${maxBytes / 1024} KB.`);
    },
  });
}
