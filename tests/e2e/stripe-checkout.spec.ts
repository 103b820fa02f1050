/**
 * Issue #12's "Must show", through Stripe against the local API server, in a browser: founder@ chooses
 * Boost for a complete draft, the checkout link takes the browser to the local Stripe server's payment
 * page (the Checkout Session carries the DKK total in minor units, the job and plan, an Idempotency-Key),
 * Pay posts the signed checkout.session.completed event to the webhook and returns to /boosted, which
 * says the job is live; the job is ACTIVE, boosted and on /jobs, and the members get one receipt.
 * A replay of the same event answers 200 and changes nothing; a bad signature answers 400, also for a
 * forged "paid" event before the payment, which leaves the job waiting.
 *
 * It runs its own Nordlys server with Stripe keys (the main e2e server has none and takes orders on
 * invoice): the built server (server/dist/main.js) as a child process on E2E_PORT+20, with the demo data
 * seeded into a fresh data folder, its mail to a local SMTP server, and STRIPE_API_BASE pointing at
 * server/src/testing/stripe-server.ts. Both start in beforeAll and stop in afterAll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { startSmtpServer, type TestSmtpServer } from '../../server/src/testing/smtp';
import { startStripeTestServer, type StripeTestServer } from '../../server/src/testing/stripe-server';
import { resultCards } from './helpers';
import { gotoHydrated, PASSWORD } from './session';

/** E2E_PORT+20, one more per parallel worker (--repeat-each runs copies side by side). */
const portOf = (parallelIndex: number) => Number(process.env.E2E_PORT ?? 3210) + 20 + parallelIndex;
let PORT = portOf(0);
/** This server's origin: the browser's, its PUBLIC_URL (Stripe's success and cancel URLs), and the Origin of writes. */
let ORIGIN = `http://localhost:${PORT}`;
let WEBHOOK = `${ORIGIN}/api/payments/stripe/webhook`;
const KEY = 'northwind-labs';
const FOUNDER = 'founder@nordlys.test';
const DAY_MS = 86_400_000;
const STARTUP_MS = 45_000;

// One server for the file's one test: never split across workers.
test.describe.configure({ mode: 'serial' });

let stripe: StripeTestServer;
let smtp: TestSmtpServer;
let server: ChildProcess;
let dataDir: string;
let output = '';

test.beforeAll(async () => {
  test.setTimeout(STARTUP_MS + 15_000);
  const started = Date.now();
  PORT = portOf(test.info().parallelIndex);
  ORIGIN = `http://localhost:${PORT}`;
  WEBHOOK = `${ORIGIN}/api/payments/stripe/webhook`;
  [stripe, smtp] = await Promise.all([startStripeTestServer({ webhookUrl: WEBHOOK }), startSmtpServer()]);
  dataDir = mkdtempSync(join(tmpdir(), 'nordlys-e2e-stripe-'));
  server = spawn(process.execPath, ['server/dist/main.js', '--seed-demo-if-empty'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // Ready when it says it runs on its port and answers its site config (not another process on that port);
  // a server that exits (a port in use, a bad setting) fails at once.
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the Stripe e2e server exited (${server.exitCode}):\n${output}`);
        if (!output.includes(`is running at http://localhost:${PORT} `)) return 0;
        return (await fetch(`${ORIGIN}/api/site/config-base`).catch(() => null))?.status ?? 0;
      },
      { message: `the Stripe e2e server answers on ${ORIGIN}`, timeout: STARTUP_MS, intervals: [100, 250, 500] },
    )
    .toBe(200);
  expect(output).toContain(`payments: Stripe Checkout at ${stripe.url}`);
  const ms = Date.now() - started;
  test.info().annotations.push({ type: 'startup', description: `Stripe e2e server ready in ${ms} ms (${/seeded demo data in \d+ ms/.exec(output)?.[0] ?? 'no seed line'})` });
  console.log(`[stripe-checkout] server ready in ${ms} ms; ${/seeded demo data in \d+ ms/.exec(output)?.[0] ?? ''}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await Promise.all([stripe?.close(), smtp?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface ManagedJob {
  id: number;
  title: string;
  status: string;
  boostingExpiresAt: string | null;
  manage: { plan: string; paymentDue: boolean };
}
interface Order {
  id: number;
  invoiceNumber: string;
  plan: string;
  status: string;
  provider: string;
  currency: string;
  totalMinor: number;
  job: { id: number } | null;
  createdAt: string;
  paidAt: string | null;
}

async function managedJob(request: APIRequestContext, id: number): Promise<ManagedJob> {
  const res = await request.get(`${ORIGIN}/api/companies/${KEY}/jobs/${id}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** The startup's one order for the job. */
async function orderOf(request: APIRequestContext, jobId: number): Promise<Order> {
  const res = await request.get(`${ORIGIN}/api/companies/${KEY}/orders`);
  expect(res.status()).toBe(200);
  const orders = ((await res.json()) as { orders: Order[] }).orders.filter((order) => order.job?.id === jobId);
  expect(orders, `the orders of job ${jobId}`).toHaveLength(1);
  return orders[0]!;
}

const postWebhook = (request: APIRequestContext, payload: string, signature?: string) =>
  request.post(WEBHOOK, { data: payload, headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) } });

async function onJobsPage(page: Page, title: string): Promise<boolean> {
  await gotoHydrated(page, `${ORIGIN}/jobs?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return (await resultCards(page).filter({ hasText: title }).count()) === 1;
}

const receiptsTo = (to: string, order: Order) => smtp.messages.filter((mail) => mail.to.includes(to) && mail.subject.startsWith(`Receipt ${order.invoiceNumber}:`));

test('founder@ pays a Boost through Stripe Checkout: the signed webhook puts the job live, a replay changes nothing, a bad signature is 400', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = await page.request.post(`${ORIGIN}/api/users/sign-in`, { data: { email: FOUNDER, password: PASSWORD }, headers: { Origin: ORIGIN } });
  expect(signIn.status(), 'sign-in of founder@').toBe(200);

  // A complete draft (a description, a category, a location), through the members' API.
  const title = `Grid Forecasting Engineer ${Date.now().toString(36)}`;
  const created = await page.request.post(`${ORIGIN}/api/companies/${KEY}/jobs`, {
    data: {
      title,
      description: '<p>Forecast the grid load that factories’ machines will draw tomorrow.</p>',
      categories: ['backend'],
      location: { kind: 'remote', countryCode: null },
      expirationDate: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
    },
    headers: { Origin: ORIGIN },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as ManagedJob).id;
  const jobPath = `/client/startups/${KEY}/jobs/${id}`;

  // /monetise: Boost at the Danish price; its link is the checkout link, which the server answers with a 303 to Stripe.
  await gotoHydrated(page, `${ORIGIN}${jobPath}/monetise`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
  const boost = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Boost', exact: true }) });
  await expect(boost.locator('.plan-card__amount')).toHaveText('DKK 599.00');
  await boost.getByRole('link', { name: 'Choose Boost' }).click();

  // The local Stripe server's payment page, for the session the server created.
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_\\w+$`));
  const sessionId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: 'Pay 74875 DKK' })).toBeVisible();
  const order = await orderOf(page.request, id);
  expect(order).toMatchObject({ provider: 'stripe', status: 'open', plan: 'boost', currency: 'DKK', totalMinor: 74_875, paidAt: null });
  const creates = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.params.client_reference_id === String(order.id));
  expect(creates, 'one Checkout Session request for the order').toHaveLength(1);
  const [create] = creates;
  // Danish VAT on DKK 599.00: DKK 748.75, in øre.
  expect(create!.params).toMatchObject({
    mode: 'payment',
    line_items: [{ quantity: '1', price_data: { currency: 'dkk', unit_amount: '74875', product_data: { name: `Boost for ${title}` } } }],
    metadata: { orderId: String(order.id), jobId: String(id), plan: 'boost' },
    success_url: `${ORIGIN}${jobPath}/boosted`,
    cancel_url: `${ORIGIN}${jobPath}/monetise`,
  });
  expect(create!.headers['idempotency-key']).toBe(`order-${order.id}-${Date.parse(order.createdAt)}`);
  expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 74_875, currency: 'dkk', metadata: { jobId: String(id), plan: 'boost' } });
  expect((await managedJob(page.request, id)).status, 'published, waiting for the payment').toBe('PENDING_PAYMENT');

  // A forged "paid" event before the payment: a bad signature is 400 and the job keeps waiting.
  const genuine = stripe.signedEvent('checkout.session.completed', sessionId);
  const forged = JSON.stringify({ ...genuine.event, data: { object: { ...genuine.event.data.object, status: 'complete', payment_status: 'paid' } } });
  for (const [what, signature] of [
    ['signed with another secret', Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_not_ours' })],
    ["another payload's signature", genuine.signature],
    ['no signature', undefined],
  ] as const) {
    const refused = await postWebhook(page.request, forged, signature);
    expect(refused.status(), `a forged event, ${what}`).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/signature/i);
  }
  expect((await managedJob(page.request, id)).status).toBe('PENDING_PAYMENT');
  expect((await orderOf(page.request, id)).status).toBe('open');

  // Pay: the signed event reaches the webhook, and the browser returns to /boosted.
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${ORIGIN}${jobPath}/boosted`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your job has a Boost' })).toBeVisible();
  await expect(page.getByText('It is live now.')).toBeVisible();
  await expect(page.getByText(/^It is featured until/)).toBeVisible();
  const deliveries = stripe.deliveries.filter((d) => d.event.data.object.id === sessionId);
  expect(deliveries, 'one webhook post for the session').toHaveLength(1);
  const [delivery] = deliveries;
  expect(delivery).toMatchObject({ status: 200, event: { type: 'checkout.session.completed', data: { object: { id: sessionId, payment_status: 'paid' } } } });
  expect(JSON.parse(delivery!.answer)).toEqual({ received: true, outcome: 'paid' });

  const live = await managedJob(page.request, id);
  expect(live).toMatchObject({ status: 'ACTIVE', manage: { plan: 'boost', paymentDue: false } });
  expect(Date.parse(live.boostingExpiresAt!)).toBeGreaterThan(Date.now() + 13 * DAY_MS);
  const paid = await orderOf(page.request, id);
  expect(paid).toMatchObject({ id: order.id, status: 'paid', paidAt: expect.any(String) });
  const receipt = await smtp.waitForMessage((mail) => mail.to.includes(FOUNDER) && mail.subject === `Receipt ${order.invoiceNumber}: payment received by Nordlys`, 15_000);
  expect(receipt.text).toContain(title);

  // On /jobs for a visitor, featured.
  const visitor = await (await browser.newContext()).newPage();
  await expect.poll(() => onJobsPage(visitor, title), { message: 'the paid job is on /jobs' }).toBe(true);
  await expect(resultCards(visitor).filter({ hasText: title }).getByText('Featured')).toBeVisible();

  // The same event again, as Stripe retries it: 200, and nothing changes.
  const replay = await postWebhook(page.request, delivery!.payload, delivery!.signature);
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate: already handled' });
  expect(await managedJob(page.request, id)).toEqual(live);
  expect(await orderOf(page.request, id)).toEqual(paid);
  // No second receipt: mail queued after the replay (the job's applications, sent again) arrives, and still one receipt.
  const resent = await page.request.post(`${ORIGIN}/api/companies/${KEY}/jobs/${id}/resend-applicants`, { headers: { Origin: ORIGIN } });
  expect(resent.status(), await resent.text()).toBe(200);
  await smtp.waitForMessage((mail) => mail.subject.startsWith(`Applications to "${title}"`), 15_000);
  expect(receiptsTo(FOUNDER, order)).toHaveLength(1);

  // The genuine payload with a broken signature: 400.
  const tampered = delivery!.signature.replace(/v1=([0-9a-f])/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`);
  const refused = await postWebhook(page.request, delivery!.payload, tampered);
  expect(refused.status()).toBe(400);
  expect(await managedJob(page.request, id)).toEqual(live);
  expect(await orderOf(page.request, id)).toEqual(paid);

  await visitor.context().close();
  await context.close();
});
