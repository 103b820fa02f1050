/**
 * Issue #14: "Recent searches" (spec 9's search history, sdk search-history.ts) in this browser's local
 * storage, with or without an account. Read after hydration only (the server has no local storage),
 * so the first client render matches the server's HTML.
 */
import { paths } from '@nordlys/sdk/routes';
import { createSearchHistory, joinSearch, searchLabel, splitSearch, type KeyValueStorage, type SavableSearch } from '@nordlys/sdk/search-history';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { jobFiltersHref } from './jobFilters';

export interface RecentSearch {
  key: string;
  label: string;
  href: string;
  /** When it was last run (ISO 8601). */
  since: string;
}

export interface RecentSearches {
  searches: RecentSearch[];
  clear(): void;
}

/** window.localStorage, reached on each call: merely reading the property throws where storage is blocked. */
const browserStorage: KeyValueStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
  removeItem: (key) => window.localStorage.removeItem(key),
};

/**
 * The recent searches, newest first. `current` is the search the page shows: recorded as the newest
 * when it has search text or a location (spec 5), so it is listed from the next page on.
 */
export function useRecentSearches(current: SavableSearch | null, storage: KeyValueStorage = browserStorage): RecentSearches {
  const history = useMemo(() => createSearchHistory(storage), [storage]);
  const [searches, setSearches] = useState<RecentSearch[]>([]);
  const split = current ? splitSearch(current) : null;
  const currentId = split ? JSON.stringify([split.key, split.filters]) : '';

  useEffect(() => {
    if (split) history.add(split.query, split.filters);
    setSearches(
      history.list().flatMap((entry) => {
        const search = joinSearch(entry.key, entry.filters);
        return search ? [{ key: entry.key, label: searchLabel(search), href: jobFiltersHref(paths.jobs(), search), since: entry.since }] : [];
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per search
  }, [history, currentId]);

  const clear = useCallback(() => {
    history.clear();
    setSearches([]);
  }, [history]);

  return { searches, clear };
}
