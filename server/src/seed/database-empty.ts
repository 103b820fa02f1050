/** Whether the database still needs its demo data. */
import type { Db } from '../db/client';
import { companies } from '../db/schema';

/** True when there are no companies (the demo seed has not run, nor has anyone signed up a startup). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}
