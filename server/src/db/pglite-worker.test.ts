/** PGlite in its worker thread answers as PGlite on this thread does: rows and types, errors, transactions, the queue, dumps. */
import { readFile } from 'node:fs/promises';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { types } from '@electric-sql/pglite';
import { openDatabase, type Database } from './client';
import { users } from './schema';
import { startQueue } from '../queue/queue';
import { RecordingMailer } from '../testing/auth-parts';

/** The driver's error under drizzle's "Failed query" wrapper. */
const driverError = (error: unknown) => (error as { cause?: unknown }).cause ?? error;

describe.each(['worker', 'main'] as const)('PGlite on the %s thread', (thread) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: new Blob([await readFile(inject('pgliteDump'))]), pgliteThread: thread });
  });
  afterAll(() => database?.close());

  const emailOf = (label: string) => `${label}-${thread}@example.test`;
  const insertUser = (db: Database['db'], email: string) => db.insert(users).values({ email, firstName: 'Test', lastName: 'User' });
  const countUsers = async (email: string) => (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

  it('answers drizzle queries with their types: dates, bigints, bytes, JSON', async () => {
    const [founder] = await database.db.select().from(users).where(eq(users.email, 'founder@nordlys.test'));
    expect(founder!.createdAt).toBeInstanceOf(Date);
    const { rows } = await database.pglite!.query<{ b: bigint; y: Uint8Array; j: unknown; t: Date }>('SELECT $1::int8 * 2 AS b, $2::bytea AS y, $3::jsonb AS j, $4::timestamptz AS t', [
      2n ** 40n,
      new Uint8Array([0, 1, 255]),
      JSON.stringify({ a: [1, 'x'] }),
      new Date('2030-01-02T03:04:05Z'),
    ]);
    expect(rows[0]).toEqual({ b: 2 ** 41, y: new Uint8Array([0, 1, 255]), j: { a: [1, 'x'] }, t: new Date('2030-01-02T03:04:05Z') });
  });

  it('runs the caller’s parsers on the values of their types', async () => {
    const { rows } = await database.pglite!.query<{ t: string; n: number }>("SELECT '2030-01-02 03:04:05+00'::timestamptz AS t, NULL::timestamptz AS u, 7 AS n", [], {
      parsers: { [types.TIMESTAMPTZ]: (text: string) => `parsed ${text}` },
    });
    expect(rows[0]).toEqual({ t: 'parsed 2030-01-02 03:04:05+00', u: null, n: 7 });
  });

  it('rejects a unique violation with PostgreSQL’s code and fields, and goes on answering', async () => {
    const error = await insertUser(database.db, 'founder@nordlys.test').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(driverError(error)).toMatchObject({ code: '23505', table: 'users', message: expect.stringContaining('duplicate key') });
    expect(await countUsers('founder@nordlys.test')).toBe(1);
  });

  it('commits a transaction, rolls back one that throws, and a nested one on its own', async () => {
    await database.db.transaction(async (tx) => {
      await insertUser(tx, emailOf('committed'));
      await expect(
        tx.transaction(async (nested) => {
          await insertUser(nested, emailOf('nested'));
          throw new Error('nested failed');
        }),
      ).rejects.toThrow('nested failed');
    });
    await expect(
      database.db.transaction(async (tx) => {
        await insertUser(tx, emailOf('rolled-back'));
        await insertUser(tx, 'founder@nordlys.test');
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect([await countUsers(emailOf('committed')), await countUsers(emailOf('nested')), await countUsers(emailOf('rolled-back'))]).toEqual([1, 0, 0]);
  });

  it('runs concurrent transactions one after the other, and a query waits for the open one', async () => {
    const steps: string[] = [];
    const serial = () => database.db.select({ n: count() }).from(users).where(like(users.email, emailOf('serial%')));
    let outside: Promise<unknown> | undefined;
    const transfer = (name: string) =>
      database.db.transaction(async (tx) => {
        steps.push(`${name} begins`);
        // A query from outside while this transaction is open: it must not see, or run inside, this transaction.
        outside ??= serial().then(([row]) => steps.push(`query sees ${row!.n}`));
        const [row] = await tx.select({ n: count() }).from(users).where(like(users.email, emailOf('serial%')));
        await insertUser(tx, emailOf(`serial-${row!.n}`));
        steps.push(`${name} ends`);
      });
    await Promise.all([transfer('a'), transfer('b')]);
    await outside;
    // Had b read before a committed, both would have counted 0 and inserted serial-0.
    expect(steps.filter((step) => !step.startsWith('query'))).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    const query = steps.findIndex((step) => step.startsWith('query'));
    expect(query).toBeGreaterThan(steps.indexOf('a ends'));
    expect(steps[query]).toBe(`query sees ${steps.slice(0, query).filter((step) => step.endsWith('ends')).length}`);
    expect([await countUsers(emailOf('serial-0')), await countUsers(emailOf('serial-1'))]).toEqual([1, 1]);
  });

  it('carries pg-boss: send, fetch, complete', async () => {
    const queue = await startQueue(database, { mailer: new RecordingMailer(), supervise: false, queues: { [`probe-${thread}`]: {} }, log: () => {} });
    try {
      const name = `probe-${thread}`;
      const id = await queue.boss.send(name, { hello: thread });
      const [job] = await queue.boss.fetch<{ hello: string }>(name);
      expect(job).toMatchObject({ id, data: { hello: thread } });
      await queue.boss.complete(name, id!);
      expect(await queue.boss.getJobById(name, id!)).toMatchObject({ state: 'completed' });
    } finally {
      await queue.stop();
    }
  });

  it('dumps a data folder that opens with what was written', async () => {
    await insertUser(database.db, emailOf('dumped'));
    const copy = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: await database.dump!(), pgliteThread: 'main', migrate: false });
    try {
      expect((await copy.db.select({ id: users.id }).from(users).where(eq(users.email, emailOf('dumped')))).length).toBe(1);
    } finally {
      await copy.close();
    }
  });
});

describe('PGlite’s worker thread once closed', () => {
  it('rejects further queries with a message that says why', async () => {
    const database = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: new Blob([await readFile(inject('pgliteDump'))]), pgliteThread: 'worker', migrate: false });
    await database.close();
    await expect(database.pglite!.query('SELECT 1')).rejects.toThrow(/worker thread stopped/);
  });
});
