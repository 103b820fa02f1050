import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClaimedDealListSchema, ClaimedDealSchema, DEAL_MESSAGES, DealListSchema, DealSchema } from '@nordlys/sdk/schemas';
import { companies, companyMembers, dealClaims, deals, users } from '../db/schema';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const HIRELY = 'six-months-of-hirely-for-free';
const LEDGERLY = '30-off-ledgerly-bookkeeping';
const PIXELFJORD = 'pixelfjord-pro-for-startups';
const CONTRACTS = 'employment-contract-templates';
const WARRANTS = 'warrant-programme-guide';

describe.each(backends)('deals on %s', (backend) => {
  const t = useTestApp(backend);
  const cookies: Record<string, string> = {};
  /** The startup of multi@ (another startup than Northwind). */
  let otherKey = '';

  beforeAll(async () => {
    for (const who of ['founder', 'admin', 'talent', 'multi', 'draft']) cookies[who] = await t.signIn(`${who}@nordlys.test`);
    const [row] = await t.db
      .select({ key: companies.key })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(users.email, 'multi@nordlys.test'));
    otherKey = row!.key;
  });

  const claim = (deal: string, company: unknown, who: string | null) =>
    t.send(`/api/deals/${deal}/claim`, company === undefined ? {} : { company }, { headers: who ? { cookie: cookies[who]! } : {} });
  const read = (path: string, who: string | null) => t.get(path, who ? { cookie: cookies[who]! } : {});
  const claimsOf = async (dealKey: string) => {
    const [row] = await t.db.select({ n: count() }).from(dealClaims).innerJoin(deals, eq(deals.id, dealClaims.dealId)).where(eq(deals.key, dealKey));
    return row!.n;
  };

  it('lists every deal for everyone, cacheable, with terms but never a code', async () => {
    const res = await t.get('/api/deals');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const { deals: list } = v.parse(DealListSchema, res.body);
    expect(list).toHaveLength(7);
    expect(new Set(list.map((d) => d.type))).toEqual(new Set(['EXTENDED', 'DOWNLOAD']));
    for (const deal of list) {
      expect(deal.terms.length, deal.key).toBeGreaterThan(20);
      expect(deal.image, deal.key).not.toBeNull();
      expect(deal.partnerLogo, deal.key).not.toBeNull();
      expect(deal.documentFile === null, deal.key).toBe(deal.type === 'EXTENDED');
    }
    // Codes and redeem links come only with a claim.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('NORDLYS30');
    expect(text).not.toContain('redeemUrl');
    expect(text).not.toContain('deal/');

    const one = await t.get(`/api/deals/${CONTRACTS}`);
    expect(one.status).toBe(200);
    expect(v.parse(DealSchema, one.body)).toMatchObject({
      key: CONTRACTS,
      type: 'DOWNLOAD',
      documentFile: 'Employment contract templates.pdf',
      partnerName: 'Holm & Lund Advokater',
      listing: { kind: 'partner', key: 'holm-and-lund-advokater' },
    });
    expect((await t.get(`/api/deals/${LEDGERLY}`)).body.listing).toEqual({ kind: 'tool', key: 'ledgerly' });
    expect((await t.get('/api/deals/no-such-deal')).status).toBe(404);
  });

  it('claiming: 401 for a visitor, 403 for a user without a startup or for another startup', async () => {
    expect((await claim(LEDGERLY, 'northwind-labs', null)).status).toBe(401);
    const noStartup = await claim(LEDGERLY, 'northwind-labs', 'talent');
    expect(noStartup.status).toBe(403);
    expect(noStartup.body).toMatchObject({ message: DEAL_MESSAGES.noStartup, link: '/startups/join' });
    const foreign = await claim(LEDGERLY, 'northwind-labs', 'multi');
    expect(foreign.status).toBe(403);
    const draft = await claim(LEDGERLY, 'draft-startup', 'draft');
    expect(draft.status).toBe(403);
    expect(draft.body).toMatchObject({ message: DEAL_MESSAGES.draft, link: '/client/startups/draft-startup/edit' });
    expect(await claimsOf(LEDGERLY)).toBe(0);
  });

  it('refuses a claim naming no startup (400 with the field), an unknown startup or deal (404)', async () => {
    const missing = await claim(LEDGERLY, undefined, 'founder');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ company: ['Choose which startup claims the deal'] });
    expect((await claim(LEDGERLY, 'no-such-startup', 'founder')).status).toBe(404);
    expect((await claim('no-such-deal', 'northwind-labs', 'founder')).status).toBe(404);
    expect(await claimsOf(LEDGERLY)).toBe(0);
  });

  it("reveals the code to a member (200), records the claim once, and keeps the first claim's time", async () => {
    const first = await claim(LEDGERLY, 'northwind-labs', 'founder');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const claimed = v.parse(ClaimedDealSchema, first.body);
    expect(claimed).toMatchObject({
      deal: { key: LEDGERLY, type: 'EXTENDED' },
      company: { key: 'northwind-labs', name: 'Northwind Labs' },
      claimedBy: 'Mads Holm',
      code: 'NORDLYS30',
      redeemUrl: 'https://www.ledgerly.test/signup',
      document: null,
    });
    const again = await claim(LEDGERLY, 'northwind-labs', 'founder');
    expect(again.status).toBe(200);
    expect(again.body.claimedAt).toBe(claimed.claimedAt);
    expect(await claimsOf(LEDGERLY)).toBe(1);
  });

  it('lets an admin claim for any startup (spec 6)', async () => {
    const res = await claim(PIXELFJORD, otherKey, 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company: { key: otherKey }, code: 'FJORD-PRO-NORDLYS', claimedBy: 'Astrid Lindqvist' });
    const [row] = await t.db
      .select({ n: count() })
      .from(dealClaims)
      .innerJoin(companies, eq(companies.id, dealClaims.companyId))
      .where(eq(companies.key, otherKey));
    expect(row!.n).toBe(1);
  });

  it("lists a startup's claims to its members and admins only; another startup's member gets 403", async () => {
    const path = '/api/companies/northwind-labs/deals';
    expect((await read(path, null)).status).toBe(401);
    expect((await read(path, 'talent')).status).toBe(403);
    expect((await read(path, 'multi')).status).toBe(403);
    expect((await read('/api/companies/no-such-startup/deals', 'admin')).status).toBe(404);

    const own = await read(path, 'founder');
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const { claims } = v.parse(ClaimedDealListSchema, own.body);
    // The demo's claim of the Hirely deal, and the Ledgerly one above, newest first.
    expect(claims.map((c) => c.deal.key)).toEqual([LEDGERLY, HIRELY]);
    expect(claims[1]).toMatchObject({ code: 'NORDLYS-HIRELY-6M', redeemUrl: 'https://www.hirely.test/startups/nordlys' });
    expect((await read(path, 'admin')).body).toEqual(own.body);

    // One claim, and one the startup has not made.
    expect((await read(`${path}/${HIRELY}`, 'founder')).body).toEqual(claims[1]);
    expect((await read(`${path}/${HIRELY}`, 'multi')).status).toBe(403);
    const unclaimed = await read(`${path}/${PIXELFJORD}`, 'founder');
    expect(unclaimed.status).toBe(404);
    expect(unclaimed.body.message).toBe(DEAL_MESSAGES.notClaimed);
    expect((await read(`/api/companies/${otherKey}/deals`, 'multi')).body.claims.map((c: { deal: { key: string } }) => c.deal.key)).toEqual([PIXELFJORD]);
  });

  it("serves a claimed document as a private inline PDF to the startup's members and admins only", async () => {
    const path = `/api/companies/northwind-labs/deals/${CONTRACTS}/document`;
    // Not claimed yet: nothing to read.
    expect((await read(path, 'founder')).status).toBe(404);

    const res = await claim(CONTRACTS, 'northwind-labs', 'founder');
    expect(res.status).toBe(200);
    const claimed = v.parse(ClaimedDealSchema, res.body);
    expect(claimed.code).toBeNull();
    expect(claimed.document).toMatchObject({ url: path, fileName: 'Employment contract templates.pdf' });

    for (const who of ['founder', 'admin']) {
      const file = await t.request(path, { headers: { cookie: cookies[who]! } });
      expect(file.status, who).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-disposition')).toBe('inline; filename="Employment contract templates.pdf"');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.byteLength).toBe(claimed.document!.sizeBytes);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain('(Employment contract templates) Tj');
    }
    expect((await t.request(path)).status).toBe(401);
    expect((await t.request(path, { headers: { cookie: cookies.multi! } })).status).toBe(403);
    expect((await t.request(path, { headers: { cookie: cookies.talent! } })).status).toBe(403);
    // Another DOWNLOAD deal the startup has not claimed, and an EXTENDED deal, have no document to read.
    expect((await read(`/api/companies/northwind-labs/deals/${WARRANTS}/document`, 'founder')).status).toBe(404);
    expect((await read(`/api/companies/northwind-labs/deals/${HIRELY}/document`, 'founder')).status).toBe(404);
  });
});
