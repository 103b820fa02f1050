import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import { AppError } from '../errors';
import { backends, openTestDatabase } from '../testing/database';
import { checkRateLimits, formatWait, hitRateLimit, RATE_LIMIT_SWEEP_INTERVAL_MS, rateLimiter, refundRateLimit, resetRateLimit, retryAfter, sweepRateLimits } from './rate-limit';

describe.each(backends)('rate limits in the database (%s)', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => database?.close());
  const db = () => database.db;

  it('allows max attempts per window, then names the wait until the window ends', async () => {
    let now = 1_000_000;
    const limiter = rateLimiter('windowTest', { max: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(await retryAfter(db(), limiter, 'a')).toBe(0);
      await hitRateLimit(db(), limiter, 'a');
    }
    expect(await retryAfter(db(), limiter, 'a')).toBe(60_000);
    expect(await retryAfter(db(), limiter, 'b')).toBe(0);
    // Another limiter's count of the same key is its own.
    expect(await retryAfter(db(), rateLimiter('otherTest', { max: 1, windowMs: 60_000 }, () => now), 'a')).toBe(0);
    now += 45_000;
    expect(await retryAfter(db(), limiter, 'a')).toBe(15_000);
    now += 15_000;
    expect(await retryAfter(db(), limiter, 'a')).toBe(0);
    await hitRateLimit(db(), limiter, 'a');
    expect(await retryAfter(db(), limiter, 'a')).toBe(0);
  });

  it('forgets a key on reset and takes one attempt back on refund', async () => {
    const limiter = rateLimiter('resetTest', { max: 1, windowMs: 60_000 });
    await hitRateLimit(db(), limiter, 'a');
    expect(await retryAfter(db(), limiter, 'a')).toBeGreaterThan(0);
    await resetRateLimit(db(), limiter, 'a');
    expect(await retryAfter(db(), limiter, 'a')).toBe(0);
    await hitRateLimit(db(), limiter, 'a');
    await refundRateLimit(db(), limiter, 'a');
    expect(await retryAfter(db(), limiter, 'a')).toBe(0);
  });

  it('counts every one of many concurrent attempts', async () => {
    const limiter = rateLimiter('concurrentTest', { max: 100, windowMs: 60_000 });
    await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(db(), limiter, 'a')));
    const [row] = await db().select().from(rateLimitWindows).where(eq(rateLimitWindows.key, 'concurrentTest:a'));
    expect(row?.count).toBe(20);
  });

  it('deletes finished windows when counting, so expired rows do not pile up', async () => {
    let now = Date.now();
    const limiter = rateLimiter('sweepTest', { max: 5, windowMs: 1_000 }, () => now);
    await hitRateLimit(db(), limiter, 'old');
    const keys = async () => (await db().select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    expect(await keys()).toContain('sweepTest:old');
    now += 2_000;
    await hitRateLimit(db(), limiter, 'new');
    expect(await keys()).not.toContain('sweepTest:old');
    expect(await keys()).toContain('sweepTest:new');
    expect(await sweepRateLimits(db(), now + 2_000)).toBeGreaterThanOrEqual(1);
    expect(await keys()).not.toContain('sweepTest:new');
  });

  it('sweeps at most once per interval: a window ended within it stays until the next sweep, and counts as none', async () => {
    let now = Date.now() + 60_000;
    const limiter = rateLimiter('sweepInterval', { max: 1, windowMs: 100 }, () => now);
    const keys = async () => (await db().select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    await hitRateLimit(db(), limiter, 'first');
    now += 200;
    await hitRateLimit(db(), limiter, 'second');
    // 200 ms later: no sweep yet, so the ended window of 'first' is still stored; it counts as none.
    expect(await keys()).toContain('sweepInterval:first');
    expect(await retryAfter(db(), limiter, 'first')).toBe(0);
    await hitRateLimit(db(), limiter, 'first');
    expect(await retryAfter(db(), limiter, 'first')).toBeGreaterThan(0);
    now += RATE_LIMIT_SWEEP_INTERVAL_MS;
    await hitRateLimit(db(), limiter, 'third');
    expect(await keys()).not.toContain('sweepInterval:first');
    expect(await keys()).not.toContain('sweepInterval:second');
  });

  it('counts against every pair, and throws 429 with Retry-After in seconds without counting a refused attempt', async () => {
    let now = 5_000_000;
    const perIp = rateLimiter('checkIp', { max: 5, windowMs: 15 * 60_000 }, () => now);
    const perEmail = rateLimiter('checkEmail', { max: 2, windowMs: 15 * 60_000 }, () => now);
    await checkRateLimits(db(), [[perIp, 'ip'], [perEmail, 'ip|a']]);
    await checkRateLimits(db(), [[perIp, 'ip'], [perEmail, 'ip|a']]);
    now += 60_000;
    const error = await checkRateLimits(db(), [[perIp, 'ip'], [perEmail, 'ip|a']]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.status).toBe(429);
    expect(appError.code).toBe('E_RATE_LIMITED');
    expect(appError.message).toBe('Too many attempts. Please try again in 14 minutes.');
    expect(appError.headers).toEqual({ 'Retry-After': '840' });
    // The refused attempt was not counted against the IP: three more fit.
    for (let i = 0; i < 3; i++) await checkRateLimits(db(), [[perIp, 'ip']]);
    await expect(checkRateLimits(db(), [[perIp, 'ip']])).rejects.toThrow(AppError);
  });
});

describe('formatWait', () => {
  it('says minutes, rounded up, and hours for long waits', () => {
    expect(formatWait(1)).toBe('in 1 minute');
    expect(formatWait(60_000)).toBe('in 1 minute');
    expect(formatWait(61_000)).toBe('in 2 minutes');
    expect(formatWait(15 * 60_000)).toBe('in 15 minutes');
    expect(formatWait(60 * 60_000)).toBe('in 60 minutes');
    expect(formatWait(3 * 60 * 60_000)).toBe('in 3 hours');
    // Short waits in seconds where asked (the account throttle's first waits).
    expect(formatWait(1, { seconds: true })).toBe('in 1 second');
    expect(formatWait(8_000, { seconds: true })).toBe('in 8 seconds');
    expect(formatWait(59_500, { seconds: true })).toBe('in 1 minute');
    expect(formatWait(61_000, { seconds: true })).toBe('in 2 minutes');
  });
});
