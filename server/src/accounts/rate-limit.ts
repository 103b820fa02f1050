/**
 * Rate limits of the account routes: fixed windows counted in the database (rate_limit_windows), so
 * every instance on one database shares each count.
 */
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import { AppError } from '../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** One named limit; its rows are keyed '{name}:{key}', so limiters never share a count. */
export interface RateLimiter {
  readonly name: string;
  readonly limit: Limit;
  readonly clock: () => number;
}

export function rateLimiter(name: string, limit: Limit, clock: () => number = Date.now): RateLimiter {
  if (!name || name.includes(':')) throw new TypeError(`rateLimiter: name "${name}" must be non-empty and hold no ':'`);
  return { name, limit, clock };
}

const rowKey = (limiter: RateLimiter, key: string) => `${limiter.name}:${key}`;
const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Milliseconds until `key` may try again, or 0 when it may try now. */
export async function retryAfter(db: Db, limiter: RateLimiter, key: string): Promise<number> {
  const now = limiter.clock();
  const [row] = await db
    .select({ count: rateLimitWindows.count, resetAt: rateLimitWindows.resetAt })
    .from(rateLimitWindows)
    .where(eq(rateLimitWindows.key, rowKey(limiter, key)));
  if (!row || row.resetAt.getTime() <= now || row.count < limiter.limit.max) return 0;
  return row.resetAt.getTime() - now;
}

/**
 * How often counting also deletes the finished windows, per database and instance. Only the table's
 * size depends on it: an ended window counts as none wherever it is read.
 */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 1_000;
/** When each database's windows were last swept here, by the limiters' clocks. */
const lastSweep = new WeakMap<Db, number>();

/** Deletes the finished windows at most once per RATE_LIMIT_SWEEP_INTERVAL_MS per database and instance. */
async function sweepNowAndThen(db: Db, now: number): Promise<void> {
  const swept = lastSweep.get(db);
  if (swept !== undefined && Math.abs(now - swept) < RATE_LIMIT_SWEEP_INTERVAL_MS) return;
  lastSweep.set(db, now);
  await sweepRateLimits(db, now);
}

/** A new window when there is none or it has ended at `now`; else the stored one's end. */
const windowReset = (now: number, resetAt: number) =>
  sql`case when ${rateLimitWindows.resetAt} <= ${timestamp(now)} then ${timestamp(resetAt)} else ${rateLimitWindows.resetAt} end`;

/**
 * Counts one attempt for `key`: a new window when there is none or it has ended. Counting also
 * deletes the finished windows (an index range scan) at most once per RATE_LIMIT_SWEEP_INTERVAL_MS,
 * so the table holds live ones and those ended within the interval, and a burst of sign-ins costs
 * one statement each instead of two.
 */
export async function hitRateLimit(db: Db, limiter: RateLimiter, key: string): Promise<void> {
  const now = limiter.clock();
  await sweepNowAndThen(db, now);
  const resetAt = now + limiter.limit.windowMs;
  // One statement, so two instances counting the same key at once both count.
  await db
    .insert(rateLimitWindows)
    .values({ key: rowKey(limiter, key), count: 1, resetAt: new Date(resetAt) })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        count: sql`case when ${rateLimitWindows.resetAt} <= ${timestamp(now)} then 1 else ${rateLimitWindows.count} + 1 end`,
        resetAt: windowReset(now, resetAt),
      },
    });
}

/**
 * Takes one attempt of `key` if its window has one left, in one statement (insert or update, then
 * the count it left): concurrent attempts each see the others' counts, so exactly `max` of a burst
 * get through. A refused attempt leaves the count at max + 1, which reads as used up like max.
 * Answers 0 when the attempt counted, else the milliseconds until the window ends.
 */
export async function takeAttempt(db: Db, limiter: RateLimiter, key: string): Promise<number> {
  const now = limiter.clock();
  await sweepNowAndThen(db, now);
  const { max, windowMs } = limiter.limit;
  const resetAt = now + windowMs;
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key: rowKey(limiter, key), count: 1, resetAt: new Date(resetAt) })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        count: sql`case when ${rateLimitWindows.resetAt} <= ${timestamp(now)} then 1 else least(${rateLimitWindows.count} + 1, ${max + 1}::integer) end`,
        resetAt: windowReset(now, resetAt),
      },
    })
    .returning({ count: rateLimitWindows.count, resetAt: rateLimitWindows.resetAt });
  if (!row || row.count <= max) return 0;
  return Math.max(1, row.resetAt.getTime() - now);
}

/** Takes back one attempt of `key`: a successful sign-in does not use up its network's allowance. */
export async function refundRateLimit(db: Db, limiter: RateLimiter, key: string): Promise<void> {
  await db
    .update(rateLimitWindows)
    .set({ count: sql`greatest(${rateLimitWindows.count} - 1, 0)` })
    .where(eq(rateLimitWindows.key, rowKey(limiter, key)));
}

/** Forgets `key`'s attempts (a successful sign-in). */
export async function resetRateLimit(db: Db, limiter: RateLimiter, key: string): Promise<void> {
  await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, rowKey(limiter, key)));
}

/** Deletes every window that ended at or before `now`; returns how many. */
export async function sweepRateLimits(db: Db, now: number = Date.now()): Promise<number> {
  const gone = await db.delete(rateLimitWindows).where(lte(rateLimitWindows.resetAt, new Date(now))).returning({ key: rateLimitWindows.key });
  return gone.length;
}

/** "in 12 minutes", "in 1 hour": when a refused client may try again; "in 8 seconds" for a short wait with `seconds`. */
export function formatWait(ms: number, { seconds = false } = {}): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (seconds && s < 60) return `in ${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The 429 of a used-up limit: when to try again, in words (or the caller's own) and in Retry-After seconds. */
export function rateLimited(waitMs: number, message = `Too many attempts. Please try again ${formatWait(waitMs)}.`): AppError {
  return new AppError('E_RATE_LIMITED', message, undefined, {
    'Retry-After': String(Math.ceil(waitMs / 1000)),
  });
}

/**
 * Counts an attempt against each (limiter, key) pair, or throws 429 E_RATE_LIMITED with a
 * Retry-After header when any of them is used up. Each count is taken atomically (takeAttempt); when
 * one pair refuses, the pairs that counted are given back, so a refused attempt is not counted.
 */
export async function checkRateLimits(db: Db, checks: [RateLimiter, string][]): Promise<void> {
  const waits: number[] = [];
  for (const [limiter, key] of checks) waits.push(await takeAttempt(db, limiter, key));
  const wait = Math.max(0, ...waits);
  if (wait === 0) return;
  for (const [index, [limiter, key]] of checks.entries()) {
    if (waits[index] === 0) await refundRateLimit(db, limiter, key);
  }
  throw rateLimited(wait);
}

/** The limits of spec 7's sign-in, sign-up and forgot-password calls. */
export const ACCOUNT_LIMITS = {
  signInPerEmail: { max: 10, windowMs: 15 * 60_000 },
  signInPerIp: { max: 30, windowMs: 15 * 60_000 },
  // Every sign-up counts (a success too): accounts are cheap to ask for and each sends a mail.
  signUpPerIp: { max: 10, windowMs: 60 * 60_000 },
  forgotPerEmail: { max: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export type AccountLimits = typeof ACCOUNT_LIMITS;

/** The account limiters, each named after its limit. */
export function accountLimiters(limits: Partial<Record<keyof AccountLimits, Limit>> = {}, clock?: () => number) {
  const make = (name: keyof AccountLimits) => rateLimiter(name, limits[name] ?? ACCOUNT_LIMITS[name], clock);
  return {
    signInPerEmail: make('signInPerEmail'),
    signInPerIp: make('signInPerIp'),
    signUpPerIp: make('signUpPerIp'),
    forgotPerEmail: make('forgotPerEmail'),
    forgotPerIp: make('forgotPerIp'),
  };
}
export type AccountLimiters = ReturnType<typeof accountLimiters>;

/** A limiter's pending attempts for one key, counted in memory since the last flush (http/traffic-limit.ts). */
export interface PendingHits {
  key: string;
  count: number;
}

/**
 * Adds many keys' pending attempts to `name`'s windows in one statement (a new window where there
 * is none or it has ended), and answers each key's count and window end across every instance: the
 * per-client traffic limit's flush (issue #33). Atomic per row, so instances flushing at once both count.
 */
export async function addRateLimitHits(
  db: Db,
  name: string,
  hits: readonly PendingHits[],
  windowMs: number,
  now: number,
): Promise<{ key: string; count: number; resetAt: number }[]> {
  if (hits.length === 0) return [];
  const prefix = `${name}:`;
  const resetAt = new Date(now + windowMs);
  const rows = await db
    .insert(rateLimitWindows)
    .values(hits.map((hit) => ({ key: prefix + hit.key, count: hit.count, resetAt })))
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        count: sql`case when ${rateLimitWindows.resetAt} <= ${timestamp(now)} then excluded.count else ${rateLimitWindows.count} + excluded.count end`,
        resetAt: sql`case when ${rateLimitWindows.resetAt} <= ${timestamp(now)} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
      },
    })
    .returning({ key: rateLimitWindows.key, count: rateLimitWindows.count, resetAt: rateLimitWindows.resetAt });
  return rows.map((row) => ({ key: row.key.slice(prefix.length), count: row.count, resetAt: row.resetAt.getTime() }));
}
