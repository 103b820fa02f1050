import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob } from '@nordlys/sdk/testing';
import { jobSitemapEntries, sitemap, sitemapIdRange, sitemapIndex, sitemapPartOf, SITEMAP_MAX_URLS, type SitemapUrl } from './sitemap';
import { child, descendants, parseXml } from './testing/xml-tree';

describe('sitemap', () => {
  it('writes a well-formed sitemaps.org 0.9 urlset with escaped locations and the optional fields', () => {
    const xml = sitemap([
      { loc: 'https://nordlys.example/jobs?country=DK&type=FULL_TIME', lastmod: new Date('2026-11-22T10:00:00Z'), changefreq: 'daily', priority: 0.8 },
      { loc: 'https://nordlys.example/startups', lastmod: '2026-11-22' },
      { loc: 'https://nordlys.example/', priority: 1 },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<loc>https://nordlys.example/jobs?country=DK&amp;type=FULL_TIME</loc>');
    const urlset = parseXml(xml);
    expect(urlset).toMatchObject({ name: 'urlset', attributes: { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' } });
    const urls = descendants(urlset, 'url');
    expect(urls).toHaveLength(3);
    expect(urls.map((u) => Object.fromEntries(u.children.map((c) => [c.name, c.text])))).toEqual([
      { loc: 'https://nordlys.example/jobs?country=DK&type=FULL_TIME', lastmod: '2026-11-22T10:00:00.000Z', changefreq: 'daily', priority: '0.8' },
      { loc: 'https://nordlys.example/startups', lastmod: '2026-11-22' },
      { loc: 'https://nordlys.example/', priority: '1' },
    ]);
  });

  it('percent-encodes non-ASCII and strips characters XML forbids from locations', () => {
    const urlset = parseXml(sitemap([{ loc: 'https://nordlys.example/søg/<b>\u0000' }]));
    expect(child(child(urlset, 'url'), 'loc').text).toBe('https://nordlys.example/s%C3%B8g/%3Cb%3E');
  });

  it('takes up to 50,000 URLs and throws a clear error above that', () => {
    const urls: SitemapUrl[] = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({ loc: `https://nordlys.example/jobs/${i}` }));
    expect(sitemap(urls).match(/<url>/g)).toHaveLength(50_000);
    expect(() => sitemap([...urls, { loc: 'https://nordlys.example/one-more' }])).toThrow(
      'sitemap: 50001 URLs is more than the 50,000 one sitemap may list; split them over several sitemaps and a sitemap index',
    );
  });

  it('throws when the document would pass 50 MiB', () => {
    const loc = `https://nordlys.example/${'a'.repeat(2_000)}`;
    expect(() => sitemap(Array.from({ length: 27_000 }, (_, i) => ({ loc: `${loc}${i}` })))).toThrow(/more than the 50 MiB/);
  });

  it('refuses entries that break the protocol, naming the field', () => {
    expect(() => sitemap([{ loc: '/jobs/1' }])).toThrow(/loc must be an absolute http\(s\) URL, got "\/jobs\/1"/);
    expect(() => sitemap([{ loc: `https://nordlys.example/${'a'.repeat(2_048)}` }])).toThrow(/shorter than 2,048 characters/);
    expect(() => sitemap([{ loc: 'https://nordlys.example/', priority: 1.5 }])).toThrow(/priority .* between 0.0 and 1.0, got 1.5/);
    expect(() => sitemap([{ loc: 'https://nordlys.example/', priority: Number.NaN }])).toThrow(/priority/);
    expect(() => sitemap([{ loc: 'https://nordlys.example/', changefreq: 'sometimes' as 'daily' }])).toThrow(/changefreq .* must be one of always/);
    expect(() => sitemap([{ loc: 'https://nordlys.example/', lastmod: '22/11/2026' }])).toThrow(/lastmod .* W3C Datetime/);
    expect(() => sitemap([{ loc: 'https://nordlys.example/', lastmod: '2026-13-45' }])).toThrow(/lastmod/);
    expect(() => sitemap([{ loc: 'https://nordlys.example/', lastmod: new Date('nope') }])).toThrow(/invalid Date/);
  });

  it('writes an empty urlset for no URLs', () => {
    expect(descendants(parseXml(sitemap([])), 'url')).toHaveLength(0);
  });
});

describe('jobSitemapEntries', () => {
  it('lists each job page absolutely, last modified when approved (else created)', () => {
    const approved = { ...frontendJob, createdAt: '2026-11-20T08:00:00Z', approvedAt: '2026-11-21T09:00:00Z' };
    const pending = { ...remoteJob, createdAt: '2026-11-22T10:00:00Z', approvedAt: null };
    expect(jobSitemapEntries([approved, pending], 'https://nordlys.example')).toEqual([
      { loc: 'https://nordlys.example/jobs/1', lastmod: new Date('2026-11-21T09:00:00Z') },
      { loc: 'https://nordlys.example/jobs/2', lastmod: new Date('2026-11-22T10:00:00Z') },
    ]);
    expect(jobSitemapEntries([{ ...hostileJob, createdAt: 'never', approvedAt: null }], 'https://nordlys.example')).toEqual([
      { loc: 'https://nordlys.example/jobs/3' },
    ]);
  });

  it('refuses a relative origin even for no jobs', () => {
    expect(() => jobSitemapEntries([], 'nordlys.example')).toThrow(/origin must be an absolute/);
  });

  it('makes entries the sitemap accepts', () => {
    const xml = sitemap(jobSitemapEntries([frontendJob, remoteJob, hostileJob], 'https://nordlys.example'));
    const locs = descendants(parseXml(xml), 'loc').map((l) => l.text);
    expect(locs).toEqual(['https://nordlys.example/jobs/1', 'https://nordlys.example/jobs/2', 'https://nordlys.example/jobs/3']);
  });
});

describe('sitemapIndex', () => {
  it('writes a well-formed sitemaps.org 0.9 sitemapindex with escaped locations and lastmods', () => {
    const index = parseXml(
      sitemapIndex([
        { loc: 'https://nordlys.example/sitemaps/jobs-1.xml', lastmod: new Date('2026-11-22T10:00:00Z') },
        { loc: 'https://nordlys.example/sitemaps/pages.xml?a=1&b=2' },
      ]),
    );
    expect(index).toMatchObject({ name: 'sitemapindex', attributes: { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' } });
    expect(descendants(index, 'sitemap').map((s) => Object.fromEntries(s.children.map((c) => [c.name, c.text])))).toEqual([
      { loc: 'https://nordlys.example/sitemaps/jobs-1.xml', lastmod: '2026-11-22T10:00:00.000Z' },
      { loc: 'https://nordlys.example/sitemaps/pages.xml?a=1&b=2' },
    ]);
  });

  it('refuses what the protocol does not allow', () => {
    expect(() => sitemapIndex([{ loc: '/sitemaps/jobs-1.xml' }])).toThrow(/loc must be an absolute/);
    expect(() => sitemapIndex([{ loc: 'https://nordlys.example/a.xml', lastmod: 'yesterday' }])).toThrow(/W3C Datetime/);
    const many = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `https://nordlys.example/${i}.xml` }));
    expect(() => sitemapIndex(many)).toThrow(/50001 sitemaps is more than the 50,000/);
  });
});

describe('sitemapIdRange and sitemapPartOf', () => {
  it('split ids into ranges of at most perSitemap, each id in exactly one part', () => {
    expect(sitemapIdRange(1)).toEqual({ first: 1, last: 50_000 });
    expect(sitemapIdRange(2)).toEqual({ first: 50_001, last: 100_000 });
    expect(sitemapIdRange(3, 2)).toEqual({ first: 5, last: 6 });
    for (let id = 1; id <= 25; id++) {
      const range = sitemapIdRange(sitemapPartOf(id, 4), 4)!;
      expect(id).toBeGreaterThanOrEqual(range.first);
      expect(id).toBeLessThanOrEqual(range.last);
      expect(range.last - range.first + 1).toBe(4);
    }
    expect(sitemapPartOf(50_000)).toBe(1);
    expect(sitemapPartOf(50_001)).toBe(2);
  });

  it('has no part 0, no fractional part and no page size above the protocol\'s limit', () => {
    expect(sitemapIdRange(0)).toBeNull();
    expect(sitemapIdRange(1.5)).toBeNull();
    expect(sitemapIdRange(Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(() => sitemapIdRange(1, SITEMAP_MAX_URLS + 1)).toThrow(/perSitemap/);
    expect(() => sitemapIdRange(1, 0)).toThrow(/perSitemap/);
  });
});
