/** The recent job searches kept in local storage for 30 days (spec 9), newest first, one per search key. */
import * as v from 'valibot';
import { LIMITS } from './constants';
import { SaveSearchPayloadSchema, type SearchKey } from './schemas/searches';
import { isSearchSavable } from './validation';

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
