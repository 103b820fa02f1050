/** Issue #14: the job search's own feeds (RSS, Atom, JSON Feed) for the filters of /jobs, with Cache-Control and a strong ETag. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, jobs, locations } from './db/schema';
import { useTestApp } from './testing/app';
import { backends } from './testing/database';

const DAY = 86_400_000;

describe.each(backends)('the job search feeds on %s', (backend) => {
  const t = useTestApp(backend);
  const word = `feedwombat${backend}`;
  const ids = { older: 0, newer: 0, sweden: 0, paused: 0 };

  beforeAll(async () => {
    const [company] = await t.db.insert(companies).values({ key: `feeds-${backend}`, name: 'Feed Works', status: 'ACTIVE' }).returning({ id: companies.id });
    const [dk, se] = await t.db
      .insert(locations)
      .values([
        { locality: 'Aarhus', countryCode: 'DK' },
        { locality: 'Lund', countryCode: 'SE' },
      ])
      .returning({ id: locations.id });
    const job = (title: string, daysAgo: number, locationId: number, more: Partial<typeof jobs.$inferInsert> = {}) => ({
      companyId: company!.id,
      title,
      status: 'ACTIVE' as const,
      approvedAt: new Date(Date.now() - daysAgo * DAY),
      expirationDate: new Date(Date.now() + 30 * DAY),
      locationId,
      categories: ['frontend'],
      description: '<p>Feeds</p>',
      ...more,
    });
    const rows = await t.db
      .insert(jobs)
      .values([
        job(`${word} older <b>developer</b> & co`, 3, dk!.id),
        job(`${word} newer developer`, 1, dk!.id),
        job(`${word} developer in Sweden`, 1, se!.id),
        job(`${word} paused developer`, 1, dk!.id, { status: 'STOPPED' }),
      ])
      .returning({ id: jobs.id });
    [ids.older, ids.newer, ids.sweden, ids.paused] = rows.map((r) => r.id) as [number, number, number, number];
  });

  const query = `search=${word}&countryCode=DK`;

  it('answers RSS for the filters: the public jobs the search finds, newest first, with links from PUBLIC_URL', async () => {
    const res = await t.request(`/jobs/feed.rss?${query}`, { headers: { Host: 'evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml')).toBe(true);
    expect([...xml.matchAll(/<guid isPermaLink="true">([^<]+)<\/guid>/g)].map((m) => m[1])).toEqual([
      `http://localhost/jobs/${ids.newer}`,
      `http://localhost/jobs/${ids.older}`,
    ]);
    expect(xml).toContain(`<title>Nordlys: ${word} · Denmark</title>`);
    expect(xml).toContain(`<link>http://localhost/jobs?${query.replace('&', '&amp;')}</link>`);
    expect(xml).toContain(`<atom:link href="http://localhost/jobs/feed.rss?${query.replace('&', '&amp;')}" rel="self" type="application/rss+xml"/>`);
    // Markup in a title stays text.
    expect(xml).toContain('&lt;b&gt;developer&lt;/b&gt; &amp; co');
    expect(xml).not.toContain('evil.example');
  });

  it('answers Atom and JSON Feed with the same jobs', async () => {
    const atom = await t.request(`/jobs/feed.atom?${query}`);
    expect(atom.status).toBe(200);
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await atom.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect([...xml.matchAll(/<entry>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1])).toEqual([`http://localhost/jobs/${ids.newer}`, `http://localhost/jobs/${ids.older}`]);

    const json = await t.request(`/jobs/feed.json?${query}&categories=frontend`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toContain('application/feed+json');
    const feed = await json.json();
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`http://localhost/jobs/feed.json?${query}&categories=frontend`);
    expect(feed.items.map((i: { id: string }) => i.id)).toEqual([`http://localhost/jobs/${ids.newer}`, `http://localhost/jobs/${ids.older}`]);

    const sweden = await (await t.request(`/jobs/feed.json?search=${word}&countryCode=SE`)).json();
    expect(sweden.items.map((i: { id: string }) => i.id)).toEqual([`http://localhost/jobs/${ids.sweden}`]);
  });

  it('sends Cache-Control and a strong ETag; If-None-Match answers 304, and a new job changes the ETag', async () => {
    const first = await t.request(`/jobs/feed.rss?${query}`);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect((await t.request(`/jobs/feed.rss?${query}`)).headers.get('etag')).toBe(tag);

    const again = await t.request(`/jobs/feed.rss?${query}`, { headers: { 'If-None-Match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toMatch(/^public/);

    // The paused job goes live: the feed changes, and so does its ETag.
    await t.db.update(jobs).set({ status: 'ACTIVE' }).where(eq(jobs.id, ids.paused));
    const changed = await t.request(`/jobs/feed.rss?${query}`, { headers: { 'If-None-Match': tag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(await changed.text()).toContain(`http://localhost/jobs/${ids.paused}`);
  });

  it('refuses filters the job search refuses with 400 and field messages', async () => {
    const res = await t.request('/jobs/feed.rss?countryCode=Denmark');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.countryCode).toEqual(['Country must be a two-letter code or REMOTE']);
  });
});
