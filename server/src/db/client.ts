/** Opens the database: PGlite on a data folder by default, PostgreSQL when a URL is given. Applies migrations. */
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { findUp } from '../paths';
import * as schema from './schema';

/** The database every query takes first: PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres', for logs and benchmarks. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data folder as a gzipped tarball. */
  dump?: () => Promise<Blob>;
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
}

/** The folder holding drizzle-kit's migrations, found from this file whether bundled or not. */
export function migrationsFolder(): string {
  const folder = findUp('drizzle', 'meta/_journal.json') ?? findUp('server/drizzle', 'meta/_journal.json');
  if (!folder) throw new Error('Cannot find the migrations folder (server/drizzle)');
  return folder;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const database = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir ?? './data', options.pgliteSnapshot);
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: snapshot });
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('gzip') };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, config);
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, config);
  }
}
