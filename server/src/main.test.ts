/** The server process itself (server/src/main.ts as a child process): refusing bad settings, production never seeding, JSON request logs, probes, shutdown. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/data-dir-lock';
import { withDatabase } from './testing/global-setup';
import { startServerProcess } from './testing/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example', SECRET_KEY: 's'.repeat(32) };

describe('the server process', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number (got "eighty")'],
    [{ NODE_ENV: 'production', SECRET_KEY: 's'.repeat(32) }, 'PUBLIC_URL is required in production'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example' }, 'SECRET_KEY (or ALTCHA_HMAC_KEY) is required in production'],
  ])('refuses to start on a bad setting with one clear line: %j', async (env, line) => {
    const server = startServerProcess({ DATA_DIR: join(dataDir, 'unused'), ...env });
    await server.ended();
    expect(server.exited()).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain(`[nordlys] cannot start: ${line}`);
    expect(server.output()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('refuses to start, with one clear line, on a port another process holds (instead of running without serving)', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const server = startServerProcess({ DATA_DIR: join(dataDir, 'port-taken'), PORT: String(port) });
      await server.ended();
      expect(server.exited()).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain(`[nordlys] cannot start: port ${port} is in use by another process: stop it or set PORT`);
      expect(server.output()).not.toContain('still serving');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 90_000);

  it('exits 1 within a second of its "cannot start" line: a port taken, and a database that does not exist', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const failures: Record<string, string>[] = [
        { DATA_DIR: join(dataDir, 'failed-start'), PORT: String(port) },
        ...(process.env.TEST_DATABASE_URL ? [{ DATA_DIR: join(dataDir, 'failed-start-pg'), DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL, 'nordlys_no_such_database') }] : []),
      ];
      for (const env of failures) {
        const server = startServerProcess(env);
        await server.waitFor(/\[nordlys\] cannot start: .*/, 90_000);
        const said = performance.now();
        await server.ended();
        expect(performance.now() - said, JSON.stringify(env)).toBeLessThan(1_000);
        expect(server.exited()).toEqual({ code: 1, signal: null });
      }
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 180_000);

  it('holds its PGlite folder alone: a second process refuses with one line and exits 1; a lock left by a killed one is taken over', async () => {
    const folder = join(dataDir, 'locked');
    const first = startServerProcess({ DATA_DIR: folder });
    try {
      const base = await first.url(90_000);
      expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${first.child.pid}\n`);
      const second = startServerProcess({ DATA_DIR: folder });
      await second.ended();
      expect(second.exited()).toEqual({ code: 1, signal: null });
      const refusal = second.output().split('\n').filter((line) => line.includes('cannot start'));
      expect(refusal).toEqual([`[nordlys] cannot start: the data folder ${folder} is in use by process ${first.child.pid}: stop it, or give this one another DATA_DIR (a lock left by a process that is gone is taken over by itself)`]);
      expect(second.output()).not.toMatch(/^\s+at /m);
      // The first one went on serving alone.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    } finally {
      // A crash: no shutdown, the lock stays behind with a PID that is gone.
      first.child.kill('SIGKILL');
      await first.ended();
    }
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${first.child.pid}\n`);
    const third = startServerProcess({ DATA_DIR: folder });
    try {
      const base = await third.url(90_000);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${third.child.pid}\n`);
    } finally {
      await third.stop();
    }
    // A clean stop leaves no lock.
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  }, 240_000);

  it('in production never seeds demo accounts, logs one JSON line per request, answers the probes and shuts down cleanly', async () => {
    const server = startServerProcess({ ...PRODUCTION, DATA_DIR: join(dataDir, 'production') }, ['--seed-demo-if-empty']);
    try {
      const base = await server.url(90_000);
      expect(server.output()).toContain('--seed-demo-if-empty ignored: NODE_ENV=production never creates demo accounts');
      const jobs = await fetch(`${base}/api/v2/jobs`, { headers: { 'X-Request-Id': 'probe-1' } });
      expect(jobs.status).toBe(200);
      expect((await jobs.json()).total).toBe(0);
      const signIn = await fetch(`${base}/api/users/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@nordlys.test', password: 'Nordlys-demo-1!' }),
      });
      expect(signIn.status).toBe(401);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);

      const line = (await server.waitFor(/^\{.*"requestId":"probe-1".*\}$/m))[0];
      expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/api/v2/jobs', status: 200, ms: expect.any(Number), requestId: 'probe-1' });
    } finally {
      await server.stop();
    }
    expect(server.exited()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('[nordlys] stopped');
  }, 120_000);

  it('on SIGTERM stops accepting, lets a request in flight finish, then exits 0', async () => {
    const server = startServerProcess({ DATA_DIR: join(dataDir, 'drain') });
    const base = await server.url(90_000);
    // A sign-in whose body is still arriving: the request is in flight when the signal comes.
    const answer = new Promise<IncomingMessage & { text: Promise<string> }>((resolve, reject) => {
      // Expect: 100-continue: the server's "continue" proves it has read the request's head, so the
      // request is in flight (not a connection still waiting to be accepted) when the signal comes.
      const req = httpRequest(`${base}/api/users/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Expect: '100-continue' } }, (res) => {
        const text = new Promise<string>((done) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => done(body));
        });
        resolve(Object.assign(res, { text }));
      });
      req.on('error', reject);
      req.flushHeaders();
      req.once('continue', () => {
        req.write('{"email":"nobody@nordlys.test",');
        server.child.kill('SIGTERM');
        server
          .waitFor(/SIGTERM: shutting down/)
          .then(async () => {
            // Closed to newcomers while the first request is still open.
            await expect(fetch(`${base}/healthz`)).rejects.toThrow();
            expect(server.exited()).toBeNull();
            req.end('"password":"Not-the-password-1!"}');
          })
          .catch(reject);
      });
    });
    const res = await answer;
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(await res.text)).toMatchObject({ code: 'E_UNAUTHORIZED' });
    await server.ended();
    expect(server.exited()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('[nordlys] stopped');
    expect(server.output()).not.toContain('still running after');
  }, 120_000);

  it('with SHUTDOWN_GRACE_SECONDS, on SIGTERM keeps answering that long, closing each connection after its answer, then closes its port', async () => {
    const server = startServerProcess({ DATA_DIR: join(dataDir, 'grace'), SHUTDOWN_GRACE_SECONDS: '2' });
    const base = await server.url(90_000);
    const kept = await fetch(`${base}/healthz`);
    expect(kept.headers.get('connection')).toBe('keep-alive');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.waitFor(/SIGTERM: answering 2 s more/);
    // Still answering, not ready, and telling every client to drop the connection.
    const during = await fetch(`${base}/healthz`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    await server.waitFor(/SIGTERM: shutting down/);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
    await server.ended();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(server.exited()).toEqual({ code: 0, signal: null });
  }, 120_000);
});
