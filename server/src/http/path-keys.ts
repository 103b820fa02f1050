/**
 * The one check of path keys (issue #33 item 6): a path with a control character (NUL, which
 * PostgreSQL refuses, other C0, DEL, C1) names no page, record or file of this site, so every route
 * on every host answers 400 before any key reaches a query: a JSON E_VALIDATION on /api, a short
 * page elsewhere. Query strings and bodies are checked by each route's schema, as before.
 */
import type { MiddlewareHandler } from 'hono';
import { CONTROL_CHARACTERS } from '@nordlys/sdk/schemas';
import type { ErrorBody } from '@nordlys/sdk/schemas';

export const PATH_CONTROL_MESSAGE = 'The address holds control characters, which no page or record of this site has.';

/** Percent-encoded C0 and DEL, and C1 in UTF-8: for a path that does not decode as UTF-8. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)|%c2%[89][0-9a-f]/i;

/** Whether the raw (percent-encoded) path holds a control character once decoded. */
export function pathHasControlCharacters(rawPath: string): boolean {
  try {
    return CONTROL_CHARACTERS.test(decodeURIComponent(rawPath));
  } catch {
    return ENCODED_CONTROL.test(rawPath) || CONTROL_CHARACTERS.test(rawPath);
  }
}

/** A control character anywhere in the path: 400 on every route. */
export function refuseControlCharactersInPath(): MiddlewareHandler {
  return async (c, next) => {
    // The raw path: hono's c.req.path is the URL's pathname, still percent-encoded.
    if (!pathHasControlCharacters(c.req.path)) return next();
    c.header('Cache-Control', 'no-store');
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return c.json({ message: `Invalid input. ${PATH_CONTROL_MESSAGE}`, code: 'E_VALIDATION' } satisfies ErrorBody, 400);
    }
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head><body><h1>Bad request</h1><p>${PATH_CONTROL_MESSAGE}</p></body></html>`, 400);
  };
}
