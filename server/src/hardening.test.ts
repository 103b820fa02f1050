/** Issue 9, inputs and crashes: each hostile request gets a clear 4xx where a 500 or a dead process used to be. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { render } from '@nordlys/site/server';
import { ROUTES, type RouteDef, type RouteHost } from '@nordlys/sdk/routes';
import { createApp } from './app';
import { readConfig } from './config';
import type { Db } from './db/client';
import { freshIp, signInDemo } from './testing/app';
import { createTestAuthParts, TEST_CAPTCHA_OK } from './testing/auth-parts';
import { backends, openTestDatabase } from './testing/database';

/** A white-label feed host of the demo data (hosts.test.ts). */
const FEED_HOST = 'jobs.nordic-partner.test';

/** Control characters of every kind: NUL (what PostgreSQL refuses), C0, DEL and C1. */
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];

/** Every query parameter of the search calls, with a value each accepts, so only the control character is wrong. */
const SEARCH_PARAMS = {
  '/api/v2/jobs': { search: 'engineer', countryCode: 'DK', countryCodes: 'DK', includeRemote: 'true', companyKeys: 'northwind-labs', city: 'Copenhagen', categories: 'backend', positionTypes: 'FULL_TIME', isRemote: 'true', sort: 'newest', page: '1', pageSize: '10' },
  '/api/v2/jobsandfeatured': { search: 'engineer', countryCode: 'DK', countryCodes: 'DK', includeRemote: 'true', companyKeys: 'northwind-labs', city: 'Copenhagen', categories: 'backend', positionTypes: 'FULL_TIME', isRemote: 'true', sort: 'newest', page: '1', pageSize: '10' },
  '/api/companiesProper': { search: 'labs', countryCode: 'DK', page: '1', pageSize: '10' },
  '/api/investors': { search: 'capital', category: 'ANGEL', page: '1', pageSize: '10' },
} as const satisfies Record<string, Record<string, string>>;

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
/** Lone surrogates cannot travel in a URL (encodeURIComponent throws): they become U+FFFD, as a browser sends them. */
const wellFormed = (s: string) => s.replace(/\p{Surrogate}/gu, '\ufffd');

describe.each(backends)('hardening: inputs and crashes on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-hardening-'));
  // A rejection nobody awaits is what ended the process: each test must leave none behind.
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config: { ...readConfig({}), isProduction: false, trustProxy: true, mainHosts: ['localhost'] },
      auth: createTestAuthParts(),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      hostPages,
    });
    process.on('unhandledRejection', onRejection);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });
  afterEach(async () => {
    // Unhandled rejections are reported once the microtask queue drains: let it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejections.splice(0).map(String)).toEqual([]);
  });

  const request = (path: string, init: RequestInit & { host?: string } = {}) => {
    const host = init.host ?? 'localhost';
    return app.request(`http://${host}${path}`, { ...init, headers: { Host: host, ...Object.fromEntries(new Headers(init.headers)) } });
  };
  const status = async (path: string, init?: RequestInit & { host?: string }) => (await request(path, init)).status;

  const signIn = (email: string) => signInDemo(request, email);

  describe('finding 1: a NUL byte', () => {
    it.each([
      '/api/v2/jobs?search=%00',
      '/api/v2/jobs?city=%00',
      '/api/v2/jobs?search=engineer%00',
      '/api/v2/jobs?search=zzqx%00',
      '/api/v2/jobsandfeatured?search=%00',
      '/api/companiesProper?search=%00',
      '/api/investors?search=%00',
    ])('%s answers 400 with a field message', async (path) => {
      const res = await request(path);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code).toBe('E_VALIDATION');
      const field = new URLSearchParams(path.split('?')[1]).keys().next().value!;
      expect(body.errors[field]).toEqual([expect.stringMatching(/control characters/)]);
    });

    it.each(['/jobs?search=%00', '/jobs?city=%00', '/jobs/location/dk/%00', '/jobs/location/dk?search=%00', '/startups?search=%00'])(
      'the page %s answers a 400 error page',
      async (path) => {
        const res = await request(path);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(await res.text()).toContain('control characters');
      },
    );

    it("a white-label host's /?search=%00 answers the feed's 404 page, and its search still works", async () => {
      const res = await request('/?search=%00', { host: FEED_HOST });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await status('/?search=engineer', { host: FEED_HOST })).toBe(200);
    });

    it('the server keeps answering after each of them', async () => {
      expect(await status('/api/v2/jobs?search=%00')).toBe(400);
      expect(await status('/api/v2/jobs?search=engineer')).toBe(200);
      expect(await status('/jobs')).toBe(200);
    });
  });

  describe('control characters in every query parameter of the search calls', () => {
    for (const [route, params] of Object.entries(SEARCH_PARAMS)) {
      it(`${route}: each parameter, each control character, answers 400 naming it`, async () => {
        expect(await status(`${route}${query(params)}`), 'the valid query').toBe(200);
        for (const [name, good] of Object.entries(params)) {
          for (const control of CONTROLS) {
            const value = `${good.slice(0, 1)}${control}${good.slice(1)}`;
            const res = await request(`${route}${query({ ...params, [name]: value })}`);
            expect(res.status, `${name}=${JSON.stringify(value)}`).toBe(400);
            const body = (await res.json()) as { errors: Record<string, string[]> };
            expect(Object.keys(body.errors), name).toEqual([name]);
          }
        }
      });
    }
  });

  describe('ids are canonical decimal only (400, like any other bad id)', () => {
    it.each(['0x10', '1e1', '010', '+10', ' 10', '10.0', '0', '-1', '99999999999', '1_0', '%E2%91%A0'])('%s', async (id) => {
      for (const path of [`/api/jobs/single/${id}`, `/api/jobs/single/${id}/hidden`, `/api/v2/jobs/${id}/related`]) {
        const res = await request(path);
        expect(res.status, path).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('E_VALIDATION');
      }
    });

    it('paging numbers too, while canonical ones work', async () => {
      for (const page of ['0x2', '2e0', '02']) expect(await status(`/api/v2/jobs?page=${page}`), page).toBe(400);
      expect(await status('/api/v2/jobs?page=2&pageSize=10')).toBe(200);
    });

    it('the job page of a non-canonical id is not found', async () => {
      for (const id of ['0x10', '1e1', '010']) expect(await status(`/jobs/${id}`), id).toBe(404);
    });
  });

  describe('finding 6: sizes and lengths', () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp(), ...headers }, body });

    it('a JSON body over 64 KB answers 413 E_TOO_LARGE, with or without a Content-Length', async () => {
      const huge = JSON.stringify({ email: 'admin@nordlys.test', password: 'x'.repeat(65 * 1024) });
      for (const headers of [{ 'Content-Length': String(Buffer.byteLength(huge)) }, {} as Record<string, string>]) {
        const res = await post('/api/users/sign-in', huge, headers);
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ code: 'E_TOO_LARGE' });
      }
      // A streamed body with no length at all (chunked) is counted as it arrives.
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(8 * 1024)));
          controller.close();
        },
      });
      const streamed = await request('/api/users/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
    });

    it('a body just under the limit is read as usual', async () => {
      const res = await post('/api/users/sign-in', JSON.stringify({ email: 'admin@nordlys.test', password: 'x'.repeat(60 * 1024) }));
      expect(res.status).toBe(400);
    });

    it('malformed and deeply nested JSON answer 400 with a code', async () => {
      for (const body of ['{', '{"email":', "{'a':1}", `${'['.repeat(20_000)}${']'.repeat(20_000)}`, `{"email":"a@b.test","password":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`]) {
        const res = await post('/api/users/sign-in', body);
        expect(res.status, body.slice(0, 20)).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'E_VALIDATION' });
      }
    });

    it('a password of 129 characters answers 400 on sign-in and reset; 128 is checked as usual', async () => {
      const long = `Aa1!${'x'.repeat(125)}`;
      expect(long).toHaveLength(129);
      const signIn = await post('/api/users/sign-in', JSON.stringify({ email: 'admin@nordlys.test', password: long }));
      expect(signIn.status).toBe(400);
      expect(await signIn.json()).toMatchObject({ code: 'E_VALIDATION', errors: { password: [expect.any(String)] } });
      const wrong = await post('/api/users/sign-in', JSON.stringify({ email: 'admin@nordlys.test', password: long.slice(1) }));
      expect(wrong.status).toBe(401);
      const reset = await post('/api/users/reset-password', JSON.stringify({ password: long, resetKey: 'k' }));
      expect(reset.status).toBe(400);
      expect(await reset.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
    });

    it('uiFeatures refuses an 80,000-item list (413) and a long one under the body limit (400)', async () => {
      const cookie = await signIn('newbie@nordlys.test');
      const put = (count: number) =>
        request('/api/users/me', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', cookie },
          body: JSON.stringify({ uiFeatures: Array.from({ length: count }, () => ({ name: 'job-search-tour', reachedAt: '2026-01-01T00:00:00.000Z' })) }),
        });
      expect((await put(80_000)).status).toBe(413);
      const long = await put(500);
      expect(long.status).toBe(400);
      expect(await long.json()).toMatchObject({ code: 'E_VALIDATION' });
      // Names outside the site's vocabulary would let the stored list grow without end.
      const unknown = await request('/api/users/me', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', cookie },
        body: JSON.stringify({ uiFeatures: [{ name: 'feature-1', reachedAt: '2026-01-01T00:00:00.000Z' }] }),
      });
      expect(unknown.status).toBe(400);
      expect((await put(1)).status).toBe(200);
      const me = (await (await request('/api/users/me', { headers: { cookie } })).json()) as { uiFeatures: unknown[] };
      expect(me.uiFeatures).toHaveLength(1);
    });

    it('control characters in JSON fields that reach the database answer 400', async () => {
      for (const body of [
        { password: 'Nordlys-demo-2!', resetKey: 'abc\u0000' },
        { emailVerificationKey: '\u0000' },
      ]) {
        const path = 'resetKey' in body ? '/api/users/reset-password' : '/api/users/verify-email';
        const res = await post(path, JSON.stringify(body));
        expect(res.status, path).toBe(400);
      }
      const signUp = await post(
        '/api/users/sign-up',
        JSON.stringify({ name: { first: 'A\u0000', last: 'B' }, email: 'nul@nordlys.test', password: 'Nordlys-demo-2!', reCaptchaResponse: TEST_CAPTCHA_OK }),
      );
      expect(signUp.status).toBe(400);
      expect(await signUp.json()).toMatchObject({ code: 'E_VALIDATION', errors: { name: [expect.stringMatching(/control characters/)] } });
    });
  });

  describe('the process: an unexpected error answers its own request 500, is logged, and the next request is served', () => {
    it('a page whose rendering throws or rejects', async () => {
      const failing = createApp({
        db,
        config: { ...readConfig({}), isProduction: false, mainHosts: ['localhost'] },
        pages: {
          render: async (req, options) => {
            const { pathname } = new URL(req.url);
            if (pathname === '/throws') throw new Error('render exploded');
            if (pathname === '/rejects') return Promise.reject(new TypeError("Cannot read properties of undefined (reading 'map')"));
            return render(req, options);
          },
          assets: () => ({ scripts: [], styles: [] }),
          publicDir,
        },
      });
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        for (const path of ['/throws', '/rejects']) {
          const res = await failing.request(`http://localhost${path}`);
          expect(res.status, path).toBe(500);
          expect(await res.json()).toMatchObject({ code: 'E_INTERNAL' });
          // Internals stay in the log, never in the answer.
          expect(logged.mock.calls.some((args) => args.some((a) => String(a).includes(path)))).toBe(true);
        }
      } finally {
        logged.mockRestore();
      }
      const next = await failing.request('http://localhost/jobs');
      expect(next.status).toBe(200);
    });
  });

  describe('control characters in the path keys of every route', () => {
    /** NUL (what PostgreSQL refuses), another C0, DEL and a C1 control. */
    const PATH_CONTROLS = ['\u0000', '\u001b', '\u007f', '\u0085'];
    /** A plausible value of each other key, so only the hostile one is wrong. */
    const plausible = (name: string) => (/id$/i.test(name) ? '1' : name === 'country' ? 'dk' : name === 'domain' ? 'careers.northwind.test' : 'northwind-labs');
    const hosts: Record<RouteHost, string> = { careers: 'careers.northwind.test', 'white-label': FEED_HOST };

    /** Every route with a key: the registry's pages (on their hosts) and the hono app's own /api routes, each key hostile in turn. */
    function targets(): { method: string; host: string; path: string }[] {
      const patterns = [
        ...Object.values(ROUTES).map((route: RouteDef) => ({ method: 'GET', host: route.host ? hosts[route.host] : 'localhost', pattern: route.path })),
        ...app.routes.filter((r) => !(r.method === 'ALL' && r.path.endsWith('*'))).map((r) => ({ method: r.method === 'ALL' ? 'GET' : r.method, host: 'localhost', pattern: r.path })),
      ];
      const out = new Map<string, { method: string; host: string; path: string }>();
      for (const { method, host, pattern } of patterns) {
        // Hono writes a constrained key ':id{[0-9]+}'; an optional one ':key?'.
        const keys = [...pattern.matchAll(/:(\w+)(?:\{[^}]*\})?\??/g)].map((m) => m[1]!);
        for (const key of keys) {
          for (const control of PATH_CONTROLS) {
            const path = pattern.replace(/:(\w+)(?:\{[^}]*\})?\??/g, (_, name: string) => (name === key ? encodeURIComponent(`a${control}b`) : plausible(name)));
            out.set(`${method} ${host}${path}`, { method, host, path });
          }
        }
      }
      return [...out.values()];
    }

    it('answer 4xx, never 5xx, on every route with a key', async () => {
      const cookie = await signIn('founder@nordlys.test');
      const all = targets();
      expect(all.length).toBeGreaterThan(400);
      const wrong: string[] = [];
      for (const { method, host, path } of all) {
        const res = await request(path, { method, host, headers: { cookie, 'X-Forwarded-For': freshIp(), ...(method === 'GET' || method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }) }, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
        await res.arrayBuffer();
        if (res.status < 400 || res.status >= 500) wrong.push(`${res.status} ${method} ${host}${path}`);
      }
      console.log(`[path keys] ${all.length} requests, ${wrong.length} not 4xx (${wrong.filter((w) => w.startsWith('5')).length} 5xx)`);
      expect(wrong).toEqual([]);
    }, 900_000);

    it('answer 400 naming the control characters, as JSON on /api and as a page elsewhere', async () => {
      const api = await request('/api/deals/%00');
      expect(api.status).toBe(400);
      expect(await api.json()).toMatchObject({ code: 'E_VALIDATION', message: expect.stringMatching(/control characters/) });
      const page = await request('/partners/%00');
      expect(page.status).toBe(400);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('control characters');
      // Well-formed keys still reach their routes.
      expect(await status('/api/companies/northwind-labs')).toBe(200);
    });
  });

  describe('fuzz: arbitrary unicode in every query parameter of the search calls and pages never answers 5xx', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('%00', '%', '%zz', '%C0%80', '%ED%A0%80', '\u0000', ' ', ',', ',,,', '0x10', '1e1', '-0', 'REMOTE', 'remote', '[]', '{}', '\\'),
    );
    /** A query of some of the parameters, raw (percent signs kept as typed) or encoded. */
    const queryOf = (names: readonly string[]) =>
      fc
        .tuple(fc.subarray([...names], { minLength: 1 }), fc.array(text, { minLength: names.length, maxLength: names.length }), fc.boolean())
        .map(([chosen, values, raw]) =>
          chosen
            .map((name, i) => {
              const value = wellFormed(values[i]!);
              return `${name}=${raw ? value.replace(/[#&\s]/g, encodeURIComponent) : encodeURIComponent(value)}`;
            })
            .join('&'),
        );
    const jobParams = Object.keys(SEARCH_PARAMS['/api/v2/jobs']);
    const targets = fc.oneof(
      ...Object.entries(SEARCH_PARAMS).map(([route, params]) => queryOf(Object.keys(params)).map((q) => `${route}?${q}`)),
      queryOf(jobParams).map((q) => `/jobs?${q}`),
      queryOf(['search', 'countryCode', 'page']).map((q) => `/startups?${q}`),
      fc
        .tuple(text, text, queryOf(jobParams))
        .map(([country, city, q]) => `/jobs/location/${encodeURIComponent(wellFormed(country)) || 'dk'}/${encodeURIComponent(wellFormed(city))}?${q}`),
      queryOf(['search']).map((q) => `/?${q}`),
    );

    it('300 cases', async () => {
      await fc.assert(
        fc.asyncProperty(targets, fc.boolean(), async (path, onFeed) => {
          const host = path.startsWith('/?') && onFeed ? FEED_HOST : 'localhost';
          const res = await request(path, { host });
          await res.arrayBuffer();
          expect(res.status, `${host}${path}`).toBeLessThan(500);
        }),
        { numRuns: 300 },
      );
    });
  });
});
