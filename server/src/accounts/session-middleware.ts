/**
 * Resolves the viewer of each /api request from the `nordlys_session` cookie, and slides the
 * session's expiry (at most once a day) on answers that reach the browser and no shared cache.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import type { AppEnv, ResolveViewer } from '../http/viewer';
import { findSession, needsRefresh, readSessionCookie, refreshSession, writeSessionCookie } from './sessions';

export interface SessionMiddlewareOptions {
  /** Tests inject a viewer this way (header x-test-viewer); a viewer it returns wins over the cookie. */
  resolveViewer?: ResolveViewer;
}

/**
 * Server-rendered pages call /api in-process with the visitor's cookie (app.ts passes this env);
 * a cookie set on those answers would never reach the browser, so they do not refresh.
 */
export const IN_PROCESS_ENV = { inProcess: true } as const;

/** The env of an in-process call, with the visitor's address when the page knows it (accounts/client-ip.ts reads it). */
export function inProcessEnv(clientAddress?: string): typeof IN_PROCESS_ENV & { clientAddress?: string } {
  return clientAddress ? { ...IN_PROCESS_ENV, clientAddress } : IN_PROCESS_ENV;
}

/** Whether the request is a server-rendered page's call to /api (IN_PROCESS_ENV). */
export function isInProcess(c: Context): boolean {
  return (c.env as { inProcess?: boolean } | undefined)?.inProcess === true;
}

/** A Set-Cookie on a publicly cacheable answer could hand the session to other visitors: never. */
function isPublic(res: Response): boolean {
  return /\bpublic\b/i.test(res.headers.get('cache-control') ?? '');
}

export function sessionMiddleware(db: Db, { resolveViewer }: SessionMiddlewareOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const injected = resolveViewer ? await resolveViewer(c) : null;
    if (injected) {
      c.set('viewer', injected);
      c.set('session', { state: 'live', id: null });
      return next();
    }
    const token = readSessionCookie(c);
    const now = new Date();
    const session = token ? await findSession(db, token, now) : null;
    c.set('viewer', session?.viewer ?? null);
    c.set('session', session ? { state: 'live', id: session.id } : token ? { state: 'dead' } : { state: 'none' });
    await next();

    if (!session || !token || !needsRefresh(session, now) || isInProcess(c) || isPublic(c.res)) return;
    // The route may have ended this session (sign-out) or replaced it (sign-in): then leave it be.
    const after = c.get('session');
    if (after.state !== 'live' || after.id !== session.id) return;
    const expiresAt = await refreshSession(db, session.id, now);
    writeSessionCookie(c, token, expiresAt, now);
  };
}
