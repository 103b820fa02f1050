/**
 * Saved (pinned) job searches of spec 3 and 4 (issue #14): a user's searches, one per search key, and
 * how many new jobs each finds. The counting is the job search's own (queries/jobs.ts countJobsSince).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { LIMITS } from '@nordlys/sdk/constants';
import type { SavedSearchFilters, SearchHistoryItem } from '@nordlys/sdk/schemas';
import { joinSearch, searchKey } from '@nordlys/sdk/search-history';
import type { Db } from '../db/client';
import { savedSearches, users } from '../db/schema';
import { countJobsSince } from './jobs';

type Row = typeof savedSearches.$inferSelect;

const toItem = (row: Row): SearchHistoryItem => ({
  id: row.id,
  key: row.key,
  filters: row.filters,
  pinned: row.pinned,
  since: row.since.toISOString(),
});

/** GET job-search: the user's pinned searches, newest first. */
export async function listSavedSearches(db: Db, userId: number): Promise<SearchHistoryItem[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toItem);
}

export type PinOutcome =
  | { kind: 'created' | 'existing'; item: SearchHistoryItem }
  /** The user has LIMITS.pinnedSearchesMax searches already. */
  | { kind: 'full' };

/**
 * POST job-search (spec 4, pinning): stores a search for the user, once per search key. A key the user
 * pinned before answers the stored search as it is. The key is stored in its canonical spelling
 * (sdk searchKey), so `{"countryCode":"DK","search":"x"}` and `{"search":"x","countryCode":"DK"}` are
 * one search. The caller has validated the payload (sdk SaveSearchPayloadSchema).
 */
export async function pinSearch(
  db: Db,
  userId: number,
  search: { key: string; filters: SavedSearchFilters; since: Date },
  { max = LIMITS.pinnedSearchesMax }: { max?: number } = {},
): Promise<PinOutcome> {
  const joined = joinSearch(search.key, search.filters);
  if (!joined) throw new TypeError('pinSearch: the key is not a search key (validate with SaveSearchPayloadSchema first)');
  const key = searchKey({ search: joined.search, location: joined.city, countryCode: joined.countryCode });
  return db.transaction(async (tx) => {
    // One pin at a time per user, so two at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select().from(savedSearches).where(and(eq(savedSearches.userId, userId), eq(savedSearches.key, key)));
    if (existing) return { kind: 'existing', item: toItem(existing) };
    const [held] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((held?.n ?? 0) >= max) return { kind: 'full' };
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, key, filters: search.filters, pinned: true, since: search.since })
      .returning();
    return { kind: 'created', item: toItem(row!) };
  });
}

/** PATCH job-search/{id}: a new since or new filters on one of the user's searches; null when it is not theirs. */
export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: number,
  changes: { since?: Date; filters?: SavedSearchFilters },
): Promise<SearchHistoryItem | null> {
  const own = and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));
  if (changes.since === undefined && changes.filters === undefined) {
    const [row] = await db.select().from(savedSearches).where(own);
    return row ? toItem(row) : null;
  }
  const [row] = await db
    .update(savedSearches)
    .set({ ...(changes.since ? { since: changes.since } : {}), ...(changes.filters ? { filters: changes.filters } : {}) })
    .where(own)
    .returning();
  return row ? toItem(row) : null;
}

/** DELETE job-search/{id} (spec 4: unpinning deletes): true when one of the user's searches went. */
export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return gone.length > 0;
}

/** How many searches run at once: a few, so one call does not take the whole pool. */
const COUNT_CONCURRENCY = 4;

/**
 * POST jobs/count/bulk: for each search, the public jobs it finds that were posted after its `since`
 * (up to LIMITS.searchCountCap), in the order given, each with its key as sent. Equal searches are
 * counted once.
 */
export async function countNewJobs(
  db: Db,
  items: readonly { key: string; filters: Record<string, unknown>; since: Date }[],
  now = new Date(),
): Promise<{ key: string; count: number }[]> {
  const distinct = new Map<string, { key: string; filters: Record<string, unknown>; since: Date }>();
  const idOf = (item: (typeof items)[number]) => JSON.stringify([item.key, item.filters, item.since.toISOString()]);
  for (const item of items) distinct.set(idOf(item), item);
  const counts = new Map<string, number>();
  const queue = [...distinct.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [id, item] = next;
      const params = joinSearch(item.key, item.filters);
      counts.set(id, params ? await countJobsSince(db, params, item.since, { now }) : 0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(COUNT_CONCURRENCY, queue.length) }, worker));
  return items.map((item) => ({ key: item.key, count: counts.get(idOf(item)) ?? 0 }));
}
