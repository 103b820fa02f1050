/**
 * How a startup pays for a plan (issue #12): one small interface with two implementations. Stripe
 * Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (payments/stripe.ts), otherwise the
 * embedded default, payment on invoice (payments/invoice.ts), which needs no network and is how
 * `npm start` works offline. The routes (api/payments.ts) branch on `kind`.
 */
import type { PaidPlanId } from '@nordlys/sdk/pricing';

/** What the checkout link asks Stripe for: one line, the order's total, in its currency. */
export interface CheckoutSessionRequest {
  orderId: number;
  /** Stripe's Idempotency-Key for this order's session (stripe.ts checkoutIdempotencyKey). */
  idempotencyKey: string;
  jobId: number;
  plan: PaidPlanId;
  /** "{Plan} for {job title}", the line the payment page shows. */
  productName: string;
  /** ISO 4217, upper case as the sdk writes it. */
  currency: string;
  /** The order's total (VAT included) in the sdk's minor units (pricing.ts toMinor). */
  totalMinor: number;
  /** Absolute URLs on this site. */
  successUrl: string;
  cancelUrl: string;
}

/** The parts of a Checkout Session the server reads. */
export interface CheckoutSession {
  id: string;
  /** The hosted payment page; null once the session is complete or expired. */
  url: string | null;
  /** 'open', 'complete' or 'expired' (Stripe may add more). */
  status: string | null;
  /** 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string;
  /** In the sdk's minor units (converted back from Stripe's, see stripe.ts). */
  totalMinor: number | null;
  /** Upper case. */
  currency: string | null;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
}

/** A verified provider event: its id (replays share it), its type, and the session it is about, if any. */
export interface PaymentEvent {
  id: string;
  type: string;
  session: CheckoutSession | null;
}

/** A webhook whose signature does not verify (a forgery, the wrong secret, or a replay from long ago). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The payment provider could not be reached or refused the call; nothing was charged. */
export class PaymentProviderError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PaymentProviderError';
  }
}

export interface StripePayments {
  readonly kind: 'stripe';
  /** One line for the start-up log (no secrets). */
  readonly summary: string;
  /**
   * Creates the Checkout Session of an order with the request's idempotency key: asked twice for the
   * same order, Stripe answers with the same session. Throws PaymentProviderError.
   */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** A session by id (the checkout link goes on with an open one). Throws PaymentProviderError. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Verifies a webhook with the signing secret and reads it. Throws WebhookSignatureError. */
  verifyWebhook(rawBody: Uint8Array | string, signature: string | undefined): PaymentEvent;
}

export interface InvoicePayments {
  readonly kind: 'invoice';
  readonly summary: string;
  /** When an invoice made at `now` is due. */
  dueDate(now: Date): Date;
}

export type Payments = StripePayments | InvoicePayments;
