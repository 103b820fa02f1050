/** The client's IP address, for rate limits and the captcha check. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * X-Forwarded-For's first entry when the server sits behind a trusted proxy (TRUST_PROXY=true);
 * otherwise the socket's address, as anyone can send that header. 'unknown' when there is no socket
 * (app.request() in tests, the in-process calls of server-rendered pages).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
