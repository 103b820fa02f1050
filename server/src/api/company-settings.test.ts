import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { CompanySchema, DomainCheckSchema } from '@nordlys/sdk/schemas';
import { createApp } from '../app';
import { readConfig } from '../config';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { TestResolver } from '../dns/test-resolver';
import { signInDemo } from '../testing/app';
import { backends, openTestDatabase } from '../testing/database';
import { DOMAIN_CHECK_LIMIT } from './company-settings';

const SITE_HOST = 'nordlys.example';

describe.each(backends)('startup settings and the domain check on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const resolver = new TestResolver({
    [SITE_HOST]: { a: ['192.0.2.10'] },
    'jobs.acme.test': { cname: SITE_HOST },
    'jobs.elsewhere.test': { cname: 'hosting.test' },
    'hosting.test': { a: ['198.51.100.7'] },
    'acme.test': { a: ['192.0.2.10'] },
    'down.test': { fail: true },
  });
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config: { ...readConfig({ PUBLIC_URL: `https://${SITE_HOST}` }), isProduction: true, mainHosts: [SITE_HOST, 'localhost'], trustProxy: true },
      hostPages,
      resolver,
    });
    for (const who of ['founder', 'admin', 'talent', 'draft']) cookies[who] = await signInDemo((p, i) => app.request(p, i), `${who}@nordlys.test`);
  });
  afterAll(() => close());

  const as = (who: string | null): Record<string, string> => (who ? { cookie: cookies[who]! } : {});
  async function call(method: string, path: string, who: string | null, body?: unknown) {
    const res = await app.request(path, {
      method,
      headers: { ...as(who), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const settings = (key: string, who: string | null, body: unknown) => call('PUT', `/api/companies/${key}/settings`, who, body);
  const check = (domain: string, who: string | null = 'founder') => call('POST', '/api/domain-check', who, { domain });

  describe('PUT settings', () => {
    const body = { careersDomain: 'jobs.northwind.test', applicationsEmail: 'hiring@northwind.test', connectUrl: 'northwind.test/connect' };

    it('answers 401 signed out, 403 for a non-member, 404 for an unknown key', async () => {
      expect((await settings('northwind-labs', null, body)).status).toBe(401);
      expect((await settings('northwind-labs', 'talent', body)).status).toBe(403);
      expect((await settings('no-such-startup', 'admin', body)).status).toBe(404);
    });

    it('saves for a member and answers the company with `manage`; the new domain is claimed, served only once proven (issue #33)', async () => {
      // The demo's verified domain serves Northwind's career page (spec 2.5).
      expect((await app.request('http://careers.northwind.test/', { headers: { Host: 'careers.northwind.test' } })).status).toBe(200);
      const res = await settings('northwind-labs', 'founder', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const company = v.parse(CompanySchema, res.body);
      expect(company.manage).toMatchObject({ careersDomain: 'jobs.northwind.test', applicationsEmail: 'hiring@northwind.test', connectUrl: 'http://northwind.test/connect' }); // spec 5: http:// is added
      expect(company.manage?.careersDomainClaim).toMatchObject({ domain: 'jobs.northwind.test', state: 'claimed', records: { txt: { name: '_nordlys.jobs.northwind.test' } } });

      // Host routing: the new domain serves nothing until it is proven, and the old one nothing any more.
      expect((await app.request('http://jobs.northwind.test/', { headers: { Host: 'jobs.northwind.test' } })).status).toBe(404);
      expect((await app.request('http://careers.northwind.test/', { headers: { Host: 'careers.northwind.test' } })).status).toBe(404);
    });

    it('an admin may save too; blank fields are cleared', async () => {
      const res = await settings('northwind-labs', 'admin', { careersDomain: '', applicationsEmail: '', connectUrl: '' });
      expect(res.status).toBe(200);
      expect(res.body.manage).toMatchObject({ careersDomain: null, applicationsEmail: null, connectUrl: null });
      const [row] = await db.select({ careersDomain: companies.careersDomain }).from(companies).where(eq(companies.key, 'northwind-labs'));
      expect(row!.careersDomain).toBeNull();
      // Back as the demo has it, for the tests that follow.
      expect((await settings('northwind-labs', 'founder', { careersDomain: 'careers.northwind.test' })).status).toBe(200);
    });

    it('refuses a malformed domain, a bad e-mail (400 with field messages) and the site\'s own host', async () => {
      const bad = await settings('northwind-labs', 'founder', { careersDomain: 'not a domain', applicationsEmail: 'nope' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['applicationsEmail', 'careersDomain']);
      for (const own of [SITE_HOST, 'localhost']) {
        const res = await settings('northwind-labs', 'founder', { careersDomain: own });
        expect(res.status).toBe(400);
        expect(res.body.errors.careersDomain[0]).toContain("this site's own address");
      }
    });

    it("answers 409 for a domain another profile has verified (any case); a claim nobody proved is no conflict", async () => {
      const feed = await settings('draft-startup', 'draft', { careersDomain: 'Jobs.Nordic-Partner.test' });
      expect(feed.status).toBe(409);
      expect(feed.body).toMatchObject({ code: 'E_CONFLICT', errors: { careersDomain: [expect.stringContaining('already used')] } });
      // Northwind's domain was claimed again above, and is not proven: another startup may claim it too.
      expect((await settings('draft-startup', 'draft', { careersDomain: 'careers.northwind.test' })).status).toBe(200);
      expect((await settings('draft-startup', 'draft', { careersDomain: '' })).status).toBe(200);
    });
  });

  describe('POST domain-check', () => {
    beforeAll(async () => {
      // The domains checked below are claimed first: the check answers only for the caller's own claims.
      expect((await settings('northwind-labs', 'founder', { careersDomain: 'jobs.acme.test' })).status).toBe(200);
      expect((await settings('draft-startup', 'draft', { careersDomain: 'jobs.elsewhere.test' })).status).toBe(200);
    });

    it('answers 401 signed out and 400 for a malformed domain', async () => {
      expect((await check('jobs.acme.test', null)).status).toBe(401);
      const bad = await check('-bad-.test');
      expect(bad.status).toBe(400);
      expect(bad.body.errors.domain).toBeDefined();
    });

    it('answers the claim with its records, whether it is proven, and whether the domain points here', async () => {
      const here = await check('Jobs.Acme.test');
      expect(here.status).toBe(200);
      expect(here.headers.get('cache-control')).toBe('private, no-store');
      expect(v.parse(DomainCheckSchema, here.body)).toMatchObject({
        domain: 'jobs.acme.test',
        state: 'claimed',
        records: { txt: { type: 'TXT', name: '_nordlys.jobs.acme.test' }, cname: { type: 'CNAME', name: 'jobs.acme.test', value: `northwind-labs.${SITE_HOST}` } },
        proof: null,
        pointsHere: true,
        found: [SITE_HOST],
        checkedAt: expect.any(String),
      });
      expect((await check('jobs.elsewhere.test', 'draft')).body).toMatchObject({ pointsHere: false, found: ['hosting.test', '198.51.100.7'] });
    });

    it('answers 503 E_UNAVAILABLE when DNS does not answer', async () => {
      expect((await settings('northwind-labs', 'founder', { careersDomain: 'down.test' })).status).toBe(200);
      const res = await check('down.test');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'E_UNAVAILABLE', message: expect.stringContaining('check again') });
    });

    it(`is limited to ${DOMAIN_CHECK_LIMIT.max} checks per user per window (429), asking DNS nothing more`, async () => {
      // draft has made one check so far.
      for (let i = 1; i < DOMAIN_CHECK_LIMIT.max; i++) expect((await check('jobs.elsewhere.test', 'draft')).status).toBe(200);
      const asked = resolver.asked.length;
      const refused = await check('jobs.elsewhere.test', 'draft');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(resolver.asked.length).toBe(asked);
      expect((await check('jobs.elsewhere.test', 'admin')).status).toBe(200);
    });
  });
});
