/** Bulk inserts in chunks of at most 1,000 rows, so large seeds stay within PostgreSQL's parameter limit. */
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Rows per INSERT statement. */
export const CHUNK_SIZE = 1_000;

/** Inserts all rows, chunk by chunk, in order. */
export async function insertAll<T extends PgTable>(db: Db, table: T, rows: readonly PgInsertValue<T>[], size = CHUNK_SIZE): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size));
}

/** Inserts all rows and returns their new ids, in the order of `rows`. */
export async function insertReturningIds<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  rows: readonly PgInsertValue<T>[],
  size = CHUNK_SIZE,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const inserted = (await db.insert(table).values(rows.slice(i, i + size)).returning({ id: table.id })) as { id: number }[];
    // PostgreSQL returns the rows of a multi-row VALUES in order; sort by id to be explicit about it.
    ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}
