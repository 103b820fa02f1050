/** Counts of what the database holds after seeding, for logs and tests. */
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { applications, companies, deals, investors, jobs, locations, partners, tools, users, whiteLabelFeeds } from '../db/schema';

export interface SeedSummary {
  companies: number;
  activeCompanies: number;
  jobs: number;
  activeJobs: number;
  investors: number;
  users: number;
  locations: number;
  applications: number;
  tools: number;
  partners: number;
  deals: number;
  whiteLabelFeeds: number;
}

async function countOf(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Counts the seeded tables. */
export async function seedSummary(db: Db): Promise<SeedSummary> {
  return {
    companies: await countOf(db, companies),
    activeCompanies: await countOf(db, companies, eq(companies.status, 'ACTIVE')),
    jobs: await countOf(db, jobs),
    activeJobs: await countOf(db, jobs, eq(jobs.status, 'ACTIVE')),
    investors: await countOf(db, investors),
    users: await countOf(db, users),
    locations: await countOf(db, locations),
    applications: await countOf(db, applications),
    tools: await countOf(db, tools),
    partners: await countOf(db, partners),
    deals: await countOf(db, deals),
    whiteLabelFeeds: await countOf(db, whiteLabelFeeds),
  };
}
