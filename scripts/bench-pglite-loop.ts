/**
 * Event-loop benchmark for PGlite (issue #16): how long the server's thread is held up while PGlite answers
 * heavy reads. Seeds the demo data and `--jobs` more jobs once, then, for each `--threads` mode (PGlite on
 * this thread, or in its worker thread), runs `--concurrency` loops of job searches through the app's
 * handler (`app.request('/api/v2/jobs?…')`) for `--seconds`, and meanwhile measures:
 *   - loop delay: perf_hooks' monitorEventLoopDelay;
 *   - timer: how late a 10 ms setTimeout fires;
 *   - trivial HTTP: the round trip of a plain "ok" from a node:http server in this process.
 * Prints p50/p99/max of each, and how many searches were answered.
 *
 *   npx tsx scripts/bench-pglite-loop.ts
 *   npx tsx scripts/bench-pglite-loop.ts --threads worker --seconds 15 --jobs 20000
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createApp } from '../server/src/app';
import { readConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import { growJobs, seedDemo } from '../server/src/seed/index';

const { values } = parseArgs({
  options: {
    threads: { type: 'string', default: 'main,worker' },
    seconds: { type: 'string', default: '8' },
    jobs: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
  },
});
const threads = values.threads.split(',') as ('main' | 'worker')[];
const seconds = Number(values.seconds);
const extraJobs = Number(values.jobs);
const concurrency = Number(values.concurrency);
if (threads.some((t) => t !== 'main' && t !== 'worker') || !(seconds > 0) || !Number.isInteger(extraJobs) || extraJobs < 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error('[bench:pglite-loop] --threads main,worker; --seconds > 0; --jobs 0 or more; --concurrency 1 or more');
  process.exit(1);
}

/** The heavy reads: the searches a visitor runs on /jobs, ranked text search among them. */
const SEARCHES = ['', 'search=engineer', 'search=design&countryCode=SE', 'countryCode=DK', 'categories=backend,frontend,fullstack', 'search=senior%20product', 'page=10'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (label: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return `${label.padEnd(14)} p50 ${percentile(s, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(s, 99).toFixed(1).padStart(7)} ms   max ${(s.at(-1) ?? NaN).toFixed(1).padStart(7)} ms   (${s.length} samples)`;
};

console.log(`Seeding the demo data and ${extraJobs.toLocaleString('en')} more jobs…`);
const seeding = await openDatabase({ dataDir: 'memory://', pgliteThread: 'main' });
await seedDemo(seeding.db);
if (extraJobs) await growJobs(seeding.db, extraJobs);
await refreshStatistics(seeding.db);
const snapshot = await seeding.dump!();
await seeding.close();

const trivial = createServer((_req, res) => res.end('ok'));
await new Promise<void>((resolve) => trivial.listen(0, '127.0.0.1', resolve));
const trivialUrl = `http://127.0.0.1:${(trivial.address() as AddressInfo).port}/`;

const results: string[] = [];
for (const thread of threads) {
  const database = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: snapshot, pgliteThread: thread });
  const app = createApp({ db: database.db, config: { ...readConfig({}), isProduction: true } });
  const search = async (q: string) => {
    const res = await app.request(`/api/v2/jobs?${q}`);
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${q}`);
    await res.arrayBuffer();
  };
  for (const q of SEARCHES) await search(q); // warm-up: plans and page cache

  const until = performance.now() + seconds * 1000;
  const running = () => performance.now() < until;
  const searchTimes: number[] = [];
  const timerLate: number[] = [];
  const httpTimes: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await Promise.all([
    ...Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; running(); i++) {
        const t = performance.now();
        await search(SEARCHES[i % SEARCHES.length]!);
        searchTimes.push(performance.now() - t);
      }
    }),
    (async () => {
      while (running()) {
        const t = performance.now();
        await sleep(10);
        timerLate.push(performance.now() - t - 10);
      }
    })(),
    (async () => {
      while (running()) {
        const t = performance.now();
        await (await fetch(trivialUrl)).text();
        httpTimes.push(performance.now() - t);
        await sleep(20);
      }
    })(),
  ]);
  loop.disable();
  await database.close();
  const ms = (ns: number) => ns / 1e6;
  results.push(
    `\n== PGlite on the ${thread === 'main' ? 'main thread' : 'worker thread'}: ${searchTimes.length} searches in ${seconds} s (${concurrency} at a time) ==`,
    `loop delay     p50 ${ms(loop.percentile(50)).toFixed(1).padStart(7)} ms   p99 ${ms(loop.percentile(99)).toFixed(1).padStart(7)} ms   max ${ms(loop.max).toFixed(1).padStart(7)} ms   (monitorEventLoopDelay, 10 ms resolution)`,
    summary('timer (late)', timerLate),
    summary('trivial HTTP', httpTimes),
    summary('search', searchTimes),
  );
  console.log(results.slice(-5).join('\n'));
}
trivial.close();
console.log(`\nSummary${results.join('\n')}`);
