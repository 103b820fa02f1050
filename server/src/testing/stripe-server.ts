/**
 * A local HTTP server that answers the part of Stripe's API the server uses, in Stripe's documented
 * shapes: POST /v1/checkout/sessions (form-encoded, with Idempotency-Key replay) and GET
 * /v1/checkout/sessions/{id}. It records every request, and makes webhook events signed with the
 * official library's test-header helper. With `webhookUrl`, its hosted "payment page"
 * (/c/pay/{id}) pays for real: completes the session, posts the signed event, and returns to
 * success_url, so a browser can walk the whole loop. Nothing reaches the internet.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Lower-case header names: authorization, idempotency-key, stripe-version, content-type… */
  headers: Record<string, string>;
  /** The form body, decoded into nested objects and arrays as Stripe reads it. */
  params: Record<string, unknown>;
}

/** A Checkout Session as Stripe answers it (the fields of the documented object this server fills). */
export interface StripeSessionObject {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: null | { email: string | null };
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  url: string | null;
}

export interface SignedEvent {
  /** The event as Stripe sends it. */
  event: { id: string; type: string; data: { object: StripeSessionObject } };
  /** The exact body to post. */
  payload: string;
  /** The Stripe-Signature header for it. */
  signature: string;
}

/** One webhook post of the payment page: the signed event as sent, and the app's answer. */
export interface WebhookDelivery extends SignedEvent {
  status: number;
  answer: string;
}

export interface StripeTestServer {
  /** http://127.0.0.1:{port}: the STRIPE_API_BASE to configure. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly requests: RecordedStripeRequest[];
  readonly sessions: Map<string, StripeSessionObject>;
  /** What the payment page posted to `webhookUrl`, in order (a browser test replays one exactly). */
  readonly deliveries: WebhookDelivery[];
  /** Marks a session paid (status complete) and returns the signed checkout.session.completed event. */
  complete(sessionId: string): SignedEvent;
  /** Marks a session expired and returns the signed checkout.session.expired event. */
  expire(sessionId: string): SignedEvent;
  /** Signs any event about a session as it is now (a replay reuses a SignedEvent's payload as it was). */
  signedEvent(type: string, sessionId: string, options?: { secret?: string; timestamp?: number }): SignedEvent;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Decodes Stripe's form encoding (`line_items[0][price_data][currency]=dkk`) into nested values. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.split('[').map((k, i) => (i === 0 ? k : k.replace(/\]$/, '')));
    let node: any = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]!);
      const slot = Array.isArray(node) ? Number(key) : key;
      if (last) node[slot] = value;
      else node = node[slot] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...extra } }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface StripeTestServerOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where the payment page posts its signed event (the app's /api/payments/stripe/webhook), if anywhere. */
  webhookUrl?: string;
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startStripeTestServer({
  secretKey = `sk_test_${randomBytes(12).toString('hex')}`,
  webhookSecret = `whsec_${randomBytes(16).toString('hex')}`,
  webhookUrl,
}: StripeTestServerOptions = {}): Promise<StripeTestServer> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, StripeSessionObject>();
  const deliveries: WebhookDelivery[] = [];
  /** Idempotency-Key → the body it was first used with and the answer given. */
  const idempotent = new Map<string, { body: string; status: number; answer: string }>();
  let origin = '';

  function createSession(params: Record<string, unknown>): StripeSessionObject | string {
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) return 'line_items';
    if (!text(params.mode)) return 'mode';
    let total = 0;
    let currency = '';
    for (const item of items as Record<string, any>[]) {
      const price = item.price_data as Record<string, any> | undefined;
      if (!price?.currency || price.unit_amount === undefined) return 'line_items[0][price_data]';
      total += Number(price.unit_amount) * Number(item.quantity ?? 1);
      currency = String(price.currency);
    }
    const now = Math.floor(Date.now() / 1000);
    const sessionId = id('cs');
    return {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: text(params.cancel_url),
      client_reference_id: text(params.client_reference_id),
      created: now,
      currency,
      customer: null,
      customer_details: null,
      expires_at: now + 24 * 3600,
      livemode: false,
      metadata: { ...((params.metadata as Record<string, string> | undefined) ?? {}) },
      mode: String(params.mode),
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: text(params.success_url),
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${origin}/c/pay/${sessionId}`,
    };
  }

  function signedEvent(type: string, sessionId: string, options: { secret?: string; timestamp?: number } = {}): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe test server: no session ${sessionId}`);
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });
    return { event, payload, signature };
  }

  function complete(sessionId: string): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe test server: no session ${sessionId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: id('pi'), customer_details: { email: 'buyer@nordlys.test' } });
    return signedEvent('checkout.session.completed', sessionId);
  }

  function expire(sessionId: string): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe test server: no session ${sessionId}`);
    Object.assign(session, { status: 'expired', url: null });
    return signedEvent('checkout.session.expired', sessionId);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

    // The hosted payment page (not Stripe's API): a page to look at, and a Pay button that settles.
    const pay = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return stripeError(res, 404, 'invalid_request_error', 'No such checkout session');
      if (req.method === 'POST' && session.status === 'open') {
        const event = complete(session.id);
        if (webhookUrl) {
          const answer = await fetch(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature }, body: event.payload });
          deliveries.push({ ...event, status: answer.status, answer: await answer.text() });
        }
        res.writeHead(303, { Location: session.success_url ?? '/' });
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><title>Pay (Stripe test server)</title></head><body><main><h1>Pay ${session.amount_total} ${session.currency.toUpperCase()}</h1>` +
          `<form method="post"><button type="submit">Pay</button></form>${session.cancel_url ? `<p><a href="${session.cancel_url}">Cancel</a></p>` : ''}</main></body></html>`,
      );
    }

    if (!url.pathname.startsWith('/v1/')) return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    const params = decodeStripeForm(req.method === 'GET' ? url.search.slice(1) : body);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers, params });
    if (headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided: the test server knows another key.');
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = headers['idempotency-key'];
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier) {
        if (earlier.body !== body) {
          return stripeError(res, 400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
        }
        res.writeHead(earlier.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true', 'Idempotency-Key': key! });
        return res.end(earlier.answer);
      }
      const session = createSession(params);
      if (typeof session === 'string') return stripeError(res, 400, 'invalid_request_error', `Missing required param: ${session}.`, { code: 'parameter_missing', param: session });
      sessions.set(session.id, session);
      const answer = JSON.stringify(session);
      if (key) idempotent.set(key, { body, status: 200, answer });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...(key ? { 'Idempotency-Key': key } : {}) });
      return res.end(answer);
    }

    const get = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      const session = sessions.get(get[1]!);
      if (!session) return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${get[1]}'`, { code: 'resource_missing', param: 'session' });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
      return res.end(JSON.stringify(session));
    }

    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    deliveries,
    complete,
    expire,
    signedEvent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
