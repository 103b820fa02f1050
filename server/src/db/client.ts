/** Opens the database: PGlite on a data folder by default, PostgreSQL when a URL is given. Applies migrations. */
import { mkdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { findUp } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { openPgliteWorker, type PgliteClient } from './pglite-worker';
import { createLanedPool, DEFAULT_READ_LANES } from './read-lanes';
import * as schema from './schema';
import { describeDatabaseError, isDatabaseBusy, isDatabaseUnavailable } from './unavailable';

/** The database every query takes first: PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres', for logs and benchmarks. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data folder as a gzipped tarball. */
  dump?: () => Promise<Blob>;
  /** PGlite only: the client itself (on this thread or its worker's stand-in), which the queue (pg-boss's PGlite adapter) shares. */
  pglite?: PgliteClient;
  /** PostgreSQL only: the URL, from which the queue opens its own small pool. */
  url?: string;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it PGlite runs on `dataDir`. */
  url?: string;
  /** PGlite's data folder; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Start PGlite from a dump of another data folder (tests copy one seeded database). */
  pgliteSnapshot?: Blob;
  /**
   * Where PGlite runs: 'worker' (default), a worker thread, so a query never holds up the server's other
   * requests; 'main', this thread, for tests and scripts that open many small databases and serve nothing.
   */
  pgliteThread?: 'worker' | 'main';
  /** PostgreSQL: the most connections the pool opens (default 10). */
  poolSize?: number;
  /** PostgreSQL: the pipelined connections that carry single reads beside the pool (db/read-lanes.ts; default DEFAULT_READ_LANES, 0 for none). */
  readLanes?: number;
  /** Where a lost connection is reported, one line each (default console.warn). */
  log?: (line: string) => void;
}

/** The name PostgreSQL shows for this server's connections (pg_stat_activity.application_name). */
export const APPLICATION_NAME = 'nordlys';

/**
 * The advisory lock migrations run under: two instances starting at once on an empty database would
 * otherwise both create drizzle's table and apply the same migrations. ("NORDLYS" in ASCII.)
 */
export const MIGRATION_LOCK = String(0x4e4f52444c5953n);

/** The folder holding drizzle-kit's migrations, found from this file whether bundled or not. */
export function migrationsFolder(): string {
  const folder = findUp('drizzle', 'meta/_journal.json') ?? findUp('server/drizzle', 'meta/_journal.json');
  if (!folder) throw new Error('Cannot find the migrations folder (server/drizzle)');
  return folder;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (!options.url) {
    const database = await openPglite(options.dataDir ?? './data', options.pgliteSnapshot, options.pgliteThread ?? 'worker');
    if (options.migrate !== false) await migratePglite(database);
    return database;
  }
  const { database, pool } = await openPostgres(options.url, options);
  try {
    if (options.migrate !== false) await migratePostgres(pool);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

export interface WaitOptions {
  /** One line per failed try (default console.log). */
  log?: (line: string) => void;
  /** The first wait; it doubles each try up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * openDatabase, retried with backoff while PostgreSQL cannot be reached (down, restarting, still
 * starting), logging one line per try. Other failures (a wrong password, a missing database) throw at once.
 */
export async function openDatabaseWhenReachable(options: DatabaseOptions, { log = console.log, firstDelayMs = 500, maxDelayMs = 5000 }: WaitOptions = {}): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(options);
    } catch (error) {
      if (!options.url || !(isDatabaseUnavailable(error) || isDatabaseBusy(error))) throw error;
      const delay = Math.min(firstDelayMs * 2 ** (attempt - 1), maxDelayMs);
      const { host } = new URL(options.url);
      log(`[nordlys] database at ${host} not reachable (${describeDatabaseError(error)}), try ${attempt}; next try in ${(delay / 1000).toFixed(1)} s`);
      await sleep(delay);
    }
  }
}

/** PGlite's extensions, by the name each module exports: loaded on whichever thread runs PGlite. */
const PGLITE_EXTENSIONS = { pg_trgm: '@electric-sql/pglite/contrib/pg_trgm' };

async function openPglite(dataDir: string, snapshot: Blob | undefined, thread: 'worker' | 'main'): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  // A folder on disk is this process's alone (db/data-dir-lock.ts); memory:// is every opener's own.
  let release = () => {};
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  let client: PgliteClient;
  try {
    if (thread === 'worker') {
      client = await openPgliteWorker({ dataDir, snapshot, extensions: PGLITE_EXTENSIONS });
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const extensions = Object.fromEntries(await Promise.all(Object.entries(PGLITE_EXTENSIONS).map(async ([name, specifier]) => [name, (await import(specifier))[name]])));
      client = await PGlite.create(dataDir, { extensions, loadDataDir: snapshot });
    }
  } catch (error) {
    release();
    throw error;
  }
  // Drizzle's PGlite driver calls only `query` and `transaction`, which the worker's stand-in has.
  const db = drizzle({ client: client as import('@electric-sql/pglite').PGlite, schema }) as unknown as Db;
  const close = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  return { db, kind: 'pglite', close, dump: () => client.dumpDataDir('gzip'), pglite: client };
}

async function openPostgres(url: string, { poolSize = 10, readLanes = DEFAULT_READ_LANES, log = console.warn }: DatabaseOptions) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = createLanedPool(
    pg,
    {
      connectionString: url,
      max: poolSize,
      application_name: APPLICATION_NAME,
      // During an outage a request fails fast with 503 instead of waiting on a connection that never comes.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    },
    { lanes: readLanes, log },
  );
  // An idle connection that dies (a restart, pg_terminate_backend, a network cut) is reported here;
  // without a listener Node treats it as an unhandled 'error' event and exits. The pool has already
  // dropped that connection and opens a fresh one for the next query.
  pool.on('error', (error) => log(`[nordlys] database connection lost (${describeDatabaseError(error)}); reconnecting on the next query`));
  // A connection lent out (a transaction between two statements) has no pool listener: pg-pool drops
  // its own while the client is out, so a restart then reached the process as an uncaught 'error'
  // event. The transaction's next statement fails on its own (503) and the pool discards the client
  // on release; the pool's listener above reports the connections that die idle.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  let closed: Promise<void> | undefined;
  const database: Database = { db, kind: 'postgres', url, close: () => (closed ??= pool.end()) };
  return { database, pool };
}

async function migratePglite(database: Database): Promise<void> {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder: migrationsFolder() });
}

/** Applies the migrations on one connection that holds MIGRATION_LOCK, so concurrent starts take turns. */
async function migratePostgres(pool: import('pg').Pool): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    // A connection that failed mid-way may still hold the lock: destroy it rather than return it to the pool.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
