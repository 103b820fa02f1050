/**
 * Where a request comes from and where links point: whether it arrived over HTTPS, the site's public
 * origin for links in mails, and the Origin check that refuses cross-site writes to /api (a CSRF
 * defence next to SameSite=Lax).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { AppError } from '../errors';

/** Whether X-Forwarded-* headers count for a request: recorded by sameOriginWrites from TRUST_PROXY. */
const trustedForwarding = new WeakMap<Request, boolean>();

/**
 * HTTPS by the URL, or by X-Forwarded-Proto from a TLS-terminating proxy, which counts only behind a
 * trusted proxy (TRUST_PROXY=true): anyone can send that header. By default the setting
 * sameOriginWrites recorded for the request, else not trusted.
 */
export function isHttps(c: Context, trustProxy: boolean = trustedForwarding.get(c.req.raw) ?? false): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The origin the browser asked for: the Host, with the scheme a trusted proxy may have terminated.
 * For comparing with an Origin header only; it never builds a link (see siteOrigin).
 */
export function requestOrigin(c: Context, trustProxy?: boolean): string {
  const url = new URL(c.req.url);
  const host = c.req.header('host') ?? url.host;
  return `${isHttps(c, trustProxy) ? 'https' : url.protocol.replace(':', '')}://${host}`;
}

/**
 * The origin of every absolute link the server writes (issue #32: mails, snippets, canonical and
 * social links, JSON-LD, feeds, sitemaps, robots.txt), on the main site and on a custom domain. It
 * comes from configuration alone: the configured public URL (PUBLIC_URL, which config defaults to
 * http://localhost:$PORT in development). A request's Host header or scheme never decides a link: a
 * forged Host would mail reset links to another site, and behind a TLS proxy the request itself is
 * plain http on an internal port.
 *
 * A startup's career domain or a partner's white-label domain (spec 2.5) is served the way the site
 * is: PUBLIC_URL's scheme and port with that domain as the host. So in production, where PUBLIC_URL
 * is https, a custom domain's links are https on the default port; in development they keep
 * http and the dev server's port, so they can be followed.
 * @example siteOrigin({ publicUrl: 'https://nordlys.dk/' }) // 'https://nordlys.dk'
 * @example siteOrigin({ publicUrl: 'https://nordlys.dk' }, 'careers.northwind.dk') // 'https://careers.northwind.dk'
 */
export function siteOrigin(config: Pick<Config, 'publicUrl'>, customDomain?: string): string {
  const url = new URL(config.publicUrl);
  if (customDomain !== undefined) url.hostname = customDomain;
  return url.origin;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing calls from other sites (403 'Cross-site request refused'): an Origin header,
 * when present, must be this site's own origin or config.publicUrl's; without one, a
 * `Sec-Fetch-Site: cross-site` is refused too. Neither header (curl, server-side calls) passes.
 * It also records whether the request's forwarded headers count (config.trustProxy), for isHttps.
 */
export function sameOriginWrites(config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'trustProxy'>>): MiddlewareHandler {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  const trustProxy = config.trustProxy === true;
  return async (c, next) => {
    trustedForwarding.set(c.req.raw, trustProxy);
    if (WRITES.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        const own = [new URL(c.req.url).origin, requestOrigin(c, trustProxy), publicOrigin].filter((o) => o !== null).map((o) => o.toLowerCase());
        if (!own.includes(origin.toLowerCase())) throw new AppError('E_FORBIDDEN', API_MESSAGES.crossSite);
      } else if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') {
        throw new AppError('E_FORBIDDEN', API_MESSAGES.crossSite);
      }
    }
    await next();
  };
}
