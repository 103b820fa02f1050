/** Test fixtures of issue #12: startups with members, jobs in any status, and settled orders, written straight to the database. */
import { companies, companyMembers, jobs, orders, users } from '../db/schema';
import type { Db } from '../db/client';
import type { Viewer } from '../http/viewer';
import type { PlanId } from '@nordlys/sdk/pricing';
import { defaultExpirationDay, type JobInput } from '@nordlys/sdk/schemas';

const DAY = 86_400_000;

/** What makes a stored job complete (sdk jobMissing): a description, a category and a place (remote). */
export const COMPLETE_JOB = { description: '<p>Build the planning engine.</p>', categories: ['backend'], isRemote: true, locationKind: 'remote' } as const;

let serial = 0;

/** A startup of `status` with one member (a fresh user); answers its ids, its key and the member as a viewer. */
export async function insertStartup(db: Db, tag: string, status: 'ACTIVE' | 'DRAFT', extra: Partial<typeof companies.$inferInsert> = {}) {
  const n = ++serial;
  const key = `${tag}-${n}`;
  const [company] = await db
    .insert(companies)
    .values({ key, name: `Startup ${tag} ${n}`, status, ...extra })
    .returning({ id: companies.id, key: companies.key, name: companies.name });
  const [user] = await db
    .insert(users)
    .values({ email: `member-${key}@example.test`, firstName: 'Member', lastName: `${n}` })
    .returning({ id: users.id, email: users.email });
  await db.insert(companyMembers).values({ userId: user!.id, companyId: company!.id });
  const member: Viewer = { userId: user!.id, isAdmin: false, companyIds: [company!.id], investorIds: [] };
  return { ...company!, member, memberEmail: user!.email };
}

export type Expiry = 'none' | 'future' | 'past';

export const expiryDate = (expires: Expiry, now = Date.now()) => (expires === 'none' ? null : new Date(now + (expires === 'future' ? 10 * DAY : -DAY)));

/** A complete job of `companyId` in `status` (approvedAt set for the statuses that went live). */
export async function insertJob(db: Db, companyId: number, status: (typeof jobs.$inferInsert)['status'], expires: Expiry, extra: Partial<typeof jobs.$inferInsert> = {}) {
  const wentLive = status === 'ACTIVE' || status === 'STOPPED' || status === 'EXPIRED';
  const [row] = await db
    .insert(jobs)
    .values({
      companyId,
      title: `A ${status} job`,
      status,
      ...COMPLETE_JOB,
      categories: [...COMPLETE_JOB.categories],
      expirationDate: expiryDate(expires),
      approvedAt: wentLive ? new Date(Date.now() - 2 * DAY) : null,
      ...extra,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** A settled order (invoiced, awaiting payment) of `plan` for a job: its payment is no longer due. */
export async function settleOrder(db: Db, job: { id: number; companyId: number; plan: PlanId }) {
  const [order] = await db
    .insert(orders)
    .values({
      companyId: job.companyId,
      jobId: job.id,
      jobTitle: 'A job',
      plan: job.plan,
      status: 'awaiting_payment',
      provider: 'invoice',
      invoiceNumber: `TEST-${process.pid}-${++serial}-${Math.random().toString(36).slice(2, 8)}`,
      priceCountry: 'DK',
      currency: 'DKK',
      netMinor: 59_900,
      totalMinor: 59_900,
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** A whole, valid job form (sdk JobInput), remote, expiring on the form's default day. */
export function jobForm(overrides: Partial<JobInput> = {}): JobInput {
  return {
    title: 'Backend engineer',
    description: '<p>Build the planning engine.</p>',
    categories: ['backend'],
    positionType: 'FULL_TIME',
    location: { kind: 'remote', countryCode: null },
    salary: { type: 'competitive' },
    equity: { type: 'undisclosed' },
    apply: { method: 'nordlys' },
    perks: [],
    expirationDate: defaultExpirationDay(),
    screeningQuestions: [],
    ...overrides,
  };
}
