/** The loader work shared by the job search pages: one call, featured jobs on the unfiltered first page. */
import type { Api } from '@nordlys/sdk/api';
import { LIMITS } from '@nordlys/sdk/constants';
import type { JobList, JobSummary } from '@nordlys/sdk/schemas';
import { hasActiveFilters, type JobFilters } from './jobFilters';
import { orRouteError } from './routeErrors';

export interface JobSearchData {
  filters: JobFilters;
  result: JobList;
  featured: JobSummary[];
}

export async function searchJobs(api: Api, filters: JobFilters, { withFeatured = false } = {}): Promise<JobSearchData> {
  const params = { ...filters, pageSize: LIMITS.jobsPageSize };
  if (withFeatured && !hasActiveFilters(filters) && !filters.page) {
    const answer = await orRouteError(api.jobs.searchWithFeatured(params));
    // spec 9: featured jobs are shown in reversed order.
    return { filters, result: answer.jobs, featured: [...answer.featuredJobs].reverse() };
  }
  return { filters, result: await orRouteError(api.jobs.search(params)), featured: [] };
}
