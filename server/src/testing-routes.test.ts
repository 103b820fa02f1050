/** The test clock (TEST_CLOCK=1): its routes answer 404 without the setting, move the clock and run the expiry round with it. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { clockOffset, now, setClockOffset } from './clock';
import { ConfigError, readConfig } from './config';
import type { Db } from './db/client';
import { companies, jobs } from './db/schema';
import { testConfig } from './testing/config';
import { backends, openTestDatabase } from './testing/database';

const DAY = 86_400_000;

describe('the TEST_CLOCK setting', () => {
  it('is off by default, on with 1, and refused in production', () => {
    expect(readConfig({}).testClock).toBe(false);
    expect(readConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example', SECRET_KEY: 'x'.repeat(32) };
    expect(readConfig(production).testClock).toBe(false);
    const refusal = (() => {
      try {
        readConfig({ ...production, TEST_CLOCK: '1' });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect(refusal).toMatchObject({ variable: 'TEST_CLOCK' });
  });
});

describe.each(backends)('the test clock routes on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let companyId: number;
  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    const [company] = await db.insert(companies).values({ key: `clock-${backend}`, name: 'Clock Startup', status: 'ACTIVE' }).returning({ id: companies.id });
    companyId = company!.id;
  });
  afterAll(() => close?.());

  const post = (app: ReturnType<typeof createApp>, path: string, body?: unknown) =>
    app.request(path, { method: 'POST', ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }) });

  it('answers 404 without the setting, and leaves the clock alone', async () => {
    const app = createApp({ db, config: testConfig({ testClock: false }) });
    for (const path of ['/api/testing/clock', '/api/testing/tasks/expire-jobs']) {
      const res = await post(app, path, path.endsWith('clock') ? { offsetMs: DAY } : undefined);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'E_NOT_FOUND' });
    }
    expect((await app.request('/api/testing/clock')).status).toBe(404);
    expect(clockOffset()).toBe(0);
  });

  describe('with TEST_CLOCK=1', () => {
    let app: ReturnType<typeof createApp>;
    beforeAll(() => {
      app = createApp({ db, config: testConfig({ testClock: true }) });
    });
    afterEach(() => setClockOffset(0));

    it('moves the clock, and refuses an offset that is not a whole number of milliseconds within ten years (400)', async () => {
      const res = await post(app, '/api/testing/clock', { offsetMs: 3 * DAY });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { offsetMs: number; now: string };
      expect(body.offsetMs).toBe(3 * DAY);
      expect(Math.abs(Date.parse(body.now) - (Date.now() + 3 * DAY))).toBeLessThan(5_000);
      expect(Math.abs(now().getTime() - (Date.now() + 3 * DAY))).toBeLessThan(5_000);
      expect(((await (await app.request('/api/testing/clock')).json()) as { offsetMs: number }).offsetMs).toBe(3 * DAY);
      for (const offsetMs of ['1000', 1.5, 11 * 366 * DAY, null]) {
        const bad = await post(app, '/api/testing/clock', { offsetMs });
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.offsetMs?.[0]).toMatch(/^offsetMs must/);
      }
      expect(clockOffset()).toBe(3 * DAY);
    });

    it('runs the expiry round at the moved clock: the job past its date expires and its Boost ends', async () => {
      const inTwoDays = new Date(Date.now() + 2 * DAY);
      const [job] = await db
        .insert(jobs)
        .values({ companyId, title: 'Expires in two days', status: 'ACTIVE', approvedAt: new Date(), expirationDate: inTwoDays, boostingExpiresAt: inTwoDays })
        .returning({ id: jobs.id });
      const statusOf = async () => (await db.select({ status: jobs.status, boost: jobs.boostingExpiresAt }).from(jobs).where(eq(jobs.id, job!.id)))[0]!;

      const early = await post(app, '/api/testing/tasks/expire-jobs');
      expect(early.status).toBe(200);
      expect((await statusOf()).status).toBe('ACTIVE');

      expect((await post(app, '/api/testing/clock', { offsetMs: 3 * DAY })).status).toBe(200);
      const round = await post(app, '/api/testing/tasks/expire-jobs');
      expect(round.status).toBe(200);
      const body = (await round.json()) as { expired: number; boostsEnded: number; viewMarksDeleted: number; now: string };
      expect(body.expired).toBeGreaterThanOrEqual(1);
      expect(body.boostsEnded).toBeGreaterThanOrEqual(1);
      expect(await statusOf()).toEqual({ status: 'EXPIRED', boost: null });
    });
  });
});
