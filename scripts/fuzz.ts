/**
 * The fuzzer driven by the OpenAPI document (issue #17): the built server (`server/dist/main.js`) on
 * a fresh copy of the demo data, on PGlite and on PostgreSQL, and for every operation of the
 * document valid inputs from its schemas (accepted, or a declared error; a success must match its
 * declared answer) and broken ones (400 with field messages), as a role its rule lets through
 * (server/src/testing/api-fuzz.ts, as the fuzz test in npm test, but by the ten thousand). Prints a
 * count per status and per operation; exits 1 on any 5xx, any answer that breaks the document, or
 * if the server exits.
 *
 *   npm run build && npm run fuzz
 *   npm run fuzz -- --requests 20000 --seed 7 --concurrency 4 --backends pglite,postgres
 *
 * PostgreSQL: BENCH_DATABASE_URL (else TEST_DATABASE_URL) names a server on which a throw-away
 * database is made and dropped; without either, only PGlite runs. The hostile-input fuzzer of
 * pages, headers and methods is `npm run fuzz:hostile`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { apiOperations, type ApiOperation } from '../server/src/api/openapi';
import { createApp } from '../server/src/app';
import { captchaRoutes } from '../server/src/captcha/routes';
import { readConfig } from '../server/src/config';
import { openDatabase, type Db } from '../server/src/db/client';
import { seedDemo } from '../server/src/seed/index';
import { fuzzOperation, tally, type FuzzResult } from '../server/src/testing/api-fuzz';
import { callOrder, isEnding, prepareWorld, worldOf, type WorldRecords } from '../server/src/testing/api-world';
import { withDatabase } from '../server/src/testing/global-setup';
import { adminQuery } from '../server/src/testing/postgres';
import { freePort } from '../server/src/testing/free-port';
import { startServerProcess } from '../server/src/testing/server-process';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    concurrency: { type: 'string', default: '4' },
    backends: { type: 'string', default: 'pglite,postgres' },
  },
});
const TARGET = Number(values.requests);
const SEED = Number(values.seed);
const CONCURRENCY = Number(values.concurrency);
/** Valid cases per operation and round; each round draws new ones. */
const VALID_PER_ROUND = 4;

/** The document's operations, read from the app's routes (routers only register handlers: no database needed). */
function documentOperations(): ApiOperation[] {
  const app = createApp({ db: {} as Db, config: { ...readConfig({}), isProduction: false } });
  return apiOperations([app, captchaRoutes({} as never)]).operations;
}

interface Run {
  results: FuzzResult[];
  exited: string | null;
  seconds: number;
}

async function fuzzServer(env: Record<string, string>, records: WorldRecords, operations: ApiOperation[]): Promise<Run> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServerProcess(
    // With every part a route can need: the embedded sign-in provider too (DEV_OIDC, which production refuses).
    { ...env, PORT: String(port), PUBLIC_URL: origin, TRUST_PROXY: 'true', SECRET_KEY: randomBytes(32).toString('hex'), DEV_OIDC: '1' },
    [],
    { built: true },
  );
  const base = await server.url(120_000);
  const fetchAnswer = async (url: string, init: RequestInit) => {
    const res = await fetch(base + url, { ...init, redirect: 'manual' });
    return { status: res.status, contentType: res.headers.get('Content-Type') ?? '', text: await res.text() };
  };
  const world = await worldOf(records, async (path, init) => fetch(base + path, { ...init, redirect: 'manual' }));
  const results: FuzzResult[] = [];
  const started = performance.now();
  const repeatable = callOrder(operations).filter((op) => !isEnding(op));
  const ending = callOrder(operations).filter(isEnding);
  let round = 0;
  // Rounds of every repeatable operation, several at a time, until the target; the ones that end the world (deletions, the sign-out) once, last.
  while (results.length < TARGET && !server.exited()) {
    round++;
    const queue = [...repeatable];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let op = queue.shift(); op && !server.exited(); op = queue.shift()) {
          results.push(...(await fuzzOperation(op, world, fetchAnswer, { seed: SEED * 1_000 + round, valid: VALID_PER_ROUND, origin })));
        }
      }),
    );
    process.stdout.write(`\r[fuzz] round ${round}: ${results.length} requests`);
  }
  for (const op of ending) if (!server.exited()) results.push(...(await fuzzOperation(op, world, fetchAnswer, { seed: SEED, valid: VALID_PER_ROUND, origin })));
  process.stdout.write('\n');
  const exit = server.exited();
  const exited = exit ? `exit code ${exit.code}${exit.signal ? `, signal ${exit.signal}` : ''}` : null;
  await server.stop();
  return { results, exited, seconds: (performance.now() - started) / 1000 };
}

/** A fresh copy of the demo data with the world's records, on PGlite in a folder or on a throw-away PostgreSQL database. */
async function prepare(options: { dataDir: string } | { url: string }): Promise<WorldRecords> {
  const database = await openDatabase(options);
  try {
    await seedDemo(database.db);
    return await prepareWorld(database.db, { tag: 'fuzz' });
  } finally {
    await database.close();
  }
}

function report(backend: string, run: Run, operations: ApiOperation[]): boolean {
  const { byStatus, byOperation } = tally(run.results);
  const problems = run.results.filter((result) => result.problem);
  console.log(`\n[fuzz ${backend}] ${run.results.length} requests over ${operations.length} operations in ${run.seconds.toFixed(0)} s (seed ${SEED})`);
  console.log(`  by status: ${[...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status} × ${n}`).join(', ')}`);
  const kinds = new Map<string, number>();
  for (const { kind } of run.results) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  console.log(`  by kind: ${[...kinds].map(([kind, n]) => `${kind} × ${n}`).join(', ')}`);
  console.log('  by operation:');
  for (const [key, counts] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    console.log(`    ${key.padEnd(72)} ${String(total).padStart(5)}  ${[...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`);
  }
  const ok = problems.length === 0 && !run.exited && run.results.length >= TARGET;
  if (run.exited) console.log(`  the server exited: ${run.exited}`);
  if (run.results.length < TARGET) console.log(`  only ${run.results.length} of ${TARGET} requests were sent`);
  for (const { op, kind, status, problem } of problems.slice(0, 30)) console.log(`  PROBLEM ${op.method} ${op.path} (${kind}) ${status}: ${problem}`);
  if (problems.length > 30) console.log(`  … and ${problems.length - 30} more`);
  console.log(`  ${ok ? 'PASS' : 'FAIL'}: ${problems.length} answers broke the document`);
  return ok;
}

async function main() {
  const operations = documentOperations();
  const backends = values.backends.split(',');
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let ok = true;
  if (backends.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-fuzz-'));
    try {
      const records = await prepare({ dataDir });
      ok = report('PGlite', await fuzzServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, records, operations), operations) && ok;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (backends.includes('postgres')) {
    if (!pgUrl) console.log('\n[fuzz] PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    else {
      const name = `nordlys_fuzz_${process.pid}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-fuzz-pg-'));
      await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
      try {
        const url = withDatabase(pgUrl, name);
        const records = await prepare({ url });
        ok = report('PostgreSQL', await fuzzServer({ DATABASE_URL: url, DATA_DIR: dataDir }, records, operations), operations) && ok;
      } finally {
        await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  process.exit(ok ? 0 : 1);
}

await main();
