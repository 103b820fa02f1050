import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startStripeTestServer } from '../testing/stripe-server';
import { createPayments } from './create-payments';
import { WebhookSignatureError, type CheckoutSessionRequest } from './provider';
import { checkoutIdempotencyKey, createStripePayments, fromStripeAmount, toStripeAmount } from './stripe';

const server = await startStripeTestServer();
afterAll(() => server.close());

const stripe = createStripePayments({ secretKey: server.secretKey, webhookSecret: server.webhookSecret, apiBase: server.url });

const request = (over: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest => ({
  orderId: 41,
  idempotencyKey: 'order-41-1700000000000',
  jobId: 7,
  plan: 'boost',
  productName: 'Boost for Senior Engineer',
  currency: 'DKK',
  totalMinor: 74875,
  successUrl: 'https://nordlys.example/client/startups/northwind-labs/jobs/7/boosted',
  cancelUrl: 'https://nordlys.example/client/startups/northwind-labs/jobs/7/monetise',
  ...over,
});

describe('Stripe Checkout through the official library, against the local API server', () => {
  it('creates a session with one line in the lower-case currency, the job and plan in its metadata, and the idempotency key of the order', async () => {
    const session = await stripe.createCheckoutSession(request());
    expect(session).toMatchObject({ status: 'open', paymentStatus: 'unpaid', totalMinor: 74875, currency: 'DKK', clientReferenceId: '41' });
    expect(session.url).toBe(`${server.url}/c/pay/${session.id}`);
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers['idempotency-key']).toBe('order-41-1700000000000');
    expect(sent.headers.authorization).toBe(`Bearer ${server.secretKey}`);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'dkk', unit_amount: '74875', product_data: { name: 'Boost for Senior Engineer' } } }],
      metadata: { orderId: '41', jobId: '7', plan: 'boost' },
      client_reference_id: '41',
      success_url: request().successUrl,
      cancel_url: request().cancelUrl,
    });
  });

  it('answers the same session when an order is asked for twice (the idempotency key replays)', async () => {
    const first = await stripe.createCheckoutSession(request({ orderId: 42, idempotencyKey: 'order-42-1' }));
    const second = await stripe.createCheckoutSession(request({ orderId: 42, idempotencyKey: 'order-42-1' }));
    expect(second.id).toBe(first.id);
    expect(server.sessions.size).toBe(2);
    // The key is one per order: the same id made in another database (another creation time) is another key.
    expect(checkoutIdempotencyKey({ id: 42, createdAt: new Date(1) })).not.toBe(checkoutIdempotencyKey({ id: 42, createdAt: new Date(2) }));
  });

  it('sends whole krónur as Stripe keeps ISK: two decimals, so 11500 ISK is 1150000', async () => {
    expect(toStripeAmount(11500, 'ISK')).toBe(1_150_000);
    expect(fromStripeAmount(1_150_000, 'ISK')).toBe(11500);
    expect(toStripeAmount(7900, 'EUR')).toBe(7900);
    const session = await stripe.createCheckoutSession(request({ orderId: 43, idempotencyKey: 'order-43-1', currency: 'ISK', totalMinor: 11500 }));
    expect(server.requests.at(-1)!.params).toMatchObject({ line_items: [{ price_data: { currency: 'isk', unit_amount: '1150000' } }] });
    expect(session.totalMinor).toBe(11500);
  });

  it('reads a session back by id', async () => {
    const created = await stripe.createCheckoutSession(request({ orderId: 44, idempotencyKey: 'order-44-1' }));
    server.complete(created.id);
    expect(await stripe.retrieveCheckoutSession(created.id)).toMatchObject({ id: created.id, status: 'complete', paymentStatus: 'paid', url: null, metadata: { orderId: '44' } });
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${created.id}` });
  });

  it('turns a refusal into a PaymentProviderError', async () => {
    const wrongKey = createStripePayments({ secretKey: 'sk_test_wrong', webhookSecret: server.webhookSecret, apiBase: server.url });
    await expect(wrongKey.createCheckoutSession(request({ orderId: 45, idempotencyKey: 'order-45-1' }))).rejects.toMatchObject({ name: 'PaymentProviderError', message: expect.stringMatching(/Invalid API Key/) });
    await expect(stripe.retrieveCheckoutSession('cs_test_unknown')).rejects.toMatchObject({ name: 'PaymentProviderError', message: expect.stringMatching(/No such checkout.session/) });
  });
});

describe('webhook verification with the library signature check', () => {
  it('reads a signed event and its session', async () => {
    const created = await stripe.createCheckoutSession(request({ orderId: 46, idempotencyKey: 'order-46-1' }));
    const signed = server.complete(created.id);
    const event = stripe.verifyWebhook(new TextEncoder().encode(signed.payload), signed.signature);
    expect(event).toMatchObject({ id: signed.event.id, type: 'checkout.session.completed', session: { id: created.id, paymentStatus: 'paid', totalMinor: 74875, metadata: { orderId: '46' } } });
  });

  it('refuses a missing or forged signature, another secret, a changed body and an old timestamp', async () => {
    const created = await stripe.createCheckoutSession(request({ orderId: 47, idempotencyKey: 'order-47-1' }));
    const signed = server.complete(created.id);
    expect(() => stripe.verifyWebhook(signed.payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(signed.payload, 't=1,v1=deadbeef')).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(signed.payload, server.signedEvent('checkout.session.completed', created.id, { secret: 'whsec_other' }).signature)).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(signed.payload.replace('"paid"', '"unpaid"'), signed.signature)).toThrow(WebhookSignatureError);
    const old = server.signedEvent('checkout.session.completed', created.id, { timestamp: Math.floor(Date.now() / 1000) - Stripe.webhooks.DEFAULT_TOLERANCE - 60 });
    expect(() => stripe.verifyWebhook(old.payload, old.signature)).toThrow(/timestamp/i);
  });
});

describe("the local server's payment page (for browser tests)", () => {
  it('pays: completes the session, posts the signed event to the webhook URL, and returns to success_url', async () => {
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['stripe-signature']) });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const paying = await startStripeTestServer({ webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
    try {
      const provider = createStripePayments({ secretKey: paying.secretKey, webhookSecret: paying.webhookSecret, apiBase: paying.url });
      const session = await provider.createCheckoutSession(request({ orderId: 48, idempotencyKey: 'order-48-1' }));
      const page = await fetch(session.url!);
      expect(await page.text()).toContain('<button type="submit">Pay</button>');
      const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(request().successUrl);
      expect(received).toHaveLength(1);
      expect(provider.verifyWebhook(received[0]!.body, received[0]!.signature)).toMatchObject({ type: 'checkout.session.completed', session: { id: session.id, paymentStatus: 'paid' } });
    } finally {
      await paying.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('the provider chosen by the settings', () => {
  it('is invoices without Stripe keys (the offline default of npm start), Stripe Checkout with both', () => {
    const invoices = createPayments({ stripe: undefined });
    expect(invoices.kind).toBe('invoice');
    expect(invoices.kind === 'invoice' && invoices.dueDate(new Date('2026-11-01T00:00:00Z')).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    const withStripe = createPayments({ stripe: { secretKey: server.secretKey, webhookSecret: server.webhookSecret, apiBase: server.url } });
    expect(withStripe.kind).toBe('stripe');
    expect(withStripe.summary).toContain(server.url);
  });
});
