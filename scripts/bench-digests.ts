/**
 * Digest benchmark (issue #14: "the time to build and queue the digests of 10,000 subscriptions against
 * 100,000 jobs on PostgreSQL, and the mails per second the worker sends to the local SMTP server"):
 * seeds the demo data, grows it to 100,000 jobs, adds 10,000 confirmed daily subscriptions that are due
 * (random countries, remote and categories), then, through the real queue:
 *   1. the scheduler queues one digest job per subscription (queueDueDigests);
 *   2. the worker builds every digest and queues its mail in the same transaction (the `digest` queue);
 *   3. the worker sends every mail to a local SMTP server (smtp-server, as the tests use; it counts and discards).
 * Also the digest query alone (p50/p95 over a sample). A fresh throw-away PostgreSQL database
 * (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL).
 *
 *   npm run bench:digests
 *   npm run bench:digests -- --jobs 100000 --subscriptions 10000 --workers 1
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { CATEGORY_VALUES } from '@nordlys/sdk/vocabulary';
import { openDatabase, type Database } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import { createMailer } from '../server/src/mail/mailer';
import { digestContent, findDigestById } from '../server/src/queries/digests';
import { digestTasks, DIGEST_QUEUES, DIGEST_WORKER_CONCURRENCY, queueDueDigests } from '../server/src/queue/digest-tasks';
import { QUEUES, startQueue, type JobQueue } from '../server/src/queue/queue';
import { growJobs, seedDemo } from '../server/src/seed/index';
import { withDatabase } from '../server/src/testing/global-setup';
import { adminQuery } from '../server/src/testing/postgres';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    subscriptions: { type: 'string', default: '10000' },
    /** Worker instances (each one pg-boss worker per queue, as `npm run worker` runs). */
    workers: { type: 'string', default: '1' },
    sample: { type: 'string', default: '300' },
  },
});
const totalJobs = Number(values.jobs);
const subscriptionCount = Number(values.subscriptions);
const workerCount = Number(values.workers);
const sampleSize = Number(values.sample);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) {
  console.error('[bench:digests] needs PostgreSQL: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL');
  process.exit(1);
}

const CONFIG = { productName: 'Nordlys', publicUrl: 'https://nordlys.example' };
const COUNTRIES = ['DK', 'SE', 'NO', 'FI', 'IS'];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (n: number, ms: number) => `${Math.round((n * 1000) / ms).toLocaleString('en')}/s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A local SMTP server that takes every message and counts it. */
async function countingSmtp() {
  let received = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    async waitFor(n: number) {
      while (received < n) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until no job of `name` waits, runs or retries; fails on a failed one. */
async function drained(database: Database, name: string): Promise<void> {
  for (;;) {
    const result = (await database.db.execute(sql`
      SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS open, count(*) FILTER (WHERE state = 'failed')::int AS failed
      FROM pgboss.job WHERE name = ${name}`)) as unknown as { rows: { open: number; failed: number }[] };
    const { open, failed } = result.rows[0]!;
    if (failed) throw new Error(`${failed} ${name} jobs failed`);
    if (!open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function bench(database: Database) {
  const { db } = database;
  const started = performance.now();
  await seedDemo(db);
  await growJobs(db, totalJobs);
  const now = new Date();
  // The subscriptions: 1–2 countries, remote in 40%, 1–3 categories, daily, last mailed a day ago, due now.
  await db.execute(sql`SELECT setseed(0.14)`);
  await db.execute(sql`
    INSERT INTO digests (settings_key, email, frequency, locations, include_remote_jobs, categories, confirmed_at, created_at, last_sent_at, next_due_at, time_zone, hour_of_day)
    SELECT 'bench-' || lpad(g::text, 16, '0'), 'subscriber-' || g || '@bench.example', 'daily',
           (SELECT jsonb_agg(DISTINCT jsonb_build_object('countryCode', c)) FROM unnest(ARRAY[
              (${sql.raw(`ARRAY[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`)})[1 + floor(random() * ${COUNTRIES.length})::int + 0 * g],
              (${sql.raw(`ARRAY[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`)})[1 + floor(random() * ${COUNTRIES.length})::int + 0 * g]
            ]) AS c),
           random() < 0.4,
           ARRAY(SELECT DISTINCT (${sql.raw(`ARRAY[${CATEGORY_VALUES.map((c) => `'${c}'`).join(',')}]`)})[1 + floor(random() * ${CATEGORY_VALUES.length})::int]
                 FROM generate_series(1, 1 + (g % 3))),
           now() - interval '60 days', now() - interval '60 days', now() - interval '1 day', now() - interval '1 minute', 'Europe/Copenhagen', 8
    FROM generate_series(1, ${subscriptionCount}) g`);
  await refreshStatistics(db);
  const fresh = (await db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'ACTIVE' AND approved_at > now() - interval '1 day'`)) as unknown as { rows: { n: number }[] };
  console.log(`[bench:digests] ${totalJobs.toLocaleString('en')} jobs (${fresh.rows[0]!.n.toLocaleString('en')} ACTIVE approved in the last day), ${subscriptionCount.toLocaleString('en')} subscriptions, ready in ${seconds(performance.now() - started)}`);

  // The digest query alone, on a sample of subscriptions.
  const ids = (await db.execute(sql`SELECT id FROM digests WHERE settings_key LIKE 'bench-%' ORDER BY id LIMIT ${sampleSize}`)) as unknown as { rows: { id: number }[] };
  const timings: number[] = [];
  let held = 0;
  for (const { id } of ids.rows) {
    const row = (await findDigestById(db, id))!;
    const t = performance.now();
    const content = await digestContent(db, row, now);
    timings.push(performance.now() - t);
    held += content.jobs.length;
  }
  timings.sort((a, b) => a - b);
  console.log(`[bench:digests] digest query: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms over ${timings.length} subscriptions (${(held / timings.length).toFixed(1)} jobs a digest on average)`);

  const smtp = await countingSmtp();
  const mailers = Array.from({ length: workerCount }, () => createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Nordlys <no-reply@bench.example>' }));
  const queues: JobQueue[] = [];
  try {
    // Instances that only schedule and build first: mail waits until the digests are built, so each phase is timed alone.
    const tasks = digestTasks(db, { config: CONFIG, log: () => {} });
    for (const mailer of mailers) queues.push(await startQueue(database, { mailer, supervise: false, ...tasks, log: (line) => console.warn(line) }));

    const t0 = performance.now();
    const round = await queueDueDigests(db, queues[0]!.boss, new Date());
    const scheduled = performance.now() - t0;
    console.log(`[bench:digests] scheduler: ${round.queued.toLocaleString('en')} digest jobs queued in ${seconds(scheduled)}`);

    const t1 = performance.now();
    // The digest worker as the server runs it (DIGEST_WORKER_CONCURRENCY at once), without the mail worker yet.
    for (const queue of queues) await queue.work([DIGEST_QUEUES.digest]);
    await drained(database, DIGEST_QUEUES.digest);
    const built = performance.now() - t1;
    const mails = (await db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${QUEUES.mail} AND state = 'created'`)) as unknown as { rows: { n: number }[] };
    const mailCount = mails.rows[0]!.n;
    console.log(`[bench:digests] digest worker${workerCount > 1 ? `s (${workerCount} instances, ` : ' ('}${DIGEST_WORKER_CONCURRENCY} at once): ${round.queued.toLocaleString('en')} digests built, ${mailCount.toLocaleString('en')} mails queued, in ${seconds(built)} (${rate(round.queued, built)})`);
    console.log(`[bench:digests] build and queue all digests: ${seconds(scheduled + built)}`);

    const t2 = performance.now();
    // The mail worker, as the server runs it (QUEUES.mail with its handler: nodemailer's pooled SMTP transport).
    for (const queue of queues) await queue.work([QUEUES.mail]);
    await smtp.waitFor(mailCount);
    await drained(database, QUEUES.mail);
    const sent = performance.now() - t2;
    console.log(`[bench:digests] mail worker${workerCount > 1 ? `s (${workerCount})` : ''}: ${smtp.received().toLocaleString('en')} mails sent to the local SMTP server in ${seconds(sent)}: ${rate(smtp.received(), sent)}`);
  } finally {
    for (const queue of queues) await queue.stop();
    for (const mailer of mailers) await mailer.close();
    await smtp.close();
  }
}

const name = `nordlys_bench_digests_${process.pid}`;
await adminQuery(url, `CREATE DATABASE ${name}`);
const database = await openDatabase({ url: withDatabase(url, name) });
try {
  await bench(database);
} finally {
  await database.close();
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
}
