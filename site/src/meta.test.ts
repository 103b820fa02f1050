// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyMeta, metaTags, resolveMeta } from './meta';

const url = new URL('https://nordlys.example/jobs?search=a');
const feeds = [
  { type: 'application/rss+xml', title: 'RSS: "a" & b', href: '/jobs/feed.rss?search=a&city=x' },
  { type: 'application/atom+xml', title: 'Atom: a', href: '/jobs/feed.atom?search=a' },
];

describe('alternate links in the head (issue #14: a search page offers its feeds)', () => {
  it('writes one <link rel="alternate"> per alternate, absolute and escaped', () => {
    const html = metaTags(resolveMeta({ title: 'Jobs', alternates: feeds }, url, 'Nordlys'));
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="RSS: &quot;a&quot; &amp; b" href="https://nordlys.example/jobs/feed.rss?search=a&amp;city=x">');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" title="Atom: a" href="https://nordlys.example/jobs/feed.atom?search=a">');
    expect(metaTags(resolveMeta({ title: 'Jobs' }, url, 'Nordlys'))).not.toContain('rel="alternate"');
  });

  it('replaces the alternates of the last page on a client-side navigation', () => {
    document.head.innerHTML = '<title>x</title><link rel="alternate" type="application/rss+xml" title="old" href="https://nordlys.example/jobs/feed.rss?search=old">';
    applyMeta(document, resolveMeta({ title: 'Jobs', alternates: feeds }, url, 'Nordlys'));
    const links = [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('type'), l.getAttribute('title'), l.getAttribute('href')]);
    expect(links).toEqual([
      ['application/rss+xml', 'RSS: "a" & b', 'https://nordlys.example/jobs/feed.rss?search=a&city=x'],
      ['application/atom+xml', 'Atom: a', 'https://nordlys.example/jobs/feed.atom?search=a'],
    ]);
    applyMeta(document, resolveMeta({ title: 'A job' }, url, 'Nordlys'));
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
  });
});
