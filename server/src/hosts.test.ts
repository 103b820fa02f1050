import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { createApp } from './app';
import type { Db } from './db/client';
import { companies, jobs, locations, whiteLabelFeeds } from './db/schema';
import { openTestDatabase, backends } from './testing/database';
import { readConfig } from './config';
import { verifiedFeedDomain } from './testing/domains';

describe.each(backends)('host routing (spec 2.5) on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config: { ...readConfig({ PUBLIC_URL: 'http://localhost' }), isProduction: true, mainHosts: ['localhost'] },
      hostPages,
    });
  });
  afterAll(() => close());

  const get = async (host: string, path: string) => {
    const res = await app.request(`http://${host}${path}`, { headers: { Host: host } });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
  };

  it("serves Northwind Labs' career page with its jobs on careers.northwind.test", async () => {
    const page = await get('careers.northwind.test', '/');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('Northwind Labs');
    const titles = await db
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(companies.key, 'northwind-labs'), eq(jobs.status, 'ACTIVE')));
    expect(titles.length).toBeGreaterThanOrEqual(5);
    for (const { id } of titles) expect(page.text).toContain(`href="/jobs/${id}"`);

    const job = await get('careers.northwind.test', `/jobs/${titles[0]!.id}`);
    expect(job.status).toBe(200);
    expect(job.text).toContain(`<link rel="canonical" href="http://localhost/jobs/${titles[0]!.id}"`);
    expect(job.text).toContain('"@type":"JobPosting"');
  });

  it("answers 404 on a careers host for another startup's job and for unknown paths", async () => {
    const [other] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(ne(companies.key, 'northwind-labs'), eq(jobs.status, 'ACTIVE')))
      .limit(1);
    expect((await get('careers.northwind.test', `/jobs/${other!.id}`)).status).toBe(404);
    const unknown = await get('careers.northwind.test', '/startups');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Page not found');
  });

  it('serves the white-label feed of Danish jobs on jobs.nordic-partner.test, with its header and search', async () => {
    const page = await get('jobs.nordic-partner.test', '/');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Nordic Partner/);
    const search = await get('jobs.nordic-partner.test', '/?search=engineer');
    expect(search.status).toBe(200);
    const ids = [...search.text.matchAll(/href="\/jobs\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    const [abroad] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(locations, eq(locations.id, jobs.locationId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(locations.countryCode, 'SE'), eq(jobs.status, 'ACTIVE'), eq(jobs.isRemote, false), eq(companies.status, 'ACTIVE')))
      .limit(1);
    expect((await get('jobs.nordic-partner.test', `/jobs/${ids[0]}`)).status).toBe(200);
    expect((await get('jobs.nordic-partner.test', `/jobs/${abroad!.id}`)).status).toBe(404);
  });

  it('serves a feed of several countries with remote jobs: every country searched, remote jobs in, other countries out', async () => {
    const [northwind] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    await db.insert(whiteLabelFeeds).values({
      companyId: northwind!.id,
      ...verifiedFeedDomain('jobs.north-east.test'),
      name: 'North East Jobs',
      filters: { countryCodes: ['NO', 'FI'], includeRemote: true },
    });
    const page = await get('jobs.north-east.test', '/');
    expect(page.status).toBe(200);
    const ids = [...page.text.matchAll(/href="\/jobs\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    const listed = await db
      .select({ id: jobs.id, isRemote: jobs.isRemote, country: locations.countryCode })
      .from(jobs)
      .leftJoin(locations, eq(locations.id, jobs.locationId))
      .where(inArray(jobs.id, ids));
    expect(listed.every((j) => j.isRemote || j.country === 'NO' || j.country === 'FI')).toBe(true);
    expect(new Set(listed.filter((j) => !j.isRemote).map((j) => j.country))).toEqual(new Set(['NO', 'FI']));

    const publicJob = (country: string, remote: boolean) =>
      db
        .select({ id: jobs.id })
        .from(jobs)
        .innerJoin(locations, eq(locations.id, jobs.locationId))
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(and(eq(locations.countryCode, country), eq(jobs.status, 'ACTIVE'), eq(jobs.isRemote, remote), eq(companies.status, 'ACTIVE')))
        .limit(1)
        .then((rows) => rows[0]!.id);
    expect((await get('jobs.north-east.test', `/jobs/${await publicJob('FI', false)}`)).status).toBe(200);
    expect((await get('jobs.north-east.test', `/jobs/${await publicJob('SE', false)}`)).status).toBe(404);
  });

  it('pages the Nordic Partner feed by ?page=N, without JavaScript, with rel prev/next: every job of it reachable (issue #32)', async () => {
    const FEED = 'jobs.nordic-partner.test';
    const { total } = JSON.parse((await get('localhost', '/api/v2/jobs?countryCodes=DK&pageSize=1')).text) as { total: number };
    const pages = Math.ceil(total / hostPages.FEED_PAGE_SIZE);
    expect(pages).toBeGreaterThan(2);
    const listed = (html: string) => [...html.matchAll(/href="\/jobs\/(\d+)"/g)].map((m) => Number(m[1]));
    const head = (html: string, rel: string) => html.match(new RegExp(`<link rel="${rel}" href="([^"]+)"`))?.[1] ?? null;

    const seen = new Set<number>();
    for (let page = 1; page <= pages; page++) {
      const answer = await get(FEED, page === 1 ? '/' : `/?page=${page}`);
      expect(answer.status).toBe(200);
      const ids = listed(answer.text);
      expect(ids).toHaveLength(page < pages ? hostPages.FEED_PAGE_SIZE : total - (pages - 1) * hostPages.FEED_PAGE_SIZE);
      for (const id of ids) expect(seen.has(id), `job ${id} again on page ${page}`).toBe(false);
      ids.forEach((id) => seen.add(id));
      expect(head(answer.text, 'prev')).toBe(page === 1 ? null : page === 2 ? `http://${FEED}/` : `http://${FEED}/?page=${page - 1}`);
      expect(head(answer.text, 'next')).toBe(page === pages ? null : `http://${FEED}/?page=${page + 1}`);
      // The same pages as links in the body, which work without JavaScript.
      if (page < pages) expect(answer.text).toContain(`href="/?page=${page + 1}" rel="next"`);
    }
    expect(seen.size).toBe(total);

    // Past the last page, or no page number: the feed's 404 page.
    expect((await get(FEED, `/?page=${pages + 1}`)).status).toBe(404);
    expect((await get(FEED, '/?page=abc')).status).toBe(404);
  });

  it("lists every job of a feed and of a startup in the host's sitemap, not the first page of a search (issue #32)", async () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>[^<]*\/jobs\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    const count = async (query: string) => (JSON.parse((await get('localhost', `/api/v2/jobs?${query}&pageSize=1`)).text) as { total: number }).total;
    const feedTotal = await count('countryCodes=DK');
    expect(feedTotal).toBeGreaterThan(50);
    const feedMap = locs((await get('jobs.nordic-partner.test', '/sitemap.xml')).text);
    expect(feedMap).toHaveLength(feedTotal);
    expect(new Set(feedMap).size).toBe(feedTotal);
    const careersMap = locs((await get('careers.northwind.test', '/sitemap.xml')).text);
    expect(careersMap).toHaveLength(await count('companyKeys=northwind-labs'));
  });

  it("shows the partner's logo in its uncropped size, its shape kept (issue #32)", async () => {
    const page = await get('jobs.nordic-partner.test', '/');
    const img = page.text.match(/<img class="feed-logo"[^>]*>/)?.[0] ?? '';
    expect(img).toMatch(/src="http:\/\/localhost\/images\/large\/[^"]+"/);
    expect(img).toContain('alt="Nordic Partner Jobs"');
    const src = img.match(/src="http:\/\/localhost([^"]+)"/)![1]!;
    const logo = await app.request(`http://localhost${src}`, { headers: { Host: 'localhost' } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\//);
    expect(img).not.toMatch(/width=/);
    expect(page.text).toMatch(/\.brand \.feed-logo\{[^}]*height:48px[^}]*max-width:240px[^}]*object-fit:contain/);
  });

  it('gives each host a sitemap of its own pages', async () => {
    const map = await get('careers.northwind.test', '/sitemap.xml');
    expect(map.status).toBe(200);
    expect(map.type).toContain('xml');
    expect(map.text).toContain('<loc>http://careers.northwind.test/jobs/');
  });

  it('answers an unknown host with a clear 404 naming it, and leaves the main host to the site', async () => {
    const unknown = await get('nobody.example', '/');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('nobody.example');
    // On the main host the careers and white-label routes do not exist (the site answers 404).
    expect((await get('localhost', '/careers')).status).toBe(404);
    expect((await get('localhost', '/whiteLabelFeed')).status).toBe(404);
    // The API answers on every host.
    expect((await get('careers.northwind.test', '/api/v2/jobs/latest/3')).status).toBe(200);
  });
  it("keeps a feed's job pages to its categories and every host's to public jobs (the sdk rules, through /api)", async () => {
    const [northwind] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, 'northwind-labs'));
    await db.insert(whiteLabelFeeds).values({
      companyId: northwind!.id,
      ...verifiedFeedDomain('design.nordic.test'),
      name: 'Nordic Design Jobs',
      filters: { countryCodes: ['DK'], categories: ['design'] },
    });
    const dkJob = (design: boolean) =>
      db
        .select({ id: jobs.id, categories: jobs.categories })
        .from(jobs)
        .innerJoin(locations, eq(locations.id, jobs.locationId))
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(and(eq(locations.countryCode, 'DK'), eq(jobs.status, 'ACTIVE'), eq(companies.status, 'ACTIVE')))
        .then((rows) => rows.find((r) => r.categories.includes('design') === design)!.id);
    const home = await get('design.nordic.test', '/');
    const listed = [...home.text.matchAll(/href="\/jobs\/(\d+)"/g)].map((m) => Number(m[1]));
    const rows = await db.select({ categories: jobs.categories }).from(jobs).where(inArray(jobs.id, listed));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.categories.includes('design'))).toBe(true);
    expect((await get('design.nordic.test', `/jobs/${await dkJob(true)}`)).status).toBe(200);
    // In the feed's country but not its categories: the page the list would never link to is not served either.
    expect((await get('design.nordic.test', `/jobs/${await dkJob(false)}`)).status).toBe(404);

    // A paused job of Northwind is no page on its career host, though it is the startup's own.
    const [own] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.companyId, northwind!.id), eq(jobs.status, 'ACTIVE')))
      .limit(1);
    expect((await get('careers.northwind.test', `/jobs/${own!.id}`)).status).toBe(200);
    await db.update(jobs).set({ status: 'STOPPED' }).where(eq(jobs.id, own!.id));
    expect((await get('careers.northwind.test', `/jobs/${own!.id}`)).status).toBe(404);
    expect((await get('careers.northwind.test', '/')).text).not.toContain(`href="/jobs/${own!.id}"`);
    await db.update(jobs).set({ status: 'ACTIVE' }).where(eq(jobs.id, own!.id));
  });
});
