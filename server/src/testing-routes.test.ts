/** The test clock (TEST_CLOCK=1): its routes answer 404 without the setting, move the clock and run the expiry round with it. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { clockOffset, now, setClockOffset } from './clock';
import { ConfigError, readConfig } from './config';
import type { Db } from './db/client';
import { companies, digests, jobs, locations } from './db/schema';
import { nextDigestAt } from '@nordlys/sdk/digests';
import { digestTasks } from './queue/digest-tasks';
import { startQueue, type JobQueue } from './queue/queue';
import { RecordingMailer } from './testing/auth-parts';
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
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let companyId: number;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    ({ db, close } = database);
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

/** Issue #14: the digest round of the browser test of the alert loop (POST /api/testing/tasks/digests). */
describe.each(backends)('the digest round of the test clock on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let queue: JobQueue;
  let app: ReturnType<typeof createApp>;
  const mailer = new RecordingMailer();
  const config = testConfig({ testClock: true });
  let companyId: number;
  let tallinn: number;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const tasks = digestTasks(database.db, { config, log: () => {} });
    queue = await startQueue(database, { mailer, handlers: tasks.handlers, queues: tasks.queues, supervise: false, log: () => {} });
    app = createApp({ db: database.db, config, queue });
    const [company] = await database.db.insert(companies).values({ key: `digest-round-${backend}`, name: 'Round Startup', status: 'ACTIVE' }).returning({ id: companies.id });
    companyId = company!.id;
    // No demo job is in Estonia: the digests here hold only this file's jobs.
    const [place] = await database.db.insert(locations).values({ locality: 'Tallinn', countryCode: 'EE' }).returning({ id: locations.id });
    tallinn = place!.id;
  });
  afterEach(() => setClockOffset(0));
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  let serial = 0;
  /** A subscription to frontend jobs in Estonia, due at its last 09:00 in Tallinn (within the past day) unless told otherwise. */
  async function subscription(values: Partial<typeof digests.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(digests)
      .values({
        settingsKey: `round-${backend}-${++serial}-${'x'.repeat(16)}`,
        email: `round-${serial}-${backend}@example.test`,
        frequency: 'daily',
        locations: [{ countryCode: 'EE' }],
        categories: ['frontend'],
        timeZone: 'Europe/Tallinn',
        hourOfDay: 9,
        confirmedAt: new Date(Date.now() - 3 * DAY),
        createdAt: new Date(Date.now() - 3 * DAY),
        lastSentAt: new Date(Date.now() - DAY),
        nextDueAt: nextDigestAt({ frequency: 'daily', hourOfDay: 9, timeZone: 'Europe/Tallinn' }, new Date(Date.now() - 25 * 3_600_000)),
        ...values,
      })
      .returning();
    return row!;
  }

  const round = async (settingsKey?: string) => {
    const res = await app.request('/api/testing/tasks/digests', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settingsKey ? { settingsKey } : {}) });
    expect(res.status).toBe(200);
    return (await res.json()) as { queued: number; digest: { key: string; state: string; output: { sent: boolean; jobs?: number; reason?: string } } | null };
  };

  it('queues the due digest, runs it and its mail now, and says what it did; the next day there is nothing new', async () => {
    const title = `Frontend in Tallinn ${backend}`;
    await database.db.insert(jobs).values({ companyId, title, status: 'ACTIVE', categories: ['frontend'], locationId: tallinn, approvedAt: new Date(Date.now() - 3_600_000) });
    const row = await subscription();

    const first = await round(row.settingsKey);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(first.digest).toMatchObject({ state: 'completed', output: { sent: true, jobs: 1 } });
    expect(first.digest!.key).toMatch(new RegExp(`^digest:${row.id}:\\d{4}-\\d{2}-\\d{2}$`));
    // The mail went out before the answer: at the SMTP server, with the job.
    expect(mailer.sent.filter((m) => m.to === row.email)).toHaveLength(1);
    expect(mailer.lastTo(row.email)!.text).toContain(title);

    // Not due again until tomorrow: no job this round.
    expect((await round(row.settingsKey)).digest).toBeNull();
    setClockOffset(DAY + 60_000);
    const again = await round(row.settingsKey);
    expect(again.digest).toMatchObject({ state: 'completed', output: { sent: false, reason: 'nothing new' } });
    expect(mailer.sent.filter((m) => m.to === row.email)).toHaveLength(1);
  });

  it('waits for no job of a subscription that is not confirmed, or unknown', async () => {
    const pending = await subscription({ confirmedAt: null, nextDueAt: null });
    expect((await round(pending.settingsKey)).digest).toBeNull();
    expect((await round('no-such-key-xxxxxxxxxxxx')).digest).toBeNull();
    expect(mailer.sent.filter((m) => m.to === pending.email)).toEqual([]);
  });
});
