/** Upkeep after bulk writes. */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Marks the freshly written jobs all-visible and refreshes the planner's statistics, so searches can
 * use index-only scans at once (PostgreSQL's autovacuum would get there later; PGlite has none).
 * Cannot run inside a transaction.
 */
export async function refreshJobStatistics(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE jobs`);
}
