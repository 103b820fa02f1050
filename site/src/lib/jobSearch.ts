/** The loader work shared by the job search pages: one call, featured jobs on the unfiltered first page. */
import type { Api } from '@nordlys/sdk/api';
import { LIMITS } from '@nordlys/sdk/constants';
import { paths } from '@nordlys/sdk/routes';
import type { JobList, JobSummary } from '@nordlys/sdk/schemas';
import { searchLabel, searchQuery } from '@nordlys/sdk/search-query';
import type { AlternateLink } from '../meta';
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

/** One feed of a search (issue #14): the link the page shows and the `<link rel="alternate">` in its head. */
export interface SearchFeed {
  format: 'rss' | 'atom' | 'json';
  /** The link's text. */
  name: string;
  type: string;
  href: string;
}

/**
 * The RSS, Atom and JSON Feed of a search: the same filters (sdk searchQuery), newest first, so without
 * sort and page.
 * @example searchFeeds({ search: 'react', page: 2 })[0].href // '/jobs/feed.rss?search=react'
 */
export function searchFeeds(filters: JobFilters): SearchFeed[] {
  const { sort: _sort, page: _page, ...search } = filters;
  const query = searchQuery(search).toString();
  return [
    { format: 'rss', name: 'RSS', type: 'application/rss+xml', href: paths.jobsFeed('rss', query) },
    { format: 'atom', name: 'Atom', type: 'application/atom+xml', href: paths.jobsFeed('atom', query) },
    { format: 'json', name: 'JSON Feed', type: 'application/feed+json', href: paths.jobsFeed('json', query) },
  ];
}

/** The head's alternates of a search page: its feeds, titled with the search (sdk searchLabel). */
export function searchFeedAlternates(filters: JobFilters): AlternateLink[] {
  const { sort: _sort, page: _page, ...search } = filters;
  const label = searchLabel(search);
  return searchFeeds(filters).map((feed) => ({ type: feed.type, title: `${feed.name}: ${label}`, href: feed.href }));
}
