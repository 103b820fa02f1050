/**
 * Search benchmark: seeds 10k and then 100k jobs and prints p50/p95 of typical searches, measured
 * server-side (the query function) and through HTTP (a real server on a loopback port).
 * Runs on PGlite always and on PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set.
 *
 *   npm run bench:search                 # 10k and 100k
 *   npm run bench:search -- --sizes 10000 --rounds 30 --backends postgres
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import * as v from 'valibot';
import { JobSearchQuerySchema } from '@nordlys/sdk/schemas';
import { createApp } from '../server/src/app';
import { openDatabase, type Database } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import { searchJobs } from '../server/src/queries/jobs';
import { growJobs, seedDemo } from '../server/src/seed/index';
import { adminQuery } from '../server/src/testing/postgres';
import { readConfig } from '../server/src/config';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    rounds: { type: 'string', default: '40' },
    backends: { type: 'string', default: 'pglite,postgres' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const rounds = Number(values.rounds);
const backendsWanted = new Set(values.backends.split(','));

/** Typical searches: the landing list, words, countries, remote, categories, combinations, deep pages. */
const SEARCHES = [
  '',
  'search=engineer',
  'search=design&countryCode=SE',
  'countryCode=DK',
  'countryCode=REMOTE',
  'countryCode=NO&city=Oslo',
  'categories=backend,frontend,fullstack',
  'positionTypes=INTERNSHIP&sort=newest',
  'search=senior%20product',
  'page=10',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function measure(label: string, fn: (query: string) => Promise<unknown>) {
  // Warm-up: the first runs pay for plan caching and page faults.
  for (const q of SEARCHES) await fn(q);
  const all: number[] = [];
  const perSearch: { q: string; p50: number; p95: number }[] = [];
  for (const q of SEARCHES) {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) samples.push(await time(() => fn(q)));
    samples.sort((a, b) => a - b);
    perSearch.push({ q: q || '(no filter)', p50: percentile(samples, 50), p95: percentile(samples, 95) });
    all.push(...samples);
  }
  all.sort((a, b) => a - b);
  console.log(`  ${label}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms over ${all.length} searches`);
  for (const s of perSearch) console.log(`    ${s.q.padEnd(40)} p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms`);
  return { p50: percentile(all, 50), p95: percentile(all, 95) };
}

async function bench(name: string, database: Database) {
  console.log(`\n== ${name} ==`);
  const t = performance.now();
  await seedDemo(database.db);
  console.log(`seeded demo data in ${Math.round(performance.now() - t)} ms`);

  const app = createApp({ db: database.db, config: { ...readConfig({}), isProduction: true } });

  const results: { size: number; server: { p50: number; p95: number }; http: { p50: number; p95: number } }[] = [];
  for (const size of sizes) {
    const g = performance.now();
    let last = 0;
    const added = await growJobs(database.db, size, {
      onProgress: (done, total) => {
        if (done - last >= 20_000 || done === total) {
          last = done;
          process.stdout.write(`  growing: ${done}/${total}\r`);
        }
      },
    });
    await refreshStatistics(database.db);
    console.log(`\n${size.toLocaleString('en')} jobs (${added.toLocaleString('en')} added in ${Math.round(performance.now() - g)} ms)`);
    const serverSide = await measure('server-side', (q) =>
      searchJobs(database.db, v.parse(JobSearchQuerySchema, Object.fromEntries(new URLSearchParams(q)))),
    );
    // A server per size: a keep-alive socket left idle while jobs were added would be reset.
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = await measure('HTTP', async (q) => {
      const res = await fetch(`${base}/api/v2/jobs?${q}`);
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${q}`);
      await res.arrayBuffer();
    });
    await new Promise((resolve) => server.close(resolve));
    results.push({ size, server: serverSide, http });
  }
  return results;
}

const summary: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-'));
if (backendsWanted.has('pglite')) try {
  const pglite = await openDatabase({ dataDir });
  for (const r of await bench('PGlite', pglite)) {
    summary.push(`PGlite     ${String(r.size).padStart(7)} jobs: server p95 ${r.server.p95.toFixed(1)} ms, HTTP p95 ${r.http.p95.toFixed(1)} ms`);
  }
  await pglite.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
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
    for (const r of await bench('PostgreSQL', pg)) {
      summary.push(`PostgreSQL ${String(r.size).padStart(7)} jobs: server p95 ${r.server.p95.toFixed(1)} ms, HTTP p95 ${r.http.p95.toFixed(1)} ms (target ≤ 15 ms server-side)`);
    }
    await pg.close();
  } finally {
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
} else {
  summary.push('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
}
console.log(`\nSummary\n${summary.join('\n')}`);
