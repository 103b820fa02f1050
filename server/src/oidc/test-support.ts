/** Test helpers for the sign-in flow: a real server on 127.0.0.1 and a cookie-keeping client that follows redirects by hand. */
import { runInNewContext } from 'node:vm';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves the app `build` returns (given the server's own origin, known only once it listens) on a random port. */
export async function serveOnRandomPort(build: (origin: string) => Promise<Hono<any>> | Hono<any>): Promise<RunningServer> {
  let app: Hono<any> | undefined;
  let port = 0;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: (request, env) => (app ? app.fetch(request, env) : new Response('starting', { status: 503 })), port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve(s);
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  app = await build(origin);
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

interface StoredCookie {
  host: string;
  path: string;
  name: string;
  value: string;
  attributes: string;
}

/** A minimal browser: keeps host-only cookies with their paths (RFC 6265) and never follows redirects by itself. */
export class TestBrowser {
  readonly cookies: StoredCookie[] = [];

  async request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers();
    const cookie = this.cookiesFor(target).map((c) => `${c.name}=${c.value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    let body: URLSearchParams | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set('content-type', 'application/x-www-form-urlencoded');
    }
    const res = await fetch(target, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(target, line);
    return res;
  }

  /** Requests `url` and follows redirects; returns the final response and every URL visited. */
  async navigate(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}, maxRedirects = 10) {
    const visited: URL[] = [];
    let current = new URL(url);
    let res = await this.request(current, init);
    visited.push(current);
    while (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
      if (visited.length > maxRedirects) throw new Error(`Too many redirects: ${visited.join(' → ')}`);
      await res.arrayBuffer();
      current = new URL(res.headers.get('location')!, current);
      res = await this.request(current);
      visited.push(current);
    }
    return { res, url: current, visited };
  }

  cookie(name: string): StoredCookie | undefined {
    return this.cookies.find((c) => c.name === name);
  }

  private cookiesFor(url: URL): StoredCookie[] {
    return this.cookies.filter((c) => c.host === url.host && pathMatches(url.pathname, c.path));
  }

  private store(url: URL, line: string) {
    const [pair = '', ...attributeParts] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const attributes = Object.fromEntries(
      attributeParts.map((part) => {
        const [key = '', ...rest] = part.trim().split('=');
        return [key.toLowerCase(), rest.join('=')];
      }),
    );
    const defaultPath = url.pathname.slice(0, url.pathname.lastIndexOf('/')) || '/';
    const path = attributes.path?.startsWith('/') ? attributes.path : defaultPath;
    const index = this.cookies.findIndex((c) => c.host === url.host && c.path === path && c.name === name);
    if (index !== -1) this.cookies.splice(index, 1);
    const expired = attributes['max-age'] !== undefined ? Number(attributes['max-age']) <= 0 : attributes.expires !== undefined && Date.parse(attributes.expires) <= Date.now();
    if (!expired) this.cookies.push({ host: url.host, path, name, value, attributes: attributeParts.join(';').trim() });
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  return requestPath === cookiePath || (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));
}

/**
 * Runs the callback page's inline script against a stand-in window (what a browser would do), and
 * returns what it posted, to which origin, and whether it closed itself.
 */
export function runCallbackScript(html: string, { origin, withOpener = true }: { origin: string; withOpener?: boolean }) {
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  if (!script) throw new Error('The callback page has no nonce-carrying script');
  const posted: { message: unknown; targetOrigin: string }[] = [];
  let closed = false;
  const window: Record<string, unknown> = {
    location: { origin },
    close: () => {
      closed = true;
    },
  };
  window.opener = withOpener ? { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) } : null;
  runInNewContext(script[2]!, { window });
  // Plain data out of the sandbox, so deep equality does not trip over another realm's prototypes.
  return { nonce: script[1]!, posted: JSON.parse(JSON.stringify(posted)) as typeof posted, closed };
}
