/** An investor's portfolio (issue #11) and how it shows on the startups' side, on both databases. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanySchema, InvestmentSchema, InvestorSchema } from '@nordlys/sdk/schemas';
import { companies, images, investments, investors } from '../db/schema';
import { companyBackers } from '../queries/companies';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('investments on %s', (backend) => {
  const t = useTestApp(backend);
  const cookies = new Map<string, string>();
  const as = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return { cookie: cookies.get(email)! };
  };
  const send = async (method: string, path: string, body: unknown, who?: string) =>
    t.send(path, body, { method, headers: who ? await as(who) : {} });
  const Portfolio = v.object({ investments: v.array(InvestmentSchema) });

  /** A public startup Fjord Ventures has not invested in yet. */
  async function startupOutsideFjord(): Promise<{ id: number; key: string; name: string }> {
    const fjord = v.parse(InvestorSchema, (await t.get('/api/investors/fjord-ventures')).body);
    const held = new Set(fjord.investments.flatMap((i) => (i.company ? [i.company.key] : [])));
    const list = (await t.get('/api/companiesProper?pageSize=100')).body.companies as { id: number; key: string; name: string }[];
    const pick = list.find((c) => !held.has(c.key) && c.key !== 'northwind-labs');
    expect(pick).toBeDefined();
    return pick!;
  }

  /** Logos as the demo's own (no owner): Fjord Ventures' and Northwind Labs'. */
  async function giveLogos() {
    for (const [table, key] of [[investors, 'fjord-ventures'], [companies, 'northwind-labs']] as const) {
      const [image] = await t.db.insert(images).values({ path: `demo-test/${key}-logo` }).returning({ id: images.id });
      await t.db.update(table).set({ logoImageId: image!.id }).where(eq(table.key, key));
    }
  }

  it('lists the portfolio with ids and logos to members and admins only', async () => {
    await giveLogos();
    expect((await t.get('/api/investors/fjord-ventures/investments')).status).toBe(401);
    expect((await t.get('/api/investors/fjord-ventures/investments', await as('founder@nordlys.test'))).status).toBe(403);
    expect((await t.get('/api/investors/no-such-fund/investments', await as('admin@nordlys.test'))).status).toBe(404);
    const res = await t.get('/api/investors/fjord-ventures/investments', await as('investor@nordlys.test'));
    expect(res.status).toBe(200);
    const { investments: list } = v.parse(Portfolio, res.body);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => typeof i.id === 'number')).toBe(true);
    const northwind = list.find((i) => i.company?.key === 'northwind-labs');
    expect(northwind?.company?.logoImage?.path).toBe('demo-test/northwind-labs-logo');
    expect((await t.get('/api/investors/fjord-ventures/investments', await as('admin@nordlys.test'))).status).toBe(200);
  });

  it('adds a public startup once (409 again), refuses a draft or unknown one, and adds one by name', async () => {
    const target = await startupOutsideFjord();
    expect((await send('POST', '/api/investors/fjord-ventures/investments', { companyKey: target.key })).status).toBe(401);
    expect((await send('POST', '/api/investors/fjord-ventures/investments', { companyKey: target.key }, 'talent@nordlys.test')).status).toBe(403);

    const added = await send('POST', '/api/investors/fjord-ventures/investments', { companyKey: target.key }, 'investor@nordlys.test');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(v.parse(InvestmentSchema, added.body)).toMatchObject({ id: expect.any(Number), company: { key: target.key, name: target.name }, name: target.name });

    const twice = await send('POST', '/api/investors/fjord-ventures/investments', { companyKey: target.key }, 'investor@nordlys.test');
    expect(twice.status).toBe(409);
    expect(twice.body.errors.companyKey).toBeDefined();

    for (const companyKey of ['draft-startup', 'no-such-startup']) {
      const refused = await send('POST', '/api/investors/fjord-ventures/investments', { companyKey }, 'investor@nordlys.test');
      expect(refused.status, companyKey).toBe(400);
      expect(refused.body.errors.companyKey).toBeDefined();
    }

    const byName = await send('POST', '/api/investors/fjord-ventures/investments', { name: 'Tundra Tools', website: 'tundra.example' }, 'investor@nordlys.test');
    expect(byName.status).toBe(201);
    expect(byName.body).toMatchObject({ company: null, name: 'Tundra Tools', website: 'http://tundra.example' });
    // The same outside name twice is allowed (two rounds); an empty one is not.
    expect((await send('POST', '/api/investors/fjord-ventures/investments', { name: 'Tundra Tools', website: null }, 'investor@nordlys.test')).status).toBe(201);
    expect((await send('POST', '/api/investors/fjord-ventures/investments', { name: '' }, 'investor@nordlys.test')).status).toBe(400);

    // The startup's page now shows Fjord Ventures as a linked investor with its logo.
    const page = v.parse(CompanySchema, (await t.get(`/api/companies/${target.key}`)).body);
    const badge = page.investors.find((i) => i.key === 'fjord-ventures');
    expect(badge).toMatchObject({ name: 'Fjord Ventures' });
    expect(badge?.logoImage?.path).toBe('demo-test/fjord-ventures-logo');
  });

  it('shows each investor once on a startup page, never a draft one, and links only public startups in a portfolio', async () => {
    // Fjord is both in Northwind's own list and has Northwind in its portfolio: once.
    const northwind = v.parse(CompanySchema, (await t.get('/api/companies/northwind-labs')).body);
    expect(northwind.investors.filter((i) => i.key === 'fjord-ventures')).toHaveLength(1);
    // The own (unlinked) entries stay, after the linked ones.
    const own = northwind.investors.findIndex((i) => i.key === null);
    expect(own).toBeGreaterThan(0);
    expect(northwind.investors.slice(own).every((i) => i.key === null)).toBe(true);

    // A draft investor's portfolio does not show on the startup.
    const created = await send('POST', '/api/investors', { name: `Hidden Draft Fund ${backend}` }, 'newbie@nordlys.test');
    expect(created.status).toBe(201);
    expect((await send('POST', `/api/investors/${created.body.key}/investments`, { companyKey: 'northwind-labs' }, 'newbie@nordlys.test')).status).toBe(201);
    const again = v.parse(CompanySchema, (await t.get('/api/companies/northwind-labs')).body);
    expect(again.investors.some((i) => i.key === created.body.key || i.name.startsWith('Hidden Draft Fund'))).toBe(false);

    // A startup that stops being public stays in the portfolio by name, unlinked.
    const target = await startupOutsideFjord();
    await send('POST', '/api/investors/fjord-ventures/investments', { companyKey: target.key }, 'investor@nordlys.test');
    await t.db.update(companies).set({ status: 'DRAFT' }).where(eq(companies.key, target.key));
    const fjord = v.parse(InvestorSchema, (await t.get('/api/investors/fjord-ventures')).body);
    const entry = fjord.investments.find((i) => i.name === target.name);
    expect(entry).toMatchObject({ company: null, name: target.name });
    expect(typeof entry?.id).toBe('number');
    expect(fjord.investments.some((i) => i.company?.key === target.key)).toBe(false);
  });

  it('removes an entry of this investor only', async () => {
    const list = v.parse(Portfolio, (await t.get('/api/investors/fjord-ventures/investments', await as('investor@nordlys.test'))).body).investments;
    const entry = list.find((i) => i.name === 'Tundra Tools')!;
    const [other] = await t.db
      .select({ id: investments.id })
      .from(investments)
      .innerJoin(investors, eq(investors.id, investments.investorId))
      .where(eq(investors.key, 'aurora-capital'));

    expect((await send('DELETE', `/api/investors/fjord-ventures/investments/${entry.id}`, undefined)).status).toBe(401);
    expect((await send('DELETE', `/api/investors/fjord-ventures/investments/${entry.id}`, undefined, 'founder@nordlys.test')).status).toBe(403);
    expect((await send('DELETE', `/api/investors/fjord-ventures/investments/${other!.id}`, undefined, 'investor@nordlys.test')).status).toBe(404);
    expect((await send('DELETE', '/api/investors/fjord-ventures/investments/abc', undefined, 'investor@nordlys.test')).status).toBe(400);
    expect((await send('DELETE', `/api/investors/fjord-ventures/investments/${entry.id}`, undefined, 'investor@nordlys.test')).status).toBe(204);
    expect((await send('DELETE', `/api/investors/fjord-ventures/investments/${entry.id}`, undefined, 'admin@nordlys.test')).status).toBe(404);
    const after = v.parse(Portfolio, (await t.get('/api/investors/fjord-ventures/investments', await as('admin@nordlys.test'))).body).investments;
    expect(after.some((i) => i.id === entry.id)).toBe(false);
  });

  it('companyBackers names the public investors of each startup, for "Backed by" on job cards', async () => {
    const [northwind] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    const [draft] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'draft-startup'));
    const backers = await companyBackers(t.db, [northwind!.id, draft!.id, northwind!.id]);
    const names = backers.get(northwind!.id)!;
    expect(names).toEqual(expect.arrayContaining([{ key: 'fjord-ventures', name: 'Fjord Ventures' }]));
    expect(new Set(names.map((b) => b.key)).size).toBe(names.length);
    expect(names.some((b) => b.name.startsWith('Hidden Draft Fund'))).toBe(false);
    expect(backers.has(draft!.id)).toBe(false);
    expect((await companyBackers(t.db, [])).size).toBe(0);

    // An investor that stops being public stops backing anyone.
    await t.db.update(investors).set({ status: 'INACTIVE' }).where(eq(investors.key, 'fjord-ventures'));
    expect((await companyBackers(t.db, [northwind!.id])).get(northwind!.id)?.some((b) => b.key === 'fjord-ventures') ?? false).toBe(false);
  });
});
