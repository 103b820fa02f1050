/**
 * GET /favicon.ico on every host (main, careers, white-label): browsers ask for it on pages without
 * an icon link, so it is answered before host routing, from bytes read once.
 * server/public/favicon.ico is the site's icon (entry-server's FAVICON svg) at 16, 32 and 48 px, PNG in ICO.
 */
import { readFileSync } from 'node:fs';
import type { Handler } from 'hono';
import { findUp } from '../paths';

/** A fixed URL, so no `immutable`; a week is long enough to spare the requests and short enough for a new icon. */
export const FAVICON_CACHE_CONTROL = 'public, max-age=604800';

/** The icon's bytes (server/public/favicon.ico, from source or from the bundle), or null when it is missing. */
export function readFavicon(): Uint8Array<ArrayBuffer> | null {
  const file = findUp('server/public/favicon.ico') ?? findUp('public/favicon.ico');
  return file ? new Uint8Array(readFileSync(file)) : null;
}

/** The handler for GET/HEAD /favicon.ico; a plain 404 if the file is missing, never the site's page. */
export function faviconHandler(icon: Uint8Array<ArrayBuffer> | null = readFavicon()): Handler {
  return (c) => {
    if (!icon) return c.text('Not found', 404);
    return c.body(icon, 200, { 'Content-Type': 'image/x-icon', 'Cache-Control': FAVICON_CACHE_CONTROL });
  };
}
