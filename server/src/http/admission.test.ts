/** Load shedding (issue #33, http/admission.ts): a bounded number at once, a short bounded queue, 503 at once beyond it. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { OVERLOAD_RETRY_AFTER_SECONDS } from '../errors';
import { admissionSize, createAdmission } from './admission';

/** An app whose /work requests wait until the test lets them finish; /stream writes its page in two parts. */
function appWith(options: { concurrency: number; queue: number; maxWaitMs?: number }) {
  const admission = createAdmission({ ...options, productName: 'Nordlys' });
  const gates: (() => void)[] = [];
  let started = 0;
  const app = new Hono()
    .get('/healthz', (c) => c.text('ok'))
    .use(admission.middleware())
    .get('/work', async (c) => {
      started++;
      await new Promise<void>((resolve) => gates.push(resolve));
      return c.json({ ok: true });
    })
    .get('/assets/app.js', (c) => c.text('js'))
    .get('/stream', () => {
      let push!: (text: string | null) => void;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => (text === null ? controller.close() : controller.enqueue(new TextEncoder().encode(text)));
        },
      });
      gates.push(() => push(null));
      push('<p>first');
      return new Response(body, { headers: { 'Content-Type': 'text/html' } });
    });
  const request = (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init));
  /** Resolves once `n` handlers are waiting at their gate. */
  const waitForGates = async (n: number) => {
    await expect.poll(() => gates.length).toBe(n);
  };
  const openGate = () => gates.shift()!();
  return { admission, request, waitForGates, openGate, started: () => started };
}

describe('admission', () => {
  it('works on `concurrency` requests at once, queues `queue` more, and refuses the next at once with 503 and Retry-After', async () => {
    const { admission, request, waitForGates, openGate, started } = appWith({ concurrency: 2, queue: 2, maxWaitMs: 60_000 });
    const running = [request('/work'), request('/work')];
    await waitForGates(2);
    const queued = [request('/work'), request('/work')];
    await expect.poll(() => admission.stats().waiting).toBe(2);

    const t = performance.now();
    const refused = await request('/api/jobs?search=x');
    const refusedMs = performance.now() - t;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toEqual({ message: API_MESSAGES.overloaded, code: 'E_OVERLOADED' });
    // Refused without waiting for any of the four in hand (they wait until the test opens their gates).
    expect(refusedMs).toBeLessThan(1_000);
    expect(started()).toBe(2);

    // Each finished request hands its turn to the first one waiting.
    openGate();
    openGate();
    await waitForGates(2);
    expect(admission.stats()).toMatchObject({ running: 2, waiting: 0, refusedFull: 1 });
    openGate();
    openGate();
    for (const answer of await Promise.all([...running, ...queued])) expect(answer.status).toBe(200);
    expect(admission.stats()).toMatchObject({ running: 0, waiting: 0, admitted: 4, refusedFull: 1, refusedWait: 0 });
  });

  it('refuses a queued request whose turn does not come within maxWaitMs', async () => {
    const { admission, request, waitForGates, openGate } = appWith({ concurrency: 1, queue: 5, maxWaitMs: 50 });
    const running = request('/work');
    await waitForGates(1);
    const late = await request('/work');
    expect(late.status).toBe(503);
    expect(admission.stats()).toMatchObject({ running: 1, waiting: 0, refusedWait: 1 });
    openGate();
    expect((await running).status).toBe(200);
    expect(admission.stats().running).toBe(0);
  });

  it('gives a browser a small page that says so, and an API client JSON', async () => {
    const { request, waitForGates } = appWith({ concurrency: 1, queue: 0 });
    void request('/work');
    await waitForGates(1);
    const page = await request('/jobs?search=x', { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Busy right now · Nordlys</title>');
    expect(html).toContain('<meta http-equiv="refresh" content="3">');
    expect(html).toContain(API_MESSAGES.overloaded);
    expect((await request('/api/jobs')).headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it('never makes probes or static files wait', async () => {
    const { request, waitForGates } = appWith({ concurrency: 1, queue: 0 });
    void request('/work');
    await waitForGates(1);
    expect((await request('/work')).status).toBe(503);
    expect((await request('/healthz')).status).toBe(200);
    expect((await request('/assets/app.js')).status).toBe(200);
    expect((await request('/work', { method: 'OPTIONS' })).status).not.toBe(503);
  });

  it('holds a streamed page\'s turn until the page is written, and frees it when the reader cancels', async () => {
    const { admission, request, openGate } = appWith({ concurrency: 1, queue: 0 });
    const page = await request('/stream');
    expect(page.status).toBe(200);
    // The answer has begun, but its page is still being written: the turn is still taken.
    expect(admission.stats().running).toBe(1);
    expect((await request('/work')).status).toBe(503);
    openGate();
    expect(await page.text()).toBe('<p>first');
    expect(admission.stats().running).toBe(0);

    const abandoned = await request('/stream');
    expect(admission.stats().running).toBe(1);
    await abandoned.body!.cancel();
    expect(admission.stats().running).toBe(0);
  });

  it('frees the turn of a request that fails', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 0, productName: 'Nordlys' });
    const app = new Hono()
      .use(admission.middleware())
      .get('/boom', () => {
        throw new Error('boom');
      })
      .onError((_error, c) => c.text('failed', 500));
    expect((await app.request('/boom')).status).toBe(500);
    expect((await app.request('/boom')).status).toBe(500);
    expect(admission.stats()).toMatchObject({ running: 0, admitted: 2, refusedFull: 0 });
  });

  it('is sized to the database unless set', () => {
    expect(admissionSize('pglite', 10)).toEqual({ concurrency: 4, queue: 16 });
    expect(admissionSize('postgres', 20)).toEqual({ concurrency: 20, queue: 80 });
    expect(admissionSize('postgres', 20, { concurrency: 6 })).toEqual({ concurrency: 6, queue: 24 });
    expect(admissionSize('pglite', 10, { queue: 0 })).toEqual({ concurrency: 4, queue: 0 });
  });
});
