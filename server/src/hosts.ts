/**
 * Host routing (spec 2.5): main hosts serve the site; a white-label host serves only the feed's
 * pages and a careers host only the career pages, both with their route prefix stripped
 * ('/whiteLabelFeed/jobs/7' is '/jobs/7' there); any other host gets a clear 404.
 */
import type { Context, MiddlewareHandler } from 'hono';
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

/** The server-rendered career and white-label pages (embed/src/pages). */
export interface HostPages {
  renderCareersHome(input: { company: Company; jobs: JobSummary[]; origin: string; canonicalOrigin: string }): string;
  renderCareersJob(input: { company: Company; job: Job; origin: string; canonicalOrigin: string }): string;
  /** A feed's filters as a job search (embed/src/pages): the one rule the page's own search-as-you-type follows. */
  whiteLabelQuery(feed: WhiteLabelFeed): JobSearchParams;
  renderFeedHome(input: {
    feed: WhiteLabelFeed;
    query?: JobSearchParams;
    jobs: JobSummary[];
    total: number;
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
  renderPageNotFound(input: { path?: string; canonicalOrigin: string } & ({ company: CompanyRef } | { feed: WhiteLabelFeed })): string;
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

/** Every page of a search, in order (a career page lists all of its startup's jobs). */
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
  const html = (c: Context, body: string, status: 200 | 404 = 200) =>
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

    const feed = await found(client.companies.byWhiteLabelDomain(host));
    if (feed) {
      if (url.pathname === paths.whiteLabelHome()) {
        const search = url.searchParams.get('search')?.trim() || undefined;
        const query = pages.whiteLabelQuery(feed);
        // A search the API refuses (control characters, too long) is a bad link: the feed's 404 page below.
        const list = await found(client.jobs.search({ ...query, search }));
        if (list) return html(c, pages.renderFeedHome({ feed, query, jobs: list.jobs, total: list.total, search, origin, canonicalOrigin }));
      }
      const jobId = hostJobId(url.pathname, 'white-label');
      if (jobId) {
        const job = await found(client.jobs.get(jobId));
        if (job && isJobInFeed(feed.filters, job)) {
          const answer = html(c, pages.renderFeedJob({ feed, job, origin, canonicalOrigin }));
          views?.count(c, job.id, { feedDomain: feed.domain });
          return answer;
        }
      }
      if (url.pathname === paths.robots()) return robots(c, origin + paths.whiteLabelSitemap());
      if (url.pathname === paths.whiteLabelSitemap()) {
        const list = await client.jobs.search({ ...pages.whiteLabelQuery(feed), pageSize: LIMITS.jobsPageSizeMax });
        return c.body(sitemap([{ loc: origin + paths.whiteLabelHome() }, ...jobSitemapEntries(list.jobs, origin)]), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
      }
      return html(c, pages.renderPageNotFound({ feed, path: url.pathname, canonicalOrigin }), 404);
    }

    const company = await found(client.companies.byDomain(host));
    if (company) {
      // A startup's jobs by search, not GET /companies/{key}/jobs: a career page is served for a live
      // startup whether or not its profile is listed on this platform.
      const careerJobs = () => allJobs(client, { companyKeys: [company.key], sort: 'newest' });
      if (url.pathname === paths.careersHome()) {
        return html(c, pages.renderCareersHome({ company, jobs: await careerJobs(), origin, canonicalOrigin }));
      }
      const jobId = hostJobId(url.pathname, 'careers');
      if (jobId) {
        const job = await found(client.jobs.get(jobId));
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
  };
}
