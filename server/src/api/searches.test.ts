/**
 * Issue #14: saved searches and their new-job counts, on both databases. The job-search calls are the
 * signed-in user's own (401 for visitors, 404 for another's search); jobs/count/bulk is open to
 * visitors, rate-limited, and counts what the job search shows, posted after each search's since.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { Hono } from 'hono';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@nordlys/sdk/constants';
import { SearchHistoryItemSchema, SearchListSchema, SEARCH_NOT_SAVABLE_MESSAGE } from '@nordlys/sdk/schemas';
import { searchKey } from '@nordlys/sdk/search-history';
import { companies, jobs, locations, savedSearches, users } from '../db/schema';
import { handleError } from '../errors';
import type { AppEnv, Viewer } from '../http/viewer';
import { asViewer, freshIp, useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { searchesRouter, SEARCH_MESSAGES } from './searches';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends)('saved searches on %s', (backend) => {
  const t = useTestApp(backend);
  let ada: Viewer;
  let bo: Viewer;
  /** A word no demo job holds, so counts see only this file's jobs. */
  const word = `quokkaform${backend}`;
  const since = new Date(Date.now() - 3 * DAY);

  beforeAll(async () => {
    const people = await t.db
      .insert(users)
      .values([
        { firstName: 'Ada', lastName: 'Pins', email: `ada-${backend}@pins.test` },
        { firstName: 'Bo', lastName: 'Pins', email: `bo-${backend}@pins.test` },
      ])
      .returning({ id: users.id });
    ada = { userId: people[0]!.id, isAdmin: false, companyIds: [], investorIds: [] };
    bo = { userId: people[1]!.id, isAdmin: false, companyIds: [], investorIds: [] };

    const [live, draft] = await t.db
      .insert(companies)
      .values([
        { key: `pins-live-${backend}`, name: 'Pins Live', status: 'ACTIVE' },
        { key: `pins-draft-${backend}`, name: 'Pins Draft', status: 'DRAFT' },
      ])
      .returning({ id: companies.id });
    const [dk, se] = await t.db
      .insert(locations)
      .values([
        { locality: 'Copenhagen', countryCode: 'DK' },
        { locality: 'Malmö', countryCode: 'SE' },
      ])
      .returning({ id: locations.id });
    const at = (ms: number) => new Date(since.getTime() + ms);
    const future = new Date(Date.now() + 30 * DAY);
    const job = (title: string, approvedAt: Date | null, more: Partial<typeof jobs.$inferInsert> = {}): typeof jobs.$inferInsert => ({
      companyId: live!.id,
      title,
      status: 'ACTIVE',
      approvedAt,
      createdAt: approvedAt ?? new Date(),
      expirationDate: future,
      locationId: dk!.id,
      categories: ['frontend'],
      description: '<p>A job</p>',
      ...more,
    });
    await t.db.insert(jobs).values([
      // New since `since`, public, in Denmark: the three the Denmark search counts.
      job(`${word} developer one`, at(HOUR)),
      job(`${word} developer two`, at(DAY)),
      job(`Senior ${word} engineer`, at(2 * DAY), { categories: ['backend'], positionType: 'PART_TIME' }),
      // Posted before `since`: found by the search, not new.
      job(`${word} old developer`, at(-HOUR)),
      // New, but in Sweden, or remote.
      job(`${word} developer in Sweden`, at(HOUR), { locationId: se!.id }),
      job(`${word} remote developer`, at(HOUR), { locationId: null, isRemote: true }),
      // New, but not public: paused, a draft, expired, a hidden startup's.
      job(`${word} paused developer`, at(HOUR), { status: 'STOPPED' }),
      job(`${word} draft developer`, null, { status: 'DRAFT' }),
      job(`${word} expired developer`, at(HOUR), { expirationDate: new Date(Date.now() - HOUR) }),
      job(`${word} hidden developer`, at(HOUR), { companyId: draft!.id }),
      // A word only an old job's title has, and only a new job's description has.
      job(`Zanzibarth${backend} keeper`, at(-DAY)),
      job('Plain keeper', at(HOUR), { description: `<p>Zanzibarth${backend} in the text</p>` }),
    ]);
  });

  const as = (viewer: Viewer) => asViewer(viewer) as Record<string, string>;
  const key = (parts: { search?: string; location?: string; countryCode?: string }) => searchKey(parts);
  const pin = (viewer: Viewer | null, body: unknown) => t.send('/api/job-search', body, viewer ? { headers: as(viewer) } : {});
  const count = (items: unknown[], headers: Record<string, string> = {}) =>
    t.send('/api/jobs/count/bulk', { items }, { headers: { 'X-Forwarded-For': freshIp(), ...headers } });

  describe('job-search', () => {
    it('answers 401 to visitors on every call, private and never stored', async () => {
      const list = await t.get('/api/job-search');
      expect(list.status).toBe(401);
      expect(list.headers.get('cache-control')).toBe('private, no-store');
      expect((await pin(null, { key: key({ search: 'x' }), filters: {}, since: since.toISOString() })).status).toBe(401);
      expect((await t.send('/api/job-search/1', { since: since.toISOString() }, { method: 'PATCH' })).status).toBe(401);
      expect((await t.send('/api/job-search/1', undefined, { method: 'DELETE' })).status).toBe(401);
    });

    it('pins a search (201), answers the same search again for the same key in any spelling (200), and lists it', async () => {
      const body = { key: JSON.stringify({ search: 'frontend', countryCode: 'DK' }), filters: { categories: ['frontend'] }, since: since.toISOString() };
      const first = await pin(ada, body);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.headers.get('cache-control')).toBe('private, no-store');
      const item = v.parse(SearchHistoryItemSchema, first.body);
      expect(item).toMatchObject({ key: '{"search":"frontend","countryCode":"DK"}', filters: { categories: ['frontend'] }, pinned: true, since: since.toISOString() });

      const again = await pin(ada, { ...body, key: JSON.stringify({ countryCode: 'dk', search: ' frontend ' }), filters: {} });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      // The API document declares both answers (issue #32).
      const declared = (await t.get('/api/openapi.json')).body.paths['/job-search'].post.responses;
      expect(Object.keys(declared)).toEqual(expect.arrayContaining(['200', '201']));

      const list = await t.get('/api/job-search', as(ada));
      expect(list.status).toBe(200);
      expect(v.parse(SearchListSchema, list.body).searches).toEqual([item]);
      // Another user's list does not show it.
      expect((await t.get('/api/job-search', as(bo))).body).toEqual({ searches: [] });
    });

    it('lists the newest pin first', async () => {
      const older = await pin(bo, { key: key({ search: 'older' }), filters: {}, since: since.toISOString() });
      const newer = await pin(bo, { key: key({ location: 'Aarhus' }), filters: {}, since: since.toISOString() });
      expect([older.status, newer.status]).toEqual([201, 201]);
      const list = (await t.get('/api/job-search', as(bo))).body.searches as { id: number }[];
      expect(list.map((s) => s.id)).toEqual([newer.body.id, older.body.id]);
      await t.db.delete(savedSearches).where(eq(savedSearches.userId, bo.userId));
    });

    it('refuses with 400 and field messages: no search text nor location (spec 5), a key that is no search key, bad filters or since', async () => {
      const cases: [unknown, string, string][] = [
        [{ key: key({ countryCode: 'DK' }), filters: {}, since: since.toISOString() }, 'key', SEARCH_NOT_SAVABLE_MESSAGE],
        [{ key: key({ search: '   ' }), filters: {}, since: since.toISOString() }, 'key', SEARCH_NOT_SAVABLE_MESSAGE],
        [{ key: 'frontend', filters: {}, since: since.toISOString() }, 'key', 'Key must be the JSON of search, location and countryCode'],
        [{ key: JSON.stringify({ search: 'x', salary: 1 }), filters: {}, since: since.toISOString() }, 'key', 'Key must be the JSON of search, location and countryCode'],
        [{ key: JSON.stringify({ search: 'x', countryCode: 'Denmark' }), filters: {}, since: since.toISOString() }, 'key', 'Key must be the JSON of search, location and countryCode'],
        [{ key: key({ search: 'x' }), filters: { categories: ['astrology'] }, since: since.toISOString() }, 'filters', 'Categories must be one of'],
        [{ key: key({ search: 'x' }), filters: {}, since: 'yesterday' }, 'since', ''],
        [{ key: key({ search: 'x' }), filters: 'frontend', since: since.toISOString() }, 'filters', ''],
      ];
      for (const [body, field, message] of cases) {
        const res = await pin(ada, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('E_VALIDATION');
        expect(res.body.errors[field]?.join(' '), JSON.stringify(res.body)).toContain(message);
      }
      expect((await t.request('/api/job-search', { method: 'POST', headers: { ...as(ada), 'Content-Type': 'application/json' }, body: '{oops' })).status).toBe(400);
      expect((await t.get('/api/job-search', as(ada))).body.searches).toHaveLength(1);
    });

    it('keeps unknown filter fields out and a since in the future at the server time', async () => {
      const before = Date.now();
      const res = await pin(ada, { key: key({ search: 'future' }), filters: { sort: 'newest', colour: 'blue' }, since: new Date(Date.now() + 7 * DAY).toISOString() });
      expect(res.status).toBe(201);
      expect(res.body.filters).toEqual({ sort: 'newest' });
      expect(Date.parse(res.body.since)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(res.body.since)).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await t.send(`/api/job-search/${res.body.id}`, undefined, { method: 'DELETE', headers: as(ada) })).status).toBe(204);
    });

    it(`refuses a pin past ${LIMITS.pinnedSearchesMax} searches with 409, and still answers a search already pinned`, async () => {
      await t.db.insert(savedSearches).values(
        Array.from({ length: LIMITS.pinnedSearchesMax }, (_, i) => ({ userId: bo.userId, key: key({ search: `pin ${i}` }), filters: {} })),
      );
      const full = await pin(bo, { key: key({ search: 'one more' }), filters: {}, since: since.toISOString() });
      expect(full.status).toBe(409);
      expect(full.body.message).toBe(SEARCH_MESSAGES.full);
      expect((await pin(bo, { key: key({ search: 'pin 3' }), filters: {}, since: since.toISOString() })).status).toBe(200);
      await t.db.delete(savedSearches).where(eq(savedSearches.userId, bo.userId));
    });

    it('updates since and filters of one own search; another user, an unknown id and a bad id answer 404 or 400', async () => {
      const [mine] = (await t.get('/api/job-search', as(ada))).body.searches as { id: number }[];
      const later = new Date(Date.now() - HOUR).toISOString();
      const patched = await t.send(`/api/job-search/${mine!.id}`, { since: later, filters: { positionTypes: ['PART_TIME'] } }, { method: 'PATCH', headers: as(ada) });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: mine!.id, since: later, filters: { positionTypes: ['PART_TIME'] } });

      const stranger = await t.send(`/api/job-search/${mine!.id}`, { since: since.toISOString() }, { method: 'PATCH', headers: as(bo) });
      expect(stranger.status).toBe(404);
      expect((await t.send('/api/job-search/2147483647', { since: later }, { method: 'PATCH', headers: as(ada) })).status).toBe(404);
      expect((await t.send('/api/job-search/abc', { since: later }, { method: 'PATCH', headers: as(ada) })).status).toBe(400);
      expect((await t.send(`/api/job-search/${mine!.id}`, { since: 'soon' }, { method: 'PATCH', headers: as(ada) })).status).toBe(400);
      // The stranger changed nothing.
      expect((await t.get('/api/job-search', as(ada))).body.searches[0].since).toBe(later);
    });

    it('unpinning deletes (spec 4): PATCH pinned false or DELETE, own only; a second delete answers 404', async () => {
      const a = (await pin(ada, { key: key({ search: 'unpin me' }), filters: {}, since: since.toISOString() })).body as { id: number };
      const b = (await pin(ada, { key: key({ search: 'delete me' }), filters: {}, since: since.toISOString() })).body as { id: number };
      expect((await t.send(`/api/job-search/${a.id}`, { pinned: false }, { method: 'PATCH', headers: as(bo) })).status).toBe(404);
      expect((await t.send(`/api/job-search/${b.id}`, undefined, { method: 'DELETE', headers: as(bo) })).status).toBe(404);
      expect((await t.send(`/api/job-search/${a.id}`, { pinned: false }, { method: 'PATCH', headers: as(ada) })).status).toBe(204);
      expect((await t.send(`/api/job-search/${b.id}`, undefined, { method: 'DELETE', headers: as(ada) })).status).toBe(204);
      expect((await t.send(`/api/job-search/${b.id}`, undefined, { method: 'DELETE', headers: as(ada) })).status).toBe(404);
      const ids = ((await t.get('/api/job-search', as(ada))).body.searches as { id: number }[]).map((s) => s.id);
      expect(ids).not.toContain(a.id);
      expect(ids).not.toContain(b.id);
    });
  });

  describe('jobs/count/bulk', () => {
    const item = (parts: { search?: string; location?: string; countryCode?: string }, filters: Record<string, unknown> = {}, from = since) => ({
      key: key(parts),
      filters,
      since: from.toISOString(),
    });

    it('counts, for a visitor too, the public jobs each search finds that were posted after its since, in the order asked', async () => {
      const items = [
        item({ search: word, countryCode: 'DK' }),
        item({ search: word, countryCode: 'SE' }),
        item({ search: word, countryCode: 'REMOTE' }),
        item({ search: word }),
        item({ search: word, location: 'copenhagen' }),
        item({ search: word, countryCode: 'DK' }, { categories: ['backend'] }),
        item({ search: word, countryCode: 'DK' }, { positionTypes: ['PART_TIME'] }),
        item({ search: word, countryCode: 'DK' }, {}, new Date(since.getTime() + 12 * HOUR)),
        item({ search: word, countryCode: 'DK' }, {}, new Date(since.getTime() - 2 * HOUR)),
        item({ search: `senior ${word}` }),
        item({ search: word, countryCode: 'NO' }),
      ];
      const res = await count(items);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body.result).toEqual([
        { key: items[0]!.key, count: 3 },
        { key: items[1]!.key, count: 1 },
        { key: items[2]!.key, count: 1 },
        { key: items[3]!.key, count: 5 },
        { key: items[4]!.key, count: 3 },
        { key: items[5]!.key, count: 1 },
        { key: items[6]!.key, count: 1 },
        { key: items[7]!.key, count: 2 },
        { key: items[8]!.key, count: 4 },
        { key: items[9]!.key, count: 1 },
        { key: items[10]!.key, count: 0 },
      ]);
    });

    it('counts what the search shows: a word found in an old title counts 0, not the description matches', async () => {
      const res = await count([item({ search: `zanzibarth${backend}` })], asViewer(ada) as Record<string, string>);
      expect(res.body.result).toEqual([{ key: key({ search: `zanzibarth${backend}` }), count: 0 }]);
      // Without the old title match, the description's new job is what the search shows.
      const gone = await t.db.delete(jobs).where(eq(jobs.title, `Zanzibarth${backend} keeper`)).returning({ id: jobs.id });
      expect(gone).toHaveLength(1);
      expect((await count([item({ search: `zanzibarth${backend}` })])).body.result[0].count).toBe(1);
    });

    it(`takes up to ${LIMITS.countBulkMax} searches, and refuses more or bad ones with 400`, async () => {
      const many = Array.from({ length: LIMITS.countBulkMax }, (_, i) => item({ search: `${word} ${i}` }));
      const ok = await count(many);
      expect(ok.status).toBe(200);
      expect(ok.body.result).toHaveLength(LIMITS.countBulkMax);
      const tooMany = await count([...many, item({ search: word })]);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors.items.join(' ')).toContain(`at most ${LIMITS.countBulkMax}`);
      const bad = await count([{ key: key({ countryCode: 'DK' }), filters: {}, since: since.toISOString() }]);
      expect(bad.status).toBe(400);
      expect((await t.send('/api/jobs/count/bulk', { nothing: true })).status).toBe(400);
    });

    it('never answers 5xx, whatever the body: arbitrary JSON and searches of arbitrary unicode', async () => {
      const searchItem = fc.record({
        key: fc.oneof(
          fc.record({ search: fc.string({ unit: 'grapheme' }), location: fc.string(), countryCode: fc.constantFrom('DK', 'REMOTE', 'xx', '') }).map(key),
          fc.string(),
        ),
        filters: fc.oneof(fc.jsonValue(), fc.record({ categories: fc.array(fc.string()), positionTypes: fc.string() })),
        since: fc.oneof(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('2100-01-01') }).map((d) => d.toISOString()), fc.string()),
      });
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.record({ items: fc.array(searchItem, { maxLength: 3 }) })), async (body) => {
          const res = await t.send('/api/jobs/count/bulk', body, { headers: { 'X-Forwarded-For': freshIp() } });
          expect(res.status, JSON.stringify(body)).toBeLessThan(500);
          expect([200, 400]).toContain(res.status);
        }),
        { numRuns: 60 },
      );
    });

    it('rate-limits per address for visitors and per user when signed in (429 with Retry-After)', async () => {
      const app = new Hono<AppEnv>()
        .use(async (c, next) => {
          const header = c.req.header('x-test-viewer');
          c.set('viewer', header ? (JSON.parse(header) as Viewer) : null);
          await next();
        })
        .route('/', searchesRouter({ db: t.db, config: { productName: 'Nordlys', publicUrl: 'http://localhost', trustProxy: true } }, { countLimit: { max: 2, windowMs: 60_000 } }))
        .onError(handleError);
      const call = (headers: Record<string, string>) =>
        app.request('/jobs/count/bulk', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ items: [item({ search: word })] }) });
      const ip = freshIp();
      expect((await call({ 'X-Forwarded-For': ip })).status).toBe(200);
      expect((await call({ 'X-Forwarded-For': ip })).status).toBe(200);
      const refused = await call({ 'X-Forwarded-For': ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address, and a signed-in user behind the same one, have their own allowance.
      expect((await call({ 'X-Forwarded-For': freshIp() })).status).toBe(200);
      expect((await call({ 'X-Forwarded-For': ip, ...as(ada) })).status).toBe(200);
    });
  });
});
