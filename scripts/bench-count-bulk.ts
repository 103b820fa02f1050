/**
 * jobs/count/bulk benchmark (issue #14: "answers 20 searches in one call; give its p95 at 100,000
 * jobs"): seeds the demo data, grows it to 100,000 jobs and times calls of 20 pinned searches, each
 * with its own `since`, measured server-side (the query function) and through HTTP (a real server on
 * a loopback port, rate limit included). Two mixes: twenty typical searches, and the same with one
 * of them a typo ('enginer'), which only the similar-title tier finds (the search's costliest tier). PostgreSQL by default (BENCH_DATABASE_URL, TEST_DATABASE_URL
 * or DATABASE_URL); `--backends pglite,postgres` adds PGlite.
 *
 *   npm run bench:count-bulk
 *   npm run bench:count-bulk -- --jobs 100000 --rounds 60 --backends pglite,postgres
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { LIMITS } from '@nordlys/sdk/constants';
import { splitSearch, type SavableSearch } from '@nordlys/sdk/search-history';
import { createApp } from '../server/src/app';
import { readConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import { countNewJobs } from '../server/src/queries/saved-searches';
import { growJobs, seedDemo } from '../server/src/seed/index';
import { adminQuery } from '../server/src/testing/postgres';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '60' },
    backends: { type: 'string', default: 'postgres' },
  },
});
const totalJobs = Number(values.jobs);
const rounds = Number(values.rounds);
const backendsWanted = new Set(values.backends.split(','));

const DAY = 86_400_000;

/**
 * Twenty searches a job seeker might pin (each has text or a location, spec 5): words of titles,
 * countries, cities, remote, categories and position types; since 1 to 30 days ago.
 */
const TYPICAL: SavableSearch[] = [
  { search: 'frontend', countryCode: 'DK' },
  { search: 'engineer' },
  { search: 'backend', countryCode: 'SE', categories: ['backend'] },
  { search: 'senior product' },
  { search: 'design', countryCode: 'NO' },
  { city: 'Copenhagen', countryCode: 'DK' },
  { city: 'Stockholm', countryCode: 'SE', positionTypes: ['FULL_TIME'] },
  { search: 'developer', countryCode: 'REMOTE' },
  { search: 'react', categories: ['frontend', 'fullstack'] },
  { search: 'data', countryCode: 'FI' },
  { search: 'marketing', city: 'Oslo' },
  { search: 'devops', countryCode: 'DK', positionTypes: ['FULL_TIME', 'PART_TIME'] },
  { search: 'sales' },
  { search: 'engineer', countryCode: 'DK' },
  { search: 'kubernetes' },
  { search: 'operations manager', countryCode: 'SE' },
  { search: 'ios', countryCode: 'NO' },
  { city: 'Helsinki' },
  { search: 'partnerships', countryCode: 'DK' },
  { search: 'python', categories: ['backend'] },
];
/** The same twenty with one typo: 'enginer' matches no word, so the search shows (and counts) similar titles. */
const WITH_TYPO: SavableSearch[] = TYPICAL.map((s) => (s.search === 'engineer' && s.countryCode === 'DK' ? { ...s, search: 'enginer' } : s));
if (TYPICAL.length !== LIMITS.countBulkMax || WITH_TYPO.some((s) => s.search === 'engineer' && s.countryCode === 'DK')) {
  throw new Error(`the bench calls with ${LIMITS.countBulkMax} searches, one of them a typo in the second mix`);
}

const SINCE_DAYS = [1, 3, 7, 14, 30];
const items = (searches: SavableSearch[], now: number) =>
  searches.map((search, i) => {
    const { key, filters } = splitSearch(search);
    return { key, filters, since: new Date(now - SINCE_DAYS[i % SINCE_DAYS.length]! * DAY).toISOString() };
  });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, call: () => Promise<unknown>) {
  const size = LIMITS.countBulkMax;
  // Warm-up: the first calls pay for plan caching and page faults.
  for (let i = 0; i < 3; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const result = { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1)! };
  console.log(`  ${label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(1)} ms over ${rounds} calls of ${size} searches`);
  return result;
}

async function bench(name: string, database: Database) {
  console.log(`\n== ${name} ==`);
  const seeded = performance.now();
  await seedDemo(database.db);
  let last = 0;
  const added = await growJobs(database.db, totalJobs, {
    onProgress: (done, total) => {
      if (done - last >= 20_000 || done === total) {
        last = done;
        process.stdout.write(`  growing: ${done}/${total}\r`);
      }
    },
  });
  await refreshStatistics(database.db);
  console.log(`\n${totalJobs.toLocaleString('en')} jobs (${added.toLocaleString('en')} added) in ${Math.round(performance.now() - seeded)} ms`);

  const asDates = (list: ReturnType<typeof items>) => list.map((i) => ({ ...i, since: new Date(i.since) }));
  // One pass search by search: what each finds and costs.
  for (const [i, item] of asDates(items(WITH_TYPO, Date.now())).entries()) {
    const t = performance.now();
    const [r] = await countNewJobs(database.db, [item]);
    console.log(`    ${JSON.stringify(WITH_TYPO[i]).padEnd(72)} ${String(r!.count).padStart(5)} new  ${(performance.now() - t).toFixed(1).padStart(7)} ms`);
  }
  const server = await measure('server-side, typical', () => countNewJobs(database.db, asDates(items(TYPICAL, Date.now()))));
  const serverTypo = await measure('server-side, one typo', () => countNewJobs(database.db, asDates(items(WITH_TYPO, Date.now()))));

  const app = createApp({ db: database.db, config: { ...readConfig({}), isProduction: true } });
  const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => listener.once('listening', resolve));
  const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // All from one address: 3 + rounds calls stay under COUNT_BULK_LIMIT (300 in 15 minutes).
  const http = await measure('HTTP, typical', async () => {
    const res = await fetch(`${base}/api/jobs/count/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: items(TYPICAL, Date.now()) }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  });
  await new Promise((resolve) => listener.close(resolve));
  return { server, serverTypo, http };
}

type Figures = { p50: number; p95: number };
const line = (name: string, r: { server: Figures; serverTypo: Figures; http: Figures }) =>
  `${name} ${totalJobs} jobs, ${LIMITS.countBulkMax} searches a call: server p50 ${r.server.p50.toFixed(1)} / p95 ${r.server.p95.toFixed(1)} ms ` +
  `(one typo: ${r.serverTypo.p50.toFixed(1)} / ${r.serverTypo.p95.toFixed(1)} ms), HTTP p50 ${r.http.p50.toFixed(1)} / p95 ${r.http.p95.toFixed(1)} ms`;
const summary: string[] = [];
if (backendsWanted.has('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-'));
  try {
    const pglite = await openDatabase({ dataDir });
    const r = await bench('PGlite', pglite);
    summary.push(line('PGlite    ', r));
    await pglite.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!backendsWanted.has('postgres')) {
  summary.push('PostgreSQL not asked for (--backends)');
} else if (pgUrl) {
  const name = `nordlys_bench_${process.pid}`;
  await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    const pg = await openDatabase({ url: url.toString() });
    const r = await bench('PostgreSQL', pg);
    summary.push(line('PostgreSQL', r));
    await pg.close();
  } finally {
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
} else {
  summary.push('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
}
console.log(`\nSummary\n${summary.join('\n')}`);
