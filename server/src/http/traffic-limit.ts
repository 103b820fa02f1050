/**
 * The per-client limit on uncached reads (issue #33): page renders, searches and every other GET that
 * the answer cache did not answer count against the client's address; past TRAFFIC_LIMIT in a window
 * the client gets 429 with Retry-After. The count is shared through the database like the account
 * limits (rate_limit_windows), but not written per request: each instance counts in memory and adds
 * its counts in one statement per flush (every TRAFFIC_FLUSH_MS), reading back every instance's
 * total. So a request costs no query, and N instances let through at most one flush interval's worth
 * more than the limit.
 */
import type { MiddlewareHandler } from 'hono';
import type { ErrorBody } from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { addRateLimitHits, formatWait, type Limit } from '../accounts/rate-limit';
import type { Db } from '../db/client';
import { refusalPage, wantsPage } from './admission';

/**
 * Reads per client address: ten a second on average over a minute, far above a person (the cache
 * answers visitors' repeat pages without counting them) and enough for an office behind one address.
 */
export const TRAFFIC_LIMIT: Limit = { max: 600, windowMs: 60_000 };
/** How often each instance adds its counts to the shared ones. */
export const TRAFFIC_FLUSH_MS = 1_000;
/** The limiter's name in rate_limit_windows ('traffic:{address}'). */
const NAME = 'traffic';
/** Files with fixed or hashed names that read nothing: not counted. */
const EXEMPT = /^\/(assets|embed|images)\//;

export interface TrafficLimitOptions {
  limit?: Limit;
  /** The product's name, in the refusal page's title. */
  productName: string;
  trustProxy: boolean;
  flushMs?: number;
  clock?: () => number;
  log?: (line: string) => void;
}

export interface TrafficLimit {
  middleware(): MiddlewareHandler;
  /** Adds the pending counts to the database now (the timer does it every flushMs). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

interface Entry {
  /** This instance's attempts not yet in the database. */
  pending: number;
  /** This instance's attempts being added by the flush under way. */
  flushing: number;
  /** Every instance's count in the database at the last flush. */
  shared: number;
  /** When the window ends (ms); 0 before the first flush. */
  resetAt: number;
}

export function createTrafficLimit(db: Db, { limit = TRAFFIC_LIMIT, productName, trustProxy, flushMs = TRAFFIC_FLUSH_MS, clock = Date.now, log = console.warn }: TrafficLimitOptions): TrafficLimit {
  const entries = new Map<string, Entry>();
  let flushing: Promise<void> | null = null;
  let failing = false;

  async function flushNow(): Promise<void> {
    const now = clock();
    for (const [key, entry] of entries) if (entry.pending === 0 && entry.flushing === 0 && entry.resetAt <= now) entries.delete(key);
    const hits = [...entries].filter(([, entry]) => entry.pending > 0).map(([key, entry]) => ({ key, count: entry.pending }));
    if (hits.length === 0) return;
    // Moved aside while the statement runs (they still count): requests meanwhile count towards the next flush.
    for (const { key, count } of hits) {
      const entry = entries.get(key)!;
      entry.pending -= count;
      entry.flushing += count;
    }
    try {
      const rows = await addRateLimitHits(db, NAME, hits, limit.windowMs, now);
      for (const { key, count } of hits) entries.get(key)!.flushing -= count;
      for (const row of rows) {
        const entry = entries.get(row.key);
        if (entry) Object.assign(entry, { shared: row.count, resetAt: row.resetAt });
      }
      failing = false;
    } catch (error) {
      // The database is down or busy: keep the counts for the next flush; the limit still holds here.
      for (const { key, count } of hits) {
        const entry = entries.get(key)!;
        entry.flushing -= count;
        entry.pending += count;
      }
      if (!failing) log(`[server] the traffic limit's counts could not be written (${error instanceof Error ? error.message : String(error)}); kept for the next try`);
      failing = true;
    }
  }
  const flush = () => (flushing ??= flushNow().finally(() => (flushing = null)));
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    middleware: () => async (c, next) => {
      if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || EXEMPT.test(c.req.path)) return next();
      const key = clientIp(c, trustProxy);
      const now = clock();
      let entry = entries.get(key);
      if (!entry) entries.set(key, (entry = { pending: 0, flushing: 0, shared: 0, resetAt: 0 }));
      if (entry.resetAt <= now) entry.shared = 0;
      if (entry.shared + entry.flushing + entry.pending >= limit.max) {
        const wait = Math.max(1_000, entry.resetAt - now);
        const message = `Too many requests from your address. Please try again ${formatWait(wait)}.`;
        const retryAfterSeconds = Math.ceil(wait / 1000);
        const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
        return !wantsPage(c)
          ? c.json({ message, code: 'E_RATE_LIMITED' } satisfies ErrorBody, 429, headers)
          : c.html(refusalPage({ productName, heading: 'Too many requests', message, retryAfterSeconds }), 429, headers);
      }
      entry.pending++;
      return next();
    },
  };
}
