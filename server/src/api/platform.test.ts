import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanyListSchema, InvestorListSchema, UserSchema } from '@nordlys/sdk/schemas';
import { companies, investors } from '../db/schema';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('platform routes and public listing on %s', (backend) => {
  const t = useTestApp(backend);
  const connect = (owner: 'companies' | 'investors', key: string, body: unknown, cookie?: string) =>
    t.send(`/api/${owner}/${key}/platform`, body, { headers: cookie ? { cookie } : {} });

  it('answers 401 logged out, 400 for an unknown platform, 404 for an unknown key and 403 for a non-member', async () => {
    const logged = await connect('companies', 'polaris-impact', { platform: 'nordlys' });
    expect(logged.status).toBe(401);
    expect(logged.body.message).toBe('Please log in to continue');

    const sister = await t.signIn('sister@nordlys.test');
    for (const body of [{ platform: 'mars' }, { platform: '' }, {}]) {
      const bad = await connect('companies', 'polaris-impact', body, sister);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors.platform).toBeDefined();
    }
    expect((await connect('companies', 'polaris-impact', { platform: 'mars' }, sister)).body.errors.platform).toEqual([
      'platform must be one of: nordlys, sister',
    ]);

    const unknown = await connect('companies', 'no-such-startup', { platform: 'nordlys' }, sister);
    expect(unknown.status).toBe(404);
    expect((await connect('investors', 'no-such-investor', { platform: 'nordlys' }, sister)).status).toBe(404);

    const founder = await t.signIn('founder@nordlys.test');
    const stranger = await connect('companies', 'polaris-impact', { platform: 'nordlys' }, founder);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('E_FORBIDDEN');
    expect((await connect('investors', 'fjord-ventures', { platform: 'sister' }, founder)).status).toBe(403);
    const [polaris] = await t.db.select({ platforms: companies.platforms }).from(companies).where(eq(companies.key, 'polaris-impact'));
    expect(polaris!.platforms).toEqual(['sister']);
  });

  it('keeps the sister-only Polaris Impact out of the public listing until its admin connects it', async () => {
    const search = async () => v.parse(CompanyListSchema, (await t.get('/api/companiesProper?search=polaris')).body);
    expect((await search()).companies.map((c) => c.key)).not.toContain('polaris-impact');
    expect((await t.get('/api/companies/polaris-impact')).status).toBe(404);
    expect((await t.get('/api/companies/polaris-impact/jobs')).status).toBe(404);

    const sister = await t.signIn('sister@nordlys.test');
    // Its member sees it through /hidden; others do not.
    expect((await t.get('/api/companies/polaris-impact/hidden', { cookie: sister })).status).toBe(200);
    expect((await t.get('/api/companies/polaris-impact/hidden')).status).toBe(404);
    const before = v.parse(UserSchema, (await t.get('/api/users/me', { cookie: sister })).body);
    expect(before.companies).toEqual([expect.objectContaining({ key: 'polaris-impact', status: 'ACTIVE', platform: { sister: true } })]);

    const res = await connect('companies', 'polaris-impact', { platform: 'nordlys' }, sister);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    // Idempotent: connecting again changes nothing.
    expect((await connect('companies', 'polaris-impact', { platform: 'nordlys' }, sister)).status).toBe(204);
    const [row] = await t.db.select({ platforms: companies.platforms }).from(companies).where(eq(companies.key, 'polaris-impact'));
    expect(row!.platforms).toEqual(['sister', 'nordlys']);

    expect((await search()).companies.map((c) => c.key)).toContain('polaris-impact');
    const page = await t.get('/api/companies/polaris-impact');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ name: 'Polaris Impact', platform: { sister: true, nordlys: true } });
    const after = v.parse(UserSchema, (await t.get('/api/users/me', { cookie: sister })).body);
    expect(after.companies[0]!.platform).toEqual({ sister: true, nordlys: true });
  });

  it('lets an admin list any startup, and shows drafts through /hidden to members and admins only', async () => {
    const admin = await t.signIn('admin@nordlys.test');
    expect((await connect('companies', 'draft-startup', { platform: 'sister' }, admin)).status).toBe(204);
    const draft = await t.signIn('draft@nordlys.test');
    const hidden = await t.get('/api/companies/draft-startup/hidden', { cookie: draft });
    expect(hidden.status).toBe(200);
    expect(hidden.body.status).toBe('DRAFT');
    expect(hidden.headers.get('cache-control')).toBe('private, no-store');
    expect((await t.get('/api/companies/draft-startup/hidden', { cookie: admin })).status).toBe(200);
    expect((await t.get('/api/companies/draft-startup/hidden', { cookie: await t.signIn('founder@nordlys.test') })).status).toBe(404);
    // A public company is answered to anyone.
    expect((await t.get('/api/companies/northwind-labs/hidden')).status).toBe(200);
  });

  it('hides investors not on this platform until a member connects them', async () => {
    await t.db.update(investors).set({ platforms: ['sister'] }).where(eq(investors.key, 'fjord-ventures'));
    const list = async () => v.parse(InvestorListSchema, (await t.get('/api/investors?search=fjord')).body).investors.map((i) => i.key);
    expect(await list()).not.toContain('fjord-ventures');
    expect((await t.get('/api/investors/fjord-ventures')).status).toBe(404);

    const investor = await t.signIn('investor@nordlys.test');
    expect((await connect('investors', 'fjord-ventures', { platform: 'nordlys' }, investor)).status).toBe(204);
    expect(await list()).toContain('fjord-ventures');
    expect((await t.get('/api/investors/fjord-ventures')).status).toBe(200);
    const user = v.parse(UserSchema, (await t.get('/api/users/me', { cookie: investor })).body);
    expect(user.investors[0]).toMatchObject({ key: 'fjord-ventures', platform: { sister: true, nordlys: true }, adminUrl: '/client/investors/fjord-ventures' });
  });

  it('leaves jobs alone: a job of a startup not listed here stays public (documented choice)', async () => {
    const [job] = (await t.get('/api/companies/northwind-labs/jobs')).body.jobs as { id: number }[];
    await t.db.update(companies).set({ platforms: ['sister'] }).where(eq(companies.key, 'northwind-labs'));
    try {
      expect((await t.get('/api/companies/northwind-labs')).status).toBe(404);
      expect((await t.get(`/api/jobs/single/${job!.id}`)).status).toBe(200);
    } finally {
      await t.db.update(companies).set({ platforms: ['nordlys', 'sister'] }).where(eq(companies.key, 'northwind-labs'));
    }
  });
});
