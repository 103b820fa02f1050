/** The HTTP app: /api, built assets and server-rendered pages, in that order. */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { createApi, type Api } from '@nordlys/sdk/api';
import { sameOriginWrites, siteOrigin } from './accounts/origin';
import { accountLimiters, type AccountLimits, type Limit } from './accounts/rate-limit';
import type { SignInThrottleLimit } from './accounts/sign-in-throttle';
import { clientIp } from './accounts/client-ip';
import { inProcessEnv, sessionMiddleware } from './accounts/session-middleware';
import { verifyEmailOnPages } from './accounts/verify-email';
import { apiRouter } from './api/index';
import { openApiRouter } from './api/openapi-routes';
import { isUploadPath, uploadBodyLimit } from './api/upload';
import { authSettings, type AuthParts } from './auth-parts';
import { externalRouter } from './external';
import { jobBoardFeedsRouter } from './job-board-feeds';
import { sitemapsRouter } from './sitemaps';
import { ROUTES, paths } from '@nordlys/sdk/routes';
import type { Config } from './config';
import type { Db } from './db/client';
import type { DnsResolver } from './dns/resolver';
import { handleError } from './errors';
import { databaseImageStore, type ImageStore } from './image-store/index';
import { imagesRouter } from './image-store/serve';
import { apiBodyLimit } from './http/body-limit';
import { found, hostRouting, type HostPages } from './hosts';
import type { Admission } from './http/admission';
import type { AnswerCache } from './http/answer-cache';
import type { TrafficLimit } from './http/traffic-limit';
import { compressAnswers } from './http/compress';
import { faviconHandler } from './http/favicon';
import { lineWriter, requestLog, type RequestLogFormat } from './http/log';
import type { Metrics } from './http/metrics';
import { refuseControlCharactersInPath } from './http/path-keys';
import { allowFramingByAnySite, securityHeaders } from './http/security-headers';
import { pingDatabase } from './db/health';
import { DATABASE_RETRY_AFTER_SECONDS } from './db/unavailable';
import type { AppEnv, ResolveViewer } from './http/viewer';
import { jobViewCounter, viewSecret } from './http/job-views';
import { directOutbox, type JobQueue } from './queue/queue';
import { createPayments } from './payments/create-payments';
import type { Payments } from './payments/provider';
import { testClockRouter } from './testing-routes';
import { COUNTRY_HEADERS } from './site-config';

export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/** Renders a page of the site for a request (site/src/entry-server.tsx). */
export type PageRenderer = (
  request: Request,
  options: { api: (request: Request) => Api; productName: string; origin: string; assets: PageAssets },
) => Promise<Response>;

export interface AppOptions {
  db: Db;
  config: Pick<Config, 'productName' | 'products' | 'auth' | 'isProduction' | 'publicUrl'> &
    Partial<Pick<Config, 'mainHosts' | 'trustProxy' | 'secretKey' | 'captcha' | 'testClock' | 'stripe' | 'teamEmail'>>;
  /** Who is asking, before the session cookie is read: tests inject a viewer this way. */
  resolveViewer?: ResolveViewer;
  /**
   * Mail, captcha and the professional-network provider (#4), with their routes. Sign-up,
   * forgot-password and provider sign-in answer 503 'Accounts are not available' without them;
   * sign-in, me, sign-out, reset and verification need only the database.
   */
  auth?: AuthParts;
  /**
   * The job queue (queue/queue.ts): mail goes through its outbox, in the request's transaction. Optional:
   * without it (tests that do not care) mail is sent at once inside the transaction, as before the queue.
   */
  queue?: JobQueue;
  /** DNS for "Check now" on a custom domain (POST /api/domain-check): DOMAIN_DNS's resolver (dns/create-resolver.ts); the offline one when absent. */
  resolver?: DnsResolver;
  /** How plans are paid for (issue #12); chosen from config.stripe when absent (payments/create-payments.ts). */
  payments?: Payments;
  /** Overrides of the account rate limits (tests). */
  rateLimits?: Partial<Record<keyof AccountLimits, Limit>>;
  /** An override of the per-account sign-in throttling (tests). */
  signInThrottle?: SignInThrottleLimit;
  /** The site renderer and its built client assets (read per page: a dev rebuild renames them); without them only /api is served. */
  pages?: { render: PageRenderer; assets: () => PageAssets; publicDir: string };
  /** The career and white-label pages that other hosts are served (spec 2.5); without them every host gets the site. */
  hostPages?: HostPages;
  /** Where stored images' bytes are read from, at /images/{size}/{path}; the database store when absent. */
  imageStore?: ImageStore;
  /** The built embeds (embed/dist), served at /embed/ for script tags on other sites. */
  embedDir?: string;
  /** One log line per request: 'text' in development, 'json' in production (http/log.ts). */
  log?: RequestLogFormat | false;
  /** True once a graceful shutdown has begun: /readyz then answers 503 so a balancer stops sending traffic. */
  shuttingDown?: () => boolean;
  /**
   * Receives each job view being counted (http/job-views.ts): pages are answered without waiting for
   * the count, so tests await it here. True when it counted.
   */
  onJobView?: (recording: Promise<boolean>) => void;
  /**
   * The in-process cache of public answers (http/answer-cache.ts): main.ts passes one and serves its
   * hits at the socket; without it (most tests) every request reaches the routes.
   */
  answerCache?: AnswerCache;
  /** /metrics and what it counts (http/metrics.ts); main.ts passes them when METRICS_TOKEN is set. Without them /metrics is an unknown path. */
  metrics?: Metrics;
  /**
   * Load shedding (http/admission.ts): main.ts passes one sized to the database; every request past
   * the probes and the answer cache takes a turn. Without it (most tests) nothing is limited.
   */
  admission?: Admission;
  /** The per-client limit on uncached reads (http/traffic-limit.ts), before the admission limit; main.ts passes one. */
  trafficLimit?: TrafficLimit;
}

/**
 * The Cache-Control of a visitor's page (issue #16): a page no route marked (signed-in pages are
 * private, set by the site's root) may be kept by shared caches, which revalidate it each time by its
 * ETag; it varies on the Cookie header, which carries the session that makes a page private.
 */
const VISITOR_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export function createApp({ db, config, resolveViewer, auth, queue, resolver, payments = createPayments(config), rateLimits, signInThrottle, pages, hostPages, embedDir, imageStore, log = false, shuttingDown = () => false, onJobView, answerCache, metrics, admission, trafficLimit }: AppOptions) {
  // The site learns how to sign in from config-base: the captcha the parts verify, the provider if any.
  const mail = auth ? (queue?.mail ?? directOutbox(auth.mailer)) : undefined;
  const siteSettings = auth ? { ...config, auth: authSettings(auth, { signUp: config.auth.signUp }) } : config;
  const api = new Hono<AppEnv>()
    .use('/api/*', sameOriginWrites(config), sessionMiddleware(db, { resolveViewer }))
    .route('/api', apiRouter(db, siteSettings, { auth, mail, resolver, payments, limiters: accountLimiters(rateLimits), signInThrottle }))
    .onError(handleError);

  // spec 2.5: the hosts that serve the site; with hostPages, any other one is a careers or white-label host.
  const mainHosts = config.mainHosts ?? ['localhost', '127.0.0.1'];
  const app = new Hono<AppEnv>();
  // One write per turn of the event loop for all its lines (log.ts lineWriter).
  const writeLine = log ? lineWriter() : undefined;
  if (log) app.use(requestLog({ format: log, write: writeLine }));
  // Inside the log, outside the rest: times every answer, the answer cache's hits included (http/metrics.ts).
  if (metrics) app.use(metrics.timeRequests());
  // Outside the cache, whose answers come compressed already: every other text answer is compressed on its way out (http/compress.ts).
  app.use(compressAnswers());
  // Inside the log, outside the rest: a hit skips sessions, body limits and rendering; every write empties it.
  if (answerCache) app.use(answerCache.middleware());
  // What gets here the cache did not answer: the metrics tell its hits from the app's answers.
  if (metrics) app.use(metrics.pastCache());
  // First, so every answer gets them: pages, /api, embeds, images, feeds, errors (README "Security headers").
  app.use(securityHeaders({ publicUrl: config.publicUrl, captcha: siteSettings.auth.captcha.kind }));
  // One check of path keys for every route on every host: a control character answers 400 before any key reaches a query (http/path-keys.ts).
  app.use(refuseControlCharactersInPath());
  // Every host's browser asks for it: answered before host routing (which would give a careers 404 page).
  app.on(['GET', 'HEAD'], '/favicon.ico', faviconHandler());
  // Probes answer on every host, before host routing. healthz: the process serves; readyz: it can reach its database.
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (shuttingDown()) return c.json({ status: 'shutting down', code: 'E_UNAVAILABLE' }, 503);
    try {
      await pingDatabase(db);
      return c.json({ status: 'ready' });
    } catch {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ status: 'unavailable', code: 'E_DATABASE_UNAVAILABLE' }, 503);
    }
  });
  // Like the probes, on every host: a scraper reaches each instance by its own address (README "Operating").
  if (metrics) app.route('/', metrics.routes());
  // Past the probes and the cache (issue #33): a client over its share of reads is refused first (429,
  // counted in memory), then the work that costs database time and rendering waits its turn or is refused at once (503).
  if (trafficLimit) app.use(trafficLimit.middleware());
  if (admission) app.use(admission.middleware());
  // Before anything reads a body, the parts' /api routes included.
  // Uploads (api/upload.ts) take files up to 10 MB; every other /api body is small JSON.
  const jsonBodyLimit = apiBodyLimit();
  const fileBodyLimit = uploadBodyLimit();
  app.use('/api/*', (c, next) => (isUploadPath(c.req.path) ? fileBodyLimit : jsonBodyLimit)(c, next));
  // TEST_CLOCK=1 (never in production): the browser tests move the clock and run the expiry and digest tasks (testing-routes.ts).
  if (config.testClock) app.route('/', testClockRouter(db, queue));
  // The parts' own routes (captcha challenge under /api/captcha, the provider popup) come before /api's catch-all.
  if (auth?.routes) app.route('/', auth.routes);
  // Issue #17: the OpenAPI document and its reference, read from the routes above.
  app.route('/', openApiRouter(() => [api, ...(auth?.routes ? [auth.routes] : [])], { title: config.productName, serverUrl: `${siteOrigin(config)}/api`, contactUrl: `${siteOrigin(config)}${paths.contact()}` }));
  app.route('/', api);
  app.route('/', externalRouter(db, config));
  // Issue #15: robots.txt and the sitemap index of the main host (other hosts get their own from host
  // routing below), and the feeds job aggregators read.
  app.route('/', sitemapsRouter(db, config, { mainHosts: hostPages ? mainHosts : undefined }));
  app.route('/', jobBoardFeedsRouter(db, config));
  // Stored images (issue #11): the six sizes of each upload, from the image store, at stable URLs.
  app.route('/', imagesRouter(imageStore ?? databaseImageStore(db)));
  if (embedDir) {
    // Script tags on startups' sites load these by a fixed URL: a short cache, revalidated by ETag.
    app.use('/embed/*', etag(), async (c, next) => {
      await next();
      if (c.res.status === 200) {
        c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
        c.header('Access-Control-Allow-Origin', '*');
      }
    });
    app.use('/embed/*', serveStatic({ root: embedDir, rewriteRequestPath: (path) => path.replace(/^\/embed/, '') }));
    app.get('/embed/*', (c) => c.text('Not found', 404));
  }
  app.onError(handleError);
  // Pages call the API in-process, so a render costs no network hop: the site's with the visitor's
  // cookie, the hosted pages (shared by every visitor, cached) without it.
  // The visitor's address travels in the in-process call's env (never in a header a client could send),
  // so a form posted without JavaScript is rate limited per visitor like the same call from the browser.
  const apiFor = (request: Request, { withCookie = true, clientAddress }: { withCookie?: boolean; clientAddress?: string } = {}) =>
    createApi({
      baseUrl: new URL('/api/', request.url),
      fetch: async (input, init) => api.fetch(new Request(input, init), inProcessEnv(clientAddress)),
      headers: {
        ...(withCookie && request.headers.has('cookie') ? { cookie: request.headers.get('cookie')! } : {}),
        // The CDN's country of the visitor, so a server-rendered page's site/ip-country is the visitor's (/pricing).
        ...Object.fromEntries(COUNTRY_HEADERS.flatMap((name) => (request.headers.has(name) ? [[name, request.headers.get(name)!]] : []))),
      },
    });
  const publicApiFor = (request: Request) => apiFor(request, { withCookie: false });
  // Job pages answered 200 count a view once per visitor per day, after the answer is made (issue #12).
  const views = jobViewCounter(db, { secret: viewSecret(config), trustProxy: config.trustProxy === true, onRecord: onJobView });
  // A job page served from the cache still counts its visit; hits served at the socket log as the app would.
  answerCache?.attach({ countView: (request, view) => views.countHit(request, view), log, write: writeLine, trustProxy: config.trustProxy === true });
  if (hostPages) {
    app.use('*', hostRouting(publicApiFor, { mainHosts, publicUrl: config.publicUrl }, hostPages, views));
    // spec 2.1, 2.7: a startup's jobs in the job-list widget layout, to link to or frame: the one page any site may frame.
    app.get(ROUTES.jobListWidget.path, async (c, next) => {
      const client = publicApiFor(c.req.raw);
      // Through /api, so its rule decides: unknown, draft or sister-only startups (a 404 there) fall
      // through to the site's 404 page.
      const company = await found(client.companies.get(c.req.param('id')));
      if (!company) return next();
      allowFramingByAnySite(c);
      const html = hostPages.renderJobListWidgetPage({
        company,
        jobs: (await client.companies.jobBriefs(company.key)).jobs,
        origin: siteOrigin(config),
        canonicalOrigin: siteOrigin(config),
        options: c.req.query(),
      });
      return c.html(html, 200, { 'Cache-Control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' });
    });
  }
  // spec 7: a page request carrying 'email-verification-key' verifies it, then shows the outcome page.
  app.use('*', verifyEmailOnPages(db));
  if (!pages) return app;

  app.use(
    '/assets/*',
    serveStatic({
      root: pages.publicDir,
      // The build writes a .br and .gz beside each script and stylesheet (scripts/precompress.mjs).
      precompressed: true,
      onFound: (_path, c) => {
        // File names carry a content hash, so they never change.
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => c.text('Not found', 404));
  /** The api of one page request, calling /api as its visitor: their cookie and their address. */
  const visitorApi = (c: Context<AppEnv>) => (request: Request) => apiFor(request, { clientAddress: clientIp(c, config.trustProxy === true) });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const response = await pages.render(c.req.raw, { api: visitorApi(c), productName: config.productName, origin: siteOrigin(config), assets: pages.assets() });
    views.sitePage(c, response);
    if (response.status === 200 && !response.headers.has('Cache-Control') && !response.headers.has('Set-Cookie')) {
      response.headers.set('Cache-Control', VISITOR_PAGE_CACHE_CONTROL);
      response.headers.append('Vary', 'Cookie');
    }
    return response;
  });
  // A page's form posts (its route action), which work without JS; refused from other sites like /api writes.
  app.post('*', sameOriginWrites(config), async (c) =>
    pages.render(c.req.raw, { api: visitorApi(c), productName: config.productName, origin: siteOrigin(config), assets: pages.assets() }),
  );
  return app;
}
