/**
 * Issue #12: orders, invoices and checkout. A paid plan is bought for one job, through Stripe Checkout
 * when the keys are set, else on invoice (the embedded default). Amounts are minor units (sdk pricing.ts).
 */
import * as v from 'valibot';
import { JOB_STATUSES, ORDER_STATUSES, PAYMENT_PROVIDERS } from '../constants';
import { BILLING_COUNTRY_CODES, PAID_PLAN_IDS, PLAN_IDS } from '../pricing';
import { safeReturnPath } from '../return-path';
import { intParam, IsoDateSchema } from './common';
import { optionalText, requiredText } from './profile-input';


export const PaidPlanSchema = /* @__PURE__ */ v.picklist(PAID_PLAN_IDS, `Plan must be one of: ${PAID_PLAN_IDS.join(', ')}`);

/** The billing details an invoice is made out to. */
export const BillingInputSchema = /* @__PURE__ */ v.object({
  name: requiredText('Company name', 150, 'Please enter the name to invoice'),
  address: requiredText('Address', 200, 'Please enter the street address'),
  postalCode: requiredText('Postal code', 20, 'Please enter the postal code'),
  city: requiredText('City', 100, 'Please enter the city'),
  countryCode: v.pipe(v.string('Please choose the country'), v.check((c) => (BILLING_COUNTRY_CODES as readonly string[]).includes(c), 'Please choose the country')),
  /** EU VAT number; with one, an EU business outside Denmark is reverse-charged (sdk vatFor). */
  vatNumber: v.pipe(
    optionalText('VAT number', 20),
    v.transform((s) => (s ? s.replace(/[\s.-]/g, '').toUpperCase() : null)),
    v.check((s) => s === null || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(s), 'VAT number must start with its country code, like DK12345678'),
  ),
  email: v.pipe(
    requiredText('Invoice e-mail', 254, 'Please enter the e-mail the invoice goes to'),
    v.check((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Invoice e-mail must be an e-mail address'),
  ),
});
export type BillingInput = v.InferInput<typeof BillingInputSchema>;
export type Billing = v.InferOutput<typeof BillingInputSchema>;

/** POST /companies/{key}/jobs/{id}/orders: buy a paid plan on invoice (the default without Stripe keys). */
export const InvoiceOrderInputSchema = /* @__PURE__ */ v.object({ plan: PaidPlanSchema, billing: BillingInputSchema });
export type InvoiceOrderInput = v.InferInput<typeof InvoiceOrderInputSchema>;

/** The query of the checkout link GET /api/jobs/{id}/checkout (spec 7). `cancel_url` must pass the same-site return rule. */
export const CheckoutQuerySchema = /* @__PURE__ */ v.object({
  plan: v.optional(PaidPlanSchema, 'boost'),
  cancel_url: v.pipe(
    v.string('cancel_url is required'),
    v.maxLength(2000, 'cancel_url is too long'),
    v.check((s) => safeReturnPath(s) !== null, 'cancel_url must be a path on this site, like /client/startups/northwind-labs/jobs/7/monetise'),
  ),
});

/** The `{id}` of an order in the order routes. */
export const OrderIdSchema = /* @__PURE__ */ intParam('Order id', 1, 2_147_483_647);

export const OrderSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  invoiceNumber: v.string(),
  plan: v.picklist(PLAN_IDS),
  status: v.picklist(ORDER_STATUSES),
  provider: v.picklist(PAYMENT_PROVIDERS),
  currency: v.string(),
  netMinor: v.number(),
  vatRate: v.number(),
  vatMinor: v.number(),
  totalMinor: v.number(),
  vatNote: v.string(),
  job: v.nullable(v.object({ id: v.number(), title: v.string() })),
  company: v.object({ key: v.string(), name: v.string() }),
  billing: v.nullable(
    v.object({
      name: v.string(),
      address: v.string(),
      postalCode: v.string(),
      city: v.string(),
      countryCode: v.string(),
      vatNumber: v.nullable(v.string()),
      email: v.string(),
    }),
  ),
  createdAt: IsoDateSchema,
  dueAt: v.nullable(IsoDateSchema),
  paidAt: v.nullable(IsoDateSchema),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** GET /companies/{key}/orders and GET /admin/orders. Newest first. */
export const OrderListSchema = /* @__PURE__ */ v.object({ orders: v.array(OrderSchema) });
export type OrderList = v.InferOutput<typeof OrderListSchema>;

/** The query of GET /admin/orders. */
export const AdminOrderQuerySchema = /* @__PURE__ */ v.object({
  status: v.optional(v.picklist(ORDER_STATUSES, `Status must be one of: ${ORDER_STATUSES.join(', ')}`)),
});

/** The answer of an invoice order: the order, the job's status after it, and the confirmation page to go to. */
export const OrderPlacedSchema = /* @__PURE__ */ v.object({
  order: OrderSchema,
  jobStatus: v.picklist(JOB_STATUSES),
  /** The site path of the plan's confirmation page (/posted, /boosted, /max-posted, /headhunter-posted). */
  next: v.string(),
});
export type OrderPlaced = v.InferOutput<typeof OrderPlacedSchema>;

/** The billing details the startup used last, to prefill the form (GET /companies/{key}/billing); null before the first order. */
export const LastBillingSchema = /* @__PURE__ */ v.object({ billing: v.nullable(OrderSchema.entries.billing) });
export type LastBilling = v.InferOutput<typeof LastBillingSchema>;

/**
 * POST /payments/stripe/webhook: the event was taken, and what came of it ('paid', 'cancelled',
 * 'waiting for payment', 'ignored…' or 'duplicate: already handled'), for Stripe's dashboard.
 */
export const StripeWebhookAnswerSchema = /* @__PURE__ */ v.object({ received: v.literal(true), outcome: v.string() });
export type StripeWebhookAnswer = v.InferOutput<typeof StripeWebhookAnswerSchema>;
