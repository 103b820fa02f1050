/**
 * Host routing (spec 2.5): main hosts serve the site; a white-label host serves only the feed's
 * pages and a careers host only the career pages, both with their route prefix stripped
 * ('/whiteLabelFeed/jobs/7' is '/jobs/7' there); any other host gets a clear 404.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { isApiError, type Api } from '@nordlys/sdk/api';
import { LIMITS } from '@nordlys/sdk/constants';
import { JobIdSchema, type Company, type CompanyRef, type Job, type JobBrief, type JobSearchParams, type JobSummary, type WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { isJobInFeed, isJobOnCareerPage } from '@nordlys/sdk/visibility';
import { jobSitemapEntries, robotsTxt, sitemap } from '@nordlys/feeds';
import { matchRoute, paths, type RouteHost } from '@nordlys/sdk/routes';
import { siteOrigin } from './accounts/origin';
import type { Config } from './config';
import type { JobViewCounter } from './http/job-views';

/** Whose host a page is on: a startup's careers host, or a white-label feed's. */
type HostOwner = { company: CompanyRef; feed?: undefined } | { feed: WhiteLabelFeed; company?: undefined };

/** The server-rendered career and white-label pages (embed/src/pages). */
export interface HostPages {
  renderCareersHome(input: {
    company: Company;
    jobs: JobSummary[];
    origin: string;
    canonicalOrigin: string;
    /** The filters of the page's form (?category=, ?location=), which works without JavaScript. */
    filters?: { category?: string | null; location?: string | null };
  }): string;
  renderCareersJob(input: { company: Company; job: Job; origin: string; canonicalOrigin: string }): string;
  /** A feed's filters as a job search (embed/src/pages): the one rule the page's own search-as-you-type follows. */
  whiteLabelQuery(feed: WhiteLabelFeed): JobSearchParams;
  renderFeedHome(input: {
    feed: WhiteLabelFeed;
    query?: JobSearchParams;
    jobs: JobSummary[];
    total: number;
    page: number;
    pages: number;
    search?: string;
    origin: string;
    canonicalOrigin: string;
  }): string;
  renderFeedJob(input: { feed: WhiteLabelFeed; job: Job; origin: string; canonicalOrigin: string }): string;
  renderHostNotFound(input: { host: string; canonicalOrigin?: string }): string;
  /** spec 2.1, 2.7: /startups/joblistwidget/{id} on the main host, in the job-list widget layout. */
  renderJobListWidgetPage(input: {
    company: Company;
    jobs: JobBrief[];
    origin: string;
    canonicalOrigin: string;
    options?: Record<string, string>;
  }): string;
  renderPageNotFound(input: { path?: string; canonicalOrigin: string } & HostOwner): string;
  /** Issue #32: an expired job (sent with 410), with open jobs of this host instead. */
  renderJobGone(input: { jobs: JobSummary[]; canonicalOrigin: string } & HostOwner): string;
  /** Any other failure on these hosts, in the host's layout when it is known (sent with `status`). */
  renderHostError(input: { status: number; message?: string; retry: string; canonicalOrigin: string } & (HostOwner | { company?: undefined; feed?: undefined })): string;
}

/** The host a request is for, without its port, lower-cased. */
export function requestHost(c: Context): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).replace(/:\d+$/, '').toLowerCase();
}

/** The job a careers or white-label path names, by the URL registry and the sdk's id rule (canonical ids only: '/jobs/010' is no job). */
function hostJobId(path: string, host: RouteHost): number | null {
  const route = matchRoute(path, host);
  if (route?.name !== 'careersJob' && route?.name !== 'whiteLabelJob') return null;
  const id = v.safeParse(JobIdSchema, route.params.id);
  return id.success ? id.output : null;
}

/** What an /api call answers, or null when it names nothing there (404, or a 400 for a name that cannot exist). */
export async function found<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** A job of a host's page: the job, 'gone' when it has expired (the API's 410), or null when there is none. */
async function hostJob(api: Api, id: number): Promise<Job | 'gone' | null> {
  try {
    return await found(api.jobs.get(id));
  } catch (error) {
    if (isApiError(error) && error.status === 410) return 'gone';
    throw error;
  }
}

/**
 * The open jobs a host offers instead of an expired one (issue #32): the API's similar jobs that
 * belong on the host, topped up with the host's newest (`newest`, asked only when needed), as many
 * as the main site's job page offers.
 */
async function similarOnHost(api: Api, id: number, belongs: (job: JobSummary) => boolean, newest: JobSearchParams): Promise<JobSummary[]> {
  const count = LIMITS.relatedJobsCount;
  const similar = ((await found(api.jobs.related(id)))?.jobs ?? []).filter(belongs);
  if (similar.length >= count) return similar.slice(0, count);
  const more = (await api.jobs.search({ ...newest, sort: 'newest', page: 1, pageSize: count + similar.length + 1 })).jobs;
  const offered = new Set([id, ...similar.map((job) => job.id)]);
  return [...similar, ...more.filter((job) => !offered.has(job.id))].slice(0, count);
}

/** Every page of a search, in order (a career page lists all of its startup's jobs; a host's sitemap every job it lists). */
async function allJobs(api: Api, params: JobSearchParams): Promise<JobSummary[]> {
  const pageSize = LIMITS.jobsPageSizeMax;
  const first = await api.jobs.search({ ...params, pageSize, page: 1 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => api.jobs.search({ ...params, pageSize, page: i + 2 })),
  );
  return [first, ...rest].flatMap((list) => list.jobs);
}

/**
 * The middleware of the other hosts. It reads through `api` (the sdk client on /api in-process, as
 * the site's pages do), so the hosted pages see what /api shows and nothing else: its visibility
 * rules, its queries. What is left here is which of those jobs a feed or a career page lists. A job
 * page answered there counts a view on `views` (surface 'careers', or the feed's 'feed:{id}').
 */
export function hostRouting(api: (request: Request) => Api, config: Pick<Config, 'mainHosts' | 'publicUrl'>, pages: HostPages, views?: JobViewCounter): MiddlewareHandler {
  const html = (c: Context, body: string, status: 200 | 404 | 410 = 200) =>
    c.html(body, status, { 'Cache-Control': status === 200 ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' : 'no-store' });

  // Issue #15: a careers or white-label host lets crawlers read all of it, and names its own sitemap.
  const robots = (c: Context, sitemapUrl: string) =>
    c.body(robotsTxt({ groups: [{ userAgents: ['*'], allow: ['/'] }], sitemaps: [sitemapUrl] }), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600, s-maxage=86400',
    });

  return async (c, next) => {
    const host = requestHost(c);
    if (config.mainHosts.includes(host)) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();

    const url = new URL(c.req.url);
    // Links on this host (its canonical home, sitemap, robots line) and to the main site (canonical
    // job pages): both from configuration, never from the request (issue #32).
    const origin = siteOrigin(config, host);
    const canonicalOrigin = siteOrigin(config);
    const client = api(c.req.raw);
    let owner: HostOwner | undefined;

    try {
      const feed = await found(client.companies.byWhiteLabelDomain(host));
      if (feed) {
        owner = { feed };
        const query = pages.whiteLabelQuery(feed);
        if (url.pathname === paths.whiteLabelHome()) {
          const search = url.searchParams.get('search')?.trim() || undefined;
          // ?page=N as the main search pages (the API checks it); a page it refuses, or past the
          // last, is a bad link: the feed's 404 page below.
          const pageParam = url.searchParams.get('page');
          const page = pageParam === null ? 1 : Number(pageParam);
          const list = await found(client.jobs.search({ ...query, search, page }));
          if (list && (page === 1 || page <= list.pages)) {
            return html(c, pages.renderFeedHome({ feed, query, jobs: list.jobs, total: list.total, page, pages: list.pages, search, origin, canonicalOrigin }));
          }
        }
        const jobId = hostJobId(url.pathname, 'white-label');
        if (jobId) {
          const job = await hostJob(client, jobId);
          if (job === 'gone') {
            const jobs = await similarOnHost(client, jobId, (j) => isJobInFeed(feed.filters, j), query);
            return html(c, pages.renderJobGone({ feed, jobs, canonicalOrigin }), 410);
          }
          if (job && isJobInFeed(feed.filters, job)) {
            const answer = html(c, pages.renderFeedJob({ feed, job, origin, canonicalOrigin }));
            views?.count(c, job.id, { feedDomain: feed.domain });
            return answer;
          }
        }
        if (url.pathname === paths.robots()) return robots(c, origin + paths.whiteLabelSitemap());
        if (url.pathname === paths.whiteLabelSitemap()) {
          // Every job the feed lists, page by page of the search (issue #32: not its first page only).
          const jobs = await allJobs(client, query);
          return c.body(sitemap([{ loc: origin + paths.whiteLabelHome() }, ...jobSitemapEntries(jobs, origin)]), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
        }
        return html(c, pages.renderPageNotFound({ feed, path: url.pathname, canonicalOrigin }), 404);
      }

      const company = await found(client.companies.byDomain(host));
      if (company) {
        owner = { company };
        // A startup's jobs by search, not GET /companies/{key}/jobs: a career page is served for a live
        // startup whether or not its profile is listed on this platform.
        const careerQuery: JobSearchParams = { companyKeys: [company.key], sort: 'newest' };
        const careerJobs = () => allJobs(client, careerQuery);
        if (url.pathname === paths.careersHome()) {
          const filters = { category: url.searchParams.get('category'), location: url.searchParams.get('location') };
          return html(c, pages.renderCareersHome({ company, jobs: await careerJobs(), origin, canonicalOrigin, filters }));
        }
        const jobId = hostJobId(url.pathname, 'careers');
        if (jobId) {
          const job = await hostJob(client, jobId);
          if (job === 'gone') {
            const jobs = await similarOnHost(client, jobId, (j) => isJobOnCareerPage(company, j), careerQuery);
            return html(c, pages.renderJobGone({ company, jobs, canonicalOrigin }), 410);
          }
          if (job && isJobOnCareerPage(company, job)) {
            const answer = html(c, pages.renderCareersJob({ company, job, origin, canonicalOrigin }));
            views?.count(c, job.id, 'careers');
            return answer;
          }
        }
        if (url.pathname === paths.robots()) return robots(c, origin + paths.careersSitemap());
        if (url.pathname === paths.careersSitemap()) {
          const jobs = await careerJobs();
          return c.body(sitemap([{ loc: origin + paths.careersHome() }, ...jobSitemapEntries(jobs, origin)]), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
        }
        return html(c, pages.renderPageNotFound({ company, path: url.pathname, canonicalOrigin }), 404);
      }

      return html(c, pages.renderHostNotFound({ host, canonicalOrigin }), 404);
    } catch (error) {
      // Issue #32: whatever /api answered (or threw), these hosts send a page in their own layout with
      // the status, never the raw JSON of the app's error handler. The API's messages are for people.
      const status = isApiError(error) && error.status >= 400 && error.status <= 599 ? error.status : 500;
      if (!isApiError(error) || status >= 500) console.error(`[server] ${c.req.method} ${url.pathname} on ${host} failed:`, error);
      const body = pages.renderHostError({ status, message: isApiError(error) ? error.message : undefined, retry: url.pathname + url.search, canonicalOrigin, ...owner });
      return c.html(body, status as ContentfulStatusCode, { 'Cache-Control': 'no-store' });
    }
  };
}
