/**
 * Search benchmark (issue #16): grows the jobs table to each size and prints p50/p95 of typical
 * searches, measured server-side (the query function) and through HTTP (a real server on a loopback
 * port), then per search the p95 at each size and the ratio of the largest size to the smallest. It
 * also measures the server time of rendering `/jobs` (the site's renderer in process, as main.ts
 * wires it, reading the whole body; without the answer cache, so every call is a miss), and the HTTP
 * searches again signed in (talent@: private answers with the viewer's marks on each job, issue #32). Runs on PGlite always and on PostgreSQL when
 * BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set. Exits 1 when a target of #16 fails
 * on PostgreSQL: every search's server-side p95 ≤ 15 ms at 300,000 jobs, no search's p95 more than
 * 1.5× from 100,000 to 300,000 jobs, and the SSR of `/jobs` p95 ≤ 30 ms at 100,000 jobs.
 *
 *   npm run bench:search                 # 10k and 100k
 *   npm run bench:search -- --sizes 100000,300000 --backends postgres --keep
 *   npm run bench:search -- --sizes 10000 --rounds 30 --backends postgres
 *
 * --answers FILE  records what each search answers (its ids in order, total, exactness, pages, fuzzy;
 *         a digest per backend, size and search) in FILE, or, for those already there, checks that
 *         the answers are the same: a change to the queries or indexes keeps every search's rows,
 *         order and totals. A mismatch is a failure (exit 1). Jobs that expire in between change
 *         answers too: compare runs of the same day.
 * --keep  keeps one PostgreSQL database per size (nordlys_bench_search_{size}) and reuses it on the
 *         next run, so 300,000 jobs are seeded once; a larger size starts as a copy of the smaller
 *         one. Their dates are those of the first run: jobs expire as days pass. --fresh drops them
 *         first. Without --keep the database is a throw-away one, dropped at the end (or on Ctrl-C).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as v from 'valibot';
import { JobSearchQuerySchema } from '@nordlys/sdk/schemas';
import { createApp } from '../server/src/app';
import { openDatabase, type Database, type Db } from '../server/src/db/client';
import * as schema from '../server/src/db/schema';
import { refreshStatistics } from '../server/src/db/maintenance';
import { searchJobs } from '../server/src/queries/jobs';
import { growJobs, isDatabaseEmpty, seedDemo } from '../server/src/seed/index';
import { adminQuery } from '../server/src/testing/postgres';
import { readConfig } from '../server/src/config';
import { DEMO_PASSWORD } from '../server/src/seed/accounts';

// React picks its build when first loaded: the production one, as a deployed server runs it (a
// development render of /jobs costs several times more).
process.env.NODE_ENV ??= 'production';
const { render } = await import('@nordlys/site/server');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    rounds: { type: 'string', default: '200' },
    backends: { type: 'string', default: 'pglite,postgres' },
    keep: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    answers: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number).sort((a, b) => a - b);
const rounds = Number(values.rounds);
const backendsWanted = new Set(values.backends.split(','));

/** Issue #16's targets, on PostgreSQL. */
const TARGET = { serverP95Ms: 15, atSize: 300_000, growth: 1.5, fromSize: 100_000, ssrP95Ms: 30, ssrSize: 100_000 };

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
const SSR_LABEL = 'SSR /jobs';

interface Figures {
  p50: number;
  p95: number;
}
interface SizeResult {
  size: number;
  /** A digest of each search's answer (answersOf). */
  answers: Map<string, string>;
  /** PostgreSQL only: the pages each search reads, its queries' shared buffers (pagesOf). */
  pages?: Map<string, number>;
  server: Map<string, Figures>;
  http: Map<string, Figures>;
  /** The same searches by a signed-in user (talent@): private answers with the viewer's marks on each job (issue #32). */
  httpSignedIn: Map<string, Figures>;
  ssr: Figures;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const label = (q: string) => q || '(no filter)';
const ms = (n: number) => n.toFixed(1).padStart(6);

async function measure(name: string, queries: string[], fn: (query: string) => Promise<unknown>): Promise<Map<string, Figures>> {
  // Warm-up: the first runs pay for plan caching and page faults.
  for (const q of queries) await fn(q);
  const all: number[] = [];
  const perSearch = new Map<string, Figures>();
  for (const q of queries) {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) samples.push(await time(() => fn(q)));
    samples.sort((a, b) => a - b);
    perSearch.set(label(q), { p50: percentile(samples, 50), p95: percentile(samples, 95) });
    all.push(...samples);
  }
  all.sort((a, b) => a - b);
  console.log(`  ${name}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms over ${all.length} calls`);
  for (const [q, s] of perSearch) console.log(`    ${q.padEnd(40)} p50 ${ms(s.p50)} ms   p95 ${ms(s.p95)} ms`);
  return perSearch;
}

/** Demo data once, then jobs up to `size`, then fresh statistics. */
async function grow(database: Database, size: number) {
  if (await isDatabaseEmpty(database.db)) {
    const t = performance.now();
    await seedDemo(database.db);
    console.log(`seeded demo data in ${Math.round(performance.now() - t)} ms`);
  }
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
}

const searchOf = (database: Pick<Database, 'db'>, q: string) =>
  searchJobs(database.db, v.parse(JobSearchQuerySchema, Object.fromEntries(new URLSearchParams(q))));

/**
 * PostgreSQL: per search, the pages (shared buffers hit or read) of the queries it runs, each run
 * again under EXPLAIN (ANALYZE, BUFFERS). Unlike times on a shared machine, they repeat from run to
 * run: the growth of the work itself.
 */
async function pagesOf(url: string): Promise<Map<string, number>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const logged: { query: string; params: unknown[] }[] = [];
    const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => logged.push({ query, params }) } }) as unknown as Db;
    const pages = new Map<string, number>();
    for (const q of SEARCHES) {
      await searchOf({ db }, q); // prepares its statements, so that the run below logs only this search's queries
      logged.length = 0;
      await searchOf({ db }, q);
      let total = 0;
      for (const { query, params } of logged.splice(0)) {
        const values = params.map((p) => (p instanceof Date ? p.toISOString() : p));
        const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`, values);
        const plan = rows[0]['QUERY PLAN'][0].Plan;
        total += plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
      }
      pages.set(label(q), total);
    }
    return pages;
  } finally {
    await pool.end();
  }
}

/** Per search, a digest of what it answers: the jobs' ids in order, the total, its exactness, the pages. */
async function answersOf(database: Database): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const q of SEARCHES) {
    const { jobs, total, totalExact, pages, fuzzy } = await searchOf(database, q);
    const answer = JSON.stringify({ ids: jobs.map((j) => j.id), total, totalExact, pages, fuzzy });
    digests.set(label(q), `${createHash('sha256').update(answer).digest('hex').slice(0, 12)} (${total}${totalExact ? '' : '+'})`);
  }
  return digests;
}

/** The searches server-side and over HTTP, and the server time of rendering /jobs. */
/** Signs talent@ (a demo candidate with saved and interesting jobs) in, and returns the session as a Cookie header. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'talent@nordlys.test', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** The mean of the searches' p50 and p95. */
const meanOf = (figures: Map<string, Figures>) => {
  const all = [...figures.values()];
  return { p50: all.reduce((sum, f) => sum + f.p50, 0) / all.length, p95: all.reduce((sum, f) => sum + f.p95, 0) / all.length };
};

async function measureSize(database: Database, size: number): Promise<SizeResult> {
  const answers = await answersOf(database);
  const pages = database.url ? await pagesOf(database.url) : undefined;
  const server = await measure('server-side', SEARCHES, (q) => searchOf(database, q));
  // The app as main.ts wires it for pages: the site's renderer, which calls /api in process.
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-public-'));
  const app = createApp({
    db: database.db,
    config: { ...readConfig({}), isProduction: true },
    pages: { render, assets: () => ({ scripts: ['/assets/entry.js'], styles: ['/assets/entry.css'] }), publicDir },
  });
  try {
    // A server per size: a keep-alive socket left idle while jobs were added would be reset.
    const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listener.once('listening', resolve));
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const http = await measure('HTTP', SEARCHES, async (q) => {
      const res = await fetch(`${base}/api/v2/jobs?${q}`);
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${q}`);
      await res.arrayBuffer();
    });
    const cookie = await signIn(base);
    const httpSignedIn = await measure('HTTP signed in', SEARCHES, async (q) => {
      const res = await fetch(`${base}/api/v2/jobs?${q}`, { headers: { Cookie: cookie } });
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${q} signed in`);
      if (!(res.headers.get('cache-control') ?? '').includes('private')) throw new Error(`${q}: a signed-in answer that is not private`);
      await res.arrayBuffer();
    });
    await new Promise((resolve) => listener.close(resolve));
    // Server time: the app's own handler, no socket, the whole body read.
    const ssr = await measure('server time of SSR', ['/jobs'], async (path) => {
      const res = await app.fetch(new Request(`http://localhost${path}`));
      const html = await res.text();
      if (res.status !== 200 || !html.includes('</html>')) throw new Error(`SSR ${path}: ${res.status}`);
    });
    return { size, answers, pages, server, http, httpSignedIn, ssr: ssr.get('/jobs')! };
  } finally {
    rmSync(publicDir, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<SizeResult[]> {
  console.log('\n== PGlite ==');
  const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      const results: SizeResult[] = [];
      for (const size of sizes) {
        await grow(database, size);
        results.push(await measureSize(database, size));
      }
      return results;
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function benchPostgres(adminUrl: string): Promise<SizeResult[]> {
  console.log(`\n== PostgreSQL${values.keep ? ' (kept databases)' : ''} ==`);
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const results: SizeResult[] = [];
  if (!values.keep) {
    const name = `nordlys_bench_${process.pid}`;
    const drop = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    // Ctrl-C during a long seed still leaves no database behind.
    const onSignal = () => void drop().finally(() => process.exit(130));
    process.once('SIGINT', onSignal);
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    try {
      const database = await openDatabase({ url: urlOf(name) });
      try {
        for (const size of sizes) {
          await grow(database, size);
          results.push(await measureSize(database, size));
        }
      } finally {
        await database.close();
      }
    } finally {
      await drop();
      process.off('SIGINT', onSignal);
    }
    return results;
  }
  const kept = (size: number) => `nordlys_bench_search_${size}`;
  if (values.fresh) for (const size of sizes) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${kept(size)} WITH (FORCE)`);
  let previous: string | null = null;
  for (const size of sizes) {
    const name = kept(size);
    if (!(await databaseExists(adminUrl, name))) {
      // A copy of the smaller size's database: only the difference is seeded.
      await adminQuery(adminUrl, `CREATE DATABASE ${name}${previous ? ` TEMPLATE ${previous}` : ''}`);
      console.log(`created ${name}${previous ? ` from ${previous}` : ''}`);
    } else console.log(`reusing ${name}`);
    const database = await openDatabase({ url: urlOf(name) });
    try {
      await grow(database, size);
      results.push(await measureSize(database, size));
    } finally {
      await database.close();
    }
    previous = name;
  }
  return results;
}

/** Per search, the p95 at each size and the ratio of the largest size to the smallest. */
function growthTable(results: SizeResult[], pick: (r: SizeResult) => Map<string, Figures>): string[] {
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const head = `    ${'search'.padEnd(40)}${results.map((r) => `${r.size.toLocaleString('en').padStart(9)} p95`).join('')}   ratio`;
  const lines = [...pick(first).keys()].map((q) => {
    const ratio = pick(last).get(q)!.p95 / pick(first).get(q)!.p95;
    return `    ${q.padEnd(40)}${results.map((r) => `${ms(pick(r).get(q)!.p95)} ms   `).join('')}${ratio.toFixed(2).padStart(5)}`;
  });
  return [head, ...lines];
}

/**
 * --answers: each search's digest against the one recorded for this backend and size, recording those
 * not there yet. Returns the mismatches.
 */
function checkAnswers(name: string, results: SizeResult[]): { lines: string[]; failures: string[] } {
  const file = values.answers;
  if (!file) return { lines: [], failures: [] };
  const recorded: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const lines: string[] = [];
  const failures: string[] = [];
  let added = 0;
  for (const r of results) {
    for (const [q, digest] of r.answers) {
      const key = `${name} ${r.size} ${q}`;
      if (recorded[key] === undefined) {
        recorded[key] = digest;
        added++;
      } else if (recorded[key] !== digest) failures.push(`${key}: answer ${digest}, recorded ${recorded[key]}`);
    }
  }
  writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
  const checked = results.reduce((n, r) => n + r.answers.size, 0) - added;
  lines.push(`  answers: ${checked} checked against ${file} (${failures.length} differ), ${added} recorded`);
  return { lines, failures };
}

function report(name: string, results: SizeResult[], checkTargets: boolean): { lines: string[]; failures: string[] } {
  const lines = [`${name}`];
  for (const r of results) {
    const all = [...r.server.values()].map((f) => f.p95);
    lines.push(`  ${r.size.toLocaleString('en').padStart(9)} jobs: worst server p95 ${Math.max(...all).toFixed(1)} ms, ${SSR_LABEL} p50 ${r.ssr.p50.toFixed(1)} ms p95 ${r.ssr.p95.toFixed(1)} ms`);
    const [visitor, signedIn] = [meanOf(r.http), meanOf(r.httpSignedIn)];
    lines.push(`    HTTP mean of the searches: visitor p50 ${visitor.p50.toFixed(1)} ms p95 ${visitor.p95.toFixed(1)} ms; signed in (marks) p50 ${signedIn.p50.toFixed(1)} ms p95 ${signedIn.p95.toFixed(1)} ms`);
  }
  if (results.length > 1) {
    const [a, b] = [results[0]!.size, results[results.length - 1]!.size];
    lines.push(`  server-side p95 (ratio ${b.toLocaleString('en')}/${a.toLocaleString('en')}):`, ...growthTable(results, (r) => r.server));
    lines.push(`  HTTP p95 (ratio ${b.toLocaleString('en')}/${a.toLocaleString('en')}):`, ...growthTable(results, (r) => r.http));
    lines.push(`  ${SSR_LABEL} p95: ${results.map((r) => `${r.ssr.p95.toFixed(1)} ms at ${r.size.toLocaleString('en')}`).join(', ')}`);
    if (results.every((r) => r.pages)) {
      const first = results[0]!.pages!;
      const last = results[results.length - 1]!.pages!;
      lines.push(`  pages read per search (ratio ${b.toLocaleString('en')}/${a.toLocaleString('en')}):`);
      for (const q of first.keys()) {
        lines.push(`    ${q.padEnd(40)}${results.map((r) => String(r.pages!.get(q)).padStart(9)).join('')}   ${(last.get(q)! / first.get(q)!).toFixed(2).padStart(5)}`);
      }
    }
  }
  for (const r of results) lines.push(`  answers at ${r.size.toLocaleString('en')}: ${[...r.answers].map(([q, d]) => `${q} ${d}`).join('; ')}`);
  const answers = checkAnswers(name, results);
  lines.push(...answers.lines);
  const failures: string[] = [...answers.failures];
  if (checkTargets) {
    const at = results.find((r) => r.size === TARGET.atSize);
    const from = results.find((r) => r.size === TARGET.fromSize);
    for (const [q, f] of at?.server ?? []) {
      if (f.p95 > TARGET.serverP95Ms) failures.push(`${q}: server p95 ${f.p95.toFixed(1)} ms > ${TARGET.serverP95Ms} ms at ${TARGET.atSize.toLocaleString('en')} jobs`);
      const before = from?.server.get(q);
      if (before && f.p95 / before.p95 > TARGET.growth) {
        failures.push(`${q}: server p95 grew ${(f.p95 / before.p95).toFixed(2)}× from ${TARGET.fromSize.toLocaleString('en')} to ${TARGET.atSize.toLocaleString('en')} jobs (> ${TARGET.growth}×)`);
      }
    }
    const ssr = results.find((r) => r.size === TARGET.ssrSize)?.ssr;
    if (ssr && ssr.p95 > TARGET.ssrP95Ms) failures.push(`${SSR_LABEL}: p95 ${ssr.p95.toFixed(1)} ms > ${TARGET.ssrP95Ms} ms at ${TARGET.ssrSize.toLocaleString('en')} jobs`);
  }
  return { lines, failures };
}

const summary: string[] = [];
const failures: string[] = [];
if (backendsWanted.has('pglite')) {
  const out = report('PGlite', await benchPglite(), false);
  summary.push(...out.lines);
  failures.push(...out.failures);
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!backendsWanted.has('postgres')) {
  summary.push('PostgreSQL not asked for (--backends)');
} else if (pgUrl) {
  const out = report('PostgreSQL', await benchPostgres(pgUrl), true);
  summary.push(...out.lines);
  failures.push(...out.failures);
} else {
  summary.push('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
}
console.log(`\nSummary (p50/p95 of ${rounds} calls each, after a warm-up)\n${summary.join('\n')}`);
if (failures.length) {
  console.log(`\nTargets of #16 missed on PostgreSQL, or answers changed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exitCode = 1;
} else if (pgUrl && backendsWanted.has('postgres')) {
  console.log('\nTargets of #16 met on PostgreSQL for the sizes measured.');
}
