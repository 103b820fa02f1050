/** The queue on both databases: the outbox commits with its transaction, workers deliver, failures retry and stay visible. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction, QUEUES, startQueue, type JobQueue } from './queue';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { RecordingMailer } from '../testing/auth-parts';
import { backends, openTestDatabase } from '../testing/database';
import type { MailMessage } from '../mail/types';

const message = (to: string): MailMessage => ({ to, subject: `Hello ${to}`, text: 'Hello', html: '<p>Hello</p>' });

describe.each(backends)('the job queue on %s', (backend) => {
  let database: Database;
  const mailer = new RecordingMailer();
  let queue: JobQueue;
  let counter = 0;
  const address = (label: string) => `${label}-${++counter}-${backend}@example.test`;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    queue = await startQueue(database, { mailer, supervise: false });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  /** Makes every waiting try of the mail to `to` due now, as if its backoff had passed. */
  const dueNow = (to: string) => database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${QUEUES.mail} AND data->>'to' = ${to}`);

  it('commits the mail with its transaction, and a rolled-back change queues nothing', async () => {
    const kept = address('kept');
    const lost = address('lost');
    await inTransaction(database.db, async (tx) => {
      await tx.update(users).set({ firstName: 'Mads' }).where(sql`${users.email} = 'founder@nordlys.test'`);
      await queue.mail.enqueue(tx, message(kept));
    });
    await expect(
      inTransaction(database.db, async (tx) => {
        await queue.mail.enqueue(tx, message(lost));
        throw new Error('the request failed after queueing its mail');
      }),
    ).rejects.toThrow('the request failed');
    expect(mailer.lastTo(kept)).toBeUndefined();
    expect(await queue.runPending()).toEqual({ completed: 1, failed: 0 });
    expect(mailer.lastTo(kept)).toMatchObject({ subject: `Hello ${kept}` });
    expect(mailer.lastTo(lost)).toBeUndefined();
    expect(await queue.boss.findJobs(QUEUES.mail, { data: { to: lost } })).toEqual([]);
  });

  it('delivers a mail queued before a crash once the queue starts again', async () => {
    const to = address('crash');
    await inTransaction(database.db, (tx) => queue.mail.enqueue(tx, message(to)));
    // The process dies before any worker took the job: nothing was sent.
    await queue.stop();
    expect(mailer.lastTo(to)).toBeUndefined();
    queue = await startQueue(database, { mailer, supervise: false });
    expect(await queue.runPending()).toEqual({ completed: 1, failed: 0 });
    expect(mailer.sent.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('retries a failing send with backoff, and a mail that fails every try stays visible in mail-failed', async () => {
    const to = address('down');
    await inTransaction(database.db, (tx) => queue.mail.enqueue(tx, message(to)));
    mailer.failing = true;
    try {
      const [queued] = await queue.boss.findJobs(QUEUES.mail, { data: { to } });
      const tries = queued!.retryLimit + 1;
      for (let attempt = 1; attempt <= tries; attempt++) {
        expect(await queue.runPending([QUEUES.mail])).toEqual({ completed: 0, failed: 1 });
        const [job] = await queue.boss.findJobs(QUEUES.mail, { data: { to } });
        if (attempt < tries) {
          expect(job!.state).toBe('retry');
          // Backoff: the next try waits its turn.
          expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now());
          expect(await queue.runPending([QUEUES.mail])).toEqual({ completed: 0, failed: 0 });
          await dueNow(to);
        } else {
          expect(job!.state).toBe('failed');
        }
      }
    } finally {
      mailer.failing = false;
    }
    expect(mailer.lastTo(to)).toBeUndefined();
    const [dead] = await queue.boss.findJobs(QUEUES.mailFailed, { data: { to } });
    expect(dead).toMatchObject({ data: { to, subject: `Hello ${to}` } });
  });

  it('sends a retried mail once the mail server is back', async () => {
    const to = address('flaky');
    await inTransaction(database.db, (tx) => queue.mail.enqueue(tx, message(to)));
    mailer.failing = true;
    expect(await queue.runPending()).toEqual({ completed: 0, failed: 1 });
    mailer.failing = false;
    await dueNow(to);
    expect(await queue.runPending()).toEqual({ completed: 1, failed: 0 });
    expect(mailer.sent.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('runs polling workers that deliver queued mail by themselves', async () => {
    const worker = await startQueue(database, { mailer, supervise: false, pollingIntervalSeconds: 0.5 });
    try {
      await worker.work();
      const to = address('worker');
      await inTransaction(database.db, (tx) => worker.mail.enqueue(tx, message(to)));
      await vi.waitFor(() => expect(mailer.lastTo(to)).toBeDefined(), { timeout: 10_000, interval: 50 });
      await vi.waitFor(async () => expect((await worker.boss.findJobs(QUEUES.mail, { data: { to } }))[0]?.state).toBe('completed'), { timeout: 10_000, interval: 50 });
    } finally {
      await worker.stop();
    }
  });
});
