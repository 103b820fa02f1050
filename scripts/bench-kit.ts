/**
 * What the HTTP benches share (bench:http, bench:load): a measured autocannon run, the header every browser
 * sends, the bare node:http hello they compare against, and waiting for and stopping the processes
 * they start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * What every browser sends (Chromium's header), and so every request of the benches, the hello's too:
 * the server answers brotli where it can, as it does for visitors. Without it each answer goes out
 * whole (/api/v2/jobs: 20.9 KB instead of 3 KB), which no browser asks for.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Measured extends CannonResult {
  /** Answers in the measured run. */
  answered: number;
  /** The serving process's CPU time per answer in the measured run (µs, from /proc), or null where it cannot be read. */
  serverCpuUs: number | null;
}

/** A process's CPU time so far in clock ticks (user + system, /proc/PID/stat), or null. */
function cpuTicks(pid: number | undefined): number | null {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}
/** Clock ticks per second on Linux (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

const CANNON_CHILD = `
const autocannon = require('autocannon');
const o = JSON.parse(process.argv[1]);
(async () => {
  await autocannon({ url: o.url, connections: o.connections, duration: o.warmUp, headers: o.headers });
  process.stdout.write('warm\\n');
  const r = await autocannon({ url: o.url, connections: o.connections, duration: o.duration, headers: o.headers });
  process.stdout.write(JSON.stringify({ requests: { average: r.requests.average, total: r.requests.total }, latency: { p50: r.latency.p50, p99: r.latency.p99 }, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }) + '\\n');
})();
`;

/**
 * autocannon against `url` in a process of its own, after `warmUp` seconds not counted, so that every
 * measurement starts from the same client: in one process a run is slowed by the runs before it (the
 * hello after the widget's data: 79,000 req/s against 100,000 before it on 2026-11-25; in processes of
 * their own, 94,000–97,000 before and after), and comparing two runs would compare the client.
 * With `serverPid`, the CPU time that process spent per answer of the measured run.
 */
export function measure(options: { url: string; connections: number; warmUp: number; duration: number; serverPid?: number }): Promise<Measured> {
  const { serverPid, ...run } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CANNON_CHILD, JSON.stringify({ ...run, headers: BROWSER_HEADERS })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let startTicks: number | null = null;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (startTicks === null && out.startsWith('warm\n')) startTicks = cpuTicks(serverPid);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const endTicks = cpuTicks(serverPid);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) return reject(new Error(`autocannon against ${run.url} exited with ${code}`));
      const result = JSON.parse(line) as CannonResult & { requests: { total: number } };
      const answered = result.requests.total;
      const serverCpuUs = startTicks !== null && endTicks !== null && answered > 0 ? (((endTicks - startTicks) / TICKS_PER_SECOND) * 1e6) / answered : null;
      resolve({ ...result, answered, serverCpuUs });
    });
  });
}

/** The reference: a bare node:http server answering "hello", in a process of its own. */
export function startHello(port: number): ChildProcess {
  return spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${port}, '127.0.0.1')`], { stdio: 'inherit' });
}

/** Resolves once `url` answers 2xx; fails if `child` exits first or nothing answers in time. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
