import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/app';
import { backends } from './testing/database';

describe.each(backends)('the featured jobs feed on %s', (backend) => {
  const t = useTestApp(backend);

  it('answers a JSON Feed of the featured jobs, most recently boosted first, readable by any site', async () => {
    const api = (await t.get('/api/v2/featuredjobs')).body.jobs as { id: number; title: string }[];
    expect(api.length).toBeGreaterThan(0);
    const res = await t.request('/external/featuredjobs', { headers: { Origin: 'https://partner.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/feed+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('etag')).toBeTruthy();
    const feed = await res.json();
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items.map((i: { url: string }) => i.url)).toEqual(
      [...api].reverse().map((j) => `http://localhost/jobs/${j.id}`),
    );
  });

  it('answers RSS on .rss, on format=rss, and to a client that prefers RSS', async () => {
    const api = (await t.get('/api/v2/featuredjobs')).body.jobs as { id: number }[];
    for (const [path, accept] of [
      ['/external/featuredjobs.rss', '*/*'],
      ['/external/featuredjobs?format=rss', '*/*'],
      ['/external/featuredjobs', 'application/rss+xml'],
    ] as const) {
      const res = await t.request(path, { headers: { Accept: accept } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('application/rss+xml');
      const xml = await res.text();
      expect(xml.startsWith('<?xml'), path).toBe(true);
      expect(xml.match(/<item>/g)?.length, path).toBe(api.length);
      expect(xml).toContain(`<guid isPermaLink="true">http://localhost/jobs/${api[0]!.id}</guid>`);
    }
    const json = await t.request('/external/featuredjobs.json', { headers: { Accept: 'application/rss+xml' } });
    expect(json.headers.get('content-type')).toContain('application/feed+json');
  });
});
