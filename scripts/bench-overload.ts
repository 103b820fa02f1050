/**
 * The overload bench of issue #33: one client sends a burst of concurrent uncached searches
 * (`/jobs?search=<unique>`, each a page render the answer cache cannot answer) to the production
 * server, while a second client (a process of its own) asks `/healthz` and an already-cached job page
 * in turn. Prints, for PGlite and for PostgreSQL, and exits 1 when a target is missed:
 *   - the server never exits;
 *   - its memory (RSS) stays under 1.5× its idle figure;
 *   - the second client's answers come within 200 ms at p99 throughout;
 *   - every refused request is a 429 or a 503, answered in under 1 s;
 *   - uncached searches succeed again within 5 s of the burst's end (a third client; the burst's own
 *     client may still be inside its rate limit's window).
 *
 *   npm run build && npm run bench:overload
 *   npm run bench:overload -- --burst 500 --db pglite
 *
 * PostgreSQL: BENCH_DATABASE_URL (else TEST_DATABASE_URL) names a server on which a throw-away
 * database is created, seeded with the demo data and dropped; without either only PGlite runs.
 * Clients are told apart by X-Forwarded-For (the server runs with TRUST_PROXY=true, as behind the
 * shipped nginx config). Builds nothing; not part of npm test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest, Agent } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { withDatabase } from '../server/src/testing/global-setup';
import { adminQuery } from '../server/src/testing/postgres';
import { stopProcess, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    burst: { type: 'string', default: '2000' },
    db: { type: 'string' },
    port: { type: 'string', default: '3105' },
  },
});
const burst = Number(values.burst);
const port = Number(values.port);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const kinds = values.db ? [values.db] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!Number.isInteger(burst) || burst < 1 || !Number.isInteger(port) || !kinds.every((k) => k === 'pglite' || k === 'postgres')) {
  console.error('[bench:overload] --burst and --port are whole numbers; --db is pglite or postgres');
  process.exit(1);
}
if (kinds.includes('postgres') && !pgUrl) {
  console.error('[bench:overload] --db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  process.exit(1);
}
if (!existsSync('server/dist/main.js') || !existsSync('site/dist/manifest.json')) {
  console.error('[bench:overload] the server is not built: run `npm run build` first');
  process.exit(1);
}

/** The issue's targets. */
const TARGETS = { memoryRatio: 1.5, probeP99Ms: 200, refusalMs: 1_000, recoveryMs: 5_000 };
/** The longest the burst's client waits for one answer (the outside probe's figure). */
const REQUEST_TIMEOUT_MS = 150_000;
const CLIENTS = { burst: '198.51.100.7', probe: '198.51.100.8', recovery: '198.51.100.9' };
const base = `http://127.0.0.1:${port}`;

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
}

/** One GET on a connection of its own; status 0 for a failure or timeout. */
function get(path: string, client: string, agent: Agent): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, { agent, headers: { accept: 'text/html', 'x-forwarded-for': client }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null }));
      res.once('error', () => resolve({ status: 0, ms: performance.now() - started, retryAfter: null }));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve({ status: 0, ms: performance.now() - started, retryAfter: null }));
    req.end();
  });
}

/**
 * The second client, in a process of its own so the burst's client does not slow its clock: asks
 * /healthz and the cached page in turn, one at a time, and prints each answer as a JSON line.
 */
const PROBE_CHILD = `
const http = require('node:http');
const [base, page, client] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let i = 0;
function ask() {
  const path = i++ % 2 ? page : '/healthz';
  const started = performance.now();
  const done = (status) => { process.stdout.write(JSON.stringify({ path, status, ms: performance.now() - started }) + '\\n'); setTimeout(ask, 20); };
  const req = http.request(base + path, { agent, headers: { accept: 'text/html', 'x-forwarded-for': client }, timeout: 10000 }, (res) => { res.resume(); res.once('end', () => done(res.statusCode)); });
  req.once('timeout', () => req.destroy());
  req.once('error', () => done(0));
  req.end();
}
ask();
`;

function startProbe(page: string): { child: ChildProcess; answers: () => { path: string; status: number; ms: number }[] } {
  const child = spawn(process.execPath, ['-e', PROBE_CHILD, base, page, CLIENTS.probe], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => (out += chunk));
  return { child, answers: () => out.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line)) };
}

/** The process's resident memory in MB (/proc), or null once it is gone. */
function rssMb(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const quantile = (list: number[], q: number) => {
  if (list.length === 0) return 0;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

interface Run {
  kind: string;
  statuses: Record<string, number>;
  refusedP50: number;
  refusedP99: number;
  refusedMax: number;
  /** Refusals that were not 429/503, came without Retry-After or took a second or more. */
  badRefusals: number;
  okP50: number;
  idleMb: number;
  peakMb: number;
  probes: { path: string; n: number; p50: number; p99: number; max: number; failed: number }[];
  recoveryMs: number | null;
  burstSeconds: number;
  exited: number | null;
  /** The same burst of /healthz before it: the machine's own cost of that many connections. */
  floor: { p50: number; p99: number };
  load: string;
}

async function run(kind: 'pglite' | 'postgres'): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-overload-'));
  const database = `nordlys_bench_overload_${process.pid}`;
  let env: NodeJS.ProcessEnv;
  const args = ['server/dist/main.js'];
  if (kind === 'postgres') {
    await adminQuery(pgUrl!, `CREATE DATABASE ${database}`);
    const databaseUrl = withDatabase(pgUrl!, database);
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: databaseUrl } });
    if (seed.status !== 0) throw new Error('seeding the demo data failed');
    env = { NODE_ENV: 'production', DATABASE_URL: databaseUrl };
  } else {
    // The demo data is seeded by the first start, which production refuses to do: development mode.
    env = { NODE_ENV: 'development' };
    args.push('--seed-demo-if-empty');
  }
  const server = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: base, SECRET_KEY: 'bench-overload-secret-key-0123456789abcdef', TRUST_PROXY: 'true', DATA_DIR: dataDir },
  });
  const killServer = () => server.kill('SIGKILL');
  process.once('exit', killServer);
  try {
    await waitFor(`${base}/readyz`, server, 300_000);
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    // The cached page: a job page, asked until the answer cache holds it.
    const jobs = (await (await fetch(`${base}/api/v2/jobs?pageSize=1`)).json()) as { jobs: { id: number }[] };
    const page = `/jobs/${jobs.jobs[0]!.id}`;
    for (let i = 0; i < 5; i++) await get(page, CLIENTS.probe, agent);
    // Idle: after a few renders of each kind, so the figure is the warm server's.
    for (let i = 0; i < 5; i++) await get(`/jobs?search=warm${i}`, CLIENTS.recovery, agent);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleMb = rssMb(server.pid!)!;
    const load = loadavg()[0]!.toFixed(2);

    // The floor, for reference: the same number of concurrent connections to /healthz (no database,
    // no limit), i.e. what accepting and answering that many connections costs this machine at all.
    const floor = (await Promise.all(Array.from({ length: burst }, () => get('/healthz', CLIENTS.recovery, agent)))).map((a) => a.ms);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const probe = startProbe(page);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      const mb = rssMb(server.pid!);
      if (mb !== null) peakMb = Math.max(peakMb, mb);
    }, 100);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => get(`/jobs?search=overload-${kind}-${process.pid}-${i}`, CLIENTS.burst, agent)));
    const ended = performance.now();
    // Recovery: a fresh client's uncached search, until one succeeds.
    let recoveryMs: number | null = null;
    for (let i = 0; performance.now() - ended < 60_000; i++) {
      const answer = await get(`/jobs?search=recovered-${i}`, CLIENTS.recovery, agent);
      if (answer.status === 200) {
        recoveryMs = performance.now() - ended;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    clearInterval(sampler);
    await stopProcess(probe.child);
    const exited = server.exitCode;

    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const refused = answers.filter((a) => a.status !== 200);
    const badRefusals = refused.filter((a) => !(a.status === 429 || a.status === 503) || a.retryAfter === null || a.ms >= TARGETS.refusalMs).length;
    const probeAnswers = probe.answers();
    const probes = ['/healthz', page].map((path) => {
      const mine = probeAnswers.filter((a) => a.path === path);
      const ms = mine.map((a) => a.ms);
      return { path, n: mine.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), max: Math.max(0, ...ms), failed: mine.filter((a) => a.status !== 200).length };
    });
    return {
      kind,
      statuses,
      refusedP50: quantile(refused.map((a) => a.ms), 0.5),
      refusedP99: quantile(refused.map((a) => a.ms), 0.99),
      refusedMax: Math.max(0, ...refused.map((a) => a.ms)),
      badRefusals,
      okP50: quantile(answers.filter((a) => a.status === 200).map((a) => a.ms), 0.5),
      idleMb,
      peakMb,
      probes,
      recoveryMs,
      burstSeconds: (ended - started) / 1000,
      exited,
      floor: { p50: quantile(floor, 0.5), p99: quantile(floor, 0.99) },
      load: `${load} → ${loadavg()[0]!.toFixed(2)}`,
    };
  } finally {
    await stopProcess(server);
    process.off('exit', killServer);
    if (kind === 'postgres') await adminQuery(pgUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let missed = false;
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const mark = (bad: boolean) => {
  if (bad) missed = true;
  return bad ? ' ✗' : '';
};
for (const kind of kinds as ('pglite' | 'postgres')[]) {
  const r = await run(kind);
  const ratio = r.peakMb / r.idleMb;
  console.log(`\n${burst.toLocaleString('en')} concurrent uncached searches from one client, ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (load average ${r.load})\n`);
  console.log('| figure | value | target |');
  console.log('|---|---|---|');
  console.log(`| answers | ${Object.entries(r.statuses).map(([s, n]) => `${n.toLocaleString('en')}×${s === '0' ? 'failed' : s}`).join(', ')} in ${r.burstSeconds.toFixed(1)} s; 200s p50 ${ms(r.okP50)} | |`);
  console.log(`| server exited | ${r.exited === null ? 'no' : `yes (${r.exited})`}${mark(r.exited !== null)} | never |`);
  console.log(`| memory | ${Math.round(r.idleMb)} MB idle, ${Math.round(r.peakMb)} MB peak: ${ratio.toFixed(2)}×${mark(ratio >= TARGETS.memoryRatio)} | < ${TARGETS.memoryRatio}× |`);
  for (const p of r.probes) {
    console.log(`| second client ${p.path} | ${p.n} answers, p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)}, ${p.failed} not 200${mark(p.p99 > TARGETS.probeP99Ms || p.failed > 0)} | p99 ≤ ${TARGETS.probeP99Ms} ms |`);
  }
  console.log(`| refusals | p50 ${ms(r.refusedP50)}, p99 ${ms(r.refusedP99)}, max ${ms(r.refusedMax)}; ${r.badRefusals} not a 429/503 with Retry-After within 1 s${mark(r.badRefusals > 0)} | 429 or 503, < 1 s |`);
  console.log(`| for reference: ${burst.toLocaleString('en')} concurrent /healthz | p50 ${ms(r.floor.p50)}, p99 ${ms(r.floor.p99)} | |`);
  console.log(`| recovery | ${r.recoveryMs === null ? 'none within 60 s' : ms(r.recoveryMs)}${mark(r.recoveryMs === null || r.recoveryMs > TARGETS.recoveryMs)} | ≤ ${ms(TARGETS.recoveryMs)} |`);
}
console.log(`\nTargets ${missed ? 'MISSED (✗)' : 'all met'}`);
process.exit(missed ? 1 : 0);
