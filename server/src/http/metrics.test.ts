/**
 * /metrics (issue #17): off without METRICS_TOKEN, refused without the token, and for its holder the
 * answers by route pattern and status (the answer cache's hits included, at the socket and in its
 * middleware), the queue's depths and the database pool, in Prometheus's text format. The app is
 * served as main.ts serves it: the answer cache in front of Hono, its hits counted there.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { QUEUES, startQueue, type JobQueue } from '../queue/queue';
import { NORTHWIND_KEY } from '../seed/index';
import { RecordingMailer } from '../testing/auth-parts';
import { testConfig } from '../testing/config';
import { backends, openTestDatabase } from '../testing/database';
import { answerCache, withAnswerCache } from './answer-cache';
import { createMetrics, routeLabel } from './metrics';

const TOKEN = randomBytes(32).toString('hex');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape, each line of Prometheus's text format parsed (the comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The samples named `name` whose labels include `labels`. */
const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));

/** The sum of those samples; 0 while there are none (a series appears with its first count). */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) => matching(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

describe('route labels', () => {
  it.each([
    ['/jobs/12', '/jobs/:id'],
    ['/jobs/feed.rss', '/jobs/feed.rss'],
    ['/sitemaps/jobs-1.xml', '/sitemaps/:part'],
    ['/feeds/indeed.xml', '/feeds/indeed.xml'],
    ['/startups/northwind-labs', '/startups/:id'],
    ['/assets/app-h9.js', '/assets/*'],
    ['/images/w640/logos/a1b2.webp', '/images/*'],
    ['/embed/widget.js', '/embed/*'],
    ['/healthz', '/healthz'],
    ['/wp-login.php', 'other'],
    ['/jobs/12/no/such/page', 'other'],
    ['/api/anything/unknown', '/api/*'],
  ])('%s is labelled %s, never by its raw path', (path, label) => {
    expect(routeLabel(path)).toBe(label);
  });

  it("take an /api request's answering route, else the remembered one", () => {
    expect(routeLabel('/api/companies/acme', '/api/companies/:key')).toBe('/api/companies/:key');
    // A middleware's pattern ('*': the answer cache's) is no /api route: the route its miss was answered by stands in.
    expect(routeLabel('/api/companies/acme', '*', () => '/api/companies/:key')).toBe('/api/companies/:key');
    expect(routeLabel('/api/companies/acme', '*', () => undefined)).toBe('/api/*');
  });
});

describe.each(backends)('/metrics on %s', (backend) => {
  let database: Database;
  let queue: JobQueue;
  let server: Server;
  let base: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    queue = await startQueue(database, { mailer: new RecordingMailer(), supervise: false });
    const metrics = createMetrics({ token: TOKEN, database })!;
    const cache = answerCache();
    app = createApp({ db: database.db, config: testConfig(), answerCache: cache, metrics });
    // As main.ts serves it.
    server = createServer(withAnswerCache(metrics.countingHits(cache), getRequestListener(app.fetch)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await queue?.stop();
    await database?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
  const scrape = async () => {
    const res = await get('/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    return samplesOf(await res.text());
  };

  it('is off without METRICS_TOKEN: /metrics is then an unknown path', async () => {
    expect(createMetrics({ token: undefined, database })).toBeUndefined();
    const off = createApp({ db: database.db, config: testConfig(), metrics: createMetrics({ token: '', database }) });
    const unknown = await off.request('/no-such-path');
    for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await off.request('/metrics', { headers });
      expect(res.status).toBe(404);
      expect(res.status).toBe(unknown.status);
      expect(await res.text()).not.toContain('nordlys_');
    }
  });

  it('refuses (401, never kept) a request without the exact bearer token', async () => {
    for (const authorization of [undefined, 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Bearer ${'0'.repeat(TOKEN.length)}`, TOKEN, `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`]) {
      const res = await get('/metrics', authorization === undefined ? {} : { Authorization: authorization });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(await res.text()).not.toContain('nordlys_');
    }
  });

  it('gives the token holder every metric as Prometheus text, never kept', async () => {
    expect((await get('/metrics')).status).toBe(401);
    const res = await get('/metrics', { Authorization: `bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    for (const [name, type] of [
      ['nordlys_http_requests_total', 'counter'],
      ['nordlys_http_request_duration_seconds', 'histogram'],
      ['nordlys_queue_jobs', 'gauge'],
      ['nordlys_db_pool_connections', 'gauge'],
      ['nordlys_db_pool_max_connections', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
    ]) {
      expect(text).toContain(`# TYPE ${name} ${type}`);
    }
    // The refusal just before is counted, under the route's own label.
    expect(total(samplesOf(text), 'nordlys_http_requests_total', { route: '/metrics', method: 'GET', status: '401', cache: 'miss' })).toBeGreaterThan(0);
  });

  it('counts an /api answer under its route pattern with its status, and a page by its pattern', async () => {
    const before = await scrape();
    expect((await get(`/api/companies/${NORTHWIND_KEY}`)).status).toBe(200);
    expect((await get('/api/companies/no-such-startup-4711')).status).toBe(404);
    await get('/jobs/4711');
    await get('/wp-login.php');
    const after = await scrape();
    const grew = (name: string, labels: Record<string, string>) => total(after, name, labels) - total(before, name, labels);
    const company = { route: '/api/companies/:key', method: 'GET', cache: 'miss' };
    expect(grew('nordlys_http_requests_total', { ...company, status: '200' })).toBe(1);
    expect(grew('nordlys_http_requests_total', { ...company, status: '404' })).toBe(1);
    expect(grew('nordlys_http_request_duration_seconds_count', { ...company, status_class: '2xx' })).toBe(1);
    expect(grew('nordlys_http_request_duration_seconds_count', { ...company, status_class: '4xx' })).toBe(1);
    expect(grew('nordlys_http_requests_total', { route: '/jobs/:id', method: 'GET' })).toBe(1);
    expect(grew('nordlys_http_requests_total', { route: 'other', method: 'GET' })).toBe(1);
    // Bounded: no raw path is ever a label.
    const values = after.flatMap((s) => Object.values(s.labels));
    for (const raw of [NORTHWIND_KEY, 'no-such-startup-4711', '4711', 'wp-login']) expect(values.filter((v) => v.includes(raw))).toEqual([]);
  });

  it("counts the answer cache's hits at the socket under the route of their miss", async () => {
    const path = '/api/v2/jobs?limit=3';
    const before = await scrape();
    const miss = await get(path);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('age')).toBeNull();
    const hit = await get(path);
    // Age: served from the cache.
    expect(hit.headers.get('age')).not.toBeNull();
    const notModified = await get(path, { 'If-None-Match': hit.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    const after = await scrape();
    const grew = (labels: Record<string, string>) => total(after, 'nordlys_http_requests_total', labels) - total(before, 'nordlys_http_requests_total', labels);
    const jobs = { route: '/api/v2/jobs', method: 'GET' };
    expect(grew({ ...jobs, status: '200', cache: 'miss' })).toBe(1);
    expect(grew({ ...jobs, status: '200', cache: 'hit' })).toBe(1);
    expect(grew({ ...jobs, status: '304', cache: 'hit' })).toBe(1);
    expect(total(after, 'nordlys_http_request_duration_seconds_count', { ...jobs, status_class: '2xx', cache: 'hit' })).toBeGreaterThan(0);
  });

  it("counts a hit its middleware serves (one that got past the socket) as a hit", async () => {
    const path = '/api/v2/jobs?limit=4';
    const before = await scrape();
    // Straight to the app, past the socket: the cache's middleware keeps the first answer and serves the second.
    expect((await app.request(`http://localhost${path}`)).headers.get('age')).toBeNull();
    expect((await app.request(`http://localhost${path}`)).headers.get('age')).not.toBeNull();
    const after = await scrape();
    const grew = (cache: string) => total(after, 'nordlys_http_requests_total', { route: '/api/v2/jobs', status: '200', cache }) - total(before, 'nordlys_http_requests_total', { route: '/api/v2/jobs', status: '200', cache });
    expect(grew('miss')).toBe(1);
    expect(grew('hit')).toBe(1);
  });

  it('counts a write as made by the app (never a hit), its body sent in chunks, an empty one too', async () => {
    const before = await scrape();
    // Sent in chunks, without Content-Length (as autocannon sends a write): the body limit reads it whole and replaces the request.
    const send = (path: string, body = '') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Origin: base, Cookie: 'nordlys_session=not-a-session', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode(body)), controller.close()) }),
        duplex: 'half',
      } as RequestInit);
    expect((await send('/api/users/sign-out')).status).toBeLessThan(500);
    expect((await send('/api/users/sign-in', JSON.stringify({ email: 'nobody@nordlys.test', password: 'not-the-password-1' }))).status).toBe(401);
    const after = await scrape();
    const grew = (route: string, cache: string) => total(after, 'nordlys_http_requests_total', { route, method: 'POST', cache }) - total(before, 'nordlys_http_requests_total', { route, method: 'POST', cache });
    for (const route of ['/api/users/sign-out', '/api/users/sign-in']) {
      expect(grew(route, 'miss'), route).toBe(1);
      expect(grew(route, 'hit'), route).toBe(0);
    }
  });

  it("reports each queue's queued, active and failed jobs, and the dead letters", async () => {
    const probe = 'metrics-probe';
    await queue.boss.createQueue(probe, { retryLimit: 0, deadLetter: QUEUES.mailFailed });
    const depth = (samples: Sample[], queueName: string, state: string) => {
      const found = matching(samples, 'nordlys_queue_jobs', { queue: queueName, state });
      expect(found, `${queueName} ${state}`).toHaveLength(1);
      return found[0]!.value;
    };
    const empty = await scrape();
    expect([depth(empty, probe, 'queued'), depth(empty, probe, 'active'), depth(empty, probe, 'failed')]).toEqual([0, 0, 0]);
    const deadLetters = depth(empty, QUEUES.mailFailed, 'queued');
    depth(empty, QUEUES.mail, 'queued');

    await queue.boss.send(probe, { n: 1 });
    await queue.boss.send(probe, { n: 2 });
    const [taken] = await queue.boss.fetch(probe);
    const running = await scrape();
    expect([depth(running, probe, 'queued'), depth(running, probe, 'active'), depth(running, probe, 'failed')]).toEqual([1, 1, 0]);

    await queue.boss.fail(probe, taken!.id, { message: 'probe failed' });
    const failed = await scrape();
    expect([depth(failed, probe, 'queued'), depth(failed, probe, 'active'), depth(failed, probe, 'failed')]).toEqual([1, 0, 1]);
    expect(depth(failed, QUEUES.mailFailed, 'queued')).toBe(deadLetters + 1);
  });

  it("reports the database pool's use", async () => {
    // /readyz queries the database: its connection stays in the pool, idle, for pg's 10 s.
    expect((await get('/readyz')).status).toBe(200);
    const samples = await scrape();
    const connections = (state: string) => total(samples, 'nordlys_db_pool_connections', { state });
    if (database.kind === 'postgres') {
      // The test database's pool: openDatabase's default size.
      const max = total(samples, 'nordlys_db_pool_max_connections');
      expect(max).toBe(10);
      expect(connections('total')).toBeGreaterThanOrEqual(1);
      expect(connections('total')).toBeLessThanOrEqual(max);
      expect(connections('idle')).toBeLessThanOrEqual(connections('total'));
      expect(matching(samples, 'nordlys_db_pool_waiting_queries')).toHaveLength(1);
      expect(matching(samples, 'nordlys_db_read_lane_queries_under_way')).toHaveLength(1);
      // The read lanes connect at the first read (db/read-lanes.ts); /readyz's reads go down them then.
      await expect
        .poll(async () => {
          await get('/readyz');
          const now = await scrape();
          return [total(now, 'nordlys_db_read_lanes'), total(now, 'nordlys_db_read_lane_queries_total') > 0];
        })
        .toEqual([2, true]);
    } else {
      expect(total(samples, 'nordlys_db_pool_max_connections')).toBe(1);
      expect(connections('total')).toBe(1);
    }
  });
});
