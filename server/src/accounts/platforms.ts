/**
 * Listing a startup or investor on a platform (spec 7 POST {companies|investors}/{key}/platform):
 * the connect-profile modal (spec 2.11) brings a sister-platform profile over to this one.
 */
import { eq, sql } from 'drizzle-orm';
import type { Platform } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { companies, investors } from '../db/schema';


export type PlatformOwnerTable = typeof companies | typeof investors;

/** The id of the startup or investor with a key, or null. */
export async function profileIdByKey(db: Db, table: PlatformOwnerTable, key: string): Promise<number | null> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.key, key));
  return row?.id ?? null;
}

/** Adds a platform to the profile's `platforms`; adding one it already has changes nothing. */
export async function addPlatform(db: Db, table: PlatformOwnerTable, id: number, platform: Platform): Promise<void> {
  await db
    .update(table)
    .set({
      platforms: sql`case when ${platform} = any(${table.platforms}) then ${table.platforms} else array_append(${table.platforms}, ${platform}::text) end`,
      updatedAt: new Date(),
    })
    .where(eq(table.id, id));
}
