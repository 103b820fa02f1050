/** The recent job searches kept in local storage for 30 days (spec 9), newest first, one per search key. */
import * as v from 'valibot';
import { countryName, LIMITS, REMOTE } from './constants';
import type { JobSearchParams } from './schemas/job';
import { parseSearchKey, SavedSearchFiltersSchema, SaveSearchPayloadSchema, type SavedSearchFilters, type SearchKey } from './schemas/searches';
import { isSearchSavable } from './validation';

export { parseSearchKey };

/** The local-storage key the history lives under. */
export const SEARCH_HISTORY_STORAGE_KEY = 'nordlys.search-history';

/** The part of the Web Storage API the history uses; `window.localStorage` fits. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * One remembered search: its key, the other filters, and when it was run. It has the shape of the
 * job-search payload (spec 7), so pinning an entry posts it as it is.
 */
export interface SearchHistoryEntry {
  /** {@link searchKey} of the search. */
  key: string;
  filters: Record<string, unknown>;
  /** When the search was last run (ISO 8601); it expires 30 days later. */
  since: string;
}

/**
 * spec 3: the identity of a search, the JSON of {search, location, countryCode} in that order.
 * Values are trimmed and empty ones left out, so 'design ' and 'design' are one search.
 * @example searchKey({ countryCode: 'SE', search: 'design' }) // '{"search":"design","countryCode":"SE"}'
 */
export function searchKey(query: SearchKey): string {
  const part = (value: string | undefined) => value?.trim() || undefined;
  return JSON.stringify({ search: part(query.search), location: part(query.location), countryCode: part(query.countryCode) });
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
 * The job search of a saved or remembered search (the inverse of {@link splitSearch}), or null when
 * its key is not a search key. Filters the job search would refuse are left out.
 * @example joinSearch('{"search":"frontend","countryCode":"DK"}', { categories: ['frontend'] })
 * // { search: 'frontend', countryCode: 'DK', categories: ['frontend'] }
 */
export function joinSearch(key: string, filters: Record<string, unknown>): SavableSearch | null {
  const parts = parseSearchKey(key);
  if (!parts) return null;
  const read = v.safeParse(SavedSearchFiltersSchema, filters);
  const rest = read.success ? read.output : {};
  const search: SavableSearch = {};
  if (parts.search) search.search = parts.search;
  if (parts.countryCode) search.countryCode = parts.countryCode;
  if (parts.location) search.city = parts.location;
  if (rest.categories?.length) search.categories = rest.categories;
  if (rest.positionTypes?.length) search.positionTypes = rest.positionTypes;
  if (rest.sort) search.sort = rest.sort;
  return search;
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

export interface SearchHistory {
  /**
   * Records a search as the newest entry, replacing an older one with the same key. Returns false,
   * recording nothing, when the search has neither search text nor a location (spec 5).
   */
  add(query: SearchKey, filters?: Record<string, unknown>): boolean;
  /** The entries younger than 30 days, newest first. */
  list(): SearchHistoryEntry[];
  clear(): void;
}

const ageLimitMs = LIMITS.searchHistorySeconds * 1000;

/**
 * spec 9: search history in local storage for 30 days (2,592,000 s), newest first, duplicates by
 * key removed. Unreadable or corrupt storage reads as an empty history and a failed write
 * (quota, private mode) is dropped: the history is a convenience, never an error.
 */
export function createSearchHistory(
  storage: KeyValueStorage,
  { now = () => new Date(), storageKey = SEARCH_HISTORY_STORAGE_KEY }: { now?: () => Date; storageKey?: string } = {},
): SearchHistory {
  const read = (): SearchHistoryEntry[] => {
    let stored: unknown;
    try {
      stored = JSON.parse(storage.getItem(storageKey) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(stored)) return [];
    return stored.filter((item): item is SearchHistoryEntry => v.is(SaveSearchPayloadSchema, item));
  };
  const write = (entries: SearchHistoryEntry[]) => {
    try {
      storage.setItem(storageKey, JSON.stringify(entries));
    } catch {
      // Storage full or disabled: keep going without history.
    }
  };
  const current = (entries: SearchHistoryEntry[]): SearchHistoryEntry[] => {
    const at = now().getTime();
    const seen = new Set<string>();
    return entries
      .filter((entry) => at - Date.parse(entry.since) < ageLimitMs)
      .sort((a, b) => Date.parse(b.since) - Date.parse(a.since))
      .filter((entry) => !seen.has(entry.key) && Boolean(seen.add(entry.key)));
  };

  return {
    add(query, filters = {}) {
      if (!isSearchSavable(query)) return false;
      const entry: SearchHistoryEntry = { key: searchKey(query), filters, since: now().toISOString() };
      write(current([entry, ...read().filter((e) => e.key !== entry.key)]));
      return true;
    },
    list: () => current(read()),
    clear() {
      try {
        storage.removeItem(storageKey);
      } catch {
        // Nothing stored that we can reach.
      }
    },
  };
}
