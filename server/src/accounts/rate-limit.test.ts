import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { checkRateLimits, formatWait, RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows max attempts per window, then names the wait until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.hit('a');
    }
    expect(limiter.retryAfter('a')).toBe(60_000);
    expect(limiter.retryAfter('b')).toBe(0);
    now += 45_000;
    expect(limiter.retryAfter('a')).toBe(15_000);
    now += 15_000;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000 });
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});

describe('checkRateLimits', () => {
  it('counts against every pair, and throws 429 with Retry-After in seconds without counting a refused attempt', () => {
    let now = 0;
    const perIp = new RateLimiter({ max: 5, windowMs: 15 * 60_000 }, () => now);
    const perEmail = new RateLimiter({ max: 2, windowMs: 15 * 60_000 }, () => now);
    checkRateLimits([[perIp, 'ip'], [perEmail, 'ip|a']]);
    checkRateLimits([[perIp, 'ip'], [perEmail, 'ip|a']]);
    now = 60_000;
    let error: unknown;
    try {
      checkRateLimits([[perIp, 'ip'], [perEmail, 'ip|a']]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.status).toBe(429);
    expect(appError.code).toBe('E_RATE_LIMITED');
    expect(appError.message).toBe('Too many attempts. Please try again in 14 minutes.');
    expect(appError.headers).toEqual({ 'Retry-After': '840' });
    // The refused attempt was not counted against the IP: three more fit.
    for (let i = 0; i < 3; i++) checkRateLimits([[perIp, 'ip']]);
    expect(() => checkRateLimits([[perIp, 'ip']])).toThrow(AppError);
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
  });
});
