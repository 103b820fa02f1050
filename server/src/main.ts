/**
 * Starts Nordlys: reads the settings, opens the database (waiting for PostgreSQL, migrating, seeding the
 * demo data when asked), serves the app, and shuts down gracefully (README "Operating").
 *
 *   node server/dist/main.js [--seed-demo-if-empty] [--watch-assets]
 *
 * --seed-demo-if-empty  seed the demo data into an empty embedded (PGlite) database; `npm start` passes it.
 *                       Never with NODE_ENV=production; PostgreSQL is seeded by `npm run seed` only.
 * --watch-assets        follow site/dist/manifest.json as `npm run dev` rebuilds the client.
 */
import { readFileSync, watchFile } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import type { PageAssets } from './app';
import { ConfigError, readConfig } from './config';
import { openDatabaseWhenReachable, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { refreshStatistics } from './db/maintenance';
import { describeDatabaseError } from './db/unavailable';
import { admissionSize, createAdmission } from './http/admission';
import { createTrafficLimit, TRAFFIC_LIMIT } from './http/traffic-limit';
import { ANSWER_CACHE_SHARED_TTL_MS, ANSWER_CACHE_TTL_MS, answerCache, withAnswerCache } from './http/answer-cache';
import { flushJobViews } from './http/job-views';
import { createMetrics } from './http/metrics';
import { shareEvictions, type SharedEviction } from './http/shared-eviction';
import { evictingAfterChanges, TASKS } from './queue/tasks';
import { installLastResort } from './last-resort';
import { findUp } from './paths';
import { isDatabaseEmpty, seedDemo } from './seed/index';

/** Connections the kernel queues for the server before it accepts them (capped by net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;
/** How long a shutdown waits for requests in flight before closing their connections. */
const DRAIN_MS = 10_000;

// The last line of defence (a stray error is logged, the process keeps serving), safe with closed pipes.
installLastResort();

let stop: (signal: string) => Promise<void> = async () => process.exit(0);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal while draining means "now".
    if (stopping) process.exit(1);
    stopping = true;
    void stop(signal);
  });
}

try {
  await start();
} catch (error) {
  console.error(`[nordlys] cannot start: ${startFailure(error)}`);
  process.exit(1);
}

async function start(): Promise<void> {
  const { values: flags } = parseArgs({
    options: { 'seed-demo-if-empty': { type: 'boolean', default: false }, 'watch-assets': { type: 'boolean', default: false } },
  });
  const config = readConfig();
  // The site, the hosted pages and the auth parts load after the settings are known good, so a bad one stops the start at once.
  const [{ createApp }, { createAuthParts }, hostPages, { render }] = await Promise.all([
    import('./app'),
    import('./create-auth-parts'),
    import('@nordlys/embed/pages'),
    import('@nordlys/site/server'),
  ]);

  // The client build writes its entry file names here (scripts/build.mjs).
  const siteDist = findUp('site/dist', 'manifest.json');
  if (!siteDist) throw new Error('the site is not built: run `npm run build` first (npm start does it for you)');
  const manifest = join(siteDist, 'manifest.json');
  const readAssets = () => JSON.parse(readFileSync(manifest, 'utf8')) as PageAssets;
  let assets = readAssets();
  if (flags['watch-assets']) {
    // npm run dev rebuilds the client with new hashed names. Mid-rebuild the file is missing or half
    // written: keep serving the previous names until it reads whole again.
    watchFile(manifest, { interval: 500 }, () => {
      try {
        assets = readAssets();
      } catch {
        console.log('[nordlys] site/dist/manifest.json is being rebuilt: serving the previous assets meanwhile');
      }
    });
  }

  const started = performance.now();
  const database: Database = await openDatabaseWhenReachable({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, readLanes: config.databaseReadLanes });
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`[nordlys] database ready (${where}) in ${Math.round(performance.now() - started)} ms`);
  stop = async () => {
    await database.close();
    process.exit(0);
  };

  if (flags['seed-demo-if-empty']) await seedIfEmpty(database, config.isProduction);

  // Accounts (#4): mail, captcha and professional-network sign-in, each real or its offline default (README "Settings").
  const localOrigins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  const auth = await createAuthParts({
    settings: config,
    db: database.db,
    publicOrigins: config.isProduction ? [config.publicUrl] : [...new Set([config.publicUrl, ...localOrigins])],
    outboxDir: join(config.dataDir, 'outbox'),
  });
  console.log(`[nordlys] ${auth.summary}`);

  // The queue (pg-boss on the same database): mail and scheduled work. Its workers run here unless
  // RUN_WORKERS=false, when `npm run worker` runs them apart (README "Operating").
  const { startQueue } = await import('./queue/queue');
  const { queueTasks } = await import('./queue/tasks');
  // Public answers are kept in memory (issue #16); every write through the app empties them, and so
  // does a queue round that changed what visitors see (the expiry round: jobs and Boosts). On
  // PostgreSQL each eviction is announced to the other instances (http/shared-eviction.ts); answers
  // live a minute while those announcements reach this one (PGlite: one process, always), else 5 s.
  let shared: SharedEviction | undefined;
  const cache = answerCache({
    ttlMs: () => (database.kind === 'pglite' || shared?.listening ? ANSWER_CACHE_SHARED_TTL_MS : ANSWER_CACHE_TTL_MS),
    onEvict: () => shared?.announce(),
  });
  if (database.kind === 'postgres' && database.url) {
    shared = await shareEvictions({ url: database.url, db: database.db, onEvict: () => cache.evict({ announce: false }) });
  }
  // DNS for custom domains' proofs (issue #33): "Check now" and the daily re-check; DOMAIN_DNS (README "Settings").
  const { createResolver } = await import('./dns/create-resolver');
  const resolver = createResolver(config);
  console.log(`[nordlys] domain proofs: ${config.domainDns === 'off' ? 'DNS off (DOMAIN_DNS=off): domains keep their state' : `DNS ${config.domainDns === 'system' ? "of the system" : config.domainDns.join(', ')}`}`);
  const tasks = queueTasks(database.db, { config, resolver });
  tasks.handlers[TASKS.expireJobs] = evictingAfterChanges(tasks.handlers[TASKS.expireJobs]!, () => cache.evict());
  const queue = await startQueue(database, { mailer: auth.mailer, ...tasks });
  if (config.runWorkers) await queue.work();
  console.log(`[nordlys] queue ready (pg-boss), workers ${config.runWorkers ? 'in this process' : 'apart (RUN_WORKERS=false)'}`);

  // Payments (#12): Stripe Checkout when both Stripe keys are set, else invoices an admin marks paid.
  const { createPayments } = await import('./payments/create-payments');
  const payments = createPayments(config);
  console.log(`[nordlys] ${payments.summary}`);

  // /metrics (README "Operating"): only with METRICS_TOKEN, and then only for that token.
  const metrics = createMetrics({ token: config.metricsToken, database });
  console.log(`[nordlys] metrics ${metrics ? 'at /metrics, for the bearer of METRICS_TOKEN' : 'off (no METRICS_TOKEN)'}`);

  // Issue #33: uncached work waits its turn in a short queue or is refused with 503 at once (README "Overload").
  const size = admissionSize(database.kind, config.databasePoolSize, config.admission);
  const admission = createAdmission({ ...size, productName: config.productName });
  console.log(`[nordlys] admission: ${size.concurrency} requests at once, ${size.queue} waiting, the rest answered 503`);
  const trafficLimit =
    config.requestRateLimit > 0
      ? createTrafficLimit(database.db, { limit: { ...TRAFFIC_LIMIT, max: config.requestRateLimit }, productName: config.productName, trustProxy: config.trustProxy })
      : undefined;
  console.log(`[nordlys] traffic limit: ${trafficLimit ? `${config.requestRateLimit} uncached reads a minute per address` : 'off (REQUEST_RATE_LIMIT=0)'}`);

  let shuttingDown = false;
  const app = createApp({
    db: database.db,
    config,
    auth,
    queue,
    resolver,
    payments,
    pages: { render, assets: () => assets, publicDir: join(siteDist, 'public') },
    hostPages,
    embedDir: findUp('embed/dist') ?? undefined,
    log: config.isProduction ? 'json' : 'text',
    shuttingDown: () => shuttingDown,
    answerCache: cache,
    metrics,
    admission,
    trafficLimit,
  });

  // Hits of the answer cache are written at the socket, before Hono (http/answer-cache.ts), and counted there.
  const listener = withAnswerCache(metrics?.countingHits(cache) ?? cache, getRequestListener(app.fetch));
  // In the shutdown's grace period every answer closes its connection, so no client reuses one (below).
  let closingConnections = false;
  const server = createServer((req, res) => {
    if (closingConnections) res.setHeader('Connection', 'close');
    return listener(req, res);
  });
  // A port already taken stops the start (start() throws, the process exits 1) instead of leaving a
  // process that serves nothing while its queue workers run.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A backlog of 4,096 (Linux's usual somaxconn) rather than Node's 511: a burst of new connections
    // waits in the kernel's queue for its 503 or 429, instead of having its SYN dropped and retried a
    // second later (issue #33: 2,000 connections at once took 1.6 s for a refusal at 511).
    server.listen({ port: config.port, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  console.log(`[nordlys] ${config.productName} is running at http://localhost:${port} (public URL ${config.publicUrl})`);

  stop = async (signal) => {
    shuttingDown = true;
    if (config.shutdownGraceSeconds > 0) {
      // Behind a balancer (README "Running more than one instance"): closing the idle keep-alive
      // connections at once races the balancer sending a request on one, which it cannot safely retry
      // when it is a write (502). So keep answering for a while, each answer with Connection: close,
      // until the balancer has dropped its idle connections (nginx's keepalive_timeout is shorter);
      // /readyz says 503 meanwhile.
      console.log(`[nordlys] ${signal}: answering ${config.shutdownGraceSeconds} s more, closing each connection after its answer`);
      closingConnections = true;
      await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceSeconds * 1000));
    }
    console.log(`[nordlys] ${signal}: shutting down, letting requests in flight finish (up to ${DRAIN_MS / 1000} s)`);
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    // close() stops accepting; keep-alive connections that sit idle between requests are closed as they appear.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      console.log(`[nordlys] requests still running after ${DRAIN_MS / 1000} s: closing their connections`);
      server.closeAllConnections();
    }, DRAIN_MS);
    await drained;
    clearInterval(idle);
    clearTimeout(deadline);
    // The job views and traffic counted by the last answers, before the database closes.
    await trafficLimit?.close().catch((error) => console.error('[nordlys] writing the last traffic counts failed:', error));
    await flushJobViews(database.db).catch((error) => console.error('[nordlys] writing the last job views failed:', error));
    // The workers finish the jobs in hand before the mailer and the database they use close.
    await queue.stop().catch((error) => console.error('[nordlys] stopping the queue failed:', error));
    await shared?.close().catch((error) => console.error('[nordlys] closing the eviction listener failed:', error));
    await auth.close().catch((error) => console.error('[nordlys] closing the auth parts failed:', error));
    await database.close().catch((error) => console.error('[nordlys] closing the database failed:', error));
    console.log('[nordlys] stopped');
    process.exit(0);
  };
}

/** Demo data only into an empty embedded database, and never in production (README "Demo data"). */
async function seedIfEmpty(database: Database, isProduction: boolean): Promise<void> {
  if (isProduction) {
    console.log('[nordlys] --seed-demo-if-empty ignored: NODE_ENV=production never creates demo accounts');
    return;
  }
  if (!(await isDatabaseEmpty(database.db))) return;
  if (database.kind !== 'pglite') {
    console.log('[nordlys] the PostgreSQL database is empty; for the demo data run `npm run seed` with the same DATABASE_URL');
    return;
  }
  const t = performance.now();
  const summary = await seedDemo(database.db);
  await refreshStatistics(database.db);
  console.log(`[nordlys] seeded demo data in ${Math.round(performance.now() - t)} ms:`, summary);
}

/** One line for the usual reasons a start fails; the whole error (with its stack) for anything unexpected. */
function startFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    const port = (error as { port?: number }).port;
    return code === 'EADDRINUSE' ? `port ${port} is in use by another process: stop it or set PORT` : `port ${port} may not be opened by this user: set PORT`;
  }
  if (error instanceof Error && ('code' in error || error.message.startsWith('the site is not built'))) {
    return 'code' in error ? `database: ${describeDatabaseError(error)}` : error.message;
  }
  if (error instanceof TypeError && (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
