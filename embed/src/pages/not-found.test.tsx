// @vitest-environment happy-dom
/** The 404 documents: an unknown host, and an unknown path on a careers or white-label host. */
import { describe, expect, it } from 'vitest';
import { auroraLabs } from '@nordlys/sdk/testing';
import { renderHostNotFound, renderPageNotFound } from './index';
import { feed, image, links, MAIN, parse, text } from './test-helpers';

describe('renderHostNotFound', () => {
  it('says the site is not set up yet, names the host, and is not indexed', () => {
    const html = renderHostNotFound({ host: 'careers.unknown.example' });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const doc = parse(html);
    expect(doc.title).toBe('Site not found – careers.unknown.example');
    expect(text(doc.querySelector('h1'))).toBe('This site is not set up yet');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(text(doc.querySelector('main'))).toContain('There is no careers page or job feed at careers.unknown.example yet.');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('script')).toBeNull();
    expect(links(doc.querySelector('main')!)).toEqual([]);
  });

  it('links to the main site when told where it is', () => {
    const doc = parse(renderHostNotFound({ host: 'x.example', canonicalOrigin: MAIN }));
    expect(links(doc.querySelector('main')!)).toEqual([{ href: `${MAIN}/`, text: 'Go to Nordlys' }]);
  });

  it('escapes a hostile host', () => {
    const host = '<script>alert(1)</script>.example';
    const html = renderHostNotFound({ host });
    expect(html).not.toContain('<script>');
    expect(text(parse(html).querySelector('main strong'))).toBe(host);
  });
});

describe('renderPageNotFound', () => {
  it('shows "Page not found" under the startup header on a careers host', () => {
    const doc = parse(renderPageNotFound({ company: auroraLabs, path: '/jobs/999', canonicalOrigin: MAIN }));
    expect(doc.title).toBe('Page not found – Aurora Labs');
    expect(text(doc.querySelector('h1'))).toBe('Page not found');
    expect(text(doc.querySelector('main'))).toContain('This page could not be found (/jobs/999).');
    expect(text(doc.querySelector('header'))).toContain('Aurora Labs');
    expect(links(doc.querySelector('main')!)).toEqual([{ href: '/', text: 'See all jobs' }]);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('uses the feed header (logo or name) on a white-label host', () => {
    let doc = parse(renderPageNotFound({ feed, canonicalOrigin: MAIN }));
    expect(text(doc.querySelector('header .brand'))).toBe('Northstar Jobs');
    expect(text(doc.querySelector('main'))).toContain('This page could not be found.');
    doc = parse(renderPageNotFound({ feed: { ...feed, logoImage: image('n.png') }, canonicalOrigin: MAIN }));
    expect(doc.querySelector('header img')?.getAttribute('alt')).toBe('Northstar Jobs');
  });

  it('escapes a hostile path', () => {
    const html = renderPageNotFound({ company: auroraLabs, path: '/"><script>alert(1)</script>', canonicalOrigin: MAIN });
    expect(html).not.toContain('<script>');
  });
});
