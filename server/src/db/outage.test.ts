/**
 * The server and its database going away: errors told apart, the pool surviving terminated
 * connections and a sustained outage (503 with Retry-After, 200 again within 5 s, no exit), a start
 * while PostgreSQL is down, and two instances migrating one empty database at once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/global-setup';
import { adminQuery } from '../testing/postgres';
import { crashLines, startServerProcess, type ServerProcess } from '../testing/server-process';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase } from './client';
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseBusy, isDatabaseUnavailable } from './unavailable';

describe('telling an outage from a bug', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

  it('knows lost, refused and refusing connections, also wrapped by drizzle or in an AggregateError', () => {
    for (const error of [
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      wrapped(new Error('Connection terminated')),
      Object.assign(new AggregateError([pgError('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves real failures alone: bad SQL, constraint violations, a wrong password, a missing database', () => {
    for (const error of [pgError('42601', 'syntax error'), pgError('23505', 'duplicate key'), pgError('28P01'), pgError('3D000'), new TypeError('x is undefined'), wrapped(pgError('22P02')), null, 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('tells a busy pool (every connection in use past the wait) from an outage: 503 E_OVERLOADED, not "unavailable" (issue #33)', () => {
    const busy = new Error('timeout exceeded when trying to connect');
    for (const error of [busy, wrapped(busy)]) {
      expect(isDatabaseBusy(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
    for (const error of [pgError('ECONNREFUSED'), new Error('Connection terminated due to connection timeout'), pgError('42601', 'syntax error'), null]) {
      expect(isDatabaseBusy(error), String(error)).toBe(false);
    }
  });

  it('describes the driver error, not drizzle\'s SQL', () => {
    expect(describeDatabaseError(wrapped(pgError('57P01', 'terminating connection')))).toBe('57P01 terminating connection');
    expect(describeDatabaseError(Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
  });
});

// PostgreSQL only (TEST_DATABASE_URL, as in CI): PGlite runs inside the process and has no connection to lose.
for (const url of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
  const target = new URL(url);
  const databases: string[] = [];
  /** A throw-away database: a copy of the seeded template, or empty. */
  async function createDatabase(from: 'template' | 'empty'): Promise<string> {
    const name = `nordlys_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(url, from === 'template' ? `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}` : `CREATE DATABASE ${name}`);
    databases.push(name);
    return name;
  }
  // The servers' data folder (their mail outbox).
  const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-outage-'));
  afterAll(async () => {
    for (const name of databases) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The database URL through the proxy instead of straight to PostgreSQL. */
  const viaProxy = (proxy: TcpProxy, database: string) => {
    const u = new URL(withDatabase(url, database));
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port);
    return u.toString();
  };

  /** Polls `path` until it answers `status`; resolves with the milliseconds that took. */
  async function until(base: string, path: string, status: number, timeoutMs: number): Promise<number> {
    const started = performance.now();
    let last = 'no answer';
    while (performance.now() - started < timeoutMs) {
      const res = await fetch(base + path).catch((error: Error) => error);
      if (res instanceof Response) {
        last = `${res.status} ${await res.text()}`;
        if (res.status === status) return performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${path} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
  }

  describe('the server through a PostgreSQL outage', () => {
    let proxy: TcpProxy;
    let server: ServerProcess;
    let base: string;
    let database: string;
    beforeAll(async () => {
      database = await createDatabase('template');
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      server = startServerProcess({ DATABASE_URL: viaProxy(proxy, database), DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost' });
      base = await server.url(90_000);
    });
    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
    });

    it('serves again at once after its connections are terminated (a restart, pg_terminate_backend)', async () => {
      expect((await fetch(`${base}/api/v2/jobs`)).status).toBe(200);
      // Several requests at once leave several idle connections in the pool, each to be killed.
      await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/api/v2/jobs?search=engineer`).then((r) => r.text())));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'nordlys'`, [database]);
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      expect(await until(base, '/api/v2/jobs', 200, 5000)).toBeLessThan(5000);
      await server.waitFor(/database connection lost \(57P01/, 10_000);
      expect(server.exited()).toBeNull();
      expect(crashLines(server.output())).toEqual([]);
    });

    it('answers 503 with Retry-After during an outage, 200 within 5 s of the database coming back, and never exits', async () => {
      await proxy.cut();
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${base}/api/v2/jobs?page=${i + 1}`);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(await res.json()).toMatchObject({ code: 'E_DATABASE_UNAVAILABLE' });
      }
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      // The process itself is fine: liveness says so, so an orchestrator does not restart it.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      await proxy.restore();
      expect(await until(base, '/api/v2/jobs', 200, 5000)).toBeLessThan(5000);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(server.exited()).toBeNull();
      expect(crashLines(server.output())).toEqual([]);
      expect(server.output()).toMatch(/GET \/api\/v2\/jobs answered 503: database unavailable \(connect ECONNREFUSED/);
    });

    it('shuts down on SIGTERM: stops, closes the database and exits 0', async () => {
      server.child.kill('SIGTERM');
      await server.waitFor(/\[nordlys\] stopped/);
      await server.stop();
      expect(server.exited()).toEqual({ code: 0, signal: null });
    });
  });

  describe('a connection lost inside a transaction', () => {
    it('fails that transaction only: no unhandled error event from the checked-out connection reaches the process', async () => {
      const database = await createDatabase('template');
      const opened = await openDatabase({ url: withDatabase(url, database), migrate: false, log: () => {} });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        const outcome = await opened.db
          .transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] };
            const pid = rows[0]!.pid;
            // Between two statements the pool has lent the connection out (pg-pool drops its own error listener then).
            await admin.query('SELECT pg_terminate_backend($1)', [pid]);
            // The backend is gone once PostgreSQL no longer lists it; its goodbye reaches this client's socket meanwhile.
            while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount) await new Promise((resolve) => setImmediate(resolve));
            await new Promise((resolve) => setImmediate(resolve));
            await tx.execute(sql`SELECT 1`);
          })
          .then(
            () => 'committed',
            (error: Error) => error,
          );
        expect(outcome).toBeInstanceOf(Error);
        expect(uncaught).toEqual([]);
        // The pool gave the broken connection up: the next query gets a fresh one.
        expect(((await opened.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
      } finally {
        process.off('uncaughtException', onUncaught);
        await admin.end();
        await opened.close();
      }
    });
  });

  describe('starting while PostgreSQL is down', () => {
    it('retries with backoff, one clear line per try and no stack trace, and comes up when the database appears', async () => {
      const database = await createDatabase('template');
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      await proxy.cut();
      const server = startServerProcess({ DATABASE_URL: viaProxy(proxy, database), DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost' });
      try {
        await server.waitFor(/not reachable \(connect ECONNREFUSED [\d.:]+\), try 3;/, 90_000);
        expect(server.exited()).toBeNull();
        await proxy.restore();
        const base = await server.url(30_000);
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        expect((await fetch(`${base}/api/v2/jobs`)).status).toBe(200);

        const tries = server.output().split('\n').filter((line) => line.includes('not reachable'));
        expect(tries.length).toBeGreaterThanOrEqual(3);
        tries.forEach((line, i) =>
          expect(line).toMatch(new RegExp(`^\\[nordlys\\] database at 127\\.0\\.0\\.1:${proxy.port} not reachable \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${proxy.port}\\), try ${i + 1}; next try in \\d+\\.\\d s$`)),
        );
        // The waits grow: 0.5 s, 1 s, 2 s...
        const waits = tries.map((line) => Number(line.match(/next try in ([\d.]+) s/)![1]));
        expect(waits.slice(0, 3)).toEqual([0.5, 1, 2]);
        expect(server.output()).not.toMatch(/^\s+at /m);
      } finally {
        await server.stop();
        await proxy.close();
      }
    }, 150_000);
  });

  describe('two instances starting at once on an empty database', () => {
    it('both come up, and each migration is applied once', async () => {
      const database = await createDatabase('empty');
      const dbUrl = withDatabase(url, database);
      // Two real server processes, started in the same tick: the advisory lock makes the second wait for the first's migrations.
      const servers = [1, 2].map((n) => startServerProcess({ DATABASE_URL: dbUrl, DATA_DIR: join(dataDir, `twin-${n}`), PUBLIC_URL: 'http://localhost' }));
      try {
        const bases = await Promise.all(servers.map((server) => server.url(90_000)));
        for (const base of bases) {
          expect((await fetch(`${base}/readyz`)).status).toBe(200);
          expect((await fetch(`${base}/api/v2/jobs`)).status).toBe(200);
        }
        const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ hash: string; n: number }>('SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash');
          expect(rows).toHaveLength(journal.entries.length);
          expect(rows.every((row) => row.n === 1)).toBe(true);
        } finally {
          await client.end();
        }
        for (const server of servers) expect(crashLines(server.output())).toEqual([]);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
      for (const server of servers) expect(server.exited()).toEqual({ code: 0, signal: null });
    }, 150_000);
  });
}
