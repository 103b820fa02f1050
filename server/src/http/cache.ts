/**
 * Headers of public reads: any site may read them (embeds, partners; never with credentials), shared
 * caches may keep them briefly and serve stale while refreshing, and an ETag allows a 304.
 */
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { isInProcess } from '../accounts/session-middleware';

/** CORS for any origin without credentials, Cache-Control for shared caches, and an ETag. */
export function publicRead({ maxAge = 60, sMaxAge = 300, swr = 600 } = {}): MiddlewareHandler {
  const header = `public, max-age=${maxAge}, s-maxage=${sMaxAge}, stale-while-revalidate=${swr}`;
  const tag = etag();
  return async (c, next) => {
    const inner = async () => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', header);
    };
    // A page's call in-process is read once and never revalidated: no ETag to digest.
    if (isInProcess(c)) return inner();
    // Cache-Control is set inside etag's `next`, so a 304 keeps it too.
    await tag(c, inner);
    // On every answer, errors and 304s included, so an embed can read why a call failed. No header
    // is exposed beyond the safelisted ones: browsers revalidate with the ETag without script reading it.
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  };
}

/** For answers that depend on the visitor: never stored by shared caches. */
export const privateNoStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
};
