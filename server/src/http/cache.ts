/** Caching headers for public reads: shared caches may keep them briefly and serve stale while refreshing. */
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/** Cache-Control for anonymous, public answers, plus an ETag so clients can revalidate with a 304. */
export function publicCache({ maxAge = 60, sMaxAge = 300, swr = 600 } = {}): MiddlewareHandler {
  const header = `public, max-age=${maxAge}, s-maxage=${sMaxAge}, stale-while-revalidate=${swr}`;
  const tag = etag();
  // The header is set inside etag's `next`, so a 304 keeps it too.
  return (c, next) =>
    tag(c, async () => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', header);
    });
}

/** For answers that depend on the visitor: never stored by shared caches. */
export const privateNoStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
};
