import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInThrottle, users } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/accounts';
import { createTestAuthParts } from '../testing/auth-parts';
import { freshIp, useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { backoffMs, SIGN_IN_THROTTLE } from './sign-in-throttle';
import { issueUserToken } from './tokens';

const WRONG = 'Wrong-pass-1!';

describe('backoffMs', () => {
  it('waits nothing for the first failures, then doubles from the base up to the longest wait', () => {
    const limit = { freeFailures: 5, baseWaitMs: 1_000, maxWaitMs: 15 * 60_000, warnAfter: 20 };
    expect([1, 4, 5, 6, 7, 14, 15, 40, 10_000].map((n) => backoffMs(limit, n))).toEqual([0, 0, 1_000, 2_000, 4_000, 512_000, 900_000, 900_000, 900_000]);
  });
});

describe.each(backends)('per-account sign-in throttling on %s', (backend) => {
  // The default counts, with waits of minutes, so a slow machine never outlasts one between two requests.
  const limit = { ...SIGN_IN_THROTTLE, baseWaitMs: 60_000, maxWaitMs: 60 * 60_000 };
  const t = useTestApp(backend, { auth: createTestAuthParts(), config: { productName: 'Nordlys', publicUrl: 'https://nordlys.example' }, queue: true, signInThrottle: limit });

  /** Each attempt from its own address: only the account's own count can refuse it. */
  const signIn = (email: string, password: string) => t.send('/api/users/sign-in', { email, password }, { headers: { 'X-Forwarded-For': freshIp() } });
  const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  /** The account's wait passes (the row's lock moved into the past), as if the time had come. */
  const waitPasses = async (email: string) =>
    t.db.update(signInThrottle).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(signInThrottle.userId, await userId(email)));
  const row = async (email: string) => (await t.db.select().from(signInThrottle).where(eq(signInThrottle.userId, await userId(email))))[0];

  it('gives 5 failures from 5 addresses, then waits twice as long after each next one (as backoffMs says), refusing the right password too', async () => {
    const email = 'draft@nordlys.test';
    for (let i = 0; i < limit.freeFailures - 1; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await row(email))?.lockedUntil).toBeNull();
    for (let failures = limit.freeFailures; failures <= limit.freeFailures + 3; failures++) {
      await waitPasses(email);
      const before = Date.now();
      expect((await signIn(email, WRONG)).status).toBe(401);
      const after = Date.now();
      // The statement's wait agrees with backoffMs: 1, 2, 4, 8 minutes.
      const lockedUntil = (await row(email))!.lockedUntil!.getTime();
      expect(lockedUntil).toBeGreaterThanOrEqual(before + backoffMs(limit, failures));
      expect(lockedUntil).toBeLessThanOrEqual(after + backoffMs(limit, failures));
      const refused = await signIn(email, DEMO_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('E_RATE_LIMITED');
      const minutes = 2 ** (failures - limit.freeFailures);
      expect(refused.body.message).toBe(`Too many failed sign-ins to this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(minutes * 60 - 30);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(minutes * 60);
      // A refused try is not counted.
      expect((await row(email))?.failures).toBe(failures);
    }
    // Other accounts are untouched.
    expect((await signIn('talent@nordlys.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('forgets the wait after a password reset', async () => {
    const email = 'investor@nordlys.test';
    for (let i = 0; i < limit.freeFailures; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(429);
    const key = await issueUserToken(t.db, await userId(email), 'reset');
    expect((await t.send('/api/users/reset-password', { resetKey: key, password: 'Fresh-Start-42!' })).status).toBe(200);
    expect(await row(email)).toBeUndefined();
    expect((await signIn(email, 'Fresh-Start-42!')).status).toBe(200);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const email = 'newbie@nordlys.test';
    for (let i = 0; i < limit.freeFailures - 1; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
    expect(await row(email)).toBeUndefined();
    for (let i = 0; i < limit.freeFailures; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await signIn(email, WRONG)).status).toBe(429);
    await waitPasses(email);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
    expect(await row(email)).toBeUndefined();
  });

  it('tries exactly 5 of 40 concurrent sign-ins from 40 addresses, and refuses the rest', async () => {
    const statuses = (await Promise.all(Array.from({ length: 40 }, () => signIn('sister@nordlys.test', WRONG)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit.freeFailures);
  });

  it('mails the owner once, through the queue, when failures reach 20 in a row', async () => {
    const email = 'multi@nordlys.test';
    const mailsTo = () => t.auth.mailer.sent.filter((m) => m.to === email && m.subject === 'Failed sign-ins to your Nordlys account');
    for (let i = 1; i <= limit.warnAfter + 2; i++) {
      await waitPasses(email);
      expect((await signIn(email, WRONG)).status).toBe(401);
      await t.runJobs();
      expect(mailsTo(), `after ${i} failures`).toHaveLength(i < limit.warnAfter ? 0 : 1);
    }
    expect(mailsTo()[0]!.text).toContain(`with a wrong password ${limit.warnAfter} times in a row`);
    // A success starts a new run: its 20th failure mails again.
    await waitPasses(email);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < limit.warnAfter; i++) {
      await waitPasses(email);
      expect((await signIn(email, WRONG)).status).toBe(401);
    }
    await t.runJobs();
    expect(mailsTo()).toHaveLength(2);
  });
});
