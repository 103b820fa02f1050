/** The per-client limit on uncached reads (issue #33, http/traffic-limit.ts), counted in memory and shared through the database. */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { backends, openTestDatabase } from '../testing/database';
import { createTrafficLimit } from './traffic-limit';

describe.each(backends)('the traffic limit (%s)', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => database?.close());

  /** An instance: the limit in front of a few routes. The timer never fires here (flushMs of an hour): the tests flush. */
  function instance(options: { max: number; windowMs?: number; clock?: () => number }) {
    const limit = createTrafficLimit(database.db, {
      limit: { max: options.max, windowMs: options.windowMs ?? 60_000 },
      productName: 'Nordlys',
      trustProxy: true,
      flushMs: 3_600_000,
      clock: options.clock,
    });
    const app = new Hono()
      .use(limit.middleware())
      .get('/jobs', (c) => c.html('<p>jobs</p>'))
      .get('/api/v2/jobs', (c) => c.json({ jobs: [] }))
      .post('/api/contact', (c) => c.body(null, 204))
      .get('/assets/app.js', (c) => c.text('js'));
    const read = (client: string, path = '/api/v2/jobs', init: RequestInit = {}) =>
      Promise.resolve(app.request(path, { ...init, headers: { 'x-forwarded-for': client, ...(init.headers as Record<string, string>) } }));
    return { limit, read };
  }

  it('lets a client make `max` reads in a window, then answers 429 with Retry-After; other clients go on', async () => {
    const { limit, read } = instance({ max: 3 });
    for (let i = 0; i < 3; i++) expect((await read('203.0.113.1')).status).toBe(200);
    const refused = await read('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'E_RATE_LIMITED', message: expect.stringMatching(/^Too many requests from your address/) });
    // A browser gets a page that says so.
    const page = await read('203.0.113.1', '/jobs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('<h1>Too many requests</h1>');
    expect((await read('203.0.113.2')).status).toBe(200);
    // Writes have their own limits, and files with fixed names read nothing: neither counts nor is refused here.
    expect((await read('203.0.113.1', '/api/contact', { method: 'POST' })).status).toBe(204);
    expect((await read('203.0.113.1', '/assets/app.js')).status).toBe(200);
    await limit.close();
  });

  it('shares each client\'s count between instances through the database, one statement per flush', async () => {
    const a = instance({ max: 10 });
    const b = instance({ max: 10 });
    const client = '203.0.113.10';
    for (let i = 0; i < 6; i++) expect((await a.read(client)).status).toBe(200);
    await a.limit.flush();
    for (let i = 0; i < 4; i++) expect((await b.read(client)).status).toBe(200);
    // B has counted 4 of its own, and learns A's 6 from its flush.
    await b.limit.flush();
    expect((await b.read(client)).status).toBe(429);
    // A learns B's 4 at its next flush.
    expect((await a.read(client)).status).toBe(200);
    await a.limit.flush();
    expect((await a.read(client)).status).toBe(429);
    await Promise.all([a.limit.close(), b.limit.close()]);
  });

  it('still counts the reads a flush is adding while its statement runs', async () => {
    const { limit, read } = instance({ max: 3 });
    const client = '203.0.113.30';
    for (let i = 0; i < 3; i++) expect((await read(client)).status).toBe(200);
    const flushing = limit.flush();
    // The statement is under way: the three are neither pending nor in the shared count yet.
    expect((await read(client)).status).toBe(429);
    await flushing;
    expect((await read(client)).status).toBe(429);
    await limit.close();
  });

  it('starts a new count when the window ends', async () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const { limit, read } = instance({ max: 2, windowMs: 60_000, clock: () => now });
    const client = '203.0.113.20';
    expect((await read(client)).status).toBe(200);
    expect((await read(client)).status).toBe(200);
    await limit.flush();
    const refused = await read(client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    now += 60_000;
    expect((await read(client)).status).toBe(200);
    await limit.close();
  });
});
