// @vitest-environment happy-dom
/** The error documents: an unknown host, an unknown path on a careers or white-label host, an expired job, any other failure. */
import { describe, expect, it } from 'vitest';
import { auroraLabs, frontendJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { renderHostError, renderHostNotFound, renderJobGone, renderPageNotFound } from './index';
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

describe('renderJobGone (issue #32: 410 with similar jobs, in the host’s layout)', () => {
  it('says the job has expired and lists the open jobs given as links on this host, titles as h2, not indexed', () => {
    const doc = parse(renderJobGone({ company: auroraLabs, jobs: [summary(frontendJob)], canonicalOrigin: MAIN }));
    expect(text(doc.querySelector('h1'))).toBe('This job has expired');
    expect(text(doc.querySelector('.brand'))).toContain('Aurora Labs');
    expect(links(doc.querySelector('ul.jobs')!)).toEqual([{ href: '/jobs/1', text: frontendJob.title }]);
    expect(doc.querySelectorAll('ul.jobs h2')).toHaveLength(1);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.title).toBe('Job expired – Aurora Labs');
  });

  it('shows the feed’s header and each job’s company on a feed, and no list when there is nothing to offer', () => {
    let doc = parse(renderJobGone({ feed, jobs: [summary(remoteJob)], canonicalOrigin: MAIN }));
    expect(text(doc.querySelector('.brand'))).toBe('Northstar Jobs');
    expect(text(doc.querySelector('ul.jobs .company'))).toBe('Fjord Pay');
    doc = parse(renderJobGone({ feed, jobs: [], canonicalOrigin: MAIN }));
    expect(doc.querySelector('ul.jobs')).toBeNull();
    expect(links(doc.querySelector('main')!)).toEqual([{ href: '/', text: 'See all jobs' }]);
  });
});

describe('renderHostError', () => {
  it('says what went wrong with the status, a way to try again, in the host’s layout or the product’s', () => {
    let doc = parse(renderHostError({ status: 503, message: 'The database is not reachable right now.', retry: '/?page=2', feed, canonicalOrigin: MAIN }));
    expect(text(doc.querySelector('h1'))).toBe('Something went wrong');
    expect(text(doc.querySelector('main'))).toContain('The database is not reachable right now.');
    expect(text(doc.querySelector('main'))).toContain('Error 503');
    expect(doc.querySelector('a.button')?.getAttribute('href')).toBe('/?page=2');
    expect(text(doc.querySelector('.brand'))).toBe('Northstar Jobs');
    doc = parse(renderHostError({ status: 500, retry: '/', canonicalOrigin: MAIN }));
    expect(text(doc.querySelector('main'))).toContain('could not be loaded right now');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
