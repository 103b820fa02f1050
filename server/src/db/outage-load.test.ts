/**
 * Issue #17, "the database under faults": the restart of outage.test.ts again, under the load mix
 * (testing/load-mix.ts). The production build runs through a TCP proxy to PostgreSQL while the mix
 * reads and writes; midway the database "restarts" (its connections terminated, then the proxy
 * refusing connections for OUTAGE_MS). Afterwards every acknowledged write is in the database, the
 * server never exited, the only 5xx were 503s with Retry-After during the outage, and reads succeed again.
 * Needs `npm run build` (npm test builds before vitest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { withDatabase } from '../testing/global-setup';
import { acknowledgedWrites, checkLedger, createLedger, LOAD_MIX, prepareWorld, runMix, type LoadWorld, type MixAnswer } from '../testing/load-mix';
import { adminQuery } from '../testing/postgres';
import { crashLines, startServerProcess, type ServerProcess } from '../testing/server-process';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { openDatabase } from './client';

/** How long the restarted database refuses connections: about what a PostgreSQL restart takes. */
const OUTAGE_MS = 2_000;
/** Modest load: the point is the writes in flight when the database goes, not throughput. */
const CONNECTIONS = 8;
/** Acknowledged writes wanted before the restart, and again after the database is back. */
const WRITES_EACH_SIDE = 40;

const READ_KINDS = LOAD_MIX.filter((e) => e.read).map((e) => e.kind);

// PostgreSQL only (TEST_DATABASE_URL, as in CI), like outage.test.ts.
for (const url of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
  const target = new URL(url);

  describe('a PostgreSQL restart under the load mix', () => {
    const database = `nordlys_outage_load_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-outage-load-'));
    let world: LoadWorld;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let base: string;

    beforeAll(async () => {
      await adminQuery(url, `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`);
      const prepared = await openDatabase({ url: withDatabase(url, database), migrate: false });
      try {
        world = await prepareWorld(prepared.db, { users: 400, applications: 200 });
      } finally {
        await prepared.close();
      }
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(withDatabase(url, database));
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      server = startServerProcess({ DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost', TRUST_PROXY: 'true' }, [], { built: true });
      base = await server.url(60_000);
    });

    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses no acknowledged write, answers 5xx only as 503 with Retry-After during the outage, never exits, and reads again after', async () => {
      const ledger = createLedger();
      const answers: MixAnswer[] = [];
      const run = runMix({ base, world, ledger, connections: CONNECTIONS, duration: 60, onAnswer: (a) => answers.push(a) });
      let outageStart = 0;
      let recoveredAt = 0;
      let writesBefore = 0;
      try {
        await vi.waitFor(() => expect(acknowledgedWrites(ledger)).toBeGreaterThanOrEqual(WRITES_EACH_SIDE), { timeout: 20_000, interval: 20 });
        writesBefore = acknowledgedWrites(ledger);

        // The restart: every connection to the database ends (57P01), then new ones are refused for a while.
        outageStart = performance.now();
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
          expect(killed.rowCount).toBeGreaterThan(0);
        } finally {
          await admin.end();
        }
        await proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        await proxy.restore();
        await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), { timeout: 10_000, interval: 50 });
        recoveredAt = performance.now();

        // The mix goes on until writes are acknowledged again and every kind of read has answered since.
        await vi.waitFor(
          () => {
            expect(acknowledgedWrites(ledger) - writesBefore).toBeGreaterThanOrEqual(WRITES_EACH_SIDE);
            const readAfter = new Set(answers.filter((a) => a.sentAt > recoveredAt && a.status === 200).map((a) => a.kind));
            expect(READ_KINDS.filter((kind) => !readAfter.has(kind))).toEqual([]);
          },
          { timeout: 20_000, interval: 50 },
        );
      } finally {
        run.stop();
      }
      const result = await run.result;

      const check = await openDatabase({ url: withDatabase(url, database), migrate: false });
      const lost = await checkLedger(check.db, ledger).finally(() => check.close());
      const during = (a: MixAnswer) => a.answeredAt >= outageStart && a.sentAt <= recoveredAt;
      const unavailable = answers.filter((a) => a.status === 503);
      const wrong5xx = answers.filter((a) => a.status >= 500 && !(a.status === 503 && a.retryAfter !== null && during(a)));
      const other = answers.filter((a) => a.status >= 300 && a.status < 500);
      const afterRecovery = answers.filter((a) => a.sentAt > recoveredAt);
      const unanswered = result.kinds.reduce((n, k) => n + k.errors, 0);
      console.log(
        `[outage-load] restart under the mix (${CONNECTIONS} connections, ${OUTAGE_MS} ms refused): ${answers.length} answers in ${result.seconds.toFixed(1)} s; ` +
          `writes ${acknowledgedWrites(ledger)} acknowledged (${writesBefore} before the restart; sign-ins ${ledger.signIns.length}, saves ${ledger.saves.length}, ` +
          `applies ${ledger.applies.length}, moves ${ledger.moves.length}), ${lost.length} lost, ${ledger.refused} refused; ${unavailable.length} answers 503 ` +
          `(${unavailable.filter((a) => a.retryAfter !== null).length} with Retry-After), ${wrong5xx.length} other 5xx, ${other.length} 3xx/4xx, ${unanswered} unanswered; ` +
          `${afterRecovery.filter((a) => a.status === 200 || a.status === 201 || a.status === 204).length} of ${afterRecovery.length} answers sent after recovery 2xx`,
      );

      expect(lost).toEqual([]);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(wrong5xx).toEqual([]);
      expect(other).toEqual([]);
      expect(unanswered).toBe(0);
      expect(afterRecovery.filter((a) => a.status >= 300)).toEqual([]);
      expect(server.exited()).toBeNull();
      expect(crashLines(server.output())).toEqual([]);
    }, 90_000);
  });
}
