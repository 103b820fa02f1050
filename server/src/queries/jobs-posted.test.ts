/** "Newest first" sorts by the date a job shows: the SQL POSTED_AT agrees with the sdk's postedAt. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byPostedDesc, postedAt } from '@nordlys/sdk/dates';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { backends, openTestDatabase, seedNow } from '../testing/database';
import { latestJobs, POSTED_AT, searchJobs } from './jobs';

describe.each(backends)('the posted date on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database?.close());

  it('orders every job, approved or not, the way the sdk sorts by postedAt', async () => {
    const rows = await database.db
      .select({ id: jobs.id, createdAt: jobs.createdAt, approvedAt: jobs.approvedAt })
      .from(jobs)
      .orderBy(desc(POSTED_AT), desc(jobs.id));
    const asSdk = rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), approvedAt: r.approvedAt?.toISOString() ?? null }));
    // The seed has jobs never approved and jobs approved after their creation, so the agreement means something.
    expect(asSdk.some((j) => j.approvedAt === null)).toBe(true);
    expect(asSdk.some((j) => j.approvedAt !== null && j.approvedAt !== j.createdAt)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(asSdk.toSorted(byPostedDesc).map((j) => j.id));
  });

  it('puts an old job approved just now first in "newest first" and the latest jobs', async () => {
    const now = seedNow();
    const [oldest] = await searchJobs(database.db, { sort: 'oldest', pageSize: 1 }).then((r) => r.jobs);
    const approved = new Date(now.getTime() + 1000);
    await database.db.update(jobs).set({ approvedAt: approved }).where(eq(jobs.id, oldest!.id));

    const newest = await searchJobs(database.db, { sort: 'newest', pageSize: 20 });
    expect(newest.jobs[0]!.id).toBe(oldest!.id);
    expect(postedAt(newest.jobs[0]!)).toBe(approved.toISOString());
    expect(newest.jobs.map((j) => j.id)).toEqual(newest.jobs.toSorted(byPostedDesc).map((j) => j.id));
    expect((await latestJobs(database.db, 3))[0]!.id).toBe(oldest!.id);
  });
});
