/** Test fixtures of issue #14's digests: subscriptions due now, to a job no demo job competes with, written straight to the database. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { digests, locations } from '../db/schema';
import { insertJob, insertStartup } from './jobs';

const DAY = 86_400_000;

/**
 * A new ACTIVE job in Tartu (Estonia) in `category`, and `count` subscriptions to that search,
 * confirmed, last mailed a day ago and due a minute ago: the next digest round mails each the job.
 */
export async function dueDigestFixture(db: Db, tag: string, count: number, category = 'analyst') {
  const startup = await insertStartup(db, tag, 'ACTIVE');
  const [place] = await db.insert(locations).values({ locality: 'Tartu', countryCode: 'EE' }).returning({ id: locations.id });
  const now = Date.now();
  const jobId = await insertJob(db, startup.id, 'ACTIVE', 'none', { title: `Analyst at ${tag}`, categories: [category], isRemote: false, locationId: place!.id, approvedAt: new Date(now - 60_000) });
  const rows = await db
    .insert(digests)
    .values(
      Array.from({ length: count }, (_, i) => ({
        settingsKey: randomBytes(24).toString('base64url'),
        email: `${tag}-${i}@example.test`,
        frequency: 'daily' as const,
        locations: [{ countryCode: 'EE' }],
        includeRemoteJobs: false,
        categories: [category],
        confirmedAt: new Date(now - 30 * DAY),
        createdAt: new Date(now - 30 * DAY),
        lastSentAt: new Date(now - DAY),
        nextDueAt: new Date(now - 60_000),
        timeZone: 'UTC',
        hourOfDay: new Date(now - 60_000).getUTCHours(),
      })),
    )
    .returning({ id: digests.id, email: digests.email, settingsKey: digests.settingsKey });
  return { jobId, subscriptions: rows };
}
