/**
 * /metrics in Prometheus's text format (issue #17, README "Operating"): how long each answer took and
 * how many there were, by route, method and status; the queue's depth and failures; the database
 * pool's use; and Node's own process metrics. Off without METRICS_TOKEN (no route: /metrics is then a
 * 404 like any unknown path); with it, only a request carrying `Authorization: Bearer <token>` gets
 * them, compared in constant time, and every answer is `no-store`. It answers on every host, like the
 * probes: a scraper reaches each instance by its own address, which is no main host.
 *
 * Routes are patterns, never raw paths, so the series stay few whatever is requested: an /api request
 * is labelled with the Hono route that answered it ('/api/companies/:key'), a page or feed with its
 * pattern in the sdk's route registry ('/jobs/:id', '/sitemaps/:part'), built files, stored images and
 * embeds by their folder ('/assets/*'), the probes by their path, anything else 'other'.
 *
 * The answer cache (answer-cache.ts) answers most public reads at the socket, before Hono and its
 * middleware: main.ts hands it to withAnswerCache through `countingHits`, so those answers are counted
 * too, with `cache="hit"`, and so are the rare hits its middleware serves. An /api hit is labelled with
 * the route of the miss that made its answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { timingSafeEqual } from 'hono/utils/buffer';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Pool } from 'pg';
import type { LanedPool } from '../db/read-lanes';
import { matchRoute, ROUTES } from '@nordlys/sdk/routes';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { queueDepths } from '../queries/queue-jobs';
import type { AnswerCache } from './answer-cache';

export interface MetricsOptions {
  /** METRICS_TOKEN: without it there are no metrics. */
  token: string | undefined;
  /** The database the queue's depths are read from, and whose pool is reported. */
  database: Pick<Database, 'db' | 'kind'>;
}

export interface Metrics {
  /** Outside everything but the request log (app.ts): times each answer the app makes and counts it by route. */
  timeRequests(): MiddlewareHandler;
  /** Just inside the answer cache's middleware (app.ts): marks a request the cache did not answer. */
  pastCache(): MiddlewareHandler;
  /** GET /metrics for the token's holder. */
  routes(): Hono;
  /** The answer cache with its hits at the socket counted: main.ts passes it to withAnswerCache. */
  countingHits(cache: AnswerCache): AnswerCache;
}

/** The label of every /api path no route answered (an unknown path) or no miss has named yet. */
const ANY_API_ROUTE = '/api/*';
/** Paths labelled as they are. */
const OWN_LABEL = new Set(['/healthz', '/readyz', '/metrics', '/favicon.ico']);
/** Folders of files, labelled by the folder. */
const FOLDERS = ['/assets/', '/images/', '/embed/'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** How many /api paths the routes of their answers are remembered for (for the cache's hits): a few seconds' worth of distinct reads. */
const REMEMBERED_API_PATHS = 10_000;
/** Seconds: from a cache hit at the socket (well under a millisecond) to a slow page. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BEARER = /^Bearer +(\S+) *$/i;

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The route label of a path: for /api, the pattern of the route that answered (`answered`, Hono's)
 * or else `remembered`; for the rest, a fixed label or the sdk registry's pattern.
 * @example routeLabel('/jobs/12') // '/jobs/:id'
 */
export function routeLabel(path: string, answered?: string, remembered?: (path: string) => string | undefined): string {
  if (isApiPath(path)) return answered && isApiPath(answered) ? answered : (remembered?.(path) ?? ANY_API_ROUTE);
  if (OWN_LABEL.has(path)) return path;
  const folder = FOLDERS.find((prefix) => path.startsWith(prefix));
  if (folder) return `${folder}*`;
  const page = matchRoute(path);
  return page ? ROUTES[page.name].path : 'other';
}

/**
 * The metrics of this instance, or undefined when METRICS_TOKEN is not set (main.ts then serves no
 * /metrics at all).
 * @example const metrics = createMetrics({ token: config.metricsToken, database });
 */
export function createMetrics({ token, database }: MetricsOptions): Metrics | undefined {
  if (!token) return undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'nordlys_http_requests_total',
    help: 'Answers by route pattern, method, status code, and whether the answer cache served them (cache="hit", most of them at the socket, before the app) or the app made them ("miss").',
    labelNames: ['route', 'method', 'status', 'cache'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'nordlys_http_request_duration_seconds',
    help: 'Seconds from a request reaching the app (for hits at the socket: the answer cache) until its answer is ready to send (a streamed page: its first bytes), by route pattern, method, status class (2xx…5xx) and cache.',
    labelNames: ['route', 'method', 'status_class', 'cache'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const collectFailures = new Counter({
    name: 'nordlys_metrics_collect_failures_total',
    help: 'Scrapes that could not read a collector (collector="queue": the database did not answer); its gauges are left out of that scrape.',
    labelNames: ['collector'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'nordlys_queue_jobs',
    help: "pg-boss jobs of each queue by state: queued (waiting for a worker, due or deferred by a retry's backoff), active, failed (failed every try, kept until pg-boss deletes them). A dead-letter queue (mail-failed, digest-failed) holds the failures' copies as queued. Counted in the shared database: every instance reports the same figures.",
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { queue, queued, active, failed } of await queueDepths(database.db)) {
          this.set({ queue, state: 'queued' }, queued);
          this.set({ queue, state: 'active' }, active);
          this.set({ queue, state: 'failed' }, failed);
        }
      } catch {
        collectFailures.inc({ collector: 'queue' });
      }
    },
  });
  registerPool(registry, database);

  // Requests that got past the answer cache's middleware: the others were its hits. Keyed by the
  // context, not c.req.raw, which a body limit may replace on the way in (a POST was counted a hit).
  const pastCache = new WeakSet<Context>();
  // The route of each /api path's last answer made by the app, for the cache's hits at the socket, which never reach the router.
  const apiRoutes = new Map<string, string>();
  const remember = (path: string, route: string) => {
    apiRoutes.delete(path);
    apiRoutes.set(path, route);
    if (apiRoutes.size > REMEMBERED_API_PATHS) apiRoutes.delete(apiRoutes.keys().next().value!);
  };
  const remembered = (path: string) => apiRoutes.get(path);

  const record = (method: string, route: string, status: number, cache: 'hit' | 'miss', started: number) => {
    const shownMethod = METHODS.has(method) ? method : 'OTHER';
    requests.inc({ route, method: shownMethod, status: String(status), cache });
    durations.observe({ route, method: shownMethod, status_class: `${Math.floor(status / 100)}xx`, cache }, (performance.now() - started) / 1000);
  };
  const recordHit = (req: IncomingMessage, res: ServerResponse, started: number) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    record(req.method ?? 'GET', routeLabel(path, undefined, remembered), res.statusCode, 'hit', started);
  };
  const holdsToken = async (authorization: string | undefined) => {
    const given = BEARER.exec(authorization ?? '')?.[1];
    return given !== undefined && (await timingSafeEqual(token, given));
  };

  return {
    timeRequests() {
      return async (c, next) => {
        const started = performance.now();
        await next();
        const path = c.req.path;
        const answeredBy = routePath(c);
        const route = routeLabel(path, answeredBy, remembered);
        if (c.req.method === 'GET' && isApiPath(path) && isApiPath(answeredBy) && answeredBy !== ANY_API_ROUTE) remember(path, answeredBy);
        record(c.req.method, route, c.res.status, pastCache.has(c) ? 'miss' : 'hit', started);
      };
    },
    pastCache() {
      return (c, next) => {
        pastCache.add(c);
        return next();
      };
    },
    routes() {
      return new Hono().get('/metrics', async (c) => {
        if (!(await holdsToken(c.req.header('authorization')))) {
          throw new AppError('E_UNAUTHORIZED', 'The metrics need the bearer token METRICS_TOKEN.', undefined, {
            'WWW-Authenticate': 'Bearer realm="metrics"',
            'Cache-Control': 'no-store',
          });
        }
        return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      });
    },
    countingHits(cache) {
      const serveNode: AnswerCache['serveNode'] = (req, res) => {
        const started = performance.now();
        const served = cache.serveNode(req, res);
        const counted = (done: boolean) => {
          if (done) recordHit(req, res, started);
          return done;
        };
        return typeof served === 'boolean' ? counted(served) : served.then(counted);
      };
      // Everything but serveNode is the cache's own.
      return Object.assign(Object.create(cache) as AnswerCache, { serveNode });
    },
  };
}

/**
 * The database pool's gauges: PostgreSQL's pool (pg) as it stands at each scrape; PGlite, the embedded
 * default, has one connection in its worker thread and nothing to wait for that the pool would show.
 */
function registerPool(registry: Registry, database: Pick<Database, 'db' | 'kind'>): void {
  if (database.kind === 'postgres') {
    // drizzle keeps the client it was given (db/client.ts openPostgres: the pg pool) as $client.
    const pool = (database.db as unknown as { $client: Pool }).$client;
    new Gauge({
      name: 'nordlys_db_pool_connections',
      help: "This instance's PostgreSQL pool connections: total open, and idle among them (in use = total - idle). The queue's own pool (up to 4) is not counted.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'nordlys_db_pool_waiting_queries',
      help: 'Queries waiting for a PostgreSQL pool connection: above 0 for long means the pool (DATABASE_POOL_SIZE) or the database is the bottleneck.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    const max = pool.options.max;
    if (max !== undefined) new Gauge({ name: 'nordlys_db_pool_max_connections', help: 'The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE).', registers: [registry] }).set(max);
    const lanes = pool as Partial<LanedPool>;
    if (typeof lanes.laneStats === 'function') {
      const stats = lanes.laneStats.bind(pool);
      new Gauge({
        name: 'nordlys_db_read_lanes',
        help: 'Read lanes (DATABASE_READ_LANES, db/read-lanes.ts): pipelined connections that carry single reads beside the pool, connected now.',
        registers: [registry],
        collect() {
          this.set(stats().connected);
        },
      });
      new Gauge({
        name: 'nordlys_db_read_lane_queries_under_way',
        help: 'Statements sent down the read lanes and not yet answered.',
        registers: [registry],
        collect() {
          this.set(stats().underWay);
        },
      });
      let counted = 0;
      new Counter({
        name: 'nordlys_db_read_lane_queries_total',
        help: 'Statements the read lanes carried (the rest went to the pool).',
        registers: [registry],
        collect() {
          const { carried } = stats();
          this.inc(carried - counted);
          counted = carried;
        },
      });
    }
    return;
  }
  new Gauge({
    name: 'nordlys_db_pool_connections',
    help: 'PGlite, the embedded database: one connection, in its worker thread, that runs one query at a time; idle and waiting are not measured.',
    labelNames: ['state'] as const,
    registers: [registry],
  }).set({ state: 'total' }, 1);
  new Gauge({ name: 'nordlys_db_pool_max_connections', help: 'PGlite, the embedded database: one connection.', registers: [registry] }).set(1);
}
