/**
 * The recent job searches kept in local storage for 30 days (spec 9), newest first, one per search key,
 * and a stored search read back with the job search's rules. The pure part (keys, queries, labels) is
 * search-query.ts, named here too.
 */
import * as v from 'valibot';
import { LIMITS } from './constants';
import { parseSearchKey, SavedSearchFiltersSchema, SaveSearchPayloadSchema, type SearchKey } from './schemas/searches';
import { isSearchSavable, searchKey, type SavableSearch } from './search-query';

export { parseSearchKey };
export { searchKey, splitSearch, searchQuery, searchLabel, type SavableSearch } from './search-query';

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
