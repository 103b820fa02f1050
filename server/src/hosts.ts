/**
 * Host routing (spec 2.5): main hosts serve the site; a white-label host serves only the feed's
 * pages and a careers host only the career pages, both with their route prefix stripped
 * ('/whiteLabelFeed/jobs/7' is '/jobs/7' there); any other host gets a clear 404.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Company, CompanyRef, Job, JobSearchParams, JobSummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { jobSitemapEntries, sitemap } from '@nordlys/feeds';
import type { Config } from './config';
import type { Db } from './db/client';
import { getCompanyByCareersDomain, getWhiteLabelFeed } from './queries/companies';
import { companyJobs, getJob, isJobPublic, searchJobs } from './queries/jobs';

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
    jobs: JobSummary[];
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

const JOB_PATH = /^\/jobs\/(\d{1,10})\/?$/;


/** Whether a job belongs in a feed: its country among the feed's (remote jobs when the feed includes them). */
function inFeed(feed: WhiteLabelFeed, job: Job): boolean {
  const { countryCodes: countries, companyKeys } = feed.filters;
  if (companyKeys?.length && !companyKeys.includes(job.company.key)) return false;
  if (!countries?.length) return true;
  return (job.location?.country != null && countries.includes(job.location.country)) || (!!feed.filters.includeRemote && job.isRemote);
}

export function hostRouting(db: Db, config: Pick<Config, 'mainHosts' | 'publicUrl'>, pages: HostPages): MiddlewareHandler {
  const html = (c: Context, body: string, status: 200 | 404 = 200) =>
    c.html(body, status, { 'Cache-Control': status === 200 ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' : 'no-store' });

  return async (c, next) => {
    const host = requestHost(c);
    if (config.mainHosts.includes(host)) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();

    const url = new URL(c.req.url);
    const origin = url.origin;
    // Links from these pages to the main site (canonical job pages) need the main origin.
    const canonicalOrigin = config.publicUrl ?? `${url.protocol}//${config.mainHosts[0] ?? 'localhost'}${url.port ? `:${url.port}` : ''}`;
    const jobId = url.pathname.match(JOB_PATH)?.[1];

    const feed = await getWhiteLabelFeed(db, host);
    if (feed) {
      if (url.pathname === '/') {
        const search = url.searchParams.get('search')?.trim().slice(0, 200) || undefined;
        const query = pages.whiteLabelQuery(feed);
        const list = await searchJobs(db, { ...query, search });
        return html(c, pages.renderFeedHome({ feed, query, jobs: list.jobs, total: list.total, search, origin, canonicalOrigin }));
      }
      if (jobId) {
        const job = await getJob(db, Number(jobId));
        if (job && isJobPublic(job) && inFeed(feed, job)) {
          return html(c, pages.renderFeedJob({ feed, job, origin, canonicalOrigin }));
        }
      }
      if (url.pathname === '/sitemap.xml') {
        const list = await searchJobs(db, { ...pages.whiteLabelQuery(feed), pageSize: 50 });
        return c.body(sitemap([{ loc: `${origin}/` }, ...jobSitemapEntries(list.jobs, origin)]), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
      }
      return html(c, pages.renderPageNotFound({ feed, path: url.pathname, canonicalOrigin }), 404);
    }

    const company = await getCompanyByCareersDomain(db, host);
    if (company) {
      if (url.pathname === '/') {
        return html(c, pages.renderCareersHome({ company, jobs: await companyJobs(db, company.id), origin, canonicalOrigin }));
      }
      if (jobId) {
        const job = await getJob(db, Number(jobId));
        if (job && isJobPublic(job) && job.company.key === company.key) {
          return html(c, pages.renderCareersJob({ company, job, origin, canonicalOrigin }));
        }
      }
      if (url.pathname === '/sitemap.xml') {
        const jobs = await companyJobs(db, company.id);
        return c.body(sitemap([{ loc: `${origin}/` }, ...jobSitemapEntries(jobs, origin)]), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
      }
      return html(c, pages.renderPageNotFound({ company, path: url.pathname, canonicalOrigin }), 404);
    }

    return html(c, pages.renderHostNotFound({ host, canonicalOrigin }), 404);
  };
}
