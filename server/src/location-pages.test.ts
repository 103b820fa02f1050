/**
 * Issue #32 item 7: location URLs typed as people type them. A city matches without case and accents
 * (the job search and the page alike), any other spelling of a place answers 301 to its canonical URL,
 * a country's name (English or its own) to its code's page, and a city no job was published in is a 404.
 * The page advertises its search's feeds, which list the same jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { LIMITS } from '@nordlys/sdk/constants';
import { render } from '@nordlys/site/server';
import { createApp } from './app';
import { now } from './clock';
import type { Database } from './db/client';
import { companies, jobs, locations } from './db/schema';
import { jobIsPublic } from './queries/visibility';
import { testConfig } from './testing/config';
import { backends, openTestDatabase } from './testing/database';

const PUBLIC_URL = 'https://nordlys.example';

describe.each(backends)('location pages on %s', (backend) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-locations-'));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const config = testConfig({ publicUrl: PUBLIC_URL, isProduction: false, mainHosts: ['localhost'] });
    app = createApp({ db: database.db, config, hostPages, pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir } });
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await database?.close();
  });

  const request = (path: string) => app.request(`http://localhost${path}`, { headers: { Host: 'localhost', Accept: 'text/html' } });
  /** The public jobs of a city, counted in SQL by its exact spelling. */
  const publicJobsIn = async (countryCode: string, locality: string) => {
    const [row] = await database.db
      .select({ n: count() })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .innerJoin(locations, eq(locations.id, jobs.locationId))
      .where(and(jobIsPublic(now()), eq(locations.countryCode, countryCode), eq(locations.locality, locality)));
    return row!.n;
  };
  const searchTotal = async (query: string) => ((await (await request(`/api/v2/jobs?${query}`)).json()) as { total: number }).total;
  const description = (html: string) => html.match(/<meta name="description" content="(.*?)">/)?.[1];

  it('the job search finds a city by any spelling: case and accents do not count', async () => {
    const malmo = await publicJobsIn('SE', 'Malmö');
    const reykjavik = await publicJobsIn('IS', 'Reykjavík');
    expect(malmo).toBeGreaterThan(0);
    expect(reykjavik).toBeGreaterThan(0);
    for (const city of ['Malmö', 'malmo', 'MALMÖ', 'malmö', 'MALMO']) expect(await searchTotal(`countryCode=SE&city=${encodeURIComponent(city)}`), city).toBe(malmo);
    for (const city of ['Reykjavík', 'reykjavik', 'REYKJAVIK']) expect(await searchTotal(`countryCode=IS&city=${encodeURIComponent(city)}`), city).toBe(reykjavik);
    expect(await searchTotal('countryCode=SE&city=atlantis')).toBe(0);
  });

  it('shows a city\'s jobs at its canonical URL, the city spelled as its jobs spell it', async () => {
    for (const [path, locality, countryCode, heading] of [
      ['/jobs/location/se/malmo', 'Malmö', 'SE', 'Startup jobs in Malmö, Sweden'],
      ['/jobs/location/is/reykjavik', 'Reykjavík', 'IS', 'Startup jobs in Reykjavík, Iceland'],
    ] as const) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1>${heading}</h1>`);
      const total = await publicJobsIn(countryCode, locality);
      expect(description(html), path).toBe(`${total} open jobs at Nordic startups. ${heading}.`);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}">`);
    }
  });

  it('redirects (301) every other spelling of a place to its canonical URL, the query kept', async () => {
    for (const [from, to] of [
      ['/jobs/location/se/malm%C3%B6', '/jobs/location/se/malmo'],
      ['/jobs/location/se/MALM%C3%96', '/jobs/location/se/malmo'],
      ['/jobs/location/SE/Malmo?sort=newest', '/jobs/location/se/malmo?sort=newest'],
      ['/jobs/location/is/reykjav%C3%ADk', '/jobs/location/is/reykjavik'],
      ['/jobs/location/denmark', '/jobs/location/dk'],
      ['/jobs/location/danmark', '/jobs/location/dk'],
      ['/jobs/location/sweden', '/jobs/location/se'],
      ['/jobs/location/Sverige/Malm%C3%B6', '/jobs/location/se/malmo'],
      ['/jobs/location/norway', '/jobs/location/no'],
      ['/jobs/location/norge', '/jobs/location/no'],
      ['/jobs/location/finland', '/jobs/location/fi'],
      ['/jobs/location/suomi', '/jobs/location/fi'],
      ['/jobs/location/iceland', '/jobs/location/is'],
      ['/jobs/location/%C3%ADsland/reykjav%C3%ADk', '/jobs/location/is/reykjavik'],
    ]) {
      const res = await request(from!);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
      // The canonical URL answers: one hop, no chain.
      expect((await request(to!)).status, to).toBe(200);
    }
  });

  it('answers 404 for a city no job was published in and for a place that is no country, not an empty search', async () => {
    for (const path of ['/jobs/location/se/atlantis', '/jobs/location/dk/malmo', '/jobs/location/atlantis', '/jobs/location/atlantis/malmo', '/jobs/location/se/--']) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
    expect((await app.request('/api/v2/places/SE/atlantis')).status).toBe(404);
    expect(await (await app.request('/api/v2/places/se/MALM%C3%96')).json()).toEqual({ countryCode: 'SE', city: 'Malmö', jobs: await publicJobsIn('SE', 'Malmö') });
  });

  it("advertises the city's search feeds, which list its jobs", async () => {
    const html = await (await request('/jobs/location/se/malmo')).text();
    const rss = html.match(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)">/)?.[1]?.replace(/&amp;/g, '&');
    expect(rss).toBeDefined();
    expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml"/);
    expect(html).toMatch(/<link rel="alternate" type="application\/feed\+json"/);
    const feed = await (await request(rss!.slice(PUBLIC_URL.length))).text();
    const items = feed.match(/<item>/g)?.length ?? 0;
    // The feed's one page: the newest LIMITS.jobsPageSizeMax jobs of the search.
    expect(items).toBe(Math.min(LIMITS.jobsPageSizeMax, await publicJobsIn('SE', 'Malmö')));
  });
});
