/**
 * Issue #14: POST /api/engagement/log (spec 7) on both databases: visitors and users log events with
 * the profile they selected, only a profile they hold (admins any stored one), bad input is a 400 with
 * field messages and never a 500, bots store nothing, each address is rate-limited, and the sdk's
 * client logs through it and ignores its failures.
 */
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '@nordlys/sdk/api';
import { companies, engagementEvents, investors, users } from '../db/schema';
import { freshIp, useTestApp } from '../testing/app';
import { backends } from '../testing/database';
import { ENGAGEMENT_LOG_LIMIT, ENGAGEMENT_MESSAGES } from './engagement';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(backends)('engagement log on %s', (backend) => {
  const t = useTestApp(backend);
  let northwind: number;
  let fjord: number;
  let founder: string;
  let investor: string;
  let admin: string;
  let founderId: number;
  let serial = 0;
  /** A type no other test logs, so each test reads only its own rows. */
  const freshType = (label: string) => `${label}-${backend}-${++serial}`;

  beforeAll(async () => {
    northwind = (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs')))[0]!.id;
    fjord = (await t.db.select({ id: investors.id }).from(investors).where(eq(investors.key, 'fjord-ventures')))[0]!.id;
    founderId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'founder@nordlys.test')))[0]!.id;
    [founder, investor, admin] = await Promise.all([t.signIn('founder@nordlys.test'), t.signIn('investor@nordlys.test'), t.signIn('admin@nordlys.test')]);
  });
  afterEach(() => vi.restoreAllMocks());

  const log = (body: unknown, { cookie, ua = CHROME, ip = freshIp() }: { cookie?: string; ua?: string; ip?: string } = {}) =>
    t.send('/api/engagement/log', body, { headers: { 'User-Agent': ua, 'X-Forwarded-For': ip, ...(cookie ? { cookie } : {}) } });
  const rowsOf = (type: string) =>
    t.db
      .select({ userId: engagementEvents.userId, companyId: engagementEvents.companyId, investorId: engagementEvents.investorId, type: engagementEvents.type, payload: engagementEvents.payload, createdAt: engagementEvents.createdAt })
      .from(engagementEvents)
      .where(eq(engagementEvents.type, type))
      .orderBy(desc(engagementEvents.id));

  it("stores a visitor's event: 204, no user, the payload as sent (an empty object without one)", async () => {
    const type = freshType('job-apply-click');
    const before = Date.now();
    const res = await log({ type, payload: { jobId: 7, surface: 'digest', tags: ['a', 'b'], nested: { ok: true } } });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(res.body).toBeNull();
    const [row] = await rowsOf(type);
    expect(row).toMatchObject({ userId: null, companyId: null, investorId: null, type, payload: { jobId: 7, surface: 'digest', tags: ['a', 'b'], nested: { ok: true } } });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const bare = freshType('page-view');
    expect((await log({ type: bare })).status).toBe(204);
    expect((await rowsOf(bare))[0]).toMatchObject({ userId: null, payload: {} });
  });

  it('stores the signed-in user with the company or investor they selected', async () => {
    const type = freshType('applicants-view');
    expect((await log({ type, payload: { jobId: 1 }, companyId: northwind }, { cookie: founder })).status).toBe(204);
    expect((await log({ type }, { cookie: founder })).status).toBe(204);
    expect((await log({ type, investorId: fjord }, { cookie: investor })).status).toBe(204);
    const rows = await rowsOf(type);
    expect(rows.map((r) => [r.userId === null, r.companyId, r.investorId])).toEqual([
      [false, null, fjord],
      [false, null, null],
      [false, northwind, null],
    ]);
    expect(rows[2]!.userId).toBe(founderId);
  });

  it("refuses a profile the viewer does not hold with a field message (400, never a 403 that would sign them out), storing nothing", async () => {
    const type = freshType('profile-edit');
    const cases: [string, unknown, string | undefined, string][] = [
      ['a visitor naming a startup', { type, companyId: northwind }, undefined, 'companyId'],
      ["the founder naming an investor they are not in", { type, investorId: fjord }, founder, 'investorId'],
      ["the investor naming the founder's startup", { type, companyId: northwind }, investor, 'companyId'],
    ];
    for (const [label, body, cookie, field] of cases) {
      const res = await log(body, { cookie });
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe('E_VALIDATION');
      expect(res.body.errors, label).toEqual({ [field]: [ENGAGEMENT_MESSAGES.notMember[field as 'companyId' | 'investorId']] });
      expect(res.body.message, label).toBe(`Invalid input. ${field}: ${ENGAGEMENT_MESSAGES.notMember[field as 'companyId' | 'investorId']}`);
    }
    const both = await log({ type, companyId: northwind, investorId: fjord });
    expect(Object.keys(both.body.errors)).toEqual(['companyId', 'investorId']);
    expect(await rowsOf(type)).toEqual([]);
  });

  it('lets an admin log for any stored profile (spec 6), and refuses an id no profile has', async () => {
    const type = freshType('admin-review');
    expect((await log({ type, companyId: northwind, investorId: fjord }, { cookie: admin })).status).toBe(204);
    expect((await rowsOf(type)).map((r) => [r.companyId, r.investorId])).toEqual([[northwind, fjord]]);
    const unknown = await log({ type, companyId: 2_000_000_000 }, { cookie: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ companyId: [ENGAGEMENT_MESSAGES.unknown.companyId] });
    const unknownInvestor = await log({ type, investorId: 2_000_000_000 }, { cookie: admin });
    expect(unknownInvestor.body.errors).toEqual({ investorId: [ENGAGEMENT_MESSAGES.unknown.investorId] });
    expect(await rowsOf(type)).toHaveLength(1);
  });

  it('answers bad input 400 with the field named, never 500', async () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } };
    const cases: [string, unknown, string][] = [
      ['no type', { payload: {} }, 'type'],
      ['an empty type', { type: '' }, 'type'],
      ['a type of 101 characters', { type: 'x'.repeat(101) }, 'type'],
      ['a control character in the type', { type: 'view\u0000' }, 'type'],
      ['a number as type', { type: 7 }, 'type'],
      ['a list as payload', { type: 'view', payload: [1, 2] }, 'payload'],
      ['a payload over 4000 characters', { type: 'view', payload: { text: 'x'.repeat(4000) } }, 'payload'],
      ['a payload nested too deep', { type: 'view', payload: deep }, 'payload'],
      ['a NUL in the payload', { type: 'view', payload: { text: 'a\u0000b' } }, 'payload'],
      ['a fractional company id', { type: 'view', companyId: 1.5 }, 'companyId'],
      ['a negative company id', { type: 'view', companyId: -1 }, 'companyId'],
      ['a company id as text', { type: 'view', companyId: String(northwind) }, 'companyId'],
      ['a company id past the ids', { type: 'view', companyId: 2 ** 31 }, 'companyId'],
      ['a null investor id', { type: 'view', investorId: null }, 'investorId'],
    ];
    for (const [label, body, field] of cases) {
      const res = await log(body, { cookie: admin });
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe('E_VALIDATION');
      expect(Object.keys(res.body.errors ?? {}), label).toContain(field);
    }
    for (const raw of ['{"type":', 'not json', '[]', 'null']) {
      const res = await t.request('/api/engagement/log', { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': CHROME, 'X-Forwarded-For': freshIp() }, body: raw });
      expect(res.status, raw).toBe(400);
    }
  });

  it('stores nothing for a bot (204), so crawlers that run scripts do not count', async () => {
    const type = freshType('bot-view');
    for (const ua of [GOOGLEBOT, 'curl/8.5.0', '']) expect((await log({ type }, { ua })).status).toBe(204);
    expect(await rowsOf(type)).toEqual([]);
  });

  it(`allows ${ENGAGEMENT_LOG_LIMIT.max} events per address in ${ENGAGEMENT_LOG_LIMIT.windowMs / 60_000} minutes, then 429 with Retry-After; other addresses go on`, async () => {
    const type = freshType('flood');
    const ip = freshIp();
    for (let i = 0; i < ENGAGEMENT_LOG_LIMIT.max; i++) {
      const res = await log({ type, payload: { i } }, { ip });
      if (res.status !== 204) throw new Error(`event ${i} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    const refused = await log({ type }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('E_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsOf(type)).toHaveLength(ENGAGEMENT_LOG_LIMIT.max);
    expect((await log({ type })).status).toBe(204);
  });

  it("takes the sdk client's log: the selected company's id is added, and a refusal resolves quietly (spec 7)", async () => {
    const ip = freshIp();
    let selected: { companyId?: number; investorId?: number } | null = { companyId: northwind };
    const api = createApi({
      baseUrl: 'http://localhost/api/',
      headers: { cookie: founder, 'User-Agent': CHROME, 'X-Forwarded-For': ip },
      selectedProfileIds: () => selected,
      fetch: (input, init) => Promise.resolve(t.request(input instanceof Request ? input.url : String(input), input instanceof Request ? { method: input.method, headers: input.headers, body: input.body, duplex: 'half', ...init } as RequestInit : init)),
    });
    const type = freshType('sdk-log');
    await expect(api.engagement.log({ type, payload: { jobId: 3 } })).resolves.toBeUndefined();
    expect(await rowsOf(type)).toMatchObject([{ userId: founderId, companyId: northwind, payload: { jobId: 3 } }]);

    // A profile the founder does not hold: the server refuses it, the client carries on.
    selected = { investorId: fjord };
    await expect(api.engagement.log({ type })).resolves.toBeUndefined();
    expect(await rowsOf(type)).toHaveLength(1);
  });
});
