/** The app over a fresh copy of the demo database, for router tests through app.request() (style 15). */
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, type AppOptions } from '../app';
import type { AuthParts } from '../auth-parts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Viewer } from '../http/viewer';
import { DEMO_PASSWORD } from '../seed/accounts';
import { testConfig } from './config';
import { openTestDatabase, type Backend } from './database';
import { startQueue, type Handlers, type JobQueue } from '../queue/queue';

/** Send `x-test-viewer: <json Viewer>` to act as that user without a session (older tests). */
const VIEWER_HEADER = 'x-test-viewer';

export function asViewer(viewer: Viewer): HeadersInit {
  return { [VIEWER_HEADER]: JSON.stringify(viewer) };
}

export interface TestAppOptions<Parts extends AuthParts | undefined> {
  /** Auth parts (see testing/auth-parts.ts); without them sign-up, forgot-password and provider sign-in answer 503. */
  auth?: Parts;
  /** Config overrides; the test config trusts X-Forwarded-For so each test can act from its own IP. */
  config?: Partial<Config>;
  rateLimits?: AppOptions['rateLimits'];
  signInThrottle?: AppOptions['signInThrottle'];
  /**
   * Start the job queue (pg-boss) on the test database, mail through its outbox with the auth parts'
   * mailer. No worker polls: a test runs the due jobs with `t.runJobs()`. Extra handlers by queue name.
   */
  queue?: boolean | { handlers?: Handlers };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie request header. */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** The Set-Cookie header for one cookie name, or undefined. */
export function setCookieFor(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

let ipCounter = 0;
/** A fresh client address (X-Forwarded-For), so rate limits of one test never reach another. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Signs a demo account in through `request` (a test's own way of calling its app) from a fresh
 * address, and returns the session as a Cookie header; fails the test if the sign-in does.
 */
export async function signInDemo(request: (path: string, init: RequestInit) => Response | Promise<Response>, email: string): Promise<string> {
  const res = await request('/api/users/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`signing ${email} in answered ${res.status}`);
  return cookieHeader(res);
}

/** Opens the database before the file's tests and closes it after; use the getters inside tests. */
export function useTestApp<Parts extends AuthParts | undefined = undefined>(backend: Backend, options: TestAppOptions<Parts> = {}) {
  let db: Db;
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase(backend);
    db = database.db;
    close = database.close;
    if (options.queue) {
      if (!options.auth) throw new Error('useTestApp: the queue needs auth parts (their mailer sends the mail)');
      const handlers = typeof options.queue === 'object' ? options.queue.handlers : undefined;
      queue = await startQueue(database, { mailer: options.auth.mailer, handlers, supervise: false });
    }
    app = createApp({
      db,
      queue,
      config: testConfig({ isProduction: false, trustProxy: true, ...options.config }),
      auth: options.auth,
      rateLimits: options.rateLimits,
      signInThrottle: options.signInThrottle,
      resolveViewer: (c) => {
        const header = c.req.header(VIEWER_HEADER);
        return header ? (JSON.parse(header) as Viewer) : null;
      },
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await close?.();
  });
  return {
    get db() {
      return db;
    },
    /** The auth parts the app was made with. */
    auth: options.auth as Parts,
    /** The queue (with `queue: true`). */
    get queue() {
      if (!queue) throw new Error('useTestApp: start it with { queue: true }');
      return queue;
    },
    /** Runs every queued job that is due now (mail, …) and returns how many completed and failed. */
    runJobs: (names?: string[]) => {
      if (!queue) throw new Error('useTestApp: start it with { queue: true }');
      return queue.runPending(names);
    },
    /** GETs a path and returns the status, headers and parsed JSON body. */
    async get<T = any>(path: string, headers?: HeadersInit) {
      const res = await app.request(path, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    /** Sends a JSON body (POST unless `method` says otherwise) and returns the status, headers and parsed body. */
    async send<T = any>(path: string, body?: unknown, { method = 'POST', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
      const res = await app.request(path, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, res, body: (text ? JSON.parse(text) : null) as T };
    },
    request: (path: string, init?: RequestInit) => app.request(path, init),
    /**
     * Signs in for real through POST /api/users/sign-in (from a fresh IP) and returns the Cookie
     * header that carries the session.
     * @example const cookie = await t.signIn('founder@nordlys.test'); await t.get('/api/users/me', { cookie });
     */
    async signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
      const res = await app.request('/api/users/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status, `sign-in of ${email}: ${await res.clone().text()}`).toBe(200);
      return cookieHeader(res);
    },
  };
}
