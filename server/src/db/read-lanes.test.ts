/**
 * Read lanes (db/read-lanes.ts): which statements may go down a lane, and, on PostgreSQL (TEST_DATABASE_URL,
 * as in CI), that the lanes answer right under concurrency, keep a failing statement to itself, answer
 * while every pooled connection is taken, leave the rest to the pool, survive a lost connection, and
 * close with the pool.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { adminQuery } from '../testing/postgres';
import { createLanedPool, LANE_DEPTH, laneSafe, type LanedPool } from './read-lanes';

describe('which statements go down a lane', () => {
  it('takes plain SELECTs, in any case, also a parenthesised UNION', () => {
    for (const text of ['select 1', '  SELECT "id" from "jobs" where "id" = $1', '(select 1) union all (select 2)', 'select "key" from "companies" where "name" ilike $1 for each']) {
      expect(laneSafe(text), text).toBe(true);
    }
  });

  it('leaves writes, row locks, advisory locks, sleeps and other statements to the pool', () => {
    for (const text of [
      'insert into "jobs" ("id") values ($1)',
      'update "jobs" set "status" = $1',
      'delete from "sessions" where "id" = $1',
      'with moved as (update "applications" set "stage" = $1 returning *) select * from moved',
      'select "id" from "jobs" where "id" = $1 for update',
      'select "id" from "jobs" for no key update skip locked',
      'select * from "applications" FOR SHARE',
      'select "id" from "jobs" for key share',
      'SELECT pg_advisory_lock($1)',
      'select pg_sleep(1)',
      'begin',
      'set statement_timeout = 100',
      'selectivity',
      'select 1 as n into temporary "copy"',
    ]) {
      expect(laneSafe(text), text).toBe(false);
    }
  });
});

// PostgreSQL only: PGlite has no connections to pipeline.
for (const url of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
  describe('read lanes on PostgreSQL', () => {
    const applicationName = `nordlys_lanes_test_${process.pid}`;
    const lines: string[] = [];
    let pool: LanedPool | undefined;
    const open = (max: number, lanes = 2) => {
      pool = createLanedPool(pg, { connectionString: url, max, application_name: applicationName }, { lanes, log: (line) => lines.push(line) });
      // A pooled idle connection that is terminated is reported here (db/client.ts logs it).
      pool.on('error', () => {});
      return pool;
    };
    /** The lanes connect at the first lane-safe statement (which the pool carries meanwhile). */
    async function connected(p: LanedPool, lanes = 2) {
      await expect.poll(async () => (await p.query('select 1'), p.laneStats().connected), { timeout: 5_000 }).toBe(lanes);
    }
    const backends = async (p: pg.Pool | LanedPool) => (await p.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name = $1', [applicationName])).rows[0]!.n;
    afterEach(async () => {
      await pool?.end().catch(() => {});
      pool = undefined;
      lines.length = 0;
    });

    it('answers many concurrent statements right, named ones included, down the lanes', async () => {
      const p = open(4);
      await connected(p);
      const before = p.laneStats().carried;
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => (i % 2 ? p.query<{ n: number }>('select $1::int * 2 as n', [i]) : p.query<{ n: number }>({ name: 'lanes_test_double', text: 'select $1::int * 2 as n', values: [i] }))),
      );
      expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 300 }, (_, i) => i * 2));
      // All 300 were made in one turn: each lane takes LANE_DEPTH, the pool the rest.
      expect(p.laneStats().carried - before).toBe(2 * LANE_DEPTH);
      expect(p.laneStats().underWay).toBe(0);
    });

    it('keeps a failing statement to itself: those sent with it on the same lane are answered', async () => {
      const p = open(2, 1);
      await connected(p, 1);
      const results = await Promise.allSettled([p.query('select 1 as n'), p.query('select 1 / 0 as n'), p.query('select 3 as n'), p.query({ name: 'lanes_test_bad', text: 'select $1::int as n', values: ['x'] }), p.query('select 5 as n')]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason.code).toBe('22012');
      expect((results[3] as PromiseRejectedResult).reason.code).toBe('22P02');
      expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value.rows[0].n)).toEqual([1, 3, 5]);
    });

    it('answers a read while every pooled connection is taken; a write and a locking read wait for the pool', async () => {
      const p = open(1);
      await connected(p);
      const held = await p.connect();
      let released = false;
      try {
        await held.query('begin');
        let writeDone = false;
        let lockDone = false;
        const write = p.query('create temporary table lanes_test_write (n int)').finally(() => (writeDone = true));
        const lock = p.query('select 1 as n from pg_class limit 1 for share').finally(() => (lockDone = true));
        const read = await p.query<{ n: number }>('select 42 as n');
        expect(read.rows[0]!.n).toBe(42);
        expect(p.totalCount).toBe(1);
        expect(p.waitingCount).toBe(2);
        expect([writeDone, lockDone]).toEqual([false, false]);
        await held.query('commit');
        held.release();
        released = true;
        await Promise.all([write, lock]);
        expect([writeDone, lockDone]).toEqual([true, true]);
      } finally {
        if (!released) held.release();
      }
    });

    it('leaves a query that keeps a portal open (a rows limit) to the pool', async () => {
      const p = open(2);
      await connected(p);
      const carried = p.laneStats().carried;
      const answer = await p.query<{ n: number }>({ text: 'select n from generate_series(1, 5) as n', rows: 2 } as pg.QueryConfig);
      expect(answer.rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
      expect(p.laneStats().carried).toBe(carried);
    });

    it('keeps transactions on their pooled connection: a transaction sees its own writes', async () => {
      const p = open(2);
      await connected(p);
      const client = await p.connect();
      try {
        await client.query('begin');
        await client.query('create temporary table lanes_test_tx (n int) on commit drop');
        await client.query('insert into lanes_test_tx values (7)');
        const carried = p.laneStats().carried;
        expect((await client.query('select n from lanes_test_tx')).rows).toEqual([{ n: 7 }]);
        expect(p.laneStats().carried).toBe(carried);
        await client.query('commit');
      } finally {
        client.release();
      }
    });

    it('reconnects a lane whose connection was terminated, and says so once, and once that it is back', async () => {
      const p = open(2, 1);
      await connected(p, 1);
      await adminQuery(url, `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${applicationName}'`);
      await expect.poll(() => lines.some((l) => l.includes('read lane lost')), { timeout: 5_000 }).toBe(true);
      // The pool lost its idle connection too; both come back at the next statements.
      await connected(p, 1);
      const carried = p.laneStats().carried;
      expect((await p.query<{ n: number }>('select 9 as n')).rows[0]!.n).toBe(9);
      expect(p.laneStats().carried).toBe(carried + 1);
      expect(lines.filter((l) => l.includes('read lane lost'))).toHaveLength(1);
      expect(lines.at(-1)).toBe('[nordlys] database read lane connected again');
    });

    it('carries everything on the pool while a lane cannot connect, and tries again later', async () => {
      let tries = 0;
      // A lane's connection is refused; the pool's own connections are not.
      class Refused extends pg.Client {
        override connect(): never {
          tries++;
          return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) as never;
        }
      }
      const p = (pool = createLanedPool({ ...pg, Client: Refused } as unknown as typeof pg, { connectionString: url, max: 2, application_name: applicationName }, { lanes: 1, log: (line) => lines.push(line) }));
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => p.query<{ n: number }>('select $1::int as n', [i])));
      expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(p.laneStats()).toEqual({ connected: 0, underWay: 0, carried: 0 });
      const refused = '[nordlys] database read lane cannot connect (connect ECONNREFUSED 127.0.0.1:5432); the pool carries its reads until it can';
      expect(lines).toEqual([refused]);
      const triesBefore = tries;
      await p.query('select 1');
      expect(tries).toBe(triesBefore);
      await expect.poll(async () => (await p.query('select 1'), tries), { timeout: 5_000, interval: 100 }).toBe(triesBefore + 1);
      // Said once, however many tries fail.
      expect(lines).toEqual([refused]);
    });

    it('closes its lanes with the pool', async () => {
      const p = open(2);
      await connected(p);
      const watcher = new pg.Pool({ connectionString: url, max: 1 });
      try {
        expect(await backends(watcher)).toBeGreaterThanOrEqual(2);
        await p.end();
        pool = undefined;
        await expect.poll(() => backends(watcher), { timeout: 5_000 }).toBe(0);
      } finally {
        await watcher.end();
      }
    });
  });
}
