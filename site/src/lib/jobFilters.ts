/** The job search filters ↔ the URL query, so links, the no-JS form and the back button agree (ui.md, filters). */
import {
  CATEGORY_VALUES,
  JOB_SORT_VALUES,
  POSITION_TYPE_VALUES,
  REMOTE,
  type CategoryValue,
  type JobSort,
  type PositionType,
} from '@nordlys/sdk/constants';
import type { JobSearchParams } from '@nordlys/sdk/schemas';
import { searchQuery } from '@nordlys/sdk/search-history';

/** The part of the sdk's search the URL carries; `countryCode` may be REMOTE. */
export type JobFilters = Pick<
  JobSearchParams,
  'search' | 'countryCode' | 'city' | 'categories' | 'positionTypes' | 'sort' | 'page'
>;

const SEARCH_MAX = 200;
const CITY_MAX = 100;
const PAGE_MAX = 10_000;

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return trimmed ? trimmed : undefined;
}

/** Reads a list given as repeated keys (`?a=x&a=y`, what a form sends) or comma-joined (`?a=x,y`). */
function list<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] | undefined {
  const wanted = new Set(
    params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim()),
  );
  // Keep the vocabulary's order so one set of filters has one URL.
  const values = allowed.filter((v) => wanted.has(v));
  return values.length ? values : undefined;
}

function countryCode(params: URLSearchParams): string | undefined {
  const raw = params.get('countryCode')?.trim().toUpperCase();
  if (raw && (raw === REMOTE || /^[A-Z]{2}$/.test(raw))) return raw;
  // spec 5: a remote choice may also arrive as isRemote.
  const remote = params.get('isRemote');
  if (remote === 'true' || remote === '1') return REMOTE;
  return undefined;
}

function page(params: URLSearchParams): number | undefined {
  const raw = params.get('page');
  if (!raw || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 1 ? Math.min(n, PAGE_MAX) : undefined;
}

/**
 * Parses the query of /jobs into sdk search params, dropping what the API would reject
 * (unknown categories, a bad page) so a hand-edited URL still shows results.
 * @example parseJobFilters(new URLSearchParams('search=react&categories=frontend,backend&page=2'))
 * // { search: 'react', categories: ['backend', 'frontend'], page: 2 }
 */
export function parseJobFilters(params: URLSearchParams): JobFilters {
  const filters: JobFilters = {};
  const search = text(params.get('search'), SEARCH_MAX);
  if (search) filters.search = search;
  const country = countryCode(params);
  if (country) filters.countryCode = country;
  const city = text(params.get('city'), CITY_MAX);
  if (city) filters.city = city;
  const categories = list<CategoryValue>(params, 'categories', CATEGORY_VALUES);
  if (categories) filters.categories = categories;
  const positionTypes = list<PositionType>(params, 'positionTypes', POSITION_TYPE_VALUES);
  if (positionTypes) filters.positionTypes = positionTypes;
  const sort = params.get('sort');
  if (sort && (JOB_SORT_VALUES as readonly string[]).includes(sort)) filters.sort = sort as JobSort;
  const p = page(params);
  if (p) filters.page = p;
  return filters;
}

/**
 * Writes filters back as the query the search form would send: fixed key order, lists as
 * repeated keys, page 1 and empty values left out.
 */
export function jobFiltersToParams(filters: JobFilters): URLSearchParams {
  // The search's own query is the sdk's (saved searches and feeds write the same one); paging is the page's.
  const params = searchQuery(filters);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A link to `pathname` with the filters, e.g. a paging link that keeps the other filters. */
export function jobFiltersHref(pathname: string, filters: JobFilters, changes: Partial<JobFilters> = {}): string {
  const query = jobFiltersToParams({ ...filters, ...changes }).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** True when any filter other than sort and page narrows the search (the empty state offers to clear them). */
export function hasActiveFilters(filters: JobFilters): boolean {
  return Boolean(
    filters.search || filters.countryCode || filters.city || filters.categories?.length || filters.positionTypes?.length,
  );
}
