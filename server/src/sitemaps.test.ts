/**
 * Issue #15, "Sitemaps and robots" and "Feeds for job boards", through the whole app on the demo
 * data: robots.txt, the sitemap index and every page it lists (each answers 200), no job that is not
 * public, lastmod on jobs, the split by id range, the careers and white-label hosts' own sitemaps and
 * robots.txt, and the Indeed and LinkedIn feeds (well-formed, every open job once, ETag and 304).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { sitemapPartOf } from '@nordlys/feeds';
import { child, descendants, parseXml, type XmlElement } from '@nordlys/feeds/testing';
import { CONTENT_PAGES } from '@nordlys/sdk/content-pages';
import { LANDING_PAGES } from '@nordlys/sdk/landing';
import { ROUTES, type RouteName } from '@nordlys/sdk/routes';
import { locationPath } from '@nordlys/sdk/places';
import { isBlogPostPublic, isCompanyPublic, isInvestorPublic, isJobPublic } from '@nordlys/sdk/visibility';
import { render } from '@nordlys/site/server';
import { createApp } from './app';
import { now } from './clock';
import type { Database } from './db/client';
import { blogPosts, companies, investors, jobs, locations } from './db/schema';
import { jobBoardFeedsRouter } from './job-board-feeds';
import { PARTNER_FEED_DOMAIN } from './seed/feed';
import { LISTED_ROUTES, mainRobotsGroups, NOT_IN_SITEMAP, sitemapsRouter } from './sitemaps';
import { testConfig } from './testing/config';
import { backends, openTestDatabase } from './testing/database';

/** PUBLIC_URL differs from the host the requests are sent to: every link must come from PUBLIC_URL. */
const PUBLIC_URL = 'https://nordlys.example';
const CAREERS_HOST = 'careers.northwind.test';

/** Google's reading of robots.txt rules: the longest matching pattern wins, Allow on a tie. */
function allowedByRobots(target: string): boolean {
  const [group] = mainRobotsGroups();
  const matchLength = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${body.join('.*')}${anchored ? '$' : ''}`).test(target) ? pattern.length : -1;
  };
  const allow = Math.max(-1, ...(group!.allow ?? []).map(matchLength));
  const disallow = Math.max(-1, ...(group!.disallow ?? []).map(matchLength));
  return allow >= disallow;
}

describe('robots.txt rules', () => {
  it('let crawlers read the public site and keep them out of private areas and duplicate intents', () => {
    for (const path of ['/', '/jobs', '/jobs/12', '/jobs/design-jobs-in-stockholm', '/startups/northwind-labs', '/funding/quiz', '/pricing', '/blog', '/blog/a-post', '/sitemap.xml', '/sitemaps/jobs-1.xml', '/feeds/indeed.xml', '/images/thumbnail/a.png', '/assets/app.js', '/jobs?search=react']) {
      expect(allowedByRobots(path), path).toBe(true);
    }
    for (const path of ['/client/', '/client/my-jobs', '/api/jobs', '/settings', '/profile-settings/company-x', '/dashboard', '/emailsignup', '/digest/manage/abc', '/digest/confirm?token=x', '/jobs/12/welcome', '/jobs/12/resend-applicants', '/startups/northwind-labs/welcome', '/funding/quiz/results?stage=seed', '/startups/joblistwidget/northwind-labs', '/?to=%2Fclient%2Fmy-jobs', '/jobs/12?do=save%3A12', '/jobs?search=x&do=pin%3Asearch', '/jobs/12?apply=1&surface=widget', '/jobs?email-verification-key=k']) {
      expect(allowedByRobots(path), path).toBe(false);
    }
  });
});

describe('the sitemap route lists', () => {
  it('name every route of the main host: listed, left out with a reason, or in the signed-in area', () => {
    const listed = new Set(LISTED_ROUTES);
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const route = ROUTES[name] as { path: string; built: unknown; host?: string };
      if (route.host || !route.built || route.path.startsWith(ROUTES.client.path)) continue;
      const inSitemap = listed.has(name);
      expect(inSitemap || name in NOT_IN_SITEMAP, `${name} (${route.path}) is neither listed nor left out with a reason`).toBe(true);
      expect(inSitemap && name in NOT_IN_SITEMAP, `${name} is both listed and left out`).toBe(false);
    }
  });
});

describe.each(backends)('robots.txt, sitemaps and job-board feeds on %s', (backend) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-sitemaps-'));
  const config = testConfig({ publicUrl: PUBLIC_URL, isProduction: false, mainHosts: ['localhost'] });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    app = createApp({ db: database.db, config, hostPages, pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir } });
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await database?.close();
  });

  /** A path (or a PUBLIC_URL link) requested from the main host, which is not PUBLIC_URL's. */
  const request = (target: string, init: RequestInit = {}, host = 'localhost') => {
    const path = target.startsWith(PUBLIC_URL) ? target.slice(PUBLIC_URL.length) : target;
    return app.request(`http://${host}${path}`, { ...init, headers: { Host: host, ...init.headers } });
  };
  const xmlOf = async (target: string, host?: string) => {
    const res = await request(target, {}, host);
    expect(res.status, target).toBe(200);
    expect(res.headers.get('content-type'), target).toBe('application/xml; charset=utf-8');
    return parseXml(await res.text());
  };
  const fields = (element: XmlElement) => Object.fromEntries(element.children.map((c) => [c.name, c.text]));

  /** Every job, with whether the sdk's rule (not its SQL twin) calls it public. */
  const jobRows = async () => {
    const rows = await database.db
      .select({ id: jobs.id, status: jobs.status, approvedAt: jobs.approvedAt, expirationDate: jobs.expirationDate, updatedAt: jobs.updatedAt, companyStatus: companies.status })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId));
    const at = now();
    return rows.map((row) => ({
      ...row,
      public: isJobPublic(
        { status: row.status, approvedAt: row.approvedAt?.toISOString() ?? null, expirationDate: row.expirationDate?.toISOString() ?? null },
        { status: row.companyStatus },
        { now: at },
      ),
    }));
  };

  it('answers robots.txt from PUBLIC_URL, with the rules and the sitemap index', async () => {
    const res = await request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/client\/\n/);
    expect(text).toContain('Disallow: /api/\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(text).not.toContain('localhost');
  });

  it('lists every public page in the sitemap index, and every one of them answers 200', { timeout: 600_000 }, async () => {
    const index = await xmlOf('/sitemap.xml');
    expect(index.name).toBe('sitemapindex');
    const parts = descendants(index, 'sitemap').map(fields);
    const names = parts.map((part) => part.loc!.replace(`${PUBLIC_URL}/sitemaps/`, ''));
    expect(names.slice(0, 3)).toEqual(['pages.xml', 'landing.xml', 'locations.xml']);
    expect(names).toEqual(expect.arrayContaining(['jobs-1.xml', 'startups-1.xml', 'investors-1.xml']));
    for (const part of parts) {
      expect(part.loc!.startsWith(`${PUBLIC_URL}/sitemaps/`)).toBe(true);
      if (part.loc!.includes('/sitemaps/jobs-')) expect(part.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    }

    const locs: string[] = [];
    for (const part of parts) {
      const urlset = await xmlOf(part.loc!);
      expect(urlset.name).toBe('urlset');
      for (const url of descendants(urlset, 'url')) locs.push(child(url, 'loc').text);
    }
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    // The content and landing pages are all there.
    for (const page of CONTENT_PAGES) expect(locs).toContain(PUBLIC_URL + ROUTES[page.routeName].path);
    for (const page of LANDING_PAGES) expect(locs).toContain(`${PUBLIC_URL}/jobs/${page.slug}`);

    // Every page on the first database. On the second, every page but the job pages, of which one in
    // 25: there are ~1,200, all one route, and which of them are listed is checked exactly below.
    const isJobPage = (loc: string) => /\/jobs\/\d+$/.test(loc);
    const walk = backend === backends[0] ? locs : locs.filter((loc, i) => !isJobPage(loc) || i % 25 === 0);
    const failures: string[] = [];
    for (const loc of walk) {
      const res = await request(loc);
      if (res.status !== 200) failures.push(`${res.status} ${loc}`);
      await res.body?.cancel();
    }
    expect(failures).toEqual([]);
  });

  it('lists exactly the public jobs, each with its update time as lastmod', async () => {
    const rows = await jobRows();
    // The demo has jobs that must stay out: expired, draft, unapproved or at a startup that is not live.
    expect(rows.filter((row) => !row.public).length).toBeGreaterThan(0);
    const index = await xmlOf('/sitemap.xml');
    const listed = new Map<number, string>();
    for (const loc of descendants(index, 'loc').map((l) => l.text).filter((l) => l.includes('/sitemaps/jobs-'))) {
      for (const url of descendants(await xmlOf(loc), 'url')) {
        const { loc: page, lastmod } = fields(url);
        listed.set(Number(/\/jobs\/(\d+)$/.exec(page!)![1]), lastmod!);
      }
    }
    expect([...listed.keys()].sort((a, b) => a - b)).toEqual(rows.filter((row) => row.public).map((row) => row.id).sort((a, b) => a - b));
    for (const row of rows.filter((r) => r.public)) expect(listed.get(row.id), `job ${row.id}`).toBe(row.updatedAt.toISOString());
  });

  it('lists exactly the public startups, investors and blog posts, as the sdk rules say', async () => {
    const at = now();
    const platform = (platforms: string[]) => Object.fromEntries(platforms.map((p) => [p, true]));
    const companyRows = await database.db.select({ id: companies.id, key: companies.key, status: companies.status, platforms: companies.platforms }).from(companies);
    const investorRows = await database.db.select({ key: investors.key, status: investors.status, platforms: investors.platforms }).from(investors);
    const postRows = await database.db.select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt, companyId: blogPosts.companyId }).from(blogPosts);
    const companyById = new Map(companyRows.map((c) => [c.id, { status: c.status, platform: platform(c.platforms) }]));
    const expected = {
      startups: companyRows.filter((c) => isCompanyPublic({ status: c.status, platform: platform(c.platforms) })).map((c) => `/startups/${c.key}`),
      investors: investorRows.filter((i) => isInvestorPublic({ status: i.status, platform: platform(i.platforms) })).map((i) => `/funding/${i.key}`),
      blog: postRows
        .filter((post) => isBlogPostPublic({ publishedAt: post.publishedAt?.toISOString() ?? null }, post.companyId === null ? null : companyById.get(post.companyId)!, { now: at }))
        .map((post) => `/blog/${post.slug}`),
    };
    // The demo has some of each that must stay out.
    expect(expected.startups.length).toBeLessThan(companyRows.length);
    expect(expected.blog.length).toBeLessThan(postRows.length);
    for (const [kind, paths] of Object.entries(expected)) {
      expect(paths.length, kind).toBeGreaterThan(0);
      const listed = descendants(await xmlOf(`/sitemaps/${kind}-1.xml`), 'loc').map((l) => l.text.slice(PUBLIC_URL.length));
      expect(listed.toSorted(), kind).toEqual(paths.toSorted());
    }
  });

  it('lists the location pages of the places with public jobs, each once at its canonical URL (issue #32)', async () => {
    const rows = await database.db
      .select({ id: jobs.id, isRemote: jobs.isRemote, locality: locations.locality, countryCode: locations.countryCode })
      .from(jobs)
      .leftJoin(locations, eq(locations.id, jobs.locationId));
    const open = new Set((await jobRows()).filter((row) => row.public).map((row) => row.id));
    // The places as the sdk names them: its canonical path of each public job's country and city.
    const expected = new Set(
      rows
        .filter((row) => open.has(row.id))
        .flatMap((row) => [
          ...(row.isRemote ? [locationPath('remote')] : []),
          ...(row.countryCode ? [locationPath(row.countryCode)] : []),
          ...(row.countryCode && row.locality ? [locationPath(row.countryCode, row.locality)] : []),
        ]),
    );
    expect(expected).toContain('/jobs/location/se/malmo');
    expect(expected).toContain('/jobs/location/is/reykjavik');
    const index = descendants(await xmlOf('/sitemap.xml'), 'loc').map((l) => l.text);
    expect(index).toContain(`${PUBLIC_URL}/sitemaps/locations.xml`);
    const listed = descendants(await xmlOf('/sitemaps/locations.xml'), 'loc').map((l) => l.text);
    expect(listed.every((loc) => loc.startsWith(`${PUBLIC_URL}/jobs/location/`))).toBe(true);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.map((loc) => loc.slice(PUBLIC_URL.length)).toSorted()).toEqual([...expected].toSorted());
  });

  it('drops a job from the sitemap once it expires', async () => {
    const [open] = (await jobRows()).filter((row) => row.public);
    await database.db.update(jobs).set({ expirationDate: new Date(Date.now() - 60_000) }).where(eq(jobs.id, open!.id));
    try {
      const text = await (await request('/sitemaps/jobs-1.xml')).text();
      expect(text).not.toContain(`/jobs/${open!.id}<`);
    } finally {
      await database.db.update(jobs).set({ expirationDate: open!.expirationDate }).where(eq(jobs.id, open!.id));
    }
  });

  it('splits a kind by id range: no part above its size, each page in the part of its id, the same pages in all', async () => {
    const perSitemap = 7;
    const small = new Hono().route('/', sitemapsRouter(database.db, config, { perSitemap }));
    const get = async (path: string) => {
      const res = await small.request(path);
      expect(res.status, path).toBe(200);
      return parseXml(await res.text());
    };
    const ids: number[] = [];
    const jobParts = descendants(await get('/sitemap.xml'), 'loc')
      .map((l) => l.text)
      .filter((l) => l.includes('/sitemaps/jobs-'));
    expect(jobParts.length).toBeGreaterThan(2);
    for (const loc of jobParts) {
      const part = Number(/jobs-(\d+)\.xml$/.exec(loc)![1]);
      const partIds = descendants(await get(loc.slice(PUBLIC_URL.length)), 'loc').map((l) => Number(/\/jobs\/(\d+)$/.exec(l.text)![1]));
      expect(partIds.length).toBeGreaterThan(0);
      expect(partIds.length).toBeLessThanOrEqual(perSitemap);
      for (const id of partIds) expect(sitemapPartOf(id, perSitemap), `job ${id} in part ${part}`).toBe(part);
      ids.push(...partIds);
    }
    const whole = descendants(await xmlOf('/sitemaps/jobs-1.xml'), 'loc').map((l) => Number(/\/jobs\/(\d+)$/.exec(l.text)![1]));
    expect(ids).toEqual(whole);

    // A part past the last one is an empty sitemap; a name that is none is a 404.
    expect(descendants(await get('/sitemaps/jobs-99999.xml'), 'url')).toEqual([]);
    for (const name of ['jobs-0.xml', 'jobs-01.xml', 'jobs-1.txt', 'people-1.xml', 'pages-1.xml', 'jobs.xml']) {
      expect((await small.request(`/sitemaps/${name}`)).status, name).toBe(404);
    }
  });

  it('leaves a careers or white-label host its own sitemap and robots.txt, on its https origin as PUBLIC_URL is (issue #32)', async () => {
    const careers = await xmlOf('/sitemap.xml', CAREERS_HOST);
    expect(careers.name).toBe('urlset');
    const careerLocs = descendants(careers, 'loc').map((l) => l.text);
    expect(careerLocs[0]).toBe(`https://${CAREERS_HOST}/`);
    expect(careerLocs.length).toBeGreaterThan(1);
    expect(careerLocs.every((loc) => loc.startsWith(`https://${CAREERS_HOST}/`))).toBe(true);
    const careersRobots = await request('/robots.txt', {}, CAREERS_HOST);
    expect(careersRobots.status).toBe(200);
    expect(await careersRobots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: https://${CAREERS_HOST}/sitemap.xml\n`);

    expect((await xmlOf('/sitemap.xml', PARTNER_FEED_DOMAIN)).name).toBe('urlset');
    expect(await (await request('/robots.txt', {}, PARTNER_FEED_DOMAIN)).text()).toContain(`Sitemap: https://${PARTNER_FEED_DOMAIN}/sitemap.xml`);
    // The main host's parts are not served there.
    expect((await request('/sitemaps/jobs-1.xml', {}, CAREERS_HOST)).status).toBe(404);
    expect((await request('/robots.txt', {}, 'unknown.test')).status).toBe(404);
  });

  it.each([
    ['indeed', '/feeds/indeed.xml', 'referencenumber', 'url', ['title', 'date', 'referencenumber', 'requisitionid', 'url', 'company', 'country', 'description']],
    ['linkedin', '/feeds/linkedin.xml', 'partnerJobId', 'applyUrl', ['partnerJobId', 'company', 'title', 'description', 'applyUrl', 'location', 'country', 'workplaceTypes', 'posterEmail']],
  ] as const)('serves the %s feed: every open job once at its canonical URL, with the elements the format requires', async (_, path, idField, urlField, required) => {
    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const body = await res.text();
    const source = parseXml(body);
    expect(source.name).toBe('source');
    const items = source.children.filter((c) => c.name === 'job').map(fields);
    const open = (await jobRows()).filter((row) => row.public);
    expect(items.map((item) => Number(item[idField])).sort((a, b) => a - b)).toEqual(open.map((row) => row.id).sort((a, b) => a - b));
    for (const item of items) {
      for (const name of required) expect(item[name], `${name} of job ${item[idField]}`).toBeTruthy();
      expect(item[urlField]).toBe(`${PUBLIC_URL}/jobs/${item[idField]}`);
    }
    // The description is the job's whole (sanitized) HTML, as its page shows it.
    const [first] = items;
    const [stored] = await database.db.select({ description: jobs.description }).from(jobs).where(eq(jobs.id, Number(first![idField])));
    expect(first!.description).toBe(stored!.description);
    if (path.includes('linkedin')) expect(fields(source)).toMatchObject({ publisher: 'Nordlys', publisherURL: `${PUBLIC_URL}/`, expectedJobCount: String(open.length) });

    // Read in small batches, the document is the same.
    const paged = new Hono().route('/', jobBoardFeedsRouter(database.db, config, { batchSize: 7 }));
    expect(await (await paged.request(path)).text()).toBe(body);
  });

  it('answers a feed with a weak ETag, 304 while no job changes, and a new ETag when one does', async () => {
    const first = await request('/feeds/indeed.xml');
    const tag = first.headers.get('etag')!;
    await first.body?.cancel();
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=300/);

    const again = await request('/feeds/indeed.xml', { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(await again.text()).toBe('');
    // Each feed has its own tag.
    const linkedin = await request('/feeds/linkedin.xml', { headers: { 'If-None-Match': tag } });
    expect(linkedin.status).toBe(200);
    await linkedin.body?.cancel();

    const [open] = (await jobRows()).filter((row) => row.public);
    await database.db.update(jobs).set({ title: 'Staff Engineer (updated)', updatedAt: new Date() }).where(eq(jobs.id, open!.id));
    const changed = await request('/feeds/indeed.xml', { headers: { 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(await changed.text()).toContain('Staff Engineer (updated)');
  });

  it('answers the sitemap with an ETag and 304', async () => {
    const first = await request('/sitemap.xml');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect((await request('/sitemap.xml', { headers: { 'If-None-Match': tag! } })).status).toBe(304);
  });
});
