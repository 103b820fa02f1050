/**
 * A job search as spec 3's search key and filters, its /jobs query and its label: the pure part of the
 * search history (search-history.ts), apart from the stored entries' checks, so the search pages load
 * it without valibot.
 */
import { countryName, REMOTE } from './constants';
import type { JobSearchParams } from './schemas/job';
import type { SavedSearchFilters, SearchKey } from './schemas/searches';

/**
 * spec 3: the identity of a search, the JSON of {search, location, countryCode} in that order.
 * Values are trimmed and empty ones left out, so 'design ' and 'design' are one search.
 * @example searchKey({ countryCode: 'SE', search: 'design' }) // '{"search":"design","countryCode":"SE"}'
 */
export function searchKey(query: SearchKey): string {
  const part = (value: string | undefined) => value?.trim() || undefined;
  return JSON.stringify({ search: part(query.search), location: part(query.location), countryCode: part(query.countryCode) });
}

/** spec 5: a search is saved only if it has search text or a location (a country code alone is not enough). */
export function isSearchSavable(query: Pick<SearchKey, 'search' | 'location'>): boolean {
  return Boolean(query.search?.trim() || query.location?.trim());
}

/** The part of a job search that a saved or remembered search keeps (no page). */
export type SavableSearch = Pick<JobSearchParams, 'search' | 'countryCode' | 'city' | 'categories' | 'positionTypes' | 'sort'>;

/**
 * A job search as a search history item's parts (spec 3): the key (search, the city as location,
 * countryCode) and the filters beside it (categories, position types, sort).
 * @example splitSearch({ search: 'frontend', countryCode: 'DK', categories: ['frontend'] })
 * // { query: { search: 'frontend', countryCode: 'DK' }, key: '{"search":"frontend","countryCode":"DK"}', filters: { categories: ['frontend'] } }
 */
export function splitSearch(search: SavableSearch): { query: SearchKey; key: string; filters: SavedSearchFilters } {
  const query: SearchKey = { search: search.search, location: search.city, countryCode: search.countryCode };
  const filters: SavedSearchFilters = {};
  if (search.categories?.length) filters.categories = [...search.categories];
  if (search.positionTypes?.length) filters.positionTypes = [...search.positionTypes];
  if (search.sort) filters.sort = search.sort;
  return { query, key: searchKey(query), filters };
}

/**
 * The query of /jobs (and of its feeds) for a search: fixed key order, lists as repeated keys, empty
 * values left out, so one search has one URL.
 * @example searchQuery({ search: 'react', categories: ['backend', 'frontend'] }).toString() // 'search=react&categories=backend&categories=frontend'
 */
export function searchQuery(search: SavableSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.search) params.set('search', search.search);
  if (search.countryCode) params.set('countryCode', search.countryCode);
  if (search.city) params.set('city', search.city);
  for (const c of search.categories ?? []) params.append('categories', c);
  for (const p of search.positionTypes ?? []) params.append('positionTypes', p);
  if (search.sort) params.set('sort', search.sort);
  return params;
}

/**
 * A short name of a search for chips, lists and feed titles: its text, city and country, and how
 * many more filters it has.
 * @example searchLabel({ search: 'frontend', countryCode: 'DK', categories: ['frontend'] }) // 'frontend · Denmark · 1 filter'
 */
export function searchLabel(search: SavableSearch): string {
  const country = search.countryCode === REMOTE ? 'Remote' : countryName(search.countryCode);
  const more = (search.categories?.length ?? 0) + (search.positionTypes?.length ?? 0);
  const parts = [search.search, search.city, country, more ? `${more} filter${more === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' · ') || 'All jobs';
}
