/** Fetches the jobs an options set asks for, through the sdk's fetch-only transport, and applies the filters. */
import { createFetchTransport } from '@nordlys/sdk/api/fetch-transport';
import type { JobArray, JobList, JobSummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { feedQuery } from './feed-query';
import type { Options } from './options';

// Variant switch (style.md 7): a build with NORDLYS_FEED=off drops the search feed.
const FEED = process.env.NORDLYS_FEED !== 'off';

/** Filters a company's list in the browser: the company endpoint takes no query. */
export function filterJobs(jobs: JobSummary[], o: Options): JobSummary[] {
  return jobs
    .filter(
      (job) =>
        (o.remote === undefined || job.isRemote === o.remote) &&
        (!o.country || job.location?.country?.toUpperCase() === o.country) &&
        (!o.categories.length || job.categories.some((c) => o.categories.includes(c))),
    )
    .slice(0, o.limit);
}

/**
 * The paths are the sdk's (companiesApi.jobs, jobsApi.search), called on the transport directly: the
 * resource objects carry every call of their resource, which tree-shaking cannot split (≈ 300 B gzip).
 */
export async function loadJobs(o: Options, origin: string, send: typeof fetch): Promise<JobSummary[]> {
  const http = createFetchTransport({ baseUrl: new URL('/api/', origin), fetch: send });
  if (o.company) return filterJobs((await http.get(`companies/${encodeURIComponent(o.company)}/jobs`).json<JobArray>()).jobs, o);
  if (!FEED) throw new Error('feeds are not part of this build');
  // A white-label feed (named by its domain): its filters, where the widget's options give none.
  const f = feedQuery(o.feed === 'all' ? {} : (await http.get(`companies/white-label-feed-domain/${encodeURIComponent(o.feed!)}`).json<WhiteLabelFeed>()).filters);
  // The query of GET /v2/jobs (sdk JobSearchQuerySchema): lists comma-joined (String of an array), absent values left out.
  const searchParams = new URLSearchParams();
  const categories = (o.categories.length ? o.categories : f.categories).join();
  // The widget's own country replaces the feed's countries.
  const where = o.country ? { countryCode: o.country } : { countryCodes: f.countryCodes, includeRemote: f.includeRemote };
  for (const [key, value] of Object.entries({ ...where, companyKeys: f.companyKeys, isRemote: o.remote, categories, pageSize: o.limit }))
    if (value !== undefined && value !== '') searchParams.set(key, String(value));
  return (await http.get('v2/jobs', { searchParams }).json<JobList>()).jobs.slice(0, o.limit);
}
