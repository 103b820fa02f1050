/**
 * Job digests on both databases (issue #14): what a digest holds (only public, matching jobs approved
 * since the last one; never a job mailed before; at most three per startup; boosted first; nothing
 * when nothing matches), the mail it queues in its transaction, and the scheduler that queues one
 * digest per subscription per period, only for confirmed, unpaused subscriptions.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestPeriod, nextDigestAt } from '@nordlys/sdk/digests';
import { salaryLabel } from '@nordlys/sdk/format';
import type { Database } from '../db/client';
import { digests, locations } from '../db/schema';
import { extractLinks } from '../mail/links';
import type { MailMessage } from '../mail/types';
import { digestContent, findDigestById, sentJobIds } from '../queries/digests';
import { RecordingMailer } from '../testing/auth-parts';
import { backends, openTestDatabase } from '../testing/database';
import { insertJob, insertStartup } from '../testing/jobs';
import { digestJobKey, digestTasks, DIGEST_QUEUES, queueDueDigests, sendDigest } from './digest-tasks';
import { startQueue, type JobQueue, type MailOutbox } from './queue';

const CONFIG = { productName: 'Nordlys', publicUrl: 'https://nordlys.example' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Far past the demo data's dates, so only this file's jobs are new. */
const T = new Date(Date.UTC(2031, 4, 5, 6, 0, 0));
const ago = (ms: number, from = T) => new Date(from.getTime() - ms);

/** An outbox that keeps what it is given (the queue's own is tested in digest-delivery.test.ts). */
function keepingOutbox(): MailOutbox & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, enqueue: async (_tx, message) => void sent.push(message) };
}

describe.each(backends)('job digests on %s', (backend) => {
  let database: Database;
  let dk: number;
  let se: number;
  /** No demo job is in Estonia: a test that runs at the real time uses it. */
  let ee: number;
  let counter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const rows = await database.db
      .insert(locations)
      .values([
        { locality: 'Copenhagen', countryCode: 'DK' },
        { locality: 'Malmö', countryCode: 'SE' },
        { locality: 'Tallinn', countryCode: 'EE' },
      ])
      .returning({ id: locations.id });
    [dk, se, ee] = rows.map((r) => r.id) as [number, number, number];
  });
  afterAll(async () => database?.close());

  const db = () => database.db;

  /** A confirmed subscription (unless told otherwise) whose last digest went out a day before T. */
  async function subscribe(values: Partial<typeof digests.$inferInsert> = {}) {
    const [row] = await db()
      .insert(digests)
      .values({
        settingsKey: randomBytes(24).toString('base64url'),
        email: `alert-${++counter}-${backend}@example.test`,
        frequency: 'daily',
        locations: [{ countryCode: 'DK' }],
        includeRemoteJobs: true,
        categories: ['frontend'],
        confirmedAt: ago(30 * DAY),
        createdAt: ago(30 * DAY),
        lastSentAt: ago(DAY),
        ...values,
      })
      .returning();
    return row!;
  }

  const job = (companyId: number, title: string, approvedAgo: number, extra: Parameters<typeof insertJob>[4] = {}) =>
    insertJob(db(), companyId, 'ACTIVE', 'none', { title, categories: ['frontend'], isRemote: false, locationId: dk, approvedAt: ago(approvedAgo), ...extra });

  it('holds only the public jobs that match its countries, remote and categories, approved since the last digest', async () => {
    const a = await insertStartup(db(), 'alerts-a', 'ACTIVE');
    const draftStartup = await insertStartup(db(), 'alerts-draft', 'DRAFT');
    const wanted = await job(a.id, 'Frontend in Copenhagen', 5 * 60_000, { salaryType: 'range', salaryMin: 40000, salaryMax: 55000, salaryCurrency: 'DKK', salaryPeriod: 'month' });
    const remote = await job(a.id, 'Remote frontend', 2 * HOUR, { isRemote: true, locationId: null });
    await job(a.id, 'Frontend in Malmö', HOUR, { locationId: se });
    await job(a.id, 'Backend in Copenhagen', HOUR, { categories: ['backend'] });
    await job(a.id, 'Frontend approved long ago', 3 * DAY);
    await job(a.id, 'Paused frontend', HOUR, { status: 'STOPPED' });
    await job(a.id, 'Expired frontend', HOUR, { expirationDate: ago(60_000) });
    await job(a.id, 'Draft frontend', HOUR, { status: 'DRAFT', approvedAt: null });
    await job(draftStartup.id, 'Frontend at a draft startup', HOUR);

    const subscription = await subscribe();
    const content = await digestContent(db(), subscription, T);
    expect(content.jobs.map((j) => j.title)).toEqual(['Frontend in Copenhagen', 'Remote frontend']);
    expect(content.total).toBe(2);
    expect(content.since.getTime()).toBeLessThan(ago(DAY).getTime());

    // Without remote jobs, the remote one goes; with no country but remote, only remote jobs come.
    expect((await digestContent(db(), { ...subscription, includeRemoteJobs: false }, T)).jobs.map((j) => j.id)).toEqual([wanted]);
    expect((await digestContent(db(), { ...subscription, locations: [] }, T)).jobs.map((j) => j.id)).toEqual([remote]);
  });

  it('puts boosted jobs first, then the newest, at most three of one startup', async () => {
    const b = await insertStartup(db(), 'alerts-b', 'ACTIVE');
    const c = await insertStartup(db(), 'alerts-c', 'ACTIVE');
    const design = { categories: ['design'] };
    const boosted = await job(b.id, 'B boosted, older', 5 * HOUR, { ...design, boostingExpiresAt: new Date(T.getTime() + DAY) });
    const boostOver = await job(b.id, 'B boost over', 10 * 60_000, { ...design, boostingExpiresAt: ago(60_000) });
    const b2 = await job(b.id, 'B second newest', 20 * 60_000, design);
    await job(b.id, 'B third newest', 30 * 60_000, design);
    await job(b.id, 'B fourth newest', 40 * 60_000, design);
    const c1 = await job(c.id, 'C only', 4 * HOUR, design);

    const subscription = await subscribe({ categories: ['design'], locations: [{ countryCode: 'DK' }], includeRemoteJobs: false });
    const content = await digestContent(db(), subscription, T);
    expect(content.jobs.map((j) => j.id)).toEqual([boosted, boostOver, b2, c1]);
    expect(content.total).toBe(6);
    // The e-mail's own cap holds too.
    expect((await digestContent(db(), subscription, T, { limit: 2 })).jobs.map((j) => j.id)).toEqual([boosted, boostOver]);
  });

  it('mails each job once per subscription, ever; sends nothing when nothing is new; builds a period once', async () => {
    const d = await insertStartup(db(), 'alerts-d', 'ACTIVE');
    const subscription = await subscribe({ categories: ['mobile'] });
    const first = await job(d.id, 'Mobile in Copenhagen', 5 * 60_000, { categories: ['mobile'] });
    const outbox = keepingOutbox();

    expect(await sendDigest(db(), outbox, CONFIG, { digestId: subscription.id, period: '2031-05-05' }, T)).toEqual({ sent: true, jobs: 1 });
    expect(outbox.sent).toHaveLength(1);
    expect(await sentJobIds(db(), subscription.id)).toEqual([first]);
    // The same period again (a retried or duplicated job): nothing more.
    expect(await sendDigest(db(), outbox, CONFIG, { digestId: subscription.id, period: '2031-05-05' }, T)).toEqual({ sent: false, reason: 'done' });

    // The next day: the first job is still "new" by its date (it sits in the overlap), but it was mailed.
    const second = await job(d.id, 'Mobile, the next day', -HOUR, { categories: ['mobile'] });
    const next = new Date(T.getTime() + DAY);
    expect(await sendDigest(db(), outbox, CONFIG, { digestId: subscription.id, period: '2031-05-06' }, next)).toEqual({ sent: true, jobs: 1 });
    expect(outbox.sent.at(-1)!.text).toContain('Mobile, the next day');
    expect(outbox.sent.at(-1)!.text).not.toContain('Mobile in Copenhagen');
    expect(await sentJobIds(db(), subscription.id)).toEqual([first, second]);

    // A day with nothing new: no mail, and the period is done.
    const third = new Date(T.getTime() + 2 * DAY);
    expect(await sendDigest(db(), outbox, CONFIG, { digestId: subscription.id, period: '2031-05-07' }, third)).toEqual({ sent: false, reason: 'nothing new' });
    expect(outbox.sent).toHaveLength(2);
    expect((await findDigestById(db(), subscription.id))!.lastPeriod).toBe('2031-05-07');
    // "Since the last digest" is since the last one mailed.
    expect((await findDigestById(db(), subscription.id))!.lastSentAt!.toISOString()).toBe(next.toISOString());
  });

  it('builds a digest once when two workers build it at the same moment', async () => {
    const e = await insertStartup(db(), 'alerts-e', 'ACTIVE');
    const subscription = await subscribe({ categories: ['devops'] });
    await job(e.id, 'DevOps in Copenhagen', 5 * 60_000, { categories: ['devops'] });
    const outbox = keepingOutbox();
    const data = { digestId: subscription.id, period: '2031-05-05' };
    const outcomes = await Promise.all([sendDigest(db(), outbox, CONFIG, data, T), sendDigest(db(), outbox, CONFIG, data, T)]);
    expect(outcomes.filter((o) => o.sent)).toHaveLength(1);
    expect(outbox.sent).toHaveLength(1);
  });

  it('queues the mail in the transaction of the sent-jobs rows: a failure keeps neither', async () => {
    const f = await insertStartup(db(), 'alerts-f', 'ACTIVE');
    const subscription = await subscribe({ categories: ['qa'] });
    await job(f.id, 'QA in Copenhagen', 5 * 60_000, { categories: ['qa'] });
    const failing: MailOutbox = {
      enqueue: async () => {
        throw new Error('the outbox is down');
      },
    };
    await expect(sendDigest(db(), failing, CONFIG, { digestId: subscription.id, period: '2031-05-05' }, T)).rejects.toThrow('the outbox is down');
    expect(await sentJobIds(db(), subscription.id)).toEqual([]);
    expect((await findDigestById(db(), subscription.id))!.lastPeriod).toBeNull();
  });

  it('sends nothing to a subscription that waits for its confirmation, is paused or is gone', async () => {
    const g = await insertStartup(db(), 'alerts-g', 'ACTIVE');
    await job(g.id, 'Data science in Copenhagen', 5 * 60_000, { categories: ['data-science'] });
    const outbox = keepingOutbox();
    const pending = await subscribe({ categories: ['data-science'], confirmedAt: null, confirmTokenHash: randomBytes(32).toString('hex') });
    const paused = await subscribe({ categories: ['data-science'], paused: true });
    const period = { period: '2031-05-05' };
    expect(await sendDigest(db(), outbox, CONFIG, { digestId: pending.id, ...period }, T)).toEqual({ sent: false, reason: 'inactive' });
    expect(await sendDigest(db(), outbox, CONFIG, { digestId: paused.id, ...period }, T)).toEqual({ sent: false, reason: 'inactive' });
    expect(await sendDigest(db(), outbox, CONFIG, { digestId: 2_000_000_000, ...period }, T)).toEqual({ sent: false, reason: 'gone' });
    expect(outbox.sent).toEqual([]);
  });

  it('writes the e-mail: each job with its startup, place, salary and tracked link, a manage link, and the one-click unsubscribe headers', async () => {
    const h = await insertStartup(db(), 'alerts-h', 'ACTIVE');
    const subscription = await subscribe({ categories: ['sales'] });
    const id = await job(h.id, 'Sales lead <Nordics>', 5 * 60_000, {
      categories: ['sales'],
      salaryType: 'range',
      salaryMin: 40000,
      salaryMax: 55000,
      salaryCurrency: 'DKK',
      salaryPeriod: 'month',
      boostingExpiresAt: new Date(T.getTime() + DAY),
    });
    const outbox = keepingOutbox();
    await sendDigest(db(), outbox, CONFIG, { digestId: subscription.id, period: '2031-05-05' }, T);
    const [mail] = outbox.sent;
    expect(mail!.to).toBe(subscription.email);
    expect(mail!.subject).toBe(`New job: Sales lead <Nordics> at ${h.name}`);
    const jobLink = `https://nordlys.example/jobs/${id}?surface=digest`;
    const manage = `https://nordlys.example/digest/manage/${subscription.settingsKey}`;
    expect(mail!.text).toContain('Sales lead <Nordics> (featured)');
    expect(mail!.text).toContain(`${h.name} · Copenhagen, Denmark`);
    // The sdk's salary label ("DKK 40,000–55,000"), as every surface shows it.
    expect(mail!.text).toContain(`  ${salaryLabel({ type: 'range', min: 40000, max: 55000, currency: 'DKK', period: 'month' })}\n`);
    expect(salaryLabel({ type: 'range', min: 40000, max: 55000, currency: 'DKK', period: 'month' })).toMatch(/^DKK\s40,000–55,000$/);
    const links = extractLinks(mail!.text);
    expect(links).toContain(jobLink);
    expect(links).toContain(manage);
    const unsubscribePage = links.find((l) => l.startsWith('https://nordlys.example/digest/unsubscribe?'));
    expect(unsubscribePage).toBeDefined();
    // HTML: escaped, with the same links and the design tokens' accent.
    expect(mail!.html).toContain('Sales lead &lt;Nordics&gt;');
    expect(mail!.html).not.toContain('<Nordics>');
    expect(mail!.html).toContain(`href="${jobLink}"`);
    expect(mail!.html).toContain(`href="${manage}"`);
    expect(mail!.html).toContain('#0f766e');
    // RFC 8058: the API URL with the same HMAC token as the page's link.
    const token = new URL(unsubscribePage!).searchParams.get('token');
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<https://nordlys.example/api/digest/unsubscribe?id=${subscription.id}&token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  describe('the scheduler', () => {
    let queue: JobQueue;
    beforeAll(async () => {
      const tasks = digestTasks(database.db, { config: CONFIG, log: () => {} });
      queue = await startQueue(database, { mailer: new RecordingMailer(), supervise: false, ...tasks });
    });
    afterAll(async () => queue?.stop());

    const digestJobs = (digestId: number) => queue.boss.findJobs<{ digestId: number; period: string }>(DIGEST_QUEUES.digest, { data: { digestId } });

    it('is scheduled every five minutes', async () => {
      expect(await queue.boss.getSchedule(DIGEST_QUEUES.schedule)).toMatchObject({ cron: '*/5 * * * *' });
    });

    it('queues one digest per due subscription and period, moves its next time on, and skips pending and paused ones', async () => {
      const now = new Date(Date.UTC(2032, 0, 7, 7, 3));
      const due = await subscribe({ nextDueAt: new Date(Date.UTC(2032, 0, 7, 7, 0)), hourOfDay: 8, timeZone: 'Europe/Copenhagen' });
      const later = await subscribe({ nextDueAt: new Date(now.getTime() + HOUR) });
      const pending = await subscribe({ nextDueAt: ago(HOUR, now), confirmedAt: null, confirmTokenHash: randomBytes(32).toString('hex') });
      const paused = await subscribe({ nextDueAt: ago(HOUR, now), paused: true });
      const fresh = await subscribe({ nextDueAt: null });

      const first = await queueDueDigests(database.db, queue.boss, now);
      expect(first.queued).toBeGreaterThanOrEqual(1);
      const [queued] = await digestJobs(due.id);
      expect(queued).toMatchObject({ data: { digestId: due.id, period: '2032-01-07' }, singletonKey: digestJobKey({ digestId: due.id, period: '2032-01-07' }) });
      for (const other of [later, pending, paused, fresh]) expect(await digestJobs(other.id)).toEqual([]);

      const timing = { frequency: 'daily' as const, hourOfDay: 8, timeZone: 'Europe/Copenhagen' };
      expect((await findDigestById(database.db, due.id))!.nextDueAt!.toISOString()).toBe(nextDigestAt(timing, now).toISOString());
      // A subscription never scheduled gets its first time, and no digest yet.
      expect((await findDigestById(database.db, fresh.id))!.nextDueAt).not.toBeNull();
      expect((await findDigestById(database.db, pending.id))!.nextDueAt!.toISOString()).toBe(ago(HOUR, now).toISOString());

      // Another instance's scheduler at the same moment finds nothing left to queue.
      await queueDueDigests(database.db, queue.boss, now);
      expect(await digestJobs(due.id)).toHaveLength(1);
      // And the queue takes no second job of that subscription's period while one waits.
      expect(await queue.boss.send(DIGEST_QUEUES.digest, queued!.data, { singletonKey: queued!.singletonKey! })).toBeNull();
    });

    it('runs the queued digest on the queue, and its mail goes out through the outbox', async () => {
      const k = await insertStartup(db(), 'alerts-k', 'ACTIVE');
      const now = new Date();
      const subscription = await subscribe({ categories: ['legal'], locations: [{ countryCode: 'EE' }], includeRemoteJobs: false, nextDueAt: ago(60_000, now), lastSentAt: ago(DAY, now), timeZone: 'UTC', hourOfDay: now.getUTCHours() });
      await job(k.id, 'Legal counsel in Tallinn', 60_000, { categories: ['legal'], locationId: ee, approvedAt: ago(60_000, now) });
      await queueDueDigests(database.db, queue.boss, now);
      const mailer = new RecordingMailer();
      const worker = await startQueue(database, { mailer, supervise: false, ...digestTasks(database.db, { config: CONFIG, log: () => {} }) });
      try {
        const ran = await worker.runPending([DIGEST_QUEUES.digest, 'mail']);
        expect(ran.failed).toBe(0);
        expect(mailer.sent.filter((m) => m.to === subscription.email).map((m) => m.subject)).toEqual([`New job: Legal counsel in Tallinn at ${k.name}`]);
        const [done] = await worker.boss.findJobs(DIGEST_QUEUES.digest, { data: { digestId: subscription.id } });
        expect(done).toMatchObject({ state: 'completed', data: { period: digestPeriod(ago(60_000, now), 'UTC') } });
      } finally {
        await worker.stop();
      }
      const row = await database.db.select({ lastPeriod: digests.lastPeriod }).from(digests).where(eq(digests.id, subscription.id));
      expect(row[0]!.lastPeriod).toBe(digestPeriod(ago(60_000, now), 'UTC'));
      // Clean up this file's digest jobs' effect on the shared queue: nothing left waiting.
      const waiting = await database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${DIGEST_QUEUES.digest} AND state IN ('created', 'retry', 'active') AND (data->>'digestId')::int = ${subscription.id}`);
      expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });
  });
});
