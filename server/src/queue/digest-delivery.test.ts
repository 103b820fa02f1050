/**
 * Digests delivered through the queue to a real SMTP server, on both databases (issue #14): two
 * workers started together send each digest once; a send the mail server refuses is retried and then
 * delivered; a process killed between the commit and the send still delivers after a restart (a child
 * process killed with SIGKILL); a digest that fails every try ends in the dead-letter queue an admin sees.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createMailer } from '../mail/mailer';
import type { Mailer } from '../mail/types';
import { failedQueueJobs } from '../queries/queue-jobs';
import { sentJobIds } from '../queries/digests';
import { backends, openTestDatabase } from '../testing/database';
import { dueDigestFixture } from '../testing/digests';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp';
import { digestTasks, DIGEST_QUEUES, queueDueDigests, sendDigest, type DigestJobData } from './digest-tasks';
import { QUEUES, startQueue, type MailOutbox } from './queue';

const CONFIG = { productName: 'Nordlys', publicUrl: 'https://nordlys.example' };
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const smtpMailer = (smtp: TestSmtpServer): Mailer => createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Nordlys <no-reply@nordlys.example>' });
const queueWith = (database: Database, mailer: Mailer, polling = 0.5) =>
  startQueue(database, { mailer, supervise: false, pollingIntervalSeconds: polling, log: () => {}, ...digestTasks(database.db, { config: CONFIG, log: () => {} }) });
const messagesTo = (smtp: TestSmtpServer, to: string) => smtp.messages.filter((m) => m.to.includes(to));

describe.each(backends)('digest delivery on %s', (backend) => {
  let database: Database;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });

  it('two workers started together send each digest once', async () => {
    const { subscriptions } = await dueDigestFixture(database.db, `pair-${backend}`, 6);
    const mailers = [smtpMailer(smtp), smtpMailer(smtp)];
    const [a, b] = await Promise.all(mailers.map((mailer) => queueWith(database, mailer)));
    try {
      // Both instances' schedulers fire in the same minute, then both start working.
      await Promise.all([queueDueDigests(database.db, a!.boss, new Date()), queueDueDigests(database.db, b!.boss, new Date())]);
      await Promise.all([a!.work(), b!.work()]);
      for (const { email } of subscriptions) await smtp.waitForMessage((m) => m.to.includes(email), 20_000);
      // Wait until nothing of theirs is left to do, then count.
      await vi.waitFor(
        async () => {
          for (const { id, email } of subscriptions) {
            const jobs = [...(await a!.boss.findJobs(DIGEST_QUEUES.digest, { data: { digestId: id } })), ...(await a!.boss.findJobs(QUEUES.mail, { data: { to: email } }))];
            expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
          }
        },
        { timeout: 20_000, interval: 100 },
      );
      for (const { id, email } of subscriptions) {
        expect(messagesTo(smtp, email)).toHaveLength(1);
        expect(await sentJobIds(database.db, id)).toHaveLength(1);
      }
    } finally {
      await Promise.all([a!.stop(), b!.stop()]);
      await Promise.all(mailers.map((m) => m.close()));
    }
  });

  it('retries a digest mail the SMTP server refuses, and delivers it once the server takes mail again', async () => {
    const { subscriptions } = await dueDigestFixture(database.db, `refused-${backend}`, 1, 'finance');
    const { id, email } = subscriptions[0]!;
    const mailer = smtpMailer(smtp);
    const queue = await queueWith(database, mailer);
    try {
      await queueDueDigests(database.db, queue.boss, new Date());
      smtp.refuse(true);
      expect(await queue.runPending([DIGEST_QUEUES.digest])).toMatchObject({ failed: 0 });
      expect(await queue.runPending([QUEUES.mail])).toEqual({ completed: 0, failed: 1 });
      const [waiting] = await queue.boss.findJobs(QUEUES.mail, { data: { to: email } });
      expect(waiting).toMatchObject({ state: 'retry' });
      // Backoff: the retry waits its turn, and the digest is not built again meanwhile.
      expect(waiting!.startAfter.getTime()).toBeGreaterThan(Date.now());
      expect(messagesTo(smtp, email)).toEqual([]);

      smtp.refuse(false);
      await database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${QUEUES.mail} AND data->>'to' = ${email}`);
      expect(await queue.runPending([QUEUES.mail])).toEqual({ completed: 1, failed: 0 });
      const [mail] = messagesTo(smtp, email);
      expect(mail!.subject).toMatch(/^New job: Analyst at refused-/);
      expect(mail!.headers['list-unsubscribe']).toMatch(new RegExp(`^<https://nordlys\\.example/api/digest/unsubscribe\\?id=${id}&token=[A-Za-z0-9_-]{43}>$`));
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(messagesTo(smtp, email)).toHaveLength(1);
    } finally {
      smtp.refuse(false);
      await queue.stop();
      await mailer.close();
    }
  });

  it('keeps a digest that fails every try in digest-failed, with its error, for the admins', async () => {
    const { subscriptions } = await dueDigestFixture(database.db, `dead-${backend}`, 1, 'hr');
    const { id } = subscriptions[0]!;
    const broken: MailOutbox = {
      enqueue: async () => {
        throw new Error('the outbox refused the digest');
      },
    };
    // The real digest handler with an outbox that always fails.
    const queue = await startQueue(database, {
      mailer: smtpMailer(smtp),
      supervise: false,
      log: () => {},
      queues: digestTasks(database.db, { config: CONFIG }).queues,
      handlers: { [DIGEST_QUEUES.digest]: (data: DigestJobData) => sendDigest(database.db, broken, CONFIG, data, new Date()) },
    });
    try {
      await queueDueDigests(database.db, queue.boss, new Date());
      const [queued] = await queue.boss.findJobs(DIGEST_QUEUES.digest, { data: { digestId: id } });
      for (let attempt = 1; attempt <= queued!.retryLimit + 1; attempt++) {
        expect(await queue.runPending([DIGEST_QUEUES.digest])).toMatchObject({ failed: 1 });
        await database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${DIGEST_QUEUES.digest} AND (data->>'digestId')::int = ${id}`);
      }
      const [failed] = await queue.boss.findJobs(DIGEST_QUEUES.digest, { data: { digestId: id } });
      expect(failed!.state).toBe('failed');
      const listed = await failedQueueJobs(database.db, { [QUEUES.mailFailed]: 'mail', [DIGEST_QUEUES.failed]: 'digest' });
      const mine = listed.jobs.find((j) => j.summary.startsWith(`Digest of subscription ${id} `));
      expect(mine).toMatchObject({ queue: 'digest', error: 'the outbox refused the digest', tries: queued!.retryLimit + 1 });
      // Nothing of it was kept: the next period's digest still has the job to send.
      expect(await sentJobIds(database.db, id)).toEqual([]);
    } finally {
      await queue.stop();
    }
  });

  describe('a crash between the commit and the send', () => {
    /** A database the child process can open too: PostgreSQL's own, or PGlite on a folder. */
    async function sharedDatabase(name: string): Promise<{ open(): Promise<Database>; env: Record<string, string>; cleanup(): Promise<void> }> {
      if (backend === 'postgres') {
        const database = await openTestDatabase('postgres');
        return { open: async () => database, env: { DATABASE_URL: database.url! }, cleanup: () => database.close() };
      }
      const dir = await mkdtemp(join(tmpdir(), `nordlys-crash-${name}-`));
      const seeded = await openDatabase({ dataDir: dir, pgliteSnapshot: new Blob([await readFile(inject('pgliteDump'))]) });
      await seeded.close();
      return { open: () => openDatabase({ dataDir: dir }), env: { DATA_DIR: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) };
    }

    /** Runs the child until it prints `signal`, then kills it with SIGKILL. */
    async function crashChild(env: Record<string, string>, signal: 'COMMITTED' | 'SENDING'): Promise<string> {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/digest-crash-child.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, killedBy) => resolve(killedBy)));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the child never said ${signal}:\n${output}`)), 60_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(signal)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', () => {
          clearTimeout(timer);
          reject(new Error(`the child ended before ${signal}:\n${output}`));
        });
      });
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      return output;
    }

    async function crashAndRestart(crashAt: 'committed' | 'sending') {
      const shared = await sharedDatabase(crashAt);
      let database = await shared.open();
      const { subscriptions } = await dueDigestFixture(database.db, `crash-${crashAt}-${backend}`, 1, crashAt === 'committed' ? 'cxo' : 'engineer');
      const { id, email } = subscriptions[0]!;
      // PGlite's folder belongs to one process at a time.
      if (backend === 'pglite') await database.close();
      try {
        const output = await crashChild({ ...shared.env, DIGEST_ID: String(id), PERIOD: '2031-01-01', CRASH_AT: crashAt }, crashAt === 'committed' ? 'COMMITTED' : 'SENDING');
        expect(output).toContain('COMMITTED {"sent":true,"jobs":1}');
        if (backend === 'pglite') database = await shared.open();
        expect(messagesTo(smtp, email)).toEqual([]);

        const mailer = smtpMailer(smtp);
        const queue = await queueWith(database, mailer);
        try {
          if (crashAt === 'sending') {
            // The dead process held the mail job: it stays active until its time is up (expireInSeconds),
            // then the supervisor hands it back for a retry. Here its time is made up, not waited for.
            const [held] = await queue.boss.findJobs(QUEUES.mail, { data: { to: email } });
            expect(held!.state).toBe('active');
            await database.db.execute(sql`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE name = ${QUEUES.mail} AND data->>'to' = ${email}`);
            await queue.boss.supervise(QUEUES.mail);
            const [expired] = await queue.boss.findJobs(QUEUES.mail, { data: { to: email } });
            expect(expired!.state).toBe('retry');
            await database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${QUEUES.mail} AND data->>'to' = ${email}`);
          }
          expect(await queue.runPending([QUEUES.mail])).toMatchObject({ completed: 1, failed: 0 });
          const [mail] = messagesTo(smtp, email);
          expect(mail!.subject).toMatch(new RegExp(`^New job: Analyst at crash-${crashAt}-${backend} at Startup crash-${crashAt}-${backend} \\d+$`));
          expect(messagesTo(smtp, email)).toHaveLength(1);
          // The digest itself was built once: the restart does not build it again.
          expect(await sentJobIds(database.db, id)).toHaveLength(1);
          expect(await sendDigest(database.db, queue.mail, CONFIG, { digestId: id, period: '2031-01-01' }, new Date())).toEqual({ sent: false, reason: 'done' });
        } finally {
          await queue.stop();
          await mailer.close();
        }
      } finally {
        await database.close().catch(() => {});
        await shared.cleanup();
      }
    }

    it('delivers the mail when the process died after the commit, before any worker took it', () => crashAndRestart('committed'), 120_000);
    it('delivers the mail when the process died in the middle of sending it', () => crashAndRestart('sending'), 120_000);
  });
});
