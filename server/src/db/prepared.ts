/** Statements prepared once per database (the fixed-shape queries that every job list runs), and how their subqueries name outer columns. */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from './client';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `name` of this database, built (and prepared, by `build`) on first use. Drizzle spends
 * most of a small query's CPU building its SQL (0.7 ms for a select of 27 columns and three joins, 0.3
 * ms to run it), and PostgreSQL parses and plans a named statement once per connection. A transaction's
 * `tx` is a database of its own: it prepares its own.
 * @example prepared(db, 'nordlys_job_titles', (db, name) => db.select({ title: jobs.title }).from(jobs).where(sql`${jobs.id} = any(${sql.placeholder('ids')})`).prepare(name)).execute({ ids: [1, 2] })
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build(db, name));
  return statements.get(name) as T;
}

/**
 * `column` as "table"."column" wherever it stands. Drizzle leaves the table out of a column in the
 * fields of a select without joins, where inside a correlated subquery the name would be the
 * subquery's own ("id" of its table instead of the row's): a subquery names its outer columns so.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
