// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyMeta, metaTags, resolveMeta } from './meta';

const origin = 'https://nordlys.example';
const url = new URL('/jobs?search=a', origin);
const feeds = [
  { type: 'application/rss+xml', title: 'RSS: "a" & b', href: '/jobs/feed.rss?search=a&city=x' },
  { type: 'application/atom+xml', title: 'Atom: a', href: '/jobs/feed.atom?search=a' },
];

describe('alternate links in the head (issue #14: a search page offers its feeds)', () => {
  it('writes one <link rel="alternate"> per alternate, absolute and escaped', () => {
    const html = metaTags(resolveMeta({ title: 'Jobs', alternates: feeds }, url, 'Nordlys', origin));
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="RSS: &quot;a&quot; &amp; b" href="https://nordlys.example/jobs/feed.rss?search=a&amp;city=x">');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" title="Atom: a" href="https://nordlys.example/jobs/feed.atom?search=a">');
    expect(metaTags(resolveMeta({ title: 'Jobs' }, url, 'Nordlys', origin))).not.toContain('rel="alternate"');
  });

  it('replaces the alternates of the last page on a client-side navigation', () => {
    document.head.innerHTML = '<title>x</title><link rel="alternate" type="application/rss+xml" title="old" href="https://nordlys.example/jobs/feed.rss?search=old">';
    applyMeta(document, resolveMeta({ title: 'Jobs', alternates: feeds }, url, 'Nordlys', origin));
    const links = [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('type'), l.getAttribute('title'), l.getAttribute('href')]);
    expect(links).toEqual([
      ['application/rss+xml', 'RSS: "a" & b', 'https://nordlys.example/jobs/feed.rss?search=a&city=x'],
      ['application/atom+xml', 'Atom: a', 'https://nordlys.example/jobs/feed.atom?search=a'],
    ]);
    applyMeta(document, resolveMeta({ title: 'A job' }, url, 'Nordlys', origin));
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
  });
});

describe('absolute URLs come from the configured origin, never from the request (issue #32)', () => {
  it('builds the canonical, og:url, the image and the alternates on the public origin whatever URL the request had', () => {
    // Behind a TLS proxy the request is plain http on an internal host and port.
    const request = new URL('http://10.0.0.5:3000/jobs/7?utm=x');
    const meta = resolveMeta({ title: 'A job', image: '/images/cover/a.webp', alternates: feeds }, request, 'Nordlys', origin);
    expect(meta.canonical).toBe('https://nordlys.example/jobs/7');
    expect(meta.image).toBe('https://nordlys.example/images/cover/a.webp');
    expect(meta.alternates.map((link) => link.href)).toEqual(['https://nordlys.example/jobs/feed.rss?search=a&city=x', 'https://nordlys.example/jobs/feed.atom?search=a']);
    const html = metaTags(meta);
    expect(html).toContain('<meta property="og:url" content="https://nordlys.example/jobs/7">');
    expect(html).not.toContain('10.0.0.5');
    expect(html).not.toContain('http:');
  });
});
