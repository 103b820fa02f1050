/** A fresh copy of the seeded demo database for one test file, on PGlite and (when configured) PostgreSQL. */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';
import { adminQuery } from './postgres';

export type Backend = 'pglite' | 'postgres';

/** The backends this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The `now` the demo data was seeded with. */
export const seedNow = () => new Date(inject('seedNow'));

export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    const dump = await readFile(inject('pgliteDump'));
    return openDatabase({ dataDir: 'memory://', pgliteSnapshot: new Blob([dump]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject('pgTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is set but the global setup made no template database');
  const name = `nordlys_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({ url: withDatabase(url, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}
