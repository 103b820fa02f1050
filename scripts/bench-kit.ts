/**
 * What the HTTP benches share (bench:http, bench:load): autocannon's call, the header every browser
 * sends, the bare node:http hello they compare against, and waiting for and stopping the processes
 * they start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

export interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

// autocannon ships no types: the few fields read here.
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<CannonResult>;

/**
 * What every browser sends (Chromium's header), and so every request of the benches, the hello's too:
 * the server answers brotli where it can, as it does for visitors. Without it each answer goes out
 * whole (/api/v2/jobs: 20.9 KB instead of 3 KB), which no browser asks for.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

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
