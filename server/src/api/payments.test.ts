import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '@nordlys/sdk/constants';
import { formatMoney, planPrice, toMinor, vatFor, type PaidPlanId } from '@nordlys/sdk/pricing';
import { LastBillingSchema, OrderListSchema, OrderPlacedSchema, OrderSchema, type BillingInput } from '@nordlys/sdk/schemas';
import { companies, jobs, orders, paymentEvents } from '../db/schema';
import { useTestApp } from '../testing/app';
import { createTestAuthParts } from '../testing/auth-parts';
import { backends } from '../testing/database';
import { startStripeTestServer } from '../testing/stripe-server';

const DAY = 86_400_000;
const NORTHWIND = 'northwind-labs';

/** spec 9: the job post price (a Boost, sdk pricing.ts) by the startup's country, in minor units. */
const SPEC_9: Record<string, { netMinor: number; currency: string }> = {
  DK: { netMinor: 59_900, currency: 'DKK' },
  NO: { netMinor: 87_900, currency: 'NOK' },
  SE: { netMinor: 84_900, currency: 'SEK' },
  FI: { netMinor: 7_900, currency: 'EUR' },
  IS: { netMinor: 11_500, currency: 'ISK' },
  DE: { netMinor: 7_900, currency: 'EUR' },
  GB: { netMinor: 7_900, currency: 'EUR' },
};
const COUNTRIES = Object.keys(SPEC_9);
const PLANS: PaidPlanId[] = ['boost', 'max', 'headhunter'];

const billing = (over: Partial<BillingInput> = {}): BillingInput => ({
  name: 'Northwind Labs ApS',
  address: 'Nørregade 1',
  postalCode: '1165',
  city: 'Copenhagen',
  countryCode: 'DK',
  vatNumber: '',
  email: 'billing@northwind.test',
  ...over,
});

type Harness = ReturnType<typeof useTestApp<ReturnType<typeof createTestAuthParts>>>;

/** Fixtures on the test database: startups by country and complete jobs in a status. */
function fixtures(t: Harness, backend: string) {
  let seq = 0;
  return {
    async company(country: string | null, status: 'ACTIVE' | 'DRAFT' = 'ACTIVE') {
      seq++;
      const key = `pay-${backend}-${(country ?? 'none').toLowerCase()}-${seq}`;
      const [row] = await t.db
        .insert(companies)
        .values({ key, name: `Pay ${country ?? 'nowhere'} ${seq}`, status, addresses: country ? [{ countryCode: country, address: 'Street 1' }] : [], countryCodes: country ? [country] : [] })
        .returning({ id: companies.id });
      return { id: row!.id, key };
    },
    async companyId(key: string) {
      const [row] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, key));
      return row!.id;
    },
    /** A job that can be published: a description, a category and a location (remote). */
    async job(companyId: number, status: JobStatus = 'DRAFT', over: Partial<typeof jobs.$inferInsert> = {}) {
      const live = status === 'ACTIVE' || status === 'STOPPED' || status === 'EXPIRED';
      const [row] = await t.db
        .insert(jobs)
        .values({
          companyId,
          title: `Engineer ${++seq}`,
          description: '<p>Build the planning engine.</p>',
          categories: ['backend'],
          isRemote: true,
          locationKind: 'remote',
          status,
          approvedAt: live ? new Date(Date.now() - DAY) : null,
          expirationDate: live ? new Date(Date.now() + (status === 'EXPIRED' ? -DAY : 30 * DAY)) : null,
          ...over,
        })
        .returning({ id: jobs.id });
      return row!.id;
    },
    async jobRow(id: number) {
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
      return row!;
    },
  };
}

describe.each(backends)('orders on invoice, the embedded default (%s)', (backend) => {
  const t = useTestApp(backend, { auth: createTestAuthParts(), queue: true });
  const f = fixtures(t, backend);
  let admin: string;
  let founder: string;
  let talent: string;

  beforeAll(async () => {
    [admin, founder, talent] = await Promise.all([t.signIn('admin@nordlys.test'), t.signIn('founder@nordlys.test'), t.signIn('talent@nordlys.test')]);
  });

  const order = (key: string, jobId: number, body: unknown, cookie: string) => t.send(`/api/companies/${key}/jobs/${jobId}/orders`, body, { headers: { cookie } });

  it.each(COUNTRIES)('prices every plan by the startup country, spec 9 for a Boost: %s', async (country) => {
    const company = await f.company(country);
    for (const plan of PLANS) {
      const jobId = await f.job(company.id);
      const res = await order(company.key, jobId, { plan, billing: billing({ countryCode: country }) }, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const placed = v.parse(OrderPlacedSchema, res.body);
      const price = planPrice(plan, country);
      const netMinor = plan === 'boost' ? SPEC_9[country]!.netMinor : toMinor(price.amount, price.currency);
      const vat = vatFor(country, null);
      expect(placed.order).toMatchObject({ plan, status: 'awaiting_payment', provider: 'invoice', currency: SPEC_9[country]!.currency, netMinor, vatRate: vat.rate, vatNote: vat.note });
      expect(placed.order.vatMinor).toBe(Math.round((netMinor * vat.rate) / 100));
      expect(placed.order.totalMinor).toBe(netMinor + placed.order.vatMinor);
      expect(placed.order.invoiceNumber).toMatch(new RegExp(`^NL-${new Date().getUTCFullYear()}-\\d+$`));
    }
  });

  it('reverse-charges an EU business with a VAT number, and charges Danish VAT without one', async () => {
    const company = await f.company('DE');
    const withNumber = await order(company.key, await f.job(company.id), { plan: 'boost', billing: billing({ countryCode: 'DE', vatNumber: 'DE 123.456.789' }) }, admin);
    expect(withNumber.body.order).toMatchObject({ netMinor: 7900, vatRate: 0, vatMinor: 0, totalMinor: 7900, billing: { vatNumber: 'DE123456789' } });
    expect(withNumber.body.order.vatNote).toMatch(/Reverse charge/);
    const without = await order(company.key, await f.job(company.id), { plan: 'boost', billing: billing({ countryCode: 'DE' }) }, admin);
    expect(without.body.order).toMatchObject({ vatRate: 25, vatMinor: 1975, totalMinor: 9875, vatNote: 'Danish VAT 25%' });
  });

  it('runs the invoice loop: checkout goes to the billing form, the order puts the job live and boosted, the invoice is mailed, an admin marks it paid', async () => {
    const companyId = await f.companyId(NORTHWIND);
    const jobId = await f.job(companyId);
    const monetise = `/client/startups/${NORTHWIND}/jobs/${jobId}/monetise`;

    // The checkout link: without Stripe keys, back to the site's billing form for the plan; nothing changes yet.
    const checkout = await t.request(`/api/jobs/${jobId}/checkout?plan=boost&cancel_url=${encodeURIComponent(monetise)}`, { headers: { cookie: founder } });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get('location')).toBe(`${monetise}?plan=boost`);
    expect((await f.jobRow(jobId)).status).toBe('DRAFT');

    const res = await order(NORTHWIND, jobId, { plan: 'boost', billing: billing({ email: 'invoices@northwind.test' }) }, founder);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const placed = v.parse(OrderPlacedSchema, res.body);
    expect(placed.jobStatus).toBe('ACTIVE');
    expect(placed.next).toBe(`/client/startups/${NORTHWIND}/jobs/${jobId}/boosted`);
    expect(placed.order).toMatchObject({ status: 'awaiting_payment', totalMinor: 74_875, currency: 'DKK', job: { id: jobId }, company: { key: NORTHWIND }, paidAt: null });
    expect(Date.parse(placed.order.dueAt!) - Date.parse(placed.order.createdAt)).toBe(14 * DAY);

    const job = await f.jobRow(jobId);
    expect(job).toMatchObject({ status: 'ACTIVE', plan: 'boost' });
    expect(job.boostingExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    // Live and public: on the job's public page.
    expect((await t.get(`/api/jobs/single/${jobId}`)).status).toBe(200);

    // The invoice mail, through the queue's outbox.
    await t.runJobs();
    const mail = t.auth.mailer.lastTo('invoices@northwind.test')!;
    expect(mail.subject).toContain(placed.order.invoiceNumber);
    expect(mail.text).toContain(`Total: ${formatMoney(74_875, 'DKK')}`);
    expect(mail.text).toContain(`VAT 25%: ${formatMoney(14_975, 'DKK')} (Danish VAT 25%)`);
    expect(mail.text).toMatch(/Please pay by \d+ \w+ \d{4}, quoting the invoice number NL-/);
    expect(mail.text).toContain(`http://localhost/client/startups/${NORTHWIND}/invoices/${placed.order.id}`);

    // The startup's orders, its invoice, and the billing details to prefill the next form.
    const list = v.parse(OrderListSchema, (await t.get(`/api/companies/${NORTHWIND}/orders`, { cookie: founder })).body);
    expect(list.orders[0]!.id).toBe(placed.order.id);
    expect(v.parse(OrderSchema, (await t.get(`/api/companies/${NORTHWIND}/orders/${placed.order.id}`, { cookie: founder })).body).invoiceNumber).toBe(placed.order.invoiceNumber);
    expect(v.parse(LastBillingSchema, (await t.get(`/api/companies/${NORTHWIND}/billing`, { cookie: founder })).body).billing).toMatchObject({ name: 'Northwind Labs ApS', email: 'invoices@northwind.test', vatNumber: null });

    // The admins' queue of invoices awaiting payment, and marking this one paid (once).
    const waiting = v.parse(OrderListSchema, (await t.get('/api/admin/orders?status=awaiting_payment', { cookie: admin })).body);
    expect(waiting.orders.map((o) => o.id)).toContain(placed.order.id);
    expect((await t.send(`/api/admin/orders/${placed.order.id}/paid`, undefined, { headers: { cookie: founder } })).status).toBe(403);
    const paid = await t.send(`/api/admin/orders/${placed.order.id}/paid`, undefined, { headers: { cookie: admin } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    const again = await t.send(`/api/admin/orders/${placed.order.id}/paid`, undefined, { headers: { cookie: admin } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is paid/);
    await t.runJobs();
    expect(t.auth.mailer.lastTo('invoices@northwind.test')!.subject).toBe(`Receipt ${placed.order.invoiceNumber}: payment received by Nordlys`);
    expect((await t.get('/api/admin/orders?status=awaiting_payment', { cookie: admin })).body.orders.map((o: { id: number }) => o.id)).not.toContain(placed.order.id);
  });

  it('boosts a live job without changing its plan, and refuses Max for it', async () => {
    const company = await f.company('SE');
    const jobId = await f.job(company.id, 'ACTIVE');
    const cancel = `/client/startups/${company.key}/jobs/${jobId}/boost`;
    const checkout = await t.request(`/api/jobs/${jobId}/checkout?cancel_url=${encodeURIComponent(cancel)}`, { headers: { cookie: admin } });
    expect(checkout.headers.get('location')).toBe(`${cancel}?plan=boost`);
    const res = await order(company.key, jobId, { plan: 'boost', billing: billing({ countryCode: 'SE' }) }, admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ jobStatus: 'ACTIVE', order: { plan: 'boost', netMinor: 84_900 } });
    const job = await f.jobRow(jobId);
    expect(job.plan).toBe('free');
    expect(job.boostingExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    const max = await order(company.key, jobId, { plan: 'max', billing: billing({ countryCode: 'SE' }) }, admin);
    expect(max.status).toBe(409);
    expect(max.body.message).toMatch(/a live job can buy a Boost/);
  });

  it('leaves the job in review while the startup is not approved', async () => {
    const company = await f.company('NO', 'DRAFT');
    const jobId = await f.job(company.id);
    const res = await order(company.key, jobId, { plan: 'max', billing: billing({ countryCode: 'NO' }) }, admin);
    expect(res.status).toBe(201);
    expect(res.body.jobStatus).toBe('PENDING_COMPANY_APPROVAL');
    expect((await f.jobRow(jobId)).boostingExpiresAt).toBeNull();
  });

  it('refuses bad input with messages under each billing field, and keeps nothing', async () => {
    const company = await f.company('DK');
    const jobId = await f.job(company.id);
    const bad = await order(company.key, jobId, { plan: 'gold', billing: billing({ name: '', vatNumber: '12', email: 'nope' }) }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('E_VALIDATION');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['billing.email', 'billing.name', 'billing.vatNumber', 'plan']);
    expect(bad.body.errors['billing.vatNumber']).toEqual(['VAT number must start with its country code, like DK12345678']);
    // An incomplete job cannot be bought for: 400 with what it lacks, and no order is kept.
    const incomplete = await f.job(company.id, 'DRAFT', { categories: [] });
    const res = await order(company.key, incomplete, { plan: 'boost', billing: billing() }, admin);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['categories']);
    expect(await t.db.select().from(orders).where(eq(orders.jobId, incomplete))).toEqual([]);
    expect((await f.jobRow(incomplete)).plan).toBe('free');
  });

  it('refuses strangers (403 before any 400), visitors, other startups’ jobs and jobs that cannot be bought for', async () => {
    const company = await f.company('DK');
    const jobId = await f.job(company.id);
    expect((await order(company.key, jobId, { plan: 'boost', billing: billing() }, talent)).status).toBe(403);
    expect((await order(company.key, jobId, { nonsense: true }, talent)).status).toBe(403);
    expect((await t.send(`/api/companies/${company.key}/jobs/${jobId}/orders`, { plan: 'boost', billing: billing() })).status).toBe(401);
    expect((await t.get(`/api/companies/${company.key}/orders`, { cookie: talent })).status).toBe(403);
    expect((await t.get(`/api/companies/${company.key}/billing`, { cookie: talent })).status).toBe(403);
    expect((await t.get('/api/admin/orders', { cookie: founder })).status).toBe(403);
    // A job of another startup under this key is no job here.
    const other = await f.job((await f.company('DK')).id);
    expect((await order(company.key, other, { plan: 'boost', billing: billing() }, admin)).status).toBe(404);
    const expired = await f.job(company.id, 'EXPIRED');
    const res = await order(company.key, expired, { plan: 'boost', billing: billing() }, admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Nothing can be bought for this job now/);
    // Another startup's order is not found under this key.
    const placed = await order(company.key, jobId, { plan: 'boost', billing: billing() }, admin);
    const elsewhere = await f.company('DK');
    expect((await t.get(`/api/companies/${elsewhere.key}/orders/${placed.body.order.id}`, { cookie: admin })).status).toBe(404);
  });

  it('checks the checkout link: a same-site cancel_url, a signed-in member, a known job', async () => {
    const company = await f.company('DK');
    const jobId = await f.job(company.id);
    const link = (cancel: string, plan = 'boost') => `/api/jobs/${jobId}/checkout?plan=${plan}&cancel_url=${encodeURIComponent(cancel)}`;
    for (const offSite of ['https://evil.test/monetise', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)']) {
      const res = await t.get(link(offSite), { cookie: admin });
      expect(res.status, offSite).toBe(400);
      expect(res.body.errors.cancel_url[0]).toMatch(/must be a path on this site/);
    }
    expect((await t.get(`/api/jobs/${jobId}/checkout?plan=boost`, { cookie: admin })).status).toBe(400);
    expect((await t.get(link('/x', 'gold'), { cookie: admin })).status).toBe(400);
    // A visitor signs in first and comes back to the page they left.
    const visitor = await t.request(link('/client/startups/x/jobs/1/monetise?plan=max'));
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get('location')).toBe(`/?to=${encodeURIComponent('/client/startups/x/jobs/1/monetise?plan=max')}`);
    expect((await t.get(link('/x'), { cookie: talent })).status).toBe(403);
    expect((await t.get(`/api/jobs/2147483000/checkout?cancel_url=%2F`, { cookie: admin })).status).toBe(404);
    expect((await t.get(link('/x'), { cookie: admin })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves no Stripe webhook (404) and changes nothing', async () => {
    const res = await t.send('/api/payments/stripe/webhook', { id: 'evt_1', type: 'checkout.session.completed' }, { headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Stripe payments are not configured/);
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
  });
});

const stripeServer = await startStripeTestServer();
afterAll(() => stripeServer.close());

describe.each(backends)('Stripe Checkout against the local API server (%s)', (backend) => {
  const t = useTestApp(backend, {
    auth: createTestAuthParts(),
    queue: true,
    config: { stripe: { secretKey: stripeServer.secretKey, webhookSecret: stripeServer.webhookSecret, apiBase: stripeServer.url } },
  });
  const f = fixtures(t, backend);
  let founder: string;
  let admin: string;

  beforeAll(async () => {
    [founder, admin] = await Promise.all([t.signIn('founder@nordlys.test'), t.signIn('admin@nordlys.test')]);
  });

  const webhook = (payload: string, signature?: string) =>
    t.request('/api/payments/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) }, body: payload });
  const orderOf = async (jobId: number) => (await t.db.select().from(orders).where(eq(orders.jobId, jobId)))[0]!;
  const checkout = (jobId: number, cookie: string, cancel = `/client/startups/${NORTHWIND}/jobs/${jobId}/monetise`, plan = 'boost') =>
    t.request(`/api/jobs/${jobId}/checkout?plan=${plan}&cancel_url=${encodeURIComponent(cancel)}`, { headers: { cookie } });

  it('runs the Stripe loop: a 303 to the session, the idempotency key sent, a signed webhook activates the job, a replay changes nothing, a bad signature is 400', async () => {
    const companyId = await f.companyId(NORTHWIND);
    const jobId = await f.job(companyId);
    const title = (await f.jobRow(jobId)).title;

    const res = await checkout(jobId, founder);
    expect(res.status).toBe(303);
    const order = await orderOf(jobId);
    const session = stripeServer.sessions.get(order.providerRef!)!;
    expect(res.headers.get('location')).toBe(session.url);
    expect(order).toMatchObject({ status: 'open', provider: 'stripe', plan: 'boost', currency: 'DKK', totalMinor: 74_875, billing: null });
    const sent = stripeServer.requests.findLast((r) => r.method === 'POST' && r.params.client_reference_id === String(order.id))!;
    expect(sent.headers['idempotency-key']).toBe(`order-${order.id}-${order.createdAt.getTime()}`);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'dkk', unit_amount: '74875', product_data: { name: `Boost for ${title}` } } }],
      metadata: { orderId: String(order.id), jobId: String(jobId), plan: 'boost' },
      success_url: `http://localhost/client/startups/${NORTHWIND}/jobs/${jobId}/boosted`,
      cancel_url: `http://localhost/client/startups/${NORTHWIND}/jobs/${jobId}/monetise`,
    });
    // Published, waiting for the payment.
    expect(await f.jobRow(jobId)).toMatchObject({ status: 'PENDING_PAYMENT', plan: 'boost', boostingExpiresAt: null });

    // A second click goes on with the same session: no second order, no second session.
    const posts = stripeServer.requests.filter((r) => r.method === 'POST').length;
    const again = await checkout(jobId, founder);
    expect(again.headers.get('location')).toBe(session.url);
    expect(stripeServer.requests.filter((r) => r.method === 'POST').length).toBe(posts);
    expect(await t.db.select().from(orders).where(eq(orders.jobId, jobId))).toHaveLength(1);

    const signed = stripeServer.complete(session.id);
    // A bad signature, another secret's, or none: 400, nothing recorded.
    for (const signature of ['t=1,v1=deadbeef', stripeServer.signedEvent('checkout.session.completed', session.id, { secret: 'whsec_wrong' }).signature, undefined]) {
      const refused = await webhook(signed.payload, signature);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/signature/i);
    }
    expect((await orderOf(jobId)).status).toBe('open');

    const ok = await webhook(signed.payload, signed.signature);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, outcome: 'paid' });
    const live = await f.jobRow(jobId);
    expect(live.status).toBe('ACTIVE');
    expect(live.boostingExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    const paidOrder = await orderOf(jobId);
    expect(paidOrder).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    await t.runJobs();
    const receipt = t.auth.mailer.lastTo('founder@nordlys.test')!;
    expect(receipt.subject).toBe(`Receipt ${order.invoiceNumber}: payment received by Nordlys`);
    expect(receipt.text).toContain(`Total: ${formatMoney(74_875, 'DKK')}`);
    const mails = t.auth.mailer.sent.length;

    // The same event again (Stripe retries): 200, and nothing changes.
    const replay = await webhook(signed.payload, signed.signature);
    expect(replay.status).toBe(200);
    expect((await replay.json()).outcome).toMatch(/duplicate/);
    const after = await f.jobRow(jobId);
    expect(after.boostingExpiresAt).toEqual(live.boostingExpiresAt);
    expect(after.updatedAt).toEqual(live.updatedAt);
    expect(await orderOf(jobId)).toEqual(paidOrder);
    await t.runJobs();
    expect(t.auth.mailer.sent.length).toBe(mails);
    expect(await t.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, signed.event.id)))).toHaveLength(1);
  });

  it('charges Iceland in whole krónur, as Stripe counts ISK, and settles the order', async () => {
    const company = await f.company('IS');
    const jobId = await f.job(company.id);
    const res = await checkout(jobId, admin, `/client/startups/${company.key}/jobs/${jobId}/monetise`);
    expect(res.status).toBe(303);
    const order = await orderOf(jobId);
    expect(order).toMatchObject({ currency: 'ISK', netMinor: 11_500, vatRate: 0, totalMinor: 11_500 });
    expect(stripeServer.requests.at(-1)!.params).toMatchObject({ line_items: [{ price_data: { currency: 'isk', unit_amount: '1150000' } }] });
    const signed = stripeServer.complete(order.providerRef!);
    expect((await (await webhook(signed.payload, signed.signature)).json()).outcome).toBe('paid');
    expect((await f.jobRow(jobId)).status).toBe('ACTIVE');
  });

  it('cancels the order of an expired session, and starts a new session on the next click', async () => {
    const company = await f.company('FI');
    const jobId = await f.job(company.id);
    await checkout(jobId, admin, '/');
    const first = await orderOf(jobId);
    const expired = stripeServer.expire(first.providerRef!);
    expect((await (await webhook(expired.payload, expired.signature)).json()).outcome).toBe('cancelled');
    expect((await t.db.select().from(orders).where(eq(orders.id, first.id)))[0]).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });
    // The job still waits for payment; the next click makes a new order and session.
    expect((await f.jobRow(jobId)).status).toBe('PENDING_PAYMENT');
    const res = await checkout(jobId, admin, '/');
    const open = (await t.db.select().from(orders).where(and(eq(orders.jobId, jobId), eq(orders.status, 'open'))))[0]!;
    expect(open.id).not.toBe(first.id);
    expect(res.headers.get('location')).toBe(stripeServer.sessions.get(open.providerRef!)!.url);
  });

  it('refuses orders on invoice while Stripe is configured', async () => {
    const companyId = await f.companyId(NORTHWIND);
    const jobId = await f.job(companyId);
    const res = await t.send(`/api/companies/${NORTHWIND}/jobs/${jobId}/orders`, { plan: 'boost', billing: billing() }, { headers: { cookie: founder } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Stripe Checkout/);
  });
});
