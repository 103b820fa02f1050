/** The investor writes of issue #11 (create, edit, submit, delete), /hidden, and the directory's new filters, on both databases. */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { InvestorListSchema, InvestorSchema, type InvestorInput } from '@nordlys/sdk/schemas';
import { images, investorMembers, investors, users } from '../db/schema';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('investor writes on %s', (backend) => {
  const t = useTestApp(backend);
  const cookies = new Map<string, string>();
  const as = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await t.signIn(email));
    return { cookie: cookies.get(email)! };
  };
  const send = async (method: string, path: string, body: unknown, who?: string) =>
    t.send(path, body, { method, headers: who ? await as(who) : {} });
  async function row(key: string) {
    const [found] = await t.db.select().from(investors).where(eq(investors.key, key));
    return found!;
  }

  const profile = (overrides: Partial<InvestorInput> = {}): InvestorInput => ({
    name: 'Skagen Angels',
    website: 'https://skagen-angels.dk',
    intro: '<p>Angels from <em>Skagen</em>.</p>',
    category: 'ANGEL',
    industries: ['cleantech', 'ai'],
    investmentRanges: ['0-100k'],
    markets: ['nordics'],
    countryCodes: ['DK', 'NO'],
    contactPreference: 'EMAIL',
    contactEmail: 'hello@skagen-angels.dk',
    typeKeywords: ['ANGELS'],
    ...overrides,
  });

  it('creates a DRAFT investor (category ANGEL unless chosen) with the creator as admin member', async () => {
    expect((await send('POST', '/api/investors', { name: 'Skagen Angels' })).status).toBe(401);
    const res = await send('POST', '/api/investors', { name: 'Skagen Angels' }, 'newbie@nordlys.test');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = v.parse(InvestorSchema, res.body);
    expect(created).toMatchObject({ key: 'skagen-angels', status: 'DRAFT', category: 'ANGEL', manage: { submittedAt: null, reviewNote: null } });
    const [newbie] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'newbie@nordlys.test'));
    const members = await t.db
      .select({ role: investorMembers.role })
      .from(investorMembers)
      .where(and(eq(investorMembers.investorId, created.id), eq(investorMembers.userId, newbie!.id)));
    expect(members).toEqual([{ role: 'admin' }]);

    const vc = await send('POST', '/api/investors', { name: 'Skagen Angels', category: 'VENTURE_CAPITAL' }, 'talent@nordlys.test');
    expect(vc.body).toMatchObject({ key: 'skagen-angels-2', category: 'VENTURE_CAPITAL' });

    expect((await send('POST', '/api/investors', { name: 'X', key: 'fjord-ventures' }, 'talent@nordlys.test')).status).toBe(409);
    const reserved = await send('POST', '/api/investors', { name: 'X', key: 'new' }, 'talent@nordlys.test');
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors.key).toBeDefined();
    expect((await send('POST', '/api/investors', { name: 'X', category: 'PIRATE' }, 'talent@nordlys.test')).body.errors.category).toBeDefined();
  });

  it('saves the edit form for members and admins only, sanitizing the intro', async () => {
    const body = profile({ intro: '<p>Angels<script>alert(1)</script><img src=x onerror=alert(2)></p>' });
    expect((await send('PUT', '/api/investors/skagen-angels', body)).status).toBe(401);
    expect((await send('PUT', '/api/investors/skagen-angels', body, 'investor@nordlys.test')).status).toBe(403);
    expect((await send('PUT', '/api/investors/no-such-fund', body, 'admin@nordlys.test')).status).toBe(404);
    const bad = await send('PUT', '/api/investors/skagen-angels', { ...body, contactPreference: 'PHONE', markets: ['mars'] }, 'newbie@nordlys.test');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['contactPreference', 'markets']));

    const res = await send('PUT', '/api/investors/skagen-angels', body, 'newbie@nordlys.test');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = v.parse(InvestorSchema, res.body);
    expect(saved).toMatchObject({ markets: ['nordics'], investmentRanges: ['0-100k'], countryCodes: ['DK', 'NO'], contactEmail: 'hello@skagen-angels.dk' });
    expect((await row('skagen-angels')).intro).toBe('<p>Angels</p>');

    // An image must be one uploaded for it (or by its member).
    const [newbie] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'newbie@nordlys.test'));
    await t.db.insert(images).values({ path: `${backend}/skagen-logo`, uploadedBy: newbie!.id });
    await t.db.insert(images).values({ path: `${backend}/someone-elses`, ownerKind: 'investor', ownerId: (await row('fjord-ventures')).id });
    const foreign = await send('PUT', '/api/investors/skagen-angels', profile({ smallImage: `${backend}/someone-elses` }), 'newbie@nordlys.test');
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['smallImage']);
    const withLogo = await send(
      'PUT',
      '/api/investors/skagen-angels',
      profile({ logoImage: `${backend}/skagen-logo`, keyPeople: [{ name: 'Karen Blix', title: 'Partner', image: `${backend}/skagen-logo` }] }),
      'newbie@nordlys.test',
    );
    expect(withLogo.status, JSON.stringify(withLogo.body)).toBe(200);
    expect(withLogo.body.logoImage.path).toBe(`${backend}/skagen-logo`);
    expect(withLogo.body.keyPeople[0].image.path).toBe(`${backend}/skagen-logo`);

    const byAdmin = await send('PUT', '/api/investors/skagen-angels', profile({ name: 'Skagen Angels ApS', logoImage: `${backend}/skagen-logo` }), 'admin@nordlys.test');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.name).toBe('Skagen Angels ApS');
  });

  it('submits only when complete; the contact e-mail counts only for EMAIL', async () => {
    await send('PUT', '/api/investors/skagen-angels-2', profile({ contactEmail: null, logoImage: null }), 'talent@nordlys.test');
    const refused = await send('POST', '/api/investors/skagen-angels-2/submit', undefined, 'talent@nordlys.test');
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['contactEmail', 'logoImage']);
    expect((await send('POST', '/api/investors/skagen-angels-2/submit', undefined, 'newbie@nordlys.test')).status).toBe(403);
    expect((await send('POST', '/api/investors/skagen-angels-2/submit', undefined)).status).toBe(401);

    const ok = await send('POST', '/api/investors/skagen-angels/submit', undefined, 'newbie@nordlys.test');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.manage.submittedAt).toEqual(expect.any(String));
    expect((await send('POST', '/api/investors/fjord-ventures/submit', undefined, 'investor@nordlys.test')).status).toBe(409);
  });

  it('answers /hidden with manage to members and admins; others the public investor or 404', async () => {
    const own = await t.get('/api/investors/skagen-angels/hidden', await as('newbie@nordlys.test'));
    expect(own.status).toBe(200);
    expect(v.parse(InvestorSchema, own.body).manage?.submittedAt).toEqual(expect.any(String));
    expect((await t.get('/api/investors/skagen-angels/hidden', await as('admin@nordlys.test'))).body.manage).toBeDefined();
    expect((await t.get('/api/investors/skagen-angels/hidden', await as('talent@nordlys.test'))).status).toBe(404);
    expect((await t.get('/api/investors/skagen-angels/hidden')).status).toBe(404);
    expect((await t.get('/api/investors/skagen-angels')).status).toBe(404);
    const fjord = await t.get('/api/investors/fjord-ventures/hidden');
    expect(fjord.status).toBe(200);
    expect(fjord.body.manage).toBeUndefined();
    expect((await t.get('/api/investors/no-such-fund/hidden')).status).toBe(404);
  });

  it('filters the directory by market or country, industry and investment range', async () => {
    const fjord = await t.get('/api/investors/fjord-ventures/hidden', await as('investor@nordlys.test'));
    const current = fjord.body;
    const res = await send(
      'PUT',
      '/api/investors/fjord-ventures',
      {
        ...profile({ name: current.name, category: current.category, industries: current.industries, countryCodes: current.countryCodes, contactPreference: 'WEBSITE', contactEmail: null }),
        markets: ['europe'],
        investmentRanges: ['5m+'],
        logoImage: current.logoImage?.path ?? null,
      },
      'investor@nordlys.test',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const list = async (query: string) => v.parse(InvestorListSchema, (await t.get(`/api/investors?pageSize=100&${query}`)).body);
    const europe = await list('market=europe');
    expect(europe.investors.map((i) => i.key)).toContain('fjord-ventures');
    const nordics = await list('market=NORDICS');
    expect(nordics.investors.map((i) => i.key)).not.toContain('fjord-ventures');

    const country = current.countryCodes[0] as string;
    const byCountry = await list(`market=${country.toLowerCase()}`);
    expect(byCountry.total).toBeGreaterThan(0);
    expect(byCountry.investors.every((i) => i.countryCodes.includes(country))).toBe(true);
    expect(byCountry.investors.map((i) => i.key)).toContain('fjord-ventures');

    const saas = await list('industry=saas');
    expect(saas.investors.map((i) => i.key)).toContain('fjord-ventures');
    expect(saas.investors.every((i) => i.industries.includes('saas'))).toBe(true);
    // A ticket size keeps exactly the public investors that name it (the demo's own ones included).
    const naming = async (range: string, industry?: string) =>
      (await t.db.select().from(investors))
        .filter((i) => i.status === 'ACTIVE' && i.platforms.includes('nordlys') && i.investmentRanges.includes(range) && (!industry || i.industries.includes(industry)))
        .map((i) => i.key)
        .sort();
    const saasBig = (await list('industry=saas&investmentRange=5m%2B')).investors.map((i) => i.key);
    expect(saasBig).toContain('fjord-ventures');
    expect(saasBig.sort()).toEqual(await naming('5m+', 'saas'));
    const small = (await list('investmentRange=0-100k')).investors.map((i) => i.key);
    expect(small).not.toContain('fjord-ventures');
    expect(small.sort()).toEqual(await naming('0-100k'));
    expect((await t.get('/api/investors?market=x')).status).toBe(400);
  });

  it('deletes with the typed key: gone from the directory and its page, members removed, key still taken', async () => {
    expect((await send('DELETE', '/api/investors/skagen-angels', { confirm: 'skagen-angels' }, 'investor@nordlys.test')).status).toBe(403);
    expect((await send('DELETE', '/api/investors/skagen-angels', { confirm: 'skagen' }, 'newbie@nordlys.test')).status).toBe(400);
    expect((await send('DELETE', '/api/investors/skagen-angels', { confirm: 'skagen-angels' }, 'newbie@nordlys.test')).status).toBe(204);
    const gone = await row('skagen-angels');
    expect(gone.status).toBe('INACTIVE');
    expect(gone.deletedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(investorMembers).where(eq(investorMembers.investorId, gone.id))).toEqual([]);
    expect((await t.get('/api/investors/skagen-angels/hidden', await as('admin@nordlys.test'))).status).toBe(404);
    expect((await send('POST', '/api/investors', { name: 'S', key: 'skagen-angels' }, 'talent@nordlys.test')).status).toBe(409);

    // A public one, deleted by an admin, leaves the directory.
    expect((await send('DELETE', '/api/investors/fjord-ventures', { confirm: 'fjord-ventures' }, 'admin@nordlys.test')).status).toBe(204);
    expect((await t.get('/api/investors/fjord-ventures')).status).toBe(404);
    const all = v.parse(InvestorListSchema, (await t.get('/api/investors?search=fjord')).body);
    expect(all.investors.map((i) => i.key)).not.toContain('fjord-ventures');
  });
});
