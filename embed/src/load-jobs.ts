/** Fetches the jobs an options set asks for, through the sdk's fetch-only transport, and applies the filters. */
import { companiesApi } from '@nordlys/sdk/api/companies';
import { createFetchTransport } from '@nordlys/sdk/api/fetch-transport';
import { jobsApi } from '@nordlys/sdk/api/jobs';
import type { JobSummary } from '@nordlys/sdk/schemas';
import type { Options } from './options';

// Variant switch (style.md 7): a build with NORDLYS_FEED=off drops the search feed and jobsApi.
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

export async function loadJobs(o: Options, origin: string, send: typeof fetch): Promise<JobSummary[]> {
  const http = createFetchTransport({ baseUrl: new URL('/api/', origin), fetch: send });
  if (o.company) return filterJobs((await companiesApi(http).jobs(o.company)).jobs, o);
  if (!FEED) throw new Error('feeds are not part of this build');
  const list = await jobsApi(http).search({
    countryCode: o.country,
    isRemote: o.remote,
    categories: o.categories.length ? (o.categories as never) : undefined,
    pageSize: o.limit,
  });
  return list.jobs.slice(0, o.limit);
}
