/**
 * Rate limits of the account routes (fixed windows, counted in memory per process: a server with
 * several replicas allows each its own count; move the counters to the database or Redis then).
 */
import { AppError } from '../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Counts attempts per key in fixed windows. */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  #sinceSweep = 0;

  constructor(
    readonly limit: Limit,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const now = this.clock();
    const window = this.#windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit.max) return 0;
    return window.resetAt - now;
  }

  /** Counts one attempt for `key`. */
  hit(key: string): void {
    const now = this.clock();
    this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || window.resetAt <= now) this.#windows.set(key, { count: 1, resetAt: now + this.limit.windowMs });
    else window.count++;
  }

  /** Takes back one attempt of `key`: a successful sign-in does not use up its network's allowance. */
  refund(key: string): void {
    const window = this.#windows.get(key);
    if (window && window.count > 0) window.count--;
  }

  /** Forgets `key`'s attempts (a successful sign-in). */
  reset(key: string): void {
    this.#windows.delete(key);
  }

  /** Drops finished windows now and then, so the map holds only keys seen within a window. */
  #sweep(now: number): void {
    if (++this.#sinceSweep < 1000) return;
    this.#sinceSweep = 0;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/** "in 12 minutes", "in 1 hour": when a refused client may try again. */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Counts an attempt against each (limiter, key) pair, or throws 429 E_RATE_LIMITED with a
 * Retry-After header when any of them is used up. A refused attempt is not counted.
 */
export function checkRateLimits(checks: [RateLimiter, string][]): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) {
    throw new AppError('E_RATE_LIMITED', `Too many attempts. Please try again ${formatWait(wait)}.`, undefined, {
      'Retry-After': String(Math.ceil(wait / 1000)),
    });
  }
  for (const [limiter, key] of checks) limiter.hit(key);
}

/** The limits of spec 7's sign-in and forgot-password calls. */
export const ACCOUNT_LIMITS = {
  signInPerEmail: { max: 10, windowMs: 15 * 60_000 },
  signInPerIp: { max: 30, windowMs: 15 * 60_000 },
  forgotPerEmail: { max: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export type AccountLimits = typeof ACCOUNT_LIMITS;

/** One set of limiters per app. */
export function accountLimiters(limits: Partial<Record<keyof AccountLimits, Limit>> = {}, clock?: () => number) {
  const make = (name: keyof AccountLimits) => new RateLimiter(limits[name] ?? ACCOUNT_LIMITS[name], clock);
  return {
    signInPerEmail: make('signInPerEmail'),
    signInPerIp: make('signInPerIp'),
    forgotPerEmail: make('forgotPerEmail'),
    forgotPerIp: make('forgotPerIp'),
  };
}
export type AccountLimiters = ReturnType<typeof accountLimiters>;
