import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { ManagedFeedListSchema, ManagedFeedSchema, type WhiteLabelFeedInput } from '@nordlys/sdk/schemas';
import { createApp } from '../app';
import { readConfig } from '../config';
import type { Db } from '../db/client';
import { companies, images, users, whiteLabelFeeds } from '../db/schema';
import { TestResolver } from '../dns/test-resolver';
import { signInDemo } from '../testing/app';
import { backends, openTestDatabase } from '../testing/database';

const SITE_HOST = 'nordlys.example';
const FEEDS = '/api/companies/northwind-labs/white-label-feeds';

describe.each(backends)('white-label feeds on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const cookies: Record<string, string> = {};
  const resolver = new TestResolver();

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

  async function call(method: string, path: string, who: string | null, body?: unknown) {
    const res = await app.request(path, {
      method,
      headers: { ...(who ? { cookie: cookies[who]! } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const onHost = async (host: string, path = '/') => {
    const res = await app.request(`http://${host}${path}`, { headers: { Host: host } });
    return { status: res.status, text: await res.text() };
  };

  const input = (overrides: Partial<WhiteLabelFeedInput> = {}): WhiteLabelFeedInput => ({
    name: 'Northwind Friends',
    domain: 'jobs.northwind-friends.test',
    description: 'Jobs at Northwind Labs, for our friends.',
    logoImage: null,
    filters: { countryCodes: ['DK', 'DK'], includeRemote: true, companyKeys: ['northwind-labs'] },
    ...overrides,
  });

  /** Proves a feed's domain (issue #33): its TXT record with the feed's token, then "Check now". */
  async function prove(feed: { domain: string; domainClaim: { records: { txt: { name: string; value: string } } } }) {
    resolver.records[feed.domainClaim.records.txt.name] = { txt: [feed.domainClaim.records.txt.value] };
    const res = await call('POST', '/api/domain-check', 'founder', { domain: feed.domain });
    expect(res.body).toMatchObject({ state: 'verified', proof: 'TXT' });
  }

  async function partnerFeedId(): Promise<number> {
    const [row] = await db.select({ id: whiteLabelFeeds.id }).from(whiteLabelFeeds).where(eq(whiteLabelFeeds.domain, 'jobs.nordic-partner.test'));
    return row!.id;
  }

  it('GET answers 401 signed out, 403 for a non-member, the feeds for a member or admin', async () => {
    expect((await call('GET', FEEDS, null)).status).toBe(401);
    expect((await call('GET', FEEDS, 'talent')).status).toBe(403);
    const own = await call('GET', FEEDS, 'founder');
    expect(own.status).toBe(200);
    expect(v.parse(ManagedFeedListSchema, own.body)).toEqual({ feeds: [] });
    const partner = await call('GET', '/api/companies/nordic-partner/white-label-feeds', 'admin');
    expect(partner.status).toBe(200);
    expect(v.parse(ManagedFeedListSchema, partner.body).feeds).toEqual([
      expect.objectContaining({ domain: 'jobs.nordic-partner.test', name: 'Nordic Partner Jobs', company: expect.objectContaining({ key: 'nordic-partner' }) }),
    ]);
    expect((await call('GET', '/api/companies/no-such-startup/white-label-feeds', 'admin')).status).toBe(404);
  });

  it('POST creates a feed for a member (201), which serves on its domain once the domain is proven', async () => {
    expect((await onHost('jobs.northwind-friends.test')).status).toBe(404);
    expect((await call('POST', FEEDS, null, input())).status).toBe(401);
    expect((await call('POST', FEEDS, 'talent', input())).status).toBe(403);

    // Northwind's own logo (a demo image of the startup) may be the feed's logo.
    const [logo] = await db.select({ path: images.path }).from(companies).innerJoin(images, eq(images.id, companies.logoImageId)).where(eq(companies.key, 'northwind-labs'));
    const res = await call('POST', FEEDS, 'founder', input({ logoImage: logo!.path }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const feed = v.parse(ManagedFeedSchema, res.body);
    expect(feed).toMatchObject({
      name: 'Northwind Friends',
      domain: 'jobs.northwind-friends.test',
      description: 'Jobs at Northwind Labs, for our friends.',
      filters: { countryCodes: ['DK'], includeRemote: true, companyKeys: ['northwind-labs'] },
      company: { key: 'northwind-labs', name: 'Northwind Labs' },
    });
    expect(feed.logoImage?.path).toBe(logo!.path);

    // spec 2.5: the feed's domain serves the feed through host routing, once proven (issue #33).
    expect(feed.domainClaim.state).toBe('claimed');
    expect((await onHost('jobs.northwind-friends.test')).status).toBe(404);
    await prove(feed);
    const page = await onHost('jobs.northwind-friends.test');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Northwind Friends');
    expect((await call('GET', FEEDS, 'founder')).body.feeds.map((f: { id: number }) => f.id)).toEqual([feed.id]);
  });

  it('an admin may create one for any startup', async () => {
    const res = await call('POST', '/api/companies/draft-startup/white-label-feeds', 'admin', input({ domain: 'jobs.draft-feed.test', filters: {} }));
    expect(res.status).toBe(201);
    expect(res.body.filters).toEqual({});
  });

  it('refuses bad input with field messages (400), a taken domain (409) and the site host (400)', async () => {
    const bad = await call('POST', FEEDS, 'founder', { name: '', domain: 'not a domain', filters: { countryCodes: ['dk'] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['domain', 'filters', 'name']);

    for (const domain of ['jobs.nordic-partner.test', 'Careers.Northwind.test', 'jobs.northwind-friends.test']) {
      const taken = await call('POST', FEEDS, 'founder', input({ domain }));
      expect(taken.status, domain).toBe(409);
      expect(taken.body).toMatchObject({ code: 'E_CONFLICT', errors: { domain: [expect.stringContaining('already used')] } });
    }
    const own = await call('POST', FEEDS, 'founder', input({ domain: SITE_HOST }));
    expect(own.status).toBe(400);
    expect(own.body.errors.domain).toBeDefined();
  });

  it("refuses a logo that does not exist or was uploaded for another startup, and unknown startups", async () => {
    const missing = await call('POST', FEEDS, 'founder', input({ domain: 'a.northwind-friends.test', logoImage: 'uploads/nope.webp' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.logoImage).toEqual(['The logo must be an image uploaded for this startup']);

    const [draft] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'draft-startup'));
    const [draftUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'draft@nordlys.test'));
    await db.insert(images).values({ path: `uploads/draft-logo-${backend}.webp`, kind: 'logo', ownerKind: 'company', ownerId: draft!.id, uploadedBy: draftUser!.id });
    const foreign = await call('POST', FEEDS, 'founder', input({ domain: 'a.northwind-friends.test', logoImage: `uploads/draft-logo-${backend}.webp` }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.logoImage).toBeDefined();

    const unknown = await call('POST', FEEDS, 'founder', input({ domain: 'a.northwind-friends.test', filters: { companyKeys: ['no-such-startup'] } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.filters).toEqual(['No startup has the address no-such-startup']);
    expect((await call('GET', FEEDS, 'founder')).body.feeds).toHaveLength(1);
  });

  it('PUT edits a feed of the company (its own domain is no conflict); another company\'s feed is 404', async () => {
    const [feed] = (await call('GET', FEEDS, 'founder')).body.feeds;
    const path = `${FEEDS}/${feed.id}`;
    expect((await call('PUT', path, null, input())).status).toBe(401);
    expect((await call('PUT', path, 'talent', input())).status).toBe(403);

    const renamed = await call('PUT', path, 'founder', input({ name: 'Friends of Northwind', description: '  ' }));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: feed.id, name: 'Friends of Northwind', description: null, logoImage: null });
    expect((await onHost('jobs.northwind-friends.test')).text).toContain('Friends of Northwind');

    // A new domain is a new claim: neither domain serves until the new one is proven.
    const moved = await call('PUT', path, 'admin', input({ domain: 'careers.northwind-friends.test' }));
    expect(moved.status).toBe(200);
    expect(moved.body.domainClaim).toMatchObject({ state: 'claimed' });
    expect(moved.body.domainClaim.records.txt.value).not.toBe(feed.domainClaim.records.txt.value);
    expect((await onHost('jobs.northwind-friends.test')).status).toBe(404);
    expect((await onHost('careers.northwind-friends.test')).status).toBe(404);
    await prove(moved.body);
    expect((await onHost('careers.northwind-friends.test')).status).toBe(200);

    const foreign = await call('PUT', `${FEEDS}/${await partnerFeedId()}`, 'founder', input({ domain: 'x.northwind-friends.test' }));
    expect(foreign.status).toBe(404);
    expect((await call('PUT', `${FEEDS}/999999`, 'founder', input())).status).toBe(404);
    expect((await call('PUT', `${FEEDS}/abc`, 'founder', input())).status).toBe(400);
  });

  it("DELETE removes a feed of the company (its domain then serves nothing); another company's is 404", async () => {
    const [feed] = (await call('GET', FEEDS, 'founder')).body.feeds;
    const path = `${FEEDS}/${feed.id}`;
    expect((await call('DELETE', path, null)).status).toBe(401);
    expect((await call('DELETE', path, 'talent')).status).toBe(403);
    expect((await call('DELETE', `${FEEDS}/${await partnerFeedId()}`, 'founder')).status).toBe(404);
    expect((await onHost('jobs.nordic-partner.test')).status).toBe(200);

    expect((await call('DELETE', path, 'founder')).status).toBe(204);
    expect((await call('GET', FEEDS, 'founder')).body.feeds).toEqual([]);
    expect((await onHost('careers.northwind-friends.test')).status).toBe(404);
    expect((await call('DELETE', path, 'admin')).status).toBe(404);

    // An admin deletes any startup's feed.
    const [draftFeed] = (await call('GET', '/api/companies/draft-startup/white-label-feeds', 'admin')).body.feeds;
    expect((await call('DELETE', `/api/companies/draft-startup/white-label-feeds/${draftFeed.id}`, 'admin')).status).toBe(204);
    expect((await call('GET', '/api/companies/draft-startup/white-label-feeds', 'draft')).body.feeds).toEqual([]);
  });
});
