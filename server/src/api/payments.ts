/**
 * Issue #12: checkout (spec 7's browser link), orders on invoice, the Stripe webhook, the startup's
 * orders and invoices, and the admins marking an invoice paid.
 *
 * What a startup may buy for a job: a paid plan while the job is being posted (DRAFT, or
 * PENDING_PAYMENT after a checkout that did not finish), which sets the job's plan and publishes it;
 * or a Boost for a live (ACTIVE) job, which leaves the plan alone. The order, the job's status and the
 * mail commit in one transaction.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { exactDate } from '@nordlys/sdk/dates';
import { signInPath } from '@nordlys/sdk/navigation';
import { companyPriceCountry, invoiceTotals, planById, priceCountry, SELLER_COUNTRY, type InvoiceTotals, type PaidPlanId } from '@nordlys/sdk/pricing';
import { safeReturnPath } from '@nordlys/sdk/return-path';
import { paths } from '@nordlys/sdk/routes';
import {
  AdminOrderQuerySchema,
  CheckoutQuerySchema,
  CompanyKeySchema,
  InvoiceOrderInputSchema,
  JobIdSchema,
  LastBillingSchema,
  OrderIdSchema,
  OrderListSchema,
  OrderPlacedSchema,
  OrderSchema,
  StripeWebhookAnswerSchema,
  type LastBilling,
  type Order,
  type OrderList,
  type OrderPlaced,
} from '@nordlys/sdk/schemas';
import { assertCanManageCompany, requireUser } from '../accounts/guards';
import { siteOrigin } from '../accounts/origin';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { invoiceMail, receiptMail } from '../mail/order-mails';
import { createInvoicePayments } from '../payments/invoice';
import { billingFormPath, confirmationPath } from '../payments/pages';
import { checkoutIdempotencyKey } from '../payments/stripe';
import { PaymentProviderError, WebhookSignatureError, type CheckoutSession, type PaymentEvent, type StripePayments } from '../payments/provider';
import { inTransaction, type MailOutbox } from '../queue/queue';
import { applyJobEvent, fireJobEvent } from '../queries/job-status';
import { setJobPlan } from '../queries/job-writes';
import {
  applySettledOrders,
  cancelOpenOrder,
  createOrder,
  getOrder,
  jobAfterPurchase,
  jobForPurchase,
  lastBilling,
  listOrders,
  lockOrder,
  markOrderPaid,
  openStripeOrder,
  paymentDue,
  recordPaymentEvent,
  setProviderRef,
  type OrderRow,
  type PurchaseJob,
} from '../queries/orders';
import { findLiveProfile } from '../queries/profile-kind';
import { membersOf } from '../queries/reviews';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile, requireAdmin } from './profile-guards';

const IdParam = v.object({ id: JobIdSchema });
const KeyParam = v.object({ key: CompanyKeySchema });
const JobParam = v.object({ key: CompanyKeySchema, id: JobIdSchema });
const OrderParam = v.object({ key: CompanyKeySchema, id: OrderIdSchema });
const AdminOrderParam = v.object({ id: OrderIdSchema });

/** What buying `plan` for a job in its status means, or a 409 saying why it cannot be bought now. */
type Purchase = { kind: 'post' | 'boost'; plan: PaidPlanId };

function purchaseFor(job: Pick<PurchaseJob, 'status'>, plan: PaidPlanId): Purchase {
  if (job.status === 'DRAFT' || job.status === 'PENDING_PAYMENT') return { kind: 'post', plan };
  if (job.status === 'ACTIVE') {
    if (plan === 'boost') return { kind: 'boost', plan };
    throw new AppError('E_CONFLICT', `${planById(plan).name} is chosen when a job is posted; a live job can buy a Boost`);
  }
  throw new AppError(
    'E_CONFLICT',
    `Nothing can be bought for this job now (it is ${JOB_STATUS_DISPLAY[job.status].label.toLowerCase()}): a plan is bought while posting it, and a Boost while it is live`,
  );
}

/** The price row and the startup's country, by sdk companyPriceCountry (its first address, else where it hires). */
function priceCountryOf(job: PurchaseJob): string | null {
  return companyPriceCountry({ addresses: job.company.addresses, countries: job.company.countryCodes.map((countryCode) => ({ countryCode })) });
}

/** What happens to the job now, in one sentence for the mails: its status' next step, and a Boost's end. */
function jobNote(job: { status: keyof typeof JOB_STATUS_DISPLAY; boostingExpiresAt: Date | null }, now: Date): string {
  const featured = job.boostingExpiresAt && job.boostingExpiresAt > now ? ` It is featured until ${exactDate(job.boostingExpiresAt.toISOString())}.` : '';
  return `The job: ${JOB_STATUS_DISPLAY[job.status].next}${featured}`;
}

export function paymentsRouter({ db, config, mail, payments = createInvoicePayments() }: RouterDeps) {
  const invoices = payments.kind === 'invoice' ? payments : null;
  const origin = () => siteOrigin(config);
  const outbox = (): MailOutbox => {
    if (!mail) throw new AppError('E_UNAVAILABLE', 'Mail is not set up on this server, so invoices and receipts cannot be sent');
    return mail;
  };
  const invoiceLink = (order: Order) => `${origin()}${paths.companyInvoice(order.company.key, order.id)}`;

  /** The order as answered, read in `tx` (so it sees the transaction's own writes). */
  async function orderAnswer(tx: Db, id: number): Promise<Order> {
    const order = await getOrder(tx, id);
    if (!order) throw notFound('Order');
    return order;
  }

  /** Queues the receipt of a paid order: to the billing e-mail of an invoice, else to the startup's members. */
  async function queueReceipt(tx: Db, send: MailOutbox, order: Order, companyId: number, now: Date) {
    const job = order.job ? await jobAfterPurchase(tx, order.job.id) : null;
    const note = job ? jobNote(job, now) : undefined;
    const base = { productName: config.productName, order, invoiceLink: invoiceLink(order), jobNote: note };
    if (order.billing) {
      await send.enqueue(tx, receiptMail({ ...base, to: order.billing.email, firstName: '' }));
      return;
    }
    for (const member of (await membersOf(tx, 'company', [companyId])).get(companyId) ?? []) {
      await send.enqueue(tx, receiptMail({ ...base, to: member.email, firstName: member.firstName }));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Stripe Checkout

  /**
   * The first half of a Stripe checkout, in one transaction: the plan set, the order (the open one of
   * an earlier click, or a new one), and a draft published (to PENDING_PAYMENT, or to review while the
   * startup is not approved). Stripe is called after it commits, never inside it.
   */
  async function prepareStripeOrder(jobId: number, plan: PaidPlanId, viewer: NonNullable<AppEnv['Variables']['viewer']>, now: Date) {
    return inTransaction(db, async (tx) => {
      const job = await jobForPurchase(tx, jobId);
      if (!job) throw notFound('Job');
      assertCanManageCompany(viewer, job.company.id);
      const purchase = purchaseFor(job, plan);
      if (purchase.kind === 'post' && job.plan !== plan) await setJobPlan(tx, job.company.id, job.id, plan, now);
      const country = priceCountryOf(job);
      // No billing details at Stripe's checkout: VAT as for a buyer in the startup's own country (an
      // EU buyer without a VAT number pays Danish VAT, sdk vatFor), the seller's when it has none.
      const totals: InvoiceTotals = invoiceTotals(purchase.plan, country, country ?? SELLER_COUNTRY, null);
      let order: OrderRow | null = await openStripeOrder(tx, job.id, purchase.plan);
      if (order && (order.totalMinor !== totals.totalMinor || order.currency !== totals.currency)) {
        // The price changed since (the startup moved country): that checkout is not finished, start afresh.
        await cancelOpenOrder(tx, order.id, now);
        order = null;
      }
      order ??= await createOrder(
        tx,
        {
          companyId: job.company.id,
          jobId: job.id,
          jobTitle: job.title,
          plan: purchase.plan,
          provider: 'stripe',
          status: 'open',
          priceCountry: priceCountry(country),
          totals,
          billing: null,
          createdBy: viewer.userId,
          dueAt: null,
        },
        now,
      );
      if (job.status === 'DRAFT') await fireJobEvent(tx, job.id, 'publish', now, { companyId: job.company.id });
      return { job, purchase, order };
    });
  }

  async function stripeCheckout(stripe: StripePayments, c: Context<AppEnv>, jobId: number, plan: PaidPlanId, cancelPath: string) {
    const viewer = c.get('viewer')!;
    const now = new Date();
    for (let attempt = 0; attempt < 2; attempt++) {
      const { job, purchase, order } = await prepareStripeOrder(jobId, plan, viewer, now);
      const successUrl = `${origin()}${confirmationPath(job.company.key, job.id, purchase.plan)}`;
      try {
        if (order.providerRef) {
          // A second click: go on with the session of the first while it is open.
          const session = await stripe.retrieveCheckoutSession(order.providerRef);
          if (session.status === 'open' && session.url) return c.redirect(session.url, 303);
          // Paid already (the webhook settles it): the confirmation page says what happens next.
          if (session.status === 'complete') return c.redirect(successUrl, 303);
          await inTransaction(db, (tx) => cancelOpenOrder(tx, order.id, now));
          continue;
        }
        const session = await stripe.createCheckoutSession({
          orderId: order.id,
          idempotencyKey: checkoutIdempotencyKey(order),
          jobId: job.id,
          plan: purchase.plan,
          productName: `${planById(purchase.plan).name} for ${job.title}`,
          currency: order.currency,
          totalMinor: order.totalMinor,
          successUrl,
          cancelUrl: `${origin()}${cancelPath}`,
        });
        await setProviderRef(db, order.id, session.id, now);
        if (!session.url) throw new PaymentProviderError('Stripe answered a session without a payment page');
        return c.redirect(session.url, 303);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        console.warn(`[payments] checkout of order ${order.id}: ${error.message}`);
        throw new AppError('E_UNAVAILABLE', 'The payment page could not be opened: Stripe did not answer. Nothing was charged; please try again in a moment.');
      }
    }
    throw new AppError('E_CONFLICT', 'The checkout changed meanwhile; please try again');
  }

  /**
   * A completed (or asynchronously succeeded) Checkout Session: its order is paid, the job goes on
   * (PENDING_PAYMENT → ACTIVE with `pay` once nothing is due; a live job's Boost starts), and the
   * members get a receipt.
   */
  async function settleSession(tx: Db, session: CheckoutSession, send: MailOutbox, now: Date): Promise<string> {
    const orderId = Number(session.metadata.orderId ?? session.clientReferenceId);
    const order = Number.isSafeInteger(orderId) ? await lockOrder(tx, orderId) : null;
    if (!order || order.provider !== 'stripe' || (order.providerRef !== null && order.providerRef !== session.id)) {
      console.warn(`[payments] Stripe session ${session.id} names no order of ours (order ${session.metadata.orderId ?? '-'}): ignored`);
      return 'ignored: no such order';
    }
    if (session.totalMinor !== order.totalMinor || session.currency !== order.currency) {
      console.error(`[payments] Stripe session ${session.id} paid ${session.totalMinor} ${session.currency}, order ${order.id} is ${order.totalMinor} ${order.currency}: not settled, check it by hand`);
      return 'ignored: amount differs';
    }
    if (order.providerRef === null) await setProviderRef(tx, order.id, session.id, now);
    const paid = await markOrderPaid(tx, order.id, ['open'], now);
    if (!paid) return `ignored: order is ${order.status}`;
    if (paid.jobId !== null) {
      const job = await jobAfterPurchase(tx, paid.jobId);
      // `pay` only when nothing is left to pay (the plan may have changed since this checkout).
      if (job?.status === 'PENDING_PAYMENT' && !(await paymentDue(tx, { id: paid.jobId, plan: job.plan }))) {
        const outcome = await applyJobEvent(tx, paid.jobId, 'pay', now);
        if (outcome && !outcome.ok) console.warn(`[payments] order ${paid.id} paid, job ${paid.jobId} not moved on: ${outcome.reason}`);
      }
      await applySettledOrders(tx, paid.jobId, now);
    }
    await queueReceipt(tx, send, await orderAnswer(tx, paid.id), paid.companyId, now);
    return 'paid';
  }

  return (
    new Hono<AppEnv>()
      // spec 7: a browser link. A visitor is sent to sign in and back to the page they came from; a
      // signed-in stranger gets 403 like every member route.
      .get(
        '/jobs/:id/checkout',
        operation({
          summary: "Open the checkout of a paid plan for a job: Stripe's payment page, or the site's billing form for an invoice",
          description: "A browser link (spec 7) for the job's startup's members and admins: a visitor is redirected (303) to sign in and back to `cancel_url` instead of a 401.",
          access: 'company',
          response: 'redirect',
          status: 303,
          errors: ['E_NOT_FOUND', 'E_CONFLICT', 'E_ILLEGAL_TRANSITION', 'E_UNAVAILABLE'],
        }),
        privateNoStore,
        validate('param', IdParam),
        validate('query', CheckoutQuerySchema),
        async (c) => {
          const { id } = c.req.valid('param');
          const { plan, cancel_url } = c.req.valid('query');
          const cancelPath = safeReturnPath(cancel_url)!;
          const viewer = c.get('viewer');
          if (!viewer) return c.redirect(signInPath(cancelPath), 303);
          if (payments.kind === 'stripe') return stripeCheckout(payments, c, id, plan, cancelPath);
          // The invoice default: the site's billing form for the plan; nothing changes until the order is placed.
          const job = await jobForPurchase(db, id);
          if (!job) throw notFound('Job');
          assertCanManageCompany(viewer, job.company.id);
          return c.redirect(billingFormPath(job.company.key, job.id, purchaseFor(job, plan)), 303);
        },
      )

      .post(
        '/companies/:key/jobs/:id/orders',
        operation({
          summary: 'Buy a paid plan for a job on invoice: the order, the job published or boosted, and the invoice mailed',
          access: 'company',
          response: OrderPlacedSchema,
          status: 201,
          errors: ['E_NOT_FOUND', 'E_CONFLICT', 'E_ILLEGAL_TRANSITION', 'E_UNAVAILABLE'],
        }),
        requireUser,
        validate('param', JobParam),
        managesProfile(db, 'company'),
        async (_c, next) => {
          if (!invoices) {
            throw new AppError('E_CONFLICT', 'This server takes payment through Stripe Checkout: open the checkout link (/api/jobs/{id}/checkout) instead of ordering on invoice');
          }
          await next();
        },
        // Keyed by whole path ('billing.vatNumber'), as the site's billing form keys its fields.
        validate('json', InvoiceOrderInputSchema, 'path'),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const { plan, billing } = c.req.valid('json');
          const send = outbox();
          const companyId = (await findLiveProfile(db, 'company', key)).id;
          const now = new Date();
          const placed = await inTransaction(db, async (tx): Promise<OrderPlaced> => {
            const job = await jobForPurchase(tx, id, { companyId });
            if (!job) throw notFound('Job');
            const purchase = purchaseFor(job, plan);
            if (purchase.kind === 'post' && job.plan !== plan) await setJobPlan(tx, companyId, job.id, plan, now);
            const country = priceCountryOf(job);
            const created = await createOrder(
              tx,
              {
                companyId,
                jobId: job.id,
                jobTitle: job.title,
                plan: purchase.plan,
                provider: 'invoice',
                // Invoiced counts as settled: the job goes on now, the admins mark it paid later.
                status: 'awaiting_payment',
                priceCountry: priceCountry(country),
                totals: invoiceTotals(purchase.plan, country, billing.countryCode, billing.vatNumber),
                billing,
                createdBy: c.get('viewer')!.userId,
                dueAt: invoices!.dueDate(now),
              },
              now,
            );
            // Publishing runs the settled orders itself when the job goes live (queries/job-status.ts).
            if (purchase.kind === 'post') await fireJobEvent(tx, job.id, 'publish', now, { companyId });
            else await applySettledOrders(tx, job.id, now);
            const state = (await jobAfterPurchase(tx, job.id))!;
            const order = await orderAnswer(tx, created.id);
            await send.enqueue(
              tx,
              invoiceMail({ to: billing.email, firstName: '', productName: config.productName, order, invoiceLink: invoiceLink(order), jobNote: jobNote(state, now) }),
            );
            return { order, jobStatus: state.status, next: confirmationPath(key, job.id, purchase.plan) };
          });
          return c.json(placed, 201);
        },
      )

      .post(
        '/payments/stripe/webhook',
        operation({
          summary: "Stripe's webhook: settles or cancels the order of a Checkout Session",
          description: 'Only with Stripe keys (404 otherwise). The raw body must carry a valid Stripe-Signature header, made with the webhook secret (400 otherwise).',
          access: 'token',
          response: StripeWebhookAnswerSchema,
          errors: ['E_NOT_FOUND', 'E_UNAVAILABLE'],
        }),
        async (c) => {
          // Without Stripe keys there is no webhook here (a 4xx: nothing is down, and Stripe retries any non-2xx anyway).
          if (payments.kind !== 'stripe') throw new AppError('E_NOT_FOUND', 'Stripe payments are not configured on this server, so it takes no Stripe webhooks');
          // The signature covers the exact bytes sent, so the body is read raw, never parsed and re-serialised.
          const raw = new Uint8Array(await c.req.arrayBuffer());
          let event: PaymentEvent;
          try {
            event = payments.verifyWebhook(raw, c.req.header('stripe-signature'));
          } catch (error) {
            if (error instanceof WebhookSignatureError) throw new AppError('E_VALIDATION', `Webhook signature check failed: ${error.message}`);
            throw error;
          }
          const send = outbox();
          const now = new Date();
          const outcome = await inTransaction(db, async (tx) => {
            if (!(await recordPaymentEvent(tx, 'stripe', event.id, event.type, now))) return 'duplicate: already handled';
            const session = event.session;
            if (!session) return 'ignored';
            switch (event.type) {
              case 'checkout.session.completed':
              case 'checkout.session.async_payment_succeeded':
                // A delayed payment method completes unpaid; its async_payment_succeeded settles it later.
                return session.paymentStatus === 'paid' ? settleSession(tx, session, send, now) : 'waiting for payment';
              case 'checkout.session.expired':
              case 'checkout.session.async_payment_failed': {
                const orderId = Number(session.metadata.orderId ?? session.clientReferenceId);
                const cancelled = Number.isSafeInteger(orderId) ? await cancelOpenOrder(tx, orderId, now) : null;
                return cancelled ? 'cancelled' : 'ignored';
              }
              default:
                return 'ignored';
            }
          });
          return c.json({ received: true, outcome });
        },
      )

      .get(
        '/companies/:key/orders',
        operation({ summary: "The startup's orders, newest first", access: 'company', response: OrderListSchema, errors: ['E_NOT_FOUND'] }),
        requireUser,
        privateNoStore,
        validate('param', KeyParam),
        managesProfile(db, 'company'),
        async (c) => {
          const companyId = (await findLiveProfile(db, 'company', c.req.valid('param').key)).id;
          return c.json({ orders: await listOrders(db, { companyId }) } satisfies OrderList);
        },
      )
      .get(
        '/companies/:key/orders/:id',
        operation({ summary: "One of the startup's orders (its invoice)", access: 'company', response: OrderSchema, errors: ['E_NOT_FOUND'] }),
        requireUser,
        privateNoStore,
        validate('param', OrderParam),
        managesProfile(db, 'company'),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const companyId = (await findLiveProfile(db, 'company', key)).id;
          const order = await getOrder(db, id, { companyId });
          if (!order) throw notFound('Order');
          return c.json(order);
        },
      )
      .get(
        '/companies/:key/billing',
        operation({ summary: 'The billing details the startup used last, to prefill the form', access: 'company', response: LastBillingSchema, errors: ['E_NOT_FOUND'] }),
        requireUser,
        privateNoStore,
        validate('param', KeyParam),
        managesProfile(db, 'company'),
        async (c) => {
          const companyId = (await findLiveProfile(db, 'company', c.req.valid('param').key)).id;
          return c.json({ billing: await lastBilling(db, companyId) } satisfies LastBilling);
        },
      )

      .get(
        '/admin/orders',
        operation({ summary: 'Every order, newest first, by status', access: 'admin', response: OrderListSchema }),
        requireUser,
        requireAdmin,
        privateNoStore,
        validate('query', AdminOrderQuerySchema),
        async (c) => {
          return c.json({ orders: await listOrders(db, { status: c.req.valid('query').status }) } satisfies OrderList);
        },
      )
      .post(
        '/admin/orders/:id/paid',
        operation({ summary: 'Mark an invoice paid and mail the receipt', access: 'admin', response: OrderSchema, errors: ['E_NOT_FOUND', 'E_CONFLICT', 'E_UNAVAILABLE'] }),
        requireUser,
        requireAdmin,
        privateNoStore,
        validate('param', AdminOrderParam),
        async (c) => {
          const { id } = c.req.valid('param');
          const send = outbox();
          const now = new Date();
          const order = await inTransaction(db, async (tx) => {
            const current = await lockOrder(tx, id);
            if (!current) throw notFound('Order');
            const paid = await markOrderPaid(tx, id, ['awaiting_payment'], now);
            if (!paid) {
              throw new AppError('E_CONFLICT', `Only an invoice awaiting payment can be marked paid; order ${current.invoiceNumber} is ${current.status.replace('_', ' ')}`);
            }
            const answer = await orderAnswer(tx, id);
            await queueReceipt(tx, send, answer, paid.companyId, now);
            return answer;
          });
          return c.json(order);
        },
      )
  );
}
