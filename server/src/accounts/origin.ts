/**
 * Where a request comes from: whether it arrived over HTTPS, the site's origin for links in mails,
 * and the Origin check that refuses cross-site writes to /api (a CSRF defence next to SameSite=Lax).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { AppError } from '../errors';

/** HTTPS by the URL, or by X-Forwarded-Proto from a TLS-terminating proxy. */
export function isHttps(c: Context): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The origin the browser sees: the Host it asked for, with the scheme a proxy may have terminated. */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = c.req.header('host') ?? url.host;
  return `${isHttps(c) ? 'https' : url.protocol.replace(':', '')}://${host}`;
}

/** The origin to put in links sent by mail: config.publicUrl when set, else the request's own. */
export function siteOrigin(c: Context, config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : requestOrigin(c);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing calls from other sites (403 'Cross-site request refused'): an Origin header,
 * when present, must be this site's own origin or config.publicUrl's; without one, a
 * `Sec-Fetch-Site: cross-site` is refused too. Neither header (curl, server-side calls) passes.
 */
export function sameOriginWrites(config: Pick<Config, 'publicUrl'>): MiddlewareHandler {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  return async (c, next) => {
    if (WRITES.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        const own = [new URL(c.req.url).origin, requestOrigin(c), publicOrigin].filter((o) => o !== null).map((o) => o.toLowerCase());
        if (!own.includes(origin.toLowerCase())) throw new AppError('E_FORBIDDEN', 'Cross-site request refused');
      } else if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') {
        throw new AppError('E_FORBIDDEN', 'Cross-site request refused');
      }
    }
    await next();
  };
}
