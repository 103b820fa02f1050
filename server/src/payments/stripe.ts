/**
 * Stripe Checkout through the official `stripe` library (issue #12). The API base URL is a setting
 * (STRIPE_API_BASE) so the tests point the library at a local server that answers Stripe's documented
 * shapes (testing/stripe-server.ts); webhooks are verified with the library's own signature check.
 */
import Stripe from 'stripe';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutSession,
  type CheckoutSessionRequest,
  type StripePayments,
} from './provider';

export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API's origin; https://api.stripe.com unless set (tests: the local server). */
  apiBase?: string;
}

/**
 * Stripe's minor units differ from ISO 4217's for one of our currencies: ISK has no minor unit (the
 * sdk's 11500 ISK is 11500), but Stripe's API keeps it two-decimal for compatibility and wants
 * whole krónur, so 11500 ISK is 1150000 there (Stripe, "Supported currencies: special cases").
 */
const STRIPE_TWO_DECIMAL_FOR_WHOLE_UNITS = new Set(['ISK']);
export const toStripeAmount = (minor: number, currency: string): number =>
  STRIPE_TWO_DECIMAL_FOR_WHOLE_UNITS.has(currency.toUpperCase()) ? minor * 100 : minor;
export const fromStripeAmount = (amount: number, currency: string): number =>
  STRIPE_TWO_DECIMAL_FOR_WHOLE_UNITS.has(currency.toUpperCase()) ? Math.round(amount / 100) : amount;

/**
 * The Idempotency-Key of an order's Checkout Session: `order-{id}-{created, ms}`. The id alone would
 * collide across databases that share one Stripe account (staging and production, a reset test
 * database), and Stripe refuses a key reused with other parameters; the creation time keeps it one
 * per order while a retry of the same order still sends the same key.
 */
export const checkoutIdempotencyKey = (order: { id: number; createdAt: Date }): string => `order-${order.id}-${order.createdAt.getTime()}`;

function readSession(session: Stripe.Checkout.Session): CheckoutSession {
  const currency = session.currency ? session.currency.toUpperCase() : null;
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status ?? null,
    paymentStatus: session.payment_status,
    totalMinor: session.amount_total === null || session.amount_total === undefined || !currency ? null : fromStripeAmount(session.amount_total, currency),
    currency,
    metadata: { ...(session.metadata ?? {}) },
    clientReferenceId: session.client_reference_id ?? null,
  };
}

/** The provider over the Stripe API at `apiBase`. */
export function createStripePayments({ secretKey, webhookSecret, apiBase = STRIPE_DEFAULT_API_BASE }: StripeSettings): StripePayments {
  const base = new URL(apiBase);
  const stripe = new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    // A lost answer is retried with the same idempotency key, so it never makes a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const fail = (what: string, error: unknown) =>
    new PaymentProviderError(`Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`, error);

  return {
    kind: 'stripe',
    summary: `payments: Stripe Checkout${apiBase === STRIPE_DEFAULT_API_BASE ? '' : ` at ${base.origin}`}`,

    async createCheckoutSession(request: CheckoutSessionRequest) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: toStripeAmount(request.totalMinor, request.currency),
                  product_data: { name: request.productName },
                },
              },
            ],
            metadata: { orderId: String(request.orderId), jobId: String(request.jobId), plan: request.plan },
            client_reference_id: String(request.orderId),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return readSession(session);
      } catch (error) {
        throw fail('checkout', error);
      }
    },

    async retrieveCheckoutSession(id: string) {
      try {
        return readSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        throw fail('session lookup', error);
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody), signature, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature does not verify');
      }
      const object = event.data.object as { object?: string };
      return { id: event.id, type: event.type, session: object.object === 'checkout.session' ? readSession(object as Stripe.Checkout.Session) : null };
    },
  };
}
