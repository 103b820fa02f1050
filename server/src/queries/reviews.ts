/**
 * The admins' review of issue #11: the queue of submitted startups and investors, and the two
 * decisions. Approving makes the profile ACTIVE (public); sending it back keeps it a DRAFT with the
 * reason as its review note. Both answer the members to mail.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminJobItem, ReviewItem, ReviewQueue } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, companyMembers, images, investorMembers, investors, jobs, users } from '../db/schema';
import { AppError } from '../errors';
import { toImage } from '../images';
import { applyJobEvent } from './job-status';
import { findLiveProfile, type ProfileKind } from './profile-writes';

const logo = alias(images, 'logo');

/** GET /admin/reviews: DRAFTs waiting with submitted_at, oldest first, startups and investors together. */
export async function reviewQueue(db: Db): Promise<ReviewQueue> {
  const waiting = <T extends typeof companies | typeof investors>(table: T) =>
    db
      .select({ id: table.id, key: table.key, name: table.name, website: table.website, logo: logo.path, submittedAt: table.submittedAt })
      .from(table as typeof companies)
      .leftJoin(logo, eq(logo.id, table.logoImageId))
      .where(and(eq(table.status, 'DRAFT'), isNotNull(table.submittedAt), isNull(table.deletedAt)));
  const [companyRows, investorRows] = await Promise.all([waiting(companies), waiting(investors)]);
  const [companyPeople, investorPeople] = await Promise.all([
    membersOf(db, 'company', companyRows.map((r) => r.id)),
    membersOf(db, 'investor', investorRows.map((r) => r.id)),
  ]);
  const item = (kind: ProfileKind, people: Map<number, Member[]>) => (r: (typeof companyRows)[number]): ReviewItem => ({
    kind,
    id: r.id,
    key: r.key,
    name: r.name,
    website: r.website,
    logoImage: toImage(r.logo),
    submittedAt: r.submittedAt!.toISOString(),
    members: (people.get(r.id) ?? []).map((m) => ({ name: `${m.firstName} ${m.lastName}`.trim(), email: m.email })),
  });
  const items = [...companyRows.map(item('company', companyPeople)), ...investorRows.map(item('investor', investorPeople))];
  items.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.kind.localeCompare(b.kind) || a.id - b.id);
  return { items, jobs: await jobReviewQueue(db) };
}

/** Jobs waiting for approval (issue #12), oldest first: those of startups under review, and those an admin holds. */
export async function jobReviewQueue(db: Db): Promise<AdminJobItem[]> {
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      plan: jobs.plan,
      heldAt: jobs.heldAt,
      publishedAt: jobs.publishedAt,
      companyKey: companies.key,
      companyName: companies.name,
      companyStatus: companies.status,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.status, 'PENDING_COMPANY_APPROVAL'), isNull(companies.deletedAt)))
    .orderBy(sql`coalesce(${jobs.heldAt}, ${jobs.publishedAt}, ${jobs.updatedAt})`, jobs.id);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    plan: r.plan,
    company: { key: r.companyKey, name: r.companyName, status: r.companyStatus },
    heldAt: r.heldAt?.toISOString() ?? null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
}

export interface Member {
  profileId: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** The members of some profiles, by profile id, in the order they joined. */
export async function membersOf(db: Db, kind: ProfileKind, profileIds: number[]): Promise<Map<number, Member[]>> {
  const byProfile = new Map<number, Member[]>();
  if (!profileIds.length) return byProfile;
  const rows =
    kind === 'company'
      ? await db
          .select({ profileId: companyMembers.companyId, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(companyMembers)
          .innerJoin(users, eq(users.id, companyMembers.userId))
          .where(inArray(companyMembers.companyId, profileIds))
          .orderBy(asc(companyMembers.createdAt), asc(users.id))
      : await db
          .select({ profileId: investorMembers.investorId, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(investorMembers)
          .innerJoin(users, eq(users.id, investorMembers.userId))
          .where(inArray(investorMembers.investorId, profileIds))
          .orderBy(asc(investorMembers.createdAt), asc(users.id));
  for (const row of rows) byProfile.set(row.profileId, [...(byProfile.get(row.profileId) ?? []), row]);
  return byProfile;
}

/**
 * Issue #12: a startup approved, its jobs waiting for that go on (live, or waiting for payment), in the
 * decision's transaction. A job an admin holds for its own review stays waiting.
 */
async function approveWaitingJobs(db: Db, companyId: number, now: Date): Promise<void> {
  const waiting = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, 'PENDING_COMPANY_APPROVAL'), isNull(jobs.heldAt)))
    .orderBy(asc(jobs.id));
  for (const job of waiting) {
    const outcome = await applyJobEvent(db, job.id, 'approve', now, { companyId });
    if (outcome && !outcome.ok) throw new AppError('E_CONFLICT', `A job of this startup could not be approved: ${outcome.reason}`);
  }
}

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

/**
 * POST /admin/{companies|investors}/{key}/approve|reject. Only a submitted DRAFT can be decided
 * (409 otherwise); unknown or deleted is 404. Answers who to tell.
 */
export async function decideReview(
  db: Db,
  kind: ProfileKind,
  key: string,
  decision: ReviewDecision,
  now = new Date(),
): Promise<{ id: number; name: string; members: Member[] }> {
  const profile = await findLiveProfile(db, kind, key);
  const what = kind === 'company' ? 'startup' : 'investor';
  if (profile.status !== 'DRAFT') throw new AppError('E_CONFLICT', `This ${what} is ${profile.status.toLowerCase()}, not waiting for review`);
  if (!profile.submittedAt) throw new AppError('E_CONFLICT', `This ${what} has not been submitted for review`);
  const change = decision.approve
    ? { status: 'ACTIVE' as const, approvedAt: now, submittedAt: null, reviewNote: null, updatedAt: now }
    : { submittedAt: null, reviewNote: decision.reason, updatedAt: now };
  // The state is checked again in the update, so two admins deciding at once cannot both win.
  const waiting = <T extends typeof companies | typeof investors>(table: T) =>
    and(eq(table.id, profile.id), eq(table.status, 'DRAFT'), isNotNull(table.submittedAt))!;
  const updated =
    kind === 'company'
      ? await db.update(companies).set(change).where(waiting(companies)).returning({ id: companies.id })
      : await db.update(investors).set(change).where(waiting(investors)).returning({ id: investors.id });
  if (!updated.length) throw new AppError('E_CONFLICT', `This ${what} was decided by someone else a moment ago`);
  if (kind === 'company' && decision.approve) await approveWaitingJobs(db, profile.id, now);
  return { id: profile.id, name: profile.name, members: (await membersOf(db, kind, [profile.id])).get(profile.id) ?? [] };
}
