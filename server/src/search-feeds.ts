/**
 * Issue #14, "feeds per search": the job search of /jobs as RSS, Atom and JSON Feed, for the filters
 * in the query (the same parameters as /jobs: search, countryCode, city, categories, positionTypes).
 * Newest first, one page of LIMITS.jobsPageSizeMax jobs. Public and cacheable: Cache-Control for
 * shared caches and a strong ETag (a 304 on If-None-Match); the body holds no clock time, so the ETag
 * changes only when the jobs do.
 */
import { Hono, type Context } from 'hono';
import { jobsAtom, jobsJsonFeed, jobsRss } from '@nordlys/feeds';
import { postedAt } from '@nordlys/sdk/dates';
import { LIMITS } from '@nordlys/sdk/constants';
import { paths, ROUTES } from '@nordlys/sdk/routes';
import { JobSearchQuerySchema, type JobSearchQuery } from '@nordlys/sdk/schemas';
import { searchLabel, searchQuery, type SavableSearch } from '@nordlys/sdk/search-history';
import { siteOrigin } from './accounts/origin';
import { now } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { publicRead } from './http/cache';
import { validate } from './http/validate';
import type { AppEnv } from './http/viewer';
import { searchJobs } from './queries/jobs';

type Format = 'rss' | 'atom' | 'json';

const CONTENT_TYPES: Record<Format, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** The search a feed is for: the filters of /jobs, without page or sort (a feed is newest first). */
function feedSearch(query: JobSearchQuery): SavableSearch {
  const search: SavableSearch = {};
  if (query.search) search.search = query.search;
  if (query.countryCode) search.countryCode = query.countryCode;
  else if (query.isRemote) search.countryCode = 'REMOTE';
  if (query.city) search.city = query.city;
  if (query.categories?.length) search.categories = query.categories;
  if (query.positionTypes?.length) search.positionTypes = query.positionTypes;
  return search;
}

export function searchFeedsRouter(db: Db, config: Pick<Config, 'productName' | 'publicUrl'>) {
  const feed = (format: Format) => async (c: Context<AppEnv, string, { out: { query: JobSearchQuery } }>) => {
    const search = feedSearch(c.req.valid('query'));
    const query = searchQuery(search).toString();
    // Links in a feed come from PUBLIC_URL, never from the Host a request came with.
    const origin = siteOrigin(config);
    const { jobs } = await searchJobs(db, { ...search, sort: 'newest', page: 1, pageSize: LIMITS.jobsPageSizeMax }, { now: now() });
    const title = `${config.productName}: ${searchLabel(search)}`;
    const pageUrl = `${origin}${paths.jobs()}${query ? `?${query}` : ''}`;
    const selfUrl = origin + paths.jobsFeed(format, query);
    // The newest job's date (they come newest first), so the document, and its ETag, change only with the jobs.
    const newest = jobs[0] ? new Date(postedAt(jobs[0])) : undefined;
    let body: string;
    if (format === 'rss') {
      body = jobsRss(jobs, { title, link: pageUrl, description: `Startup jobs on ${config.productName}: ${searchLabel(search)}.`, selfUrl, origin, updated: newest });
    } else if (format === 'atom') {
      // An empty feed still needs an `updated`: the start of today keeps it stable all day.
      const today = new Date(now().toISOString().slice(0, 10));
      body = jobsAtom(jobs, { title, id: pageUrl, selfUrl, alternateUrl: pageUrl, origin, updated: newest ?? today });
    } else {
      body = JSON.stringify(jobsJsonFeed(jobs, { title, homePageUrl: pageUrl, feedUrl: selfUrl, origin }));
    }
    return c.body(body, 200, { 'Content-Type': CONTENT_TYPES[format] });
  };
  const query = validate('query', JobSearchQuerySchema);
  // Mounted at the site's root: the paths are the registry's own.
  return new Hono<AppEnv>()
    .get(ROUTES.jobsFeedRss.path, publicRead(), query, feed('rss'))
    .get(ROUTES.jobsFeedAtom.path, publicRead(), query, feed('atom'))
    .get(ROUTES.jobsFeedJson.path, publicRead(), query, feed('json'));
}
