/**
 * Expiry benchmark: how long the scheduled task (server/src/queue/tasks.ts) takes to expire 10,000 jobs
 * that are past their date, among 100,000 jobs, measured as the query alone and as the whole task through
 * the queue (queue the job, a worker takes it, runs the UPDATE, completes it). A fresh throw-away database
 * on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL), and on PGlite in memory.
 *
 *   npm run bench:expiry
 *   npm run bench:expiry -- --due 10000 --total 100000 --rounds 5 --backends postgres
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import { jobs } from '../server/src/db/schema';
import { expireJobs } from '../server/src/queries/job-status';
import { startQueue } from '../server/src/queue/queue';
import { queueTasks, TASKS } from '../server/src/queue/tasks';
import { withDatabase } from '../server/src/testing/global-setup';
import { adminQuery } from '../server/src/testing/postgres';
import type { Mailer } from '../server/src/mail/types';

const { values } = parseArgs({
  options: {
    due: { type: 'string', default: '10000' },
    total: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    backends: { type: 'string', default: 'postgres,pglite' },
  },
});
const due = Number(values.due);
const total = Number(values.total);
const rounds = Number(values.rounds);
const wanted = new Set(values.backends.split(','));
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const noMail: Mailer = { kind: 'outbox', send: async () => ({ messageId: 'none' }), close: async () => {} };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function bench(name: string, database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`INSERT INTO companies (key, name, status) VALUES ('bench-expiry', 'Bench Expiry', 'ACTIVE')`);
  // `due` jobs past their date (half ACTIVE, half STOPPED), the rest live for another month.
  await db.execute(sql`
    INSERT INTO jobs (company_id, title, status, expiration_date)
    SELECT c.id, 'Job ' || g, CASE WHEN g % 2 = 0 THEN 'ACTIVE' ELSE 'STOPPED' END::job_status,
           CASE WHEN g <= ${due} THEN now() - interval '1 hour' ELSE now() + interval '30 days' END
    FROM companies c, generate_series(1, ${total}) g WHERE c.key = 'bench-expiry'`);
  await refreshStatistics(db);
  const reset = () => db.execute(sql`UPDATE jobs SET status = CASE WHEN id % 2 = 0 THEN 'ACTIVE' ELSE 'STOPPED' END::job_status WHERE status = 'EXPIRED'`);

  const query: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    const expired = await expireJobs(db, new Date());
    query.push(performance.now() - t);
    if (expired.length !== due) throw new Error(`expected ${due} expired, got ${expired.length}`);
    await reset();
  }

  const queue = await startQueue(database, { mailer: noMail, supervise: false, ...queueTasks(db, { config: { productName: 'Nordlys', publicUrl: 'http://localhost' }, log: () => {} }) });
  const task: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await queue.boss.send(TASKS.expireJobs);
      const ran = await queue.runPending([TASKS.expireJobs]);
      task.push(performance.now() - t);
      if (ran.completed !== 1) throw new Error(`the task did not complete: ${JSON.stringify(ran)}`);
      const n = await db.$count(jobs, eq(jobs.status, 'EXPIRED'));
      if (n !== due) throw new Error(`expected ${due} expired, got ${n}`);
      await reset();
    }
  } finally {
    await queue.stop();
  }
  console.log(`[bench:expiry] ${name}: expiring ${due.toLocaleString('en')} of ${total.toLocaleString('en')} jobs: query median ${ms(median(query))} (min ${ms(Math.min(...query))}, max ${ms(Math.max(...query))}); whole task through the queue median ${ms(median(task))} (${rounds} rounds)`);
}

if (wanted.has('postgres')) {
  if (!url) {
    console.log('[bench:expiry] postgres skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL');
  } else {
    const name = `nordlys_bench_expiry_${process.pid}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    try {
      await bench('PostgreSQL', database);
    } finally {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    }
  }
}
if (wanted.has('pglite')) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await bench('PGlite', database);
  } finally {
    await database.close();
  }
}
