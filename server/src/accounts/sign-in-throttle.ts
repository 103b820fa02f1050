/**
 * Per-account sign-in throttling (issue #33), across every address: the per-address limits
 * (rate-limit.ts) stop one network; this stops guessing one account from many. After
 * `freeFailures` failed passwords in a row each next try waits twice as long as the one before (up
 * to `maxWaitMs`); a successful sign-in or password reset forgets them; the owner gets one mail when
 * the run reaches `warnAfter`. Counted in the database (sign_in_throttle), so every instance shares it.
 *
 * Only accounts that exist are throttled: sign-up tells whether an address has an account anyway
 * (E_ACCOUNT_EXISTS), and unknown addresses leave no rows behind.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottle } from '../db/schema';
import { AppError } from '../errors';
import { formatWait } from './rate-limit';

export interface SignInThrottleLimit {
  /** Failures in a row before the first wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseWaitMs: number;
  /** The longest wait, so the owner is never locked out for long. */
  maxWaitMs: number;
  /** The failure in a row that mails the owner (once per run). */
  warnAfter: number;
}

export const SIGN_IN_THROTTLE: SignInThrottleLimit = { freeFailures: 5, baseWaitMs: 1_000, maxWaitMs: 15 * 60_000, warnAfter: 20 };

/** The wait after the `failures`-th failure in a row: none up to freeFailures, then base, 2 × base, 4 × base … up to max. */
export function backoffMs(limit: SignInThrottleLimit, failures: number): number {
  if (failures < limit.freeFailures) return 0;
  return Math.min(limit.maxWaitMs, limit.baseWaitMs * 2 ** Math.min(failures - limit.freeFailures, 30));
}

export const ACCOUNT_LOCKED_MESSAGE = (wait: string) => `Too many failed sign-ins to this account. Please try again ${wait}, or reset your password.`;

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Takes one try at the account's password, in one statement: counted as a failure up front (a
 * success forgets it), and refused while the account waits. Concurrent tries each see the others'
 * counts, so a burst from many addresses gets exactly `freeFailures` tries before the first wait.
 * Answers the failure count this try holds, or throws 429 E_RATE_LIMITED with Retry-After.
 */
export async function takeSignInTry(db: Db, limit: SignInThrottleLimit, userId: number, now: number): Promise<number> {
  const failures = sql`${signInThrottle.failures} + 1`;
  // The wait the new count earns (backoffMs in SQL): none below freeFailures.
  const wait = sql`least(${limit.maxWaitMs}::float8, ${limit.baseWaitMs}::float8 * power(2, least(${failures} - ${limit.freeFailures}, 30)))`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ userId, failures: 1, lockedUntil: limit.freeFailures <= 1 ? new Date(now + limit.baseWaitMs) : null })
    .onConflictDoUpdate({
      target: signInThrottle.userId,
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${limit.freeFailures} then ${timestamp(now)} + ${wait} * interval '1 millisecond' end`,
      },
      setWhere: sql`${signInThrottle.lockedUntil} is null or ${signInThrottle.lockedUntil} <= ${timestamp(now)}`,
    })
    .returning({ failures: signInThrottle.failures });
  if (row) return row.failures;
  const [locked] = await db.select({ lockedUntil: signInThrottle.lockedUntil }).from(signInThrottle).where(eq(signInThrottle.userId, userId));
  const waitMs = Math.max(1_000, (locked?.lockedUntil?.getTime() ?? now) - now);
  throw new AppError('E_RATE_LIMITED', ACCOUNT_LOCKED_MESSAGE(formatWait(waitMs, { seconds: true })), undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
}

/** Forgets the account's failures: a successful sign-in or password reset. */
export async function resetSignInThrottle(db: Db, userId: number): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.userId, userId));
}

/**
 * Marks the run of failures as told to the owner, once: true for the one caller that marked it
 * (then it queues the mail in the same transaction), false when another did already.
 */
export async function markOwnerWarned(tx: Db, userId: number, now: number): Promise<boolean> {
  const marked = await tx
    .update(signInThrottle)
    .set({ warnedAt: new Date(now) })
    .where(and(eq(signInThrottle.userId, userId), isNull(signInThrottle.warnedAt)))
    .returning({ userId: signInThrottle.userId });
  return marked.length > 0;
}
