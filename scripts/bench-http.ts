/**
 * HTTP throughput of the public answers (issue #16): autocannon against the built production server,
 * on PGlite and on PostgreSQL, beside a bare node:http hello in another process measured in the same
 * run. Prints req/s, p99 and the ratio to the hello per endpoint, the event loop's delay inside the
 * server during the PGlite runs, and exits 1 when a target is missed:
 *   - the widget's data (/api/companies/{key}/job-briefs?limit=10), the startup's job summaries
 *     (/api/companies/{key}/jobs) and /api/v2/jobs: at least 30 % of the hello's req/s;
 *   - /jobs and /jobs/{id} for visitors: p99 at most 100 ms.
 *
 *   npm run build && npm run bench:http
 *   npm run bench:http -- --duration 4 --connections 50 --backends pglite
 *
 * PostgreSQL: BENCH_DATABASE_URL (else TEST_DATABASE_URL) names a server on which a throw-away
 * database is created, seeded and dropped. Without either, only PGlite runs. Ports: PORT (default
 * 3103) for the server, the next free one for the hello. Builds nothing; not part of npm test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NORTHWIND_KEY } from '../server/src/seed/index';
import { withDatabase } from '../server/src/testing/global-setup';
import { adminQuery } from '../server/src/testing/postgres';
import { widgetDataPath } from '../server/src/testing/load-mix';
import { measure, startHello, stopProcess, waitFor } from './bench-kit';


const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    backends: { type: 'string', default: 'pglite,postgres' },
    port: { type: 'string', default: process.env.PORT ?? '3103' },
    'hello-port': { type: 'string', default: '3113' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const port = Number(values.port);
const helloPort = Number(values['hello-port']);
if (![duration, connections, port, helloPort].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('[bench:http] --duration, --connections, --port and --hello-port must be whole numbers above 0');
  process.exit(1);
}
if (!existsSync('server/dist/main.js') || !existsSync('site/dist/manifest.json')) {
  console.error('[bench:http] the server is not built: run `npm run build` first');
  process.exit(1);
}
const backends = new Set(values.backends.split(',').map((b) => b.trim()));
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** The issue's targets: a share of the hello's req/s, or a p99 ceiling. */
const MIN_RATIO = 0.3;
const MAX_P99_MS = 100;

interface Endpoint {
  label: string;
  path: (jobId: number) => string;
  target: 'ratio' | 'p99' | null;
}
const ENDPOINTS: Endpoint[] = [
  { label: '/api/v2/jobs', path: () => '/api/v2/jobs', target: 'ratio' },
  { label: '/api/v2/jobs?search=engineer&countryCode=DK', path: () => '/api/v2/jobs?search=engineer&countryCode=DK', target: null },
  { label: '/api/companies/{key}/job-briefs?limit=10', path: () => widgetDataPath(NORTHWIND_KEY), target: 'ratio' },
  { label: '/api/companies/{key}/jobs', path: () => `/api/companies/${NORTHWIND_KEY}/jobs`, target: 'ratio' },
  { label: '/jobs (SSR)', path: () => '/jobs', target: 'p99' },
  { label: '/jobs/{id} (SSR)', path: (id) => `/jobs/${id}`, target: 'p99' },
];

interface Measure {
  rps: number;
  p99: number;
  bad: number;
}

/** Seconds of load before each measured run, not counted: the server's hot path is compiled and its cache filled first. */
const WARM_UP_SECONDS = 2;


/** One run, in a client process of its own (bench-kit `measure`). */
async function cannon(url: string): Promise<Measure> {
  const result = await measure({ url, connections, warmUp: WARM_UP_SECONDS, duration });
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}


// Inside the server: the event loop's delay since the last ask, answered over the IPC channel.
const LOOP_DELAY_PROBE = `data:text/javascript,${encodeURIComponent(`
import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
process.on('message', (m) => {
  if (m !== 'loop-delay') return;
  process.send({ p99: h.percentile(99) / 1e6, max: h.max / 1e6, mean: h.mean / 1e6 });
  h.reset();
});
process.channel?.unref();
`)}`;

interface LoopDelay {
  p99: number;
  max: number;
  mean: number;
}
function loopDelay(server: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve) => {
    server.once('message', (m) => resolve(m as LoopDelay));
    server.send('loop-delay');
  });
}

function seed(env: NodeJS.ProcessEnv): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (run.status !== 0) throw new Error('seeding the demo data failed');
}

/** Starts the production server on `env`'s database, measures every endpoint, stops it. */
async function benchServer(name: string, env: NodeJS.ProcessEnv): Promise<{ results: Measure[]; delays: LoopDelay[] }> {
  seed(env);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', LOOP_DELAY_PROBE, 'server/dist/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...env, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: base, SECRET_KEY: 'bench-http-secret-key-0123456789abcdef' },
  });
  try {
    await waitFor(`${base}/readyz`, server);
    const list = (await (await fetch(`${base}/api/v2/jobs`)).json()) as { jobs: { id: number }[] };
    const jobId = list.jobs[0]?.id;
    if (jobId === undefined) throw new Error('the demo data has no public job');
    const results: Measure[] = [];
    const delays: LoopDelay[] = [];
    for (const endpoint of ENDPOINTS) {
      const url = `${base}${endpoint.path(jobId)}`;
      const warm = await fetch(url);
      if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}`);
      await warm.arrayBuffer();
      await loopDelay(server);
      results.push(await cannon(url));
      delays.push(await loopDelay(server));
      console.log(`[bench:http] ${name} ${endpoint.label}: ${Math.round(results.at(-1)!.rps)} req/s, p99 ${results.at(-1)!.p99} ms`);
    }
    return { results, delays };
  } finally {
    await stopProcess(server);
  }
}

const hello = startHello(helloPort);
const tables: Record<string, { results: Measure[]; delays: LoopDelay[] } | undefined> = {};
const helloRuns: number[] = [];
let failed = false;
try {
  await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
  const measureHello = async () => {
    helloRuns.push((await cannon(`http://127.0.0.1:${helloPort}/`)).rps);
    console.log(`[bench:http] node:http hello: ${Math.round(helloRuns.at(-1)!)} req/s`);
  };
  await measureHello();
  if (backends.has('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-http-'));
    try {
      tables.PGlite = await benchServer('PGlite', { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (backends.has('postgres')) {
    if (!pgUrl) {
      console.log('[bench:http] PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    } else {
      const database = `nordlys_bench_http_${process.pid}`;
      await adminQuery(pgUrl, `CREATE DATABASE ${database}`);
      const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-http-pg-'));
      try {
        tables.PostgreSQL = await benchServer('PostgreSQL', { ...process.env, DATABASE_URL: withDatabase(pgUrl, database), DATA_DIR: dataDir });
      } finally {
        await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  await measureHello();
} finally {
  await stopProcess(hello);
}

// The hello measured before and after the servers: its mean is the reference of the ratios.
const helloRps = helloRuns.reduce((a, b) => a + b, 0) / helloRuns.length;
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const cells = (name: string, i: number, target: Endpoint['target']): string[] => {
  const measure = tables[name]?.results[i];
  if (!measure) return ['–', '–', '–'];
  const ratio = measure.rps / helloRps;
  const missed = (target === 'ratio' && ratio < MIN_RATIO) || (target === 'p99' && measure.p99 > MAX_P99_MS) || measure.bad > 0;
  if (missed) failed = true;
  return [fmt(measure.rps), `${fmt(measure.p99)} ms${missed ? ' ✗' : ''}`, `${(ratio * 100).toFixed(1)} %`];
};
console.log(`\n${connections} connections × ${duration} s per endpoint, Accept-Encoding as a browser sends it; bare node:http hello ≈ ${fmt(helloRps)} req/s (runs: ${helloRuns.map(fmt).join(', ')})\n`);
console.log('| endpoint | PGlite req/s | p99 | ratio | PostgreSQL req/s | p99 | ratio |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
ENDPOINTS.forEach((endpoint, i) => {
  console.log(`| \`${endpoint.label}\` | ${[...cells('PGlite', i, endpoint.target), ...cells('PostgreSQL', i, endpoint.target)].join(' | ')} |`);
});
const delays = tables.PGlite?.delays;
if (delays) {
  console.log('\nEvent loop delay in the server on PGlite, per endpoint (monitorEventLoopDelay): ');
  ENDPOINTS.forEach((endpoint, i) => {
    const d = delays[i]!;
    console.log(`  ${endpoint.label.padEnd(46)} mean ${d.mean.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms`);
  });
}
console.log(
  `\nTargets: ${ENDPOINTS.filter((e) => e.target === 'ratio').map((e) => e.label).join(' and ')} ≥ ${MIN_RATIO * 100} % of the hello; ` +
    `${ENDPOINTS.filter((e) => e.target === 'p99').map((e) => e.label).join(' and ')} p99 ≤ ${MAX_P99_MS} ms; no errors. ${failed ? 'MISSED (✗)' : 'all met'}`,
);
process.exit(failed ? 1 : 0);
