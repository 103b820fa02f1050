/**
 * Issue #14: the signed-in user's pinned searches (spec 4) with their "N new" counts, for the chips on
 * /jobs and the Saved searches panel. Loaded in the browser only (the server's HTML and the first client
 * render show none, so hydration agrees), again when the user changes; counts come in one
 * jobs/count/bulk call per LIMITS.countBulkMax searches. Unpinning deletes at once and a failed delete
 * is ignored (spec 8); opening a search moves its `since` to now (PATCH job-search/{id}).
 */
import type { Api } from '@nordlys/sdk/api';
import { LIMITS } from '@nordlys/sdk/constants';
import { paths } from '@nordlys/sdk/routes';
import type { SearchHistoryItem } from '@nordlys/sdk/schemas';
import { joinSearch, searchLabel, splitSearch, type SavableSearch } from '@nordlys/sdk/search-history';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../components/form/errors';
import { useApi } from '../modals/useApi';
import { useSession } from '../session/SessionProvider';
import { jobFiltersHref } from './jobFilters';

export interface PinnedSearch {
  id: SearchHistoryItem['id'];
  key: string;
  since: string;
  search: SavableSearch;
  /** The chip's text (sdk searchLabel). */
  label: string;
  /** The search on /jobs. */
  href: string;
  /** New jobs since `since`; null while counting or when counting failed. */
  count: number | null;
}

export type PinnedStatus = 'visitor' | 'loading' | 'ready' | 'failed';

export interface PinnedSearches {
  status: PinnedStatus;
  searches: PinnedSearch[];
  /** The pinned search with this search's key, if any. */
  find(search: SavableSearch): PinnedSearch | undefined;
  /** Pins a search; resolves to an error message, or null when it is pinned. */
  pin(search: SavableSearch): Promise<string | null>;
  /** Unpins (deletes) at once; a failed delete is ignored (spec 8). */
  unpin(id: PinnedSearch['id']): void;
  /** The user opens the search: its since becomes now and it has nothing new. */
  open(id: PinnedSearch['id']): void;
  reload(): void;
}

/** "2,000+" at the count cap, else the number in the user's locale. */
export function newCountText(count: number): string {
  return count >= LIMITS.searchCountCap ? `${LIMITS.searchCountCap.toLocaleString('en')}+` : count.toLocaleString('en');
}

function toPinned(item: SearchHistoryItem, count: number | null = null): PinnedSearch | null {
  const search = joinSearch(item.key, item.filters);
  if (!search) return null;
  return { id: item.id, key: item.key, since: item.since, search, label: searchLabel(search), href: jobFiltersHref(paths.jobs(), search), count };
}

async function countAll(api: Api, searches: readonly PinnedSearch[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < searches.length; i += LIMITS.countBulkMax) {
    const chunk = searches.slice(i, i + LIMITS.countBulkMax);
    const { result } = await api.searches.countBulk({ items: chunk.map((s) => ({ key: s.key, filters: splitSearch(s.search).filters, since: s.since })) });
    for (const r of result) counts.set(r.key, r.count);
  }
  return counts;
}

export function usePinnedSearches(): PinnedSearches {
  const { user } = useSession();
  const api = useApi();
  const userId = user?.id ?? null;
  // Signed in, the list is on its way from the first render (the server's too), so nothing toggles blind.
  const [status, setStatus] = useState<PinnedStatus>(userId === null ? 'visitor' : 'loading');
  const [searches, setSearches] = useState<PinnedSearch[]>([]);
  /** Only the latest load's answer is used. */
  const loads = useRef(0);

  const load = useCallback(() => {
    const load = ++loads.current;
    if (userId === null) {
      setStatus('visitor');
      setSearches([]);
      return;
    }
    setStatus('loading');
    void (async () => {
      let list: PinnedSearch[];
      try {
        list = (await api.searches.list()).searches.flatMap((item) => toPinned(item) ?? []);
      } catch {
        if (load === loads.current) setStatus('failed');
        return;
      }
      if (load !== loads.current) return;
      setSearches(list);
      setStatus('ready');
      if (!list.length) return;
      try {
        const counts = await countAll(api, list);
        if (load !== loads.current) return;
        // Counted from the since each search had when asked: one opened meanwhile keeps its 0.
        setSearches((now) => now.map((s) => (s.count === null && list.some((l) => l.id === s.id && l.since === s.since) ? { ...s, count: counts.get(s.key) ?? null } : s)));
      } catch {
        // The chips show without counts.
      }
    })();
  }, [api, userId]);

  useEffect(load, [load]);

  const find = useCallback((search: SavableSearch) => {
    const { key } = splitSearch(search);
    return searches.find((s) => s.key === key);
  }, [searches]);

  const pin = useCallback(
    async (search: SavableSearch) => {
      const { key, filters } = splitSearch(search);
      try {
        const item = await api.searches.save({ key, filters, since: new Date().toISOString() });
        const pinned = toPinned(item, 0);
        if (pinned) setSearches((now) => [pinned, ...now.filter((s) => s.id !== pinned.id && s.key !== pinned.key)]);
        return null;
      } catch (error) {
        return failureMessage(error, 'The search could not be saved. Please try again.');
      }
    },
    [api],
  );

  const unpin = useCallback(
    (id: PinnedSearch['id']) => {
      setSearches((now) => now.filter((s) => s.id !== id));
      // spec 8: the sdk ignores a failed delete of a pinned search.
      void api.searches.remove(id);
    },
    [api],
  );

  const open = useCallback(
    (id: PinnedSearch['id']) => {
      const since = new Date().toISOString();
      setSearches((now) => now.map((s) => (s.id === id ? { ...s, since, count: 0 } : s)));
      // Seen now; should the update fail, the count simply shows again next time.
      api.searches.update(id, { since }).catch(() => {});
    },
    [api],
  );

  return { status, searches, find, pin, unpin, open, reload: load };
}
