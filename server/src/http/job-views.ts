/**
 * Job views (issue #12): a GET of a public job page answered 200 (the site's /jobs/{id}, a career
 * page's or a white-label feed's /jobs/{id}) counts once per visitor per day, on its surface. Not
 * counted: HEAD requests, bots (http/bots.ts), and prefetches (a link preview or speculative load is
 * not a visit).
 *
 * The visitor is a salted hash: SHA-256 of the day's salt, the client's address and its User-Agent.
 * The day's salt is an HMAC of the day under the server's secret (SECRET_KEY, else ALTCHA_HMAC_KEY,
 * which production requires one of, so every instance derives the same; in development without
 * either, a random key of the process). No cookie is read or set, so embeds and career pages stay
 * cookie-free, and a mark cannot be tied to the visitor on another day. Marks are deleted after two
 * days (queue/tasks.ts).
 *
 * The count is written after the answer is made, without holding it: the page is answered while the
 * statement runs. `onRecord` receives each recording in flight, so tests can await it. Views are
 * written together (viewWriter): at most one statement of a database is in flight, and the views that
 * arrive meanwhile go in the next, so a busy server writes a few batches a second on one connection
 * instead of a statement per view on all of them, and a quiet one writes each view at once. A
 * shutdown writes the views still waiting (flushJobViews) before the database closes. A visitor
 * already counted today for a job is remembered in memory, so a page served again and again (the
 * answer cache, http/answer-cache.ts) costs no statement after the first; the database stays the truth.
 *
 * A job page served from the answer cache counts too: the page's answer notes what it would count
 * (`jobView` on the context, whoever asked), the cache keeps that with the answer, and `countHit`
 * counts each visit it serves.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { JobSurface } from '@nordlys/sdk/constants';
import { matchRoute } from '@nordlys/sdk/routes';
import { JobIdSchema } from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { now as clockNow } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { feedSurface, recordJobViews, utcDay, viewMarkKey, type JobViewRecord } from '../queries/job-stats';
import { isBot } from './bots';

/** Where a job page was seen: a surface, or the white-label feed served on a domain (its id is looked up). */
export type ViewSurface = JobSurface | { feedDomain: string };

/** The view a job page's answer counts for each visit: kept by the answer cache with the page. */
export interface JobView {
  jobId: number;
  surface: ViewSurface;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set when the answer is a job page that counts a view (for a visitor; bots and prefetches too, which are then not counted). */
    jobView?: JobView;
  }
}

/** A request as the answer cache sees it, before any context exists: its method, headers and client address. */
export interface VisitRequest {
  method: string;
  header: (name: string) => string | undefined;
  /** The client's address (accounts/client-ip.ts). */
  ip: string;
}

/** How many visitors of the day the counter remembers before it forgets them all (each is a few dozen bytes). */
const COUNTED_MEMORY = 100_000;

export interface JobViewCounterOptions {
  /** The key the daily salts derive from (viewSecret). */
  secret: string;
  /** TRUST_PROXY: the client's address comes from X-Forwarded-For. */
  trustProxy: boolean;
  /** The server's clock (clock.ts). */
  now?: () => Date;
  /** Receives each recording in flight (true when it counted), e.g. for tests to await; a failure is logged either way. */
  onRecord?: (recording: Promise<boolean>) => void;
}

export interface JobViewCounter {
  /**
   * Counts a view of job `jobId` on `surface` for the request `c`, unless it is not a visit (HEAD, a
   * bot, a prefetch). Call it once the page is answered 200. Returns the recording, or null when the
   * request is not a visit.
   */
  count(c: Context, jobId: number, surface: ViewSurface): Promise<boolean> | null;
  /**
   * The site's page answer: counts it when it is /jobs/{id} answered 200 (`?ref=widget` is the
   * widget's surface, `?surface=digest` a job alert e-mail's: pageSurface).
   */
  sitePage(c: Context, response: Response): Promise<boolean> | null;
  /**
   * The site's job page reached by a navigation inside the site (POST /api/jobs/{id}/view: no page
   * request reaches the server then): counts it on 'site' unless a bot sent it. The caller checks that
   * the job is public.
   */
  clientNavigation(c: Context, jobId: number): Promise<boolean> | null;
  /** A job page served from the answer cache: counts `view` for the request unless it is not a visit. */
  countHit(request: VisitRequest, view: JobView): Promise<boolean> | null;
}

/** The most views in one statement (five values each). */
const VIEW_BATCH_MAX = 500;

interface ViewWriter {
  /** Counts the view with the next statement; true when it counted (the visitor's first of the day). */
  record(view: JobViewRecord): Promise<boolean>;
  /** Resolves once every view recorded so far is written (or has failed). */
  flush(): Promise<void>;
}

/** One writer per database, shared by every counter of the process (the site's pages, /api's navigations). */
const writers = new WeakMap<Db, ViewWriter>();

/**
 * The views waiting for the database: one statement in flight at a time (recordJobViews). A view that
 * arrives while none is runs in the next turn of the event loop with whatever else arrived in it; the
 * ones arriving meanwhile wait for the running statement and then go together. A failed statement
 * fails its views (the counter logs it) and the next batch still runs.
 */
function viewWriter(db: Db): ViewWriter {
  const existing = writers.get(db);
  if (existing) return existing;
  let waiting: { view: JobViewRecord; resolve: (counted: boolean) => void; reject: (error: unknown) => void }[] = [];
  let running: Promise<void> | null = null;
  const run = async (): Promise<void> => {
    while (waiting.length) {
      const batch = waiting.slice(0, VIEW_BATCH_MAX);
      waiting = waiting.slice(batch.length);
      try {
        const marks = await recordJobViews(db, batch.map((w) => w.view));
        // A view repeated in one batch counts for its first only.
        for (const { view, resolve } of batch) {
          const key = viewMarkKey(view.jobId, utcDay(view.now), view.visitor);
          resolve(marks.delete(key));
        }
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
  };
  const start = (): Promise<void> => {
    running ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(run)
      .finally(() => {
        running = null;
        // A view recorded after the loop's last look, before this: its own statement.
        if (waiting.length) void start();
      });
    return running;
  };
  const writer: ViewWriter = {
    record: (view) =>
      new Promise<boolean>((resolve, reject) => {
        waiting.push({ view, resolve, reject });
        void start();
      }),
    async flush() {
      while (running || waiting.length) await (running ?? start());
    },
  };
  writers.set(db, writer);
  return writer;
}

/** Writes the job views still waiting for `db` (a shutdown, before the database closes). */
export function flushJobViews(db: Db): Promise<void> {
  return writers.get(db)?.flush() ?? Promise.resolve();
}

/** Without SECRET_KEY or ALTCHA_HMAC_KEY: one key per process, so its pages and its /api hash a visitor alike. */
const processKey = randomBytes(32).toString('hex');

/**
 * The key of the visitor hashes: derived from SECRET_KEY (else ALTCHA_HMAC_KEY) with a fixed label, so
 * the secret itself never hashes anything; a random key of the process when neither is set (development:
 * a restart then counts a visitor of the day again).
 */
export function viewSecret(config: Partial<Pick<Config, 'secretKey' | 'captcha'>>): string {
  const key = config.secretKey ?? config.captcha?.altchaHmacKey;
  return key ? createHmac('sha256', key).update('nordlys job view visitors').digest('hex') : processKey;
}

/** The visitor of a request on `day`: SHA-256 of the day's salt, the address and the User-Agent (base64url). */
export function visitorHash(secret: string, day: string, ip: string, userAgent: string): string {
  const salt = createHmac('sha256', secret).update(`day ${day}`).digest();
  return createHash('sha256').update(salt).update('\0').update(ip).update('\0').update(userAgent).digest('base64url');
}

/** Whether a request is a visit: a GET from a browser that is not prefetching. */
export function isVisit(c: Context): boolean {
  return isVisitOf(c.req.raw.method, (name) => c.req.header(name));
}

function isVisitOf(method: string, header: (name: string) => string | undefined): boolean {
  if (method !== 'GET') return false;
  if (isBot(header('user-agent'))) return false;
  // Sec-Purpose (prefetch, prerender), and the older Purpose and X-Moz headers of the same meaning.
  const purpose = `${header('sec-purpose') ?? ''} ${header('purpose') ?? ''} ${header('x-moz') ?? ''}`.toLowerCase();
  return !purpose.includes('prefetch');
}

/** The site's job page path (/jobs/{id}, canonical ids only) → the job id, else null. */
function siteJobId(path: string): number | null {
  if (!path.startsWith('/jobs/')) return null;
  const route = matchRoute(path);
  if (route?.name !== 'job') return null;
  const id = v.safeParse(JobIdSchema, route.params.id);
  return id.success ? id.output : null;
}

/**
 * The surface a site job page's query names: the widget's links carry `?ref=widget`; a digest's
 * (issue #14) carry `?surface=digest`, which the page's apply action counts its clicks on as well
 * (site ApplyAction surfaceOf). Any other page view is the site's.
 */
export function pageSurface(c: Context): JobSurface {
  const ref = c.req.query('ref');
  if (ref === 'widget') return 'widget';
  if (ref === 'digest' || c.req.query('surface') === 'digest') return 'digest';
  return 'site';
}

export function jobViewCounter(db: Db, { secret, trustProxy, now = clockNow, onRecord }: JobViewCounterOptions): JobViewCounter {
  // Visitors already counted (day, visitor, job: the database's mark), so a repeat costs no statement.
  const counted = new Set<string>();
  const writer = viewWriter(db);
  const record = async (jobId: number, surface: ViewSurface, ip: string, userAgent: string, at: Date): Promise<boolean> => {
    const day = utcDay(at);
    const visitor = visitorHash(secret, day, ip, userAgent);
    const mark = viewMarkKey(jobId, day, visitor);
    if (counted.has(mark)) return false;
    const resolved = typeof surface === 'string' ? surface : await feedSurface(db, surface.feedDomain);
    if (!resolved) return false;
    const first = await writer.record({ jobId, visitor, surface: resolved, now: at });
    if (counted.size >= COUNTED_MEMORY) counted.clear();
    counted.add(mark);
    return first;
  };

  const startFor = (jobId: number, surface: ViewSurface, ip: string, userAgent: string): Promise<boolean> => {
    const recording = record(jobId, surface, ip, userAgent, now());
    // Logged here whoever else awaits it: a lost count never fails a page or crashes the process.
    recording.catch((error: unknown) => console.error('[views] a job view was not counted:', error));
    onRecord?.(recording);
    return recording;
  };
  // Read from the request now: the context is not to be used once it is answered.
  const start = (c: Context, jobId: number, surface: ViewSurface) => startFor(jobId, surface, clientIp(c, trustProxy), c.req.header('user-agent') ?? '');
  const count: JobViewCounter['count'] = (c, jobId, surface) => {
    c.set('jobView', { jobId, surface });
    return isVisit(c) ? start(c, jobId, surface) : null;
  };

  return {
    count,
    sitePage(c, response) {
      if (response.status !== 200) return null;
      const jobId = siteJobId(c.req.path);
      if (jobId === null) return null;
      return count(c, jobId, pageSurface(c));
    },
    clientNavigation: (c, jobId) => (isBot(c.req.header('user-agent')) ? null : start(c, jobId, 'site')),
    countHit: (request, { jobId, surface }) =>
      isVisitOf(request.method, request.header) ? startFor(jobId, surface, request.ip, request.header('user-agent') ?? '') : null,
  };
}
