/** Fetches the jobs an options set asks for, filtered and limited by the server, through the sdk's fetch-only transport. */
import { createFetchTransport } from '@nordlys/sdk/api/fetch-transport';
import { jobBrief } from '@nordlys/sdk/jobs';
import { toSearchParams } from '@nordlys/sdk/api/params';
import type { JobBrief, JobBriefArray, JobList, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { feedQuery } from './feed-query';
import type { Options } from './options';

// Variant switch (style.md 7): a build with NORDLYS_FEED=off drops the search feed.
const FEED = process.env.NORDLYS_FEED !== 'off';

/**
 * The paths are the sdk's (companiesApi.jobBriefs, jobsApi.search), called on the transport directly:
 * the resource objects carry every call of their resource, which tree-shaking cannot split (≈ 300 B
 * gzip). Either way the server filters and limits, so the page receives only the jobs it shows: a
 * company's as briefs (sdk JobBriefSchema); a feed's as summaries, cut down to briefs here.
 */
export async function loadJobs(o: Options, origin: string, send: typeof fetch): Promise<JobBrief[]> {
  const http = createFetchTransport({ baseUrl: new URL('/api/', origin), fetch: send });
  const categories = o.categories.join();
  // The query of GET /companies/{key}/job-briefs (sdk JobBriefQuerySchema).
  if (o.company)
    return (
      await http.get(`companies/${encodeURIComponent(o.company)}/job-briefs`, { searchParams: toSearchParams({ countryCode: o.country, categories, isRemote: o.remote, limit: o.limit }) }).json<JobBriefArray>()
    ).jobs;
  if (!FEED) throw new Error('feeds are not part of this build');
  // A white-label feed (named by its domain): its filters, where the widget's options give none.
  const f = feedQuery(o.feed === 'all' ? {} : (await http.get(`companies/white-label-feed-domain/${encodeURIComponent(o.feed!)}`).json<WhiteLabelFeed>()).filters);
  // The widget's own country replaces the feed's countries.
  const where = o.country ? { countryCode: o.country } : { countryCodes: f.countryCodes, includeRemote: f.includeRemote };
  // The query of GET /v2/jobs (sdk JobSearchQuerySchema).
  const searchParams = toSearchParams({ ...where, companyKeys: f.companyKeys, isRemote: o.remote, categories: categories || f.categories, pageSize: o.limit });
  return (await http.get('v2/jobs', { searchParams }).json<JobList>()).jobs.slice(0, o.limit).map(jobBrief);
}
