/**
 * Issue #12: orders and what they do to a job. An order is settled when it is paid (Stripe, or an
 * admin marking an invoice paid) or invoiced (awaiting payment: the invoice default puts the job live
 * at once). A settled order's plan takes effect when its job is ACTIVE: the job is featured for the
 * plan's days (boostingExpiresAt), counted from now or from the end of a Boost still running.
 *
 * Also the orders' own reads and writes: making one (its invoice number from invoice_number_seq),
 * settling or cancelling it, the provider events already handled, and the answers of the order routes.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { featuredUntil, isPaidPlan, type InvoiceTotals, type PlanId } from '@nordlys/sdk/pricing';
import type { JobStatus, OrderStatus, PaymentProvider } from '@nordlys/sdk/constants';
import type { Billing, Order } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, jobs, orders, paymentEvents } from '../db/schema';

/** The order statuses that count as settled (see above). */
export const SETTLED_ORDER_STATUSES = ['awaiting_payment', 'paid'] as const satisfies readonly OrderStatus[];

/**
 * Whether a job's plan is still to be paid (sdk job-status "payment due"): a paid plan with no
 * settled order for it. A Free plan is never due.
 */
export async function paymentDue(db: Db, job: { id: number; plan: PlanId }): Promise<boolean> {
  if (!isPaidPlan(job.plan)) return false;
  const [settled] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.jobId, job.id), eq(orders.plan, job.plan), inArray(orders.status, [...SETTLED_ORDER_STATUSES])))
    .limit(1);
  return !settled;
}

/**
 * Applies the job's settled orders that have not taken effect yet, if the job is ACTIVE: each extends
 * the featured period by its plan's days. Run it in the transaction that makes a job ACTIVE or settles
 * an order. Returns the new boostingExpiresAt, or null when nothing was applied.
 */
export async function applySettledOrders(db: Db, jobId: number, now = new Date()): Promise<Date | null> {
  const [job] = await db.select({ status: jobs.status, boostingExpiresAt: jobs.boostingExpiresAt }).from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job || job.status !== 'ACTIVE') return null;
  const pending = await db
    .select({ id: orders.id, plan: orders.plan })
    .from(orders)
    .where(and(eq(orders.jobId, jobId), inArray(orders.status, [...SETTLED_ORDER_STATUSES]), isNull(orders.appliedAt)))
    .orderBy(orders.id);
  if (!pending.length) return null;
  // Each order extends the featured period as the sdk's featuredUntil says (what /monetise promised).
  let until: Date | null = job.boostingExpiresAt && job.boostingExpiresAt > now ? job.boostingExpiresAt : null;
  for (const order of pending) until = featuredUntil(order.plan, now, until?.toISOString()) ?? until;
  const boosted = until;
  await db.update(jobs).set({ boostingExpiresAt: boosted ?? job.boostingExpiresAt, updatedAt: now }).where(eq(jobs.id, jobId));
  await db
    .update(orders)
    .set({ appliedAt: now, updatedAt: now })
    .where(inArray(orders.id, pending.map((o) => o.id)));
  return boosted;
}

/** Ends the Boosts whose date has passed (the expire-jobs task runs it): the date is cleared. Returns the job ids. */
export async function endBoosts(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({ boostingExpiresAt: null, updatedAt: now })
    .where(sql`${jobs.boostingExpiresAt} <= ${now.toISOString()}::timestamptz`)
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The orders themselves.

export type OrderRow = typeof orders.$inferSelect;

export interface NewOrder {
  companyId: number;
  jobId: number;
  jobTitle: string;
  plan: PlanId;
  provider: PaymentProvider;
  status: Extract<OrderStatus, 'open' | 'awaiting_payment'>;
  /** The price row the totals were read from (sdk priceCountry). */
  priceCountry: string;
  totals: InvoiceTotals;
  billing: Billing | null;
  createdBy: number | null;
  dueAt: Date | null;
}

/**
 * Makes an order with the next invoice number, NL-{year}-{n}: the number comes from one sequence, so
 * two instances never hand out the same one (a rolled-back order leaves a gap, as sequences do).
 */
export async function createOrder(db: Db, order: NewOrder, now = new Date()): Promise<OrderRow> {
  const { totals } = order;
  const [row] = await db
    .insert(orders)
    .values({
      companyId: order.companyId,
      jobId: order.jobId,
      jobTitle: order.jobTitle,
      plan: order.plan,
      status: order.status,
      provider: order.provider,
      invoiceNumber: sql`${`NL-${now.getUTCFullYear()}-`} || nextval('invoice_number_seq')::text`,
      priceCountry: order.priceCountry,
      currency: totals.currency,
      netMinor: totals.netMinor,
      vatRate: totals.vatRate,
      vatMinor: totals.vatMinor,
      totalMinor: totals.totalMinor,
      vatNote: totals.vatNote,
      billing: order.billing,
      createdBy: order.createdBy,
      dueAt: order.dueAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** One order by id, locked for the rest of the transaction (a webhook and an admin racing on it take turns). */
export async function lockOrder(db: Db, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/**
 * The newest open Stripe order for this job and plan, locked: a second click on the checkout link
 * goes on with it (same idempotency key, same session) instead of making another.
 */
export async function openStripeOrder(db: Db, jobId: number, plan: PlanId): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.jobId, jobId), eq(orders.plan, plan), eq(orders.provider, 'stripe'), eq(orders.status, 'open')))
    .orderBy(desc(orders.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Records the provider's reference (Stripe's Checkout Session id) of an order. */
export async function setProviderRef(db: Db, id: number, providerRef: string, now = new Date()): Promise<void> {
  await db.update(orders).set({ providerRef, updatedAt: now }).where(eq(orders.id, id));
}

/**
 * Marks an order paid, from `from` statuses only (a paid or cancelled order stays as it is). Returns
 * the order after, or null when it was not in one of them.
 */
export async function markOrderPaid(db: Db, id: number, from: readonly OrderStatus[], now = new Date()): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning();
  return row ?? null;
}

/** Cancels an open order (an expired or failed checkout); a settled one is never cancelled here. */
export async function cancelOpenOrder(db: Db, id: number, now = new Date()): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'open')))
    .returning();
  return row ?? null;
}

/**
 * Records a provider event as handled. False when it was already recorded: a replay, which must change
 * nothing. Run it in the transaction that handles the event, so a failure leaves it unrecorded and the
 * provider's retry handles it again; a concurrent duplicate waits on the key and then finds it taken.
 */
export async function recordPaymentEvent(db: Db, provider: PaymentProvider, eventId: string, type: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ provider, eventId, type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

const orderColumns = {
  order: orders,
  companyKey: companies.key,
  companyName: companies.name,
};

type OrderWithCompany = { order: OrderRow; companyKey: string; companyName: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order as the API answers it (sdk OrderSchema). */
export function orderDto({ order, companyKey, companyName }: OrderWithCompany): Order {
  return {
    id: order.id,
    invoiceNumber: order.invoiceNumber,
    plan: order.plan,
    status: order.status,
    provider: order.provider,
    currency: order.currency,
    netMinor: order.netMinor,
    vatRate: Number(order.vatRate),
    vatMinor: order.vatMinor,
    totalMinor: order.totalMinor,
    vatNote: order.vatNote,
    // The title when ordered: the invoice keeps it if the job is renamed or deleted.
    job: order.jobId === null ? null : { id: order.jobId, title: order.jobTitle },
    company: { key: companyKey, name: companyName },
    billing: order.billing ?? null,
    createdAt: order.createdAt.toISOString(),
    dueAt: iso(order.dueAt),
    paidAt: iso(order.paidAt),
  };
}

/** One order as the API answers it; with `companyId`, only that startup's (null otherwise). */
export async function getOrder(db: Db, id: number, scope: { companyId?: number } = {}): Promise<Order | null> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(and(eq(orders.id, id), scope.companyId === undefined ? undefined : eq(orders.companyId, scope.companyId)));
  return row ? orderDto(row) : null;
}

/** A startup's orders, or every order (admins) optionally of one status; newest first. */
export async function listOrders(db: Db, filter: { companyId?: number; status?: OrderStatus } = {}): Promise<Order[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(
      and(
        filter.companyId === undefined ? undefined : eq(orders.companyId, filter.companyId),
        filter.status === undefined ? undefined : eq(orders.status, filter.status),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(orderDto);
}

/** The billing details of a startup's newest order that has them (to prefill the next), or null. */
export async function lastBilling(db: Db, companyId: number): Promise<Billing | null> {
  const [row] = await db
    .select({ billing: orders.billing })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), isNotNull(orders.billing)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.billing ?? null;
}

/** What buying a plan for a job reads: the job, its startup and where the startup pays (sdk companyPriceCountry). */
export interface PurchaseJob {
  id: number;
  title: string;
  status: JobStatus;
  plan: PlanId;
  company: { id: number; key: string; name: string; addresses: { countryCode: string }[]; countryCodes: string[] };
}

/**
 * A job and its startup for a purchase, the job's row locked for the rest of the transaction (two
 * checkouts of one job take turns); null for no such job, or none of `companyId`'s.
 */
export async function jobForPurchase(db: Db, jobId: number, scope: { companyId?: number } = {}): Promise<PurchaseJob | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      plan: jobs.plan,
      companyId: companies.id,
      key: companies.key,
      name: companies.name,
      addresses: companies.addresses,
      countryCodes: companies.countryCodes,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), isNull(companies.deletedAt), scope.companyId === undefined ? undefined : eq(jobs.companyId, scope.companyId)))
    .for('update', { of: jobs });
  if (!row) return null;
  const { companyId, key, name, addresses, countryCodes, ...job } = row;
  return { ...job, company: { id: companyId, key, name, addresses, countryCodes } };
}

/** What the order mails and the webhook read of a job after a purchase: its status, plan and featured date. */
export async function jobAfterPurchase(db: Db, jobId: number): Promise<{ status: JobStatus; plan: PlanId; boostingExpiresAt: Date | null } | null> {
  const [row] = await db.select({ status: jobs.status, plan: jobs.plan, boostingExpiresAt: jobs.boostingExpiresAt }).from(jobs).where(eq(jobs.id, jobId));
  return row ?? null;
}
