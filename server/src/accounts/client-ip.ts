/** The client's IP address, for rate limits and the captcha check. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * X-Forwarded-For's first entry when the server sits behind a trusted proxy (TRUST_PROXY=true);
 * otherwise the socket's address, as anyone can send that header. A server-rendered page's in-process
 * call has no socket: its page passes the visitor's address in the call's env (app.ts apiFor).
 * 'unknown' when there is neither (app.request() in tests without the header).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  const passed = (c.env as { inProcess?: boolean; clientAddress?: string } | undefined)?.clientAddress;
  if (passed && (c.env as { inProcess?: boolean }).inProcess === true) return passed;
  return clientIpOf(c.req.header('x-forwarded-for'), trustProxy, () => getConnInfo(c).remote.address);
}

/** The same rule for a request that has no context yet (the answer cache serves it at the socket: http/answer-cache.ts). */
export function clientIpOf(forwardedFor: string | undefined, trustProxy: boolean, socketAddress: () => string | undefined): string {
  if (trustProxy) {
    const first = forwardedFor?.split(',')[0]?.trim();
    if (first) return first;
  }
  try {
    return socketAddress() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
