/**
 * Job digests (issue #14): subscriptions (a signed-in user's or a visitor's, double opt-in), their
 * timing, the scheduler's claim of the due ones, and the content of a digest: the public jobs that
 * match, new since the last digest, never one this subscription has mailed before, at most
 * DIGEST_MAX_PER_COMPANY per startup, boosted first, then newest.
 */
import { and, desc, eq, isNotNull, isNull, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { DIGEST_MAX_JOBS, DIGEST_MAX_PER_COMPANY } from '@nordlys/sdk/constants';
import type { DigestFrequency, DigestProfile, JobSummary } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, digests, digestSentJobs, jobs, locations, users } from '../db/schema';
import { jobSearchFilters, jobSummariesByIds, POSTED_AT } from './jobs';

export type DigestRow = typeof digests.$inferSelect;

/**
 * A job approved this long before the last digest still counts as new for the next one: an approval
 * that committed just after a digest read the jobs is not lost. The sent-jobs table keeps a job that
 * the last digest did mail out of the next.
 */
export const DIGEST_OVERLAP_MS = 10 * 60_000;

/** The digest profile of spec 7 of a row. */
export function toDigestProfile(row: DigestRow): DigestProfile {
  const active = row.confirmedAt !== null;
  return {
    settingsKey: row.settingsKey,
    email: row.email,
    frequency: row.frequency,
    locations: row.locations,
    includeRemoteJobs: row.includeRemoteJobs,
    categories: row.categories,
    hourOfDay: row.hourOfDay,
    timeZone: row.timeZone,
    paused: row.paused,
    status: active ? 'active' : 'pending',
    nextDueAt: active && !row.paused && row.nextDueAt ? row.nextDueAt.toISOString() : null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

export async function findDigestByKey(db: Db, settingsKey: string): Promise<DigestRow | null> {
  const [row] = await db.select().from(digests).where(eq(digests.settingsKey, settingsKey));
  return row ?? null;
}

export async function findDigestById(db: Db, id: number): Promise<DigestRow | null> {
  const [row] = await db.select().from(digests).where(eq(digests.id, id));
  return row ?? null;
}

/** The subscription of an address (any case), whoever made it. */
export async function findDigestByEmail(db: Db, email: string): Promise<DigestRow | null> {
  const [row] = await db.select().from(digests).where(eq(sql`lower(${digests.email})`, email.toLowerCase()));
  return row ?? null;
}

/**
 * A signed-in user's subscription: the one they made, else one made for their address before they
 * signed in, when their address is verified (the verification proves it is theirs).
 */
export async function findDigestForUser(db: Db, user: { id: number; email: string; isEmailVerified: boolean }): Promise<DigestRow | null> {
  const [own] = await db.select().from(digests).where(eq(digests.userId, user.id)).orderBy(digests.id).limit(1);
  if (own) return own;
  if (!user.isEmailVerified) return null;
  const byEmail = await findDigestByEmail(db, user.email);
  return byEmail && byEmail.userId === null ? byEmail : null;
}

/** What a subscription stores besides its address and owner. */
export interface DigestSettings {
  locations: { countryCode: string }[];
  includeRemoteJobs: boolean;
  categories: string[];
  frequency: DigestFrequency;
  hourOfDay: number;
  timeZone: string;
  paused: boolean;
}

export interface NewDigest extends DigestSettings {
  settingsKey: string;
  email: string;
  userId: number | null;
  /** Null for a subscription that waits for its confirmation (then `confirmTokenHash` is set). */
  confirmedAt: Date | null;
  confirmTokenHash: string | null;
  nextDueAt: Date | null;
  createdAt: Date;
}

/**
 * Inserts a subscription unless its address has one already (one per address, any case: the unique
 * index decides, so two requests at once make one). Returns the new row, or null when the address
 * was taken.
 */
export async function insertDigest(db: Db, values: NewDigest): Promise<DigestRow | null> {
  const [row] = await db
    .insert(digests)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Updates a subscription's columns; returns the row as stored. */
export async function updateDigest(db: Db, id: number, values: Partial<Omit<typeof digests.$inferInsert, 'id'>>): Promise<DigestRow | null> {
  const [row] = await db.update(digests).set(values).where(eq(digests.id, id)).returning();
  return row ?? null;
}

/** Ends a subscription (its sent-jobs go with it). Returns whether one was there. */
export async function deleteDigest(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(digests).where(eq(digests.id, id)).returning({ id: digests.id });
  return gone.length > 0;
}

/**
 * The subscription a confirmation token belongs to (the token's SHA-256), confirmed or not.
 */
export async function findDigestByConfirmToken(db: Db, tokenHash: string): Promise<DigestRow | null> {
  const [row] = await db.select().from(digests).where(eq(digests.confirmTokenHash, tokenHash));
  return row ?? null;
}

/** Deletes the visitors' subscriptions still unconfirmed that were made before `before`. Returns how many. */
export async function deleteUnconfirmedDigests(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(digests)
    .where(and(isNull(digests.confirmedAt), lt(digests.createdAt, before)))
    .returning({ id: digests.id });
  return gone.length;
}

/**
 * The scheduler's claim (in its transaction): up to `limit` confirmed, unpaused subscriptions that are
 * due at `now` or were never scheduled, locked so that another instance claiming at the same moment
 * skips them (SKIP LOCKED) and never queues the same digest.
 */
export async function claimDueDigests(tx: Db, now: Date, limit: number): Promise<DigestRow[]> {
  return tx
    .select()
    .from(digests)
    .where(and(isNotNull(digests.confirmedAt), not(digests.paused), or(isNull(digests.nextDueAt), lte(digests.nextDueAt, now))))
    .orderBy(sql`${digests.nextDueAt} ASC NULLS FIRST`, digests.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Sets each claimed subscription's next due time, in one statement. */
export async function setNextDue(tx: Db, next: { id: number; nextDueAt: Date }[]): Promise<void> {
  if (!next.length) return;
  const values = sql.join(
    next.map((n) => sql`(${n.id}::int, ${n.nextDueAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE ${digests} SET next_due_at = v.due FROM (VALUES ${values}) AS v(id, due) WHERE ${digests.id} = v.id`);
}

/** Locks one subscription for the building of its digest (two workers with the same digest take turns). */
export async function lockDigest(tx: Db, id: number): Promise<DigestRow | null> {
  const [row] = await tx.select().from(digests).where(eq(digests.id, id)).for('update');
  return row ?? null;
}

/** The moment after which an approved job is new to this subscription. */
export function digestSince(row: Pick<DigestRow, 'lastSentAt' | 'confirmedAt' | 'createdAt'>): Date {
  const start = row.lastSentAt ?? row.confirmedAt ?? row.createdAt;
  return new Date(start.getTime() - DIGEST_OVERLAP_MS);
}

/**
 * The job search's filters for a subscription (one home for the rule, queries/jobs.ts): its
 * countries, with remote jobs anywhere when it includes them; only remote jobs when it names no
 * country but includes them; every location when it names neither. And its categories.
 */
function digestFilters(row: Pick<DigestRow, 'locations' | 'includeRemoteJobs' | 'categories'>, now: Date): SQL {
  const countryCodes = row.locations.map((l) => l.countryCode);
  return jobSearchFilters(
    {
      countryCodes,
      includeRemote: countryCodes.length > 0 && row.includeRemoteJobs,
      isRemote: countryCodes.length === 0 && row.includeRemoteJobs,
      categories: row.categories.length ? (row.categories as never) : undefined,
    },
    now,
  );
}

export interface DigestContent {
  /** The jobs, in the e-mail's order. */
  jobs: JobSummary[];
  /** How many jobs matched before the caps (per startup and in all). */
  total: number;
  since: Date;
}

/**
 * The jobs the subscription's next digest holds at `now`: public (ACTIVE, approved, not expired, a
 * live startup) and matching, approved after digestSince, none it has mailed before; at most
 * DIGEST_MAX_PER_COMPANY per startup and DIGEST_MAX_JOBS in all, boosted (jobs.boosting_expires_at
 * after `now`) first, then newest. Also the preview of the settings page (`backers`: the cards'
 * "Backed by", which the e-mail leaves out).
 */
export async function digestContent(
  db: Db,
  row: Pick<DigestRow, 'id' | 'locations' | 'includeRemoteJobs' | 'categories' | 'lastSentAt' | 'confirmedAt' | 'createdAt'>,
  now: Date,
  { perCompany = DIGEST_MAX_PER_COMPANY, limit = DIGEST_MAX_JOBS, backers = true }: { perCompany?: number; limit?: number; backers?: boolean } = {},
): Promise<DigestContent> {
  const since = digestSince(row);
  const boosted = sql<boolean>`coalesce(${jobs.boostingExpiresAt} > ${now.toISOString()}::timestamptz, false)`;
  const matching = and(
    digestFilters(row, now),
    sql`${POSTED_AT} > ${since.toISOString()}::timestamptz`,
    sql`NOT EXISTS (SELECT 1 FROM ${digestSentJobs} WHERE ${digestSentJobs.digestId} = ${row.id} AND ${digestSentJobs.jobId} = ${jobs.id})`,
  )!;
  const ranked = db
    .select({
      id: jobs.id,
      boosted: boosted.as('boosted'),
      posted: sql<Date>`${POSTED_AT}`.as('posted'),
      place: sql<number>`row_number() OVER (PARTITION BY ${jobs.companyId} ORDER BY ${boosted} DESC, ${POSTED_AT} DESC, ${jobs.id} DESC)`.as('place'),
      total: sql<number>`count(*) OVER ()`.as('total'),
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .where(matching)
    .as('ranked');
  const picked = await db
    .select({ id: ranked.id, total: ranked.total })
    .from(ranked)
    .where(lte(ranked.place, perCompany))
    .orderBy(desc(ranked.boosted), desc(ranked.posted), desc(ranked.id))
    .limit(limit);
  return { jobs: await jobSummariesByIds(db, picked.map((p) => p.id), { backers }), total: Number(picked[0]?.total ?? 0), since };
}

/**
 * Records the jobs a digest mails (in the transaction that queues the mail). Returns the ids it
 * recorded: a job this subscription was mailed before is left out (the unique key), so it is not mailed again.
 */
export async function recordSentJobs(tx: Db, digestId: number, jobIds: readonly number[], now: Date): Promise<Set<number>> {
  if (!jobIds.length) return new Set();
  const rows = await tx
    .insert(digestSentJobs)
    .values(jobIds.map((jobId) => ({ digestId, jobId, sentAt: now })))
    .onConflictDoNothing()
    .returning({ jobId: digestSentJobs.jobId });
  return new Set(rows.map((r) => r.jobId));
}

/** The jobs a subscription has been mailed, oldest first (tests and support). */
export async function sentJobIds(db: Db, digestId: number): Promise<number[]> {
  const rows = await db.select({ jobId: digestSentJobs.jobId }).from(digestSentJobs).where(eq(digestSentJobs.digestId, digestId)).orderBy(digestSentJobs.sentAt, digestSentJobs.jobId);
  return rows.map((r) => r.jobId);
}

/** The first name of a subscription's account, for the greeting ('' when it has none). */
export async function subscriberFirstName(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName ?? '';
}
