/** Upkeep after bulk writes. */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Refreshes the planner's statistics of every table and marks freshly written rows all-visible, so
 * searches get good plans and index-only scans at once. PostgreSQL's autovacuum gets there later on
 * its own; PGlite has none, and a table without statistics (say, companies next to a fresh jobs
 * table) makes the planner guess badly. Cannot run inside a transaction.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}
