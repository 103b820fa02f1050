// @vitest-environment happy-dom
/** The white-label feed pages: the logo-or-name header, the no-JS search form, job links, JSON-LD. */
import { describe, expect, it } from 'vitest';
import { frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import type { Job } from '@nordlys/sdk/schemas';
import { renderFeedHome, renderFeedJob, whiteLabelQuery } from './index';
import { feed, image, jsonLd, links, MAIN, NOW, pageData, parse, scripts, text } from './test-helpers';

const FEED_ORIGIN = 'https://jobs.northstar.example';
const jobs = [summary(frontendJob), summary(remoteJob)];
const home = (over: Partial<Parameters<typeof renderFeedHome>[0]> = {}) =>
  renderFeedHome({ feed, jobs, total: jobs.length, origin: FEED_ORIGIN, canonicalOrigin: MAIN, now: NOW, ...over });
const jobPage = (job: Job, f = feed) => renderFeedJob({ feed: f, job, origin: FEED_ORIGIN, canonicalOrigin: MAIN, now: NOW });
const withLogo = { ...feed, logoImage: image('northstar.svg') };

describe('feed header (spec 1: logo or name, and the description)', () => {
  it('shows the name when the feed has no logo', () => {
    const header = parse(home()).querySelector('header')!;
    expect(header.querySelector('img')).toBeNull();
    expect(text(header.querySelector('.brand'))).toBe('Northstar Jobs');
    expect(text(header.querySelector('.tagline'))).toBe(feed.description);
  });

  it('shows the logo instead of the name when it has one, with the name as its alt text', () => {
    const header = parse(home({ feed: withLogo })).querySelector('header')!;
    const img = header.querySelector('img')!;
    // The uncropped size: the square thumbnail would shrink a wide logo inside it (issue #32).
    expect(img.getAttribute('src')).toBe(`${MAIN}/images/large/northstar.svg`);
    expect(img.getAttribute('class')).toBe('feed-logo');
    expect(img.getAttribute('height')).toBe('48');
    expect(img.hasAttribute('width')).toBe(false);
    expect(img.getAttribute('alt')).toBe('Northstar Jobs');
    expect(text(header.querySelector('.brand'))).toBe('');
    expect(text(header.querySelector('.tagline'))).toBe(feed.description);
  });

  it('leaves the description out when there is none, and the job page has the same header', () => {
    const doc = parse(jobPage(frontendJob, { ...withLogo, description: null }));
    const header = doc.querySelector('header')!;
    expect(header.querySelector('.tagline')).toBeNull();
    expect(header.querySelector('img')?.getAttribute('alt')).toBe('Northstar Jobs');
  });
});

describe('renderFeedHome', () => {
  it('is a complete document titled with the feed name, described by the feed description, with one h1', () => {
    const html = home();
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    const doc = parse(html);
    expect(doc.title).toBe('Northstar Jobs');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(feed.description);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('main#main')).not.toBeNull();
    expect(doc.querySelector('footer')).not.toBeNull();
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('has a search form that works without JS: GET to /, input named search, labelled', () => {
    const doc = parse(home());
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/');
    expect(form.getAttribute('role')).toBe('search');
    const input = form.querySelector('input[name="search"]')!;
    expect(input.getAttribute('value')).toBe('');
    expect(form.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    expect(form.querySelector('button[type="submit"]')).not.toBeNull();
  });

  it('lists the jobs as links to /jobs/{id}, with their company, location and type', () => {
    const doc = parse(home({ total: 40 }));
    const items = [...doc.querySelectorAll('ul.jobs > li')];
    expect(items.map((li) => links(li))).toEqual([
      [{ href: '/jobs/1', text: 'Senior Frontend Engineer' }],
      [{ href: '/jobs/2', text: 'Remote Data Scientist' }],
    ]);
    expect(text(items[0])).toContain('Aurora Labs');
    expect(text(items[0])).toContain('Copenhagen, Denmark');
    expect(text(items[1])).toContain('Fjord Pay');
    expect(items[1]!.querySelector('.company img')?.getAttribute('src')).toBe(`${MAIN}/images/thumbnail/fjord.png`);
    expect(text(doc.querySelector('.count'))).toBe('Showing 2 of 40 jobs');
  });

  it('keeps the search in the field and the heading, escaped, and is not indexed', () => {
    const search = '"><script>alert(1)</script>';
    const html = home({ search, jobs: [summary(hostileJob)], total: 1 });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('</script><script>alert(1)</script>');
    const doc = parse(html);
    expect(doc.querySelector('input[name="search"]')?.getAttribute('value')).toBe(search);
    expect(text(doc.querySelector('h1'))).toBe(`Jobs matching “${search}”`);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(links(doc.querySelector('ul.jobs')!)[0]).toEqual({ href: '/jobs/3', text: hostileJob.title });
    expect(text(doc.querySelector('.count'))).toBe('1 job');
  });

  it('shows an empty state, with a way back to all jobs after a search', () => {
    let doc = parse(home({ jobs: [], total: 0 }));
    expect(doc.querySelector('ul.jobs')).toBeNull();
    expect(text(doc.querySelector('.empty'))).toContain('There are no open jobs in this feed right now.');

    doc = parse(home({ jobs: [], total: 0, search: 'cobol' }));
    const empty = doc.querySelector('.empty')!;
    expect(text(empty)).toContain('No jobs match “cobol”.');
    expect(links(empty)).toEqual([{ href: '/', text: 'see all jobs' }]);
  });
});

describe('the feed’s pages (issue #32: ?page=N, like the main search)', () => {
  const head = (doc: Document, rel: string) => doc.querySelector(`head link[rel="${rel}"]`)?.getAttribute('href') ?? null;
  const nav = (doc: Document) => doc.querySelector('nav.pagination');

  it('links a middle page to its neighbours in the head and in a nav of real links, its own address canonical', () => {
    const doc = parse(home({ total: 278, page: 2, pages: 14 }));
    expect(head(doc, 'canonical')).toBe(`${FEED_ORIGIN}/?page=2`);
    expect(head(doc, 'prev')).toBe(`${FEED_ORIGIN}/`);
    expect(head(doc, 'next')).toBe(`${FEED_ORIGIN}/?page=3`);
    expect(doc.title).toBe('Northstar Jobs – page 2');
    expect(nav(doc)?.getAttribute('aria-label')).toBe('Pages of jobs');
    expect(links(nav(doc)!)).toEqual([
      { href: '/', text: '← Previous' },
      { href: '/', text: '1' },
      { href: '/?page=2', text: '2' },
      { href: '/?page=3', text: '3' },
      { href: '/?page=14', text: '14' },
      { href: '/?page=3', text: 'Next →' },
    ]);
    expect(nav(doc)!.querySelector('[aria-current="page"]')?.textContent).toBe('2');
    expect(text(doc.querySelector('.count'))).toBe('Showing 21–22 of 278 jobs');
    expect(pageData(doc).feed).toMatchObject({ page: 2, pages: 14 });
  });

  it('has no next page on the last, no prev on the first, and no paging at all for one page', () => {
    let doc = parse(home({ total: 278, page: 14, pages: 14 }));
    expect(head(doc, 'next')).toBeNull();
    expect(head(doc, 'prev')).toBe(`${FEED_ORIGIN}/?page=13`);
    expect(nav(doc)!.querySelector('a[rel="next"]')).toBeNull();
    doc = parse(home({ total: 278, page: 1, pages: 14 }));
    expect(head(doc, 'canonical')).toBe(`${FEED_ORIGIN}/`);
    expect(head(doc, 'prev')).toBeNull();
    expect(head(doc, 'next')).toBe(`${FEED_ORIGIN}/?page=2`);
    doc = parse(home());
    expect(nav(doc)).toBeNull();
    expect(head(doc, 'next')).toBeNull();
  });

  it('keeps the search in the page links, and a search’s pages point home as canonical', () => {
    const doc = parse(home({ total: 45, page: 2, pages: 3, search: 'ux & ui' }));
    expect(head(doc, 'canonical')).toBe(`${FEED_ORIGIN}/`);
    expect(head(doc, 'next')).toBe(`${FEED_ORIGIN}/?search=ux+%26+ui&page=3`);
    expect(nav(doc)!.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/?search=ux+%26+ui');
  });

  it('lists job titles as h2 right under the page’s h1 (no jump to h3)', () => {
    const doc = parse(home());
    expect(doc.querySelectorAll('ul.jobs h2')).toHaveLength(2);
    expect(doc.querySelector('ul.jobs h3')).toBeNull();
  });
});

describe('the feed query (what the server searches with, and the browser after it)', () => {
  it('is every country of the feed (remote too when it includes them), its startups and known categories, 20 a page', () => {
    expect(whiteLabelQuery({ ...feed, filters: { countryCodes: ['DK', 'SE'], categories: ['frontend', 'cobol'] } })).toEqual({ countryCodes: ['DK', 'SE'], categories: ['frontend'], pageSize: 20 });
    expect(whiteLabelQuery({ ...feed, filters: { countryCodes: ['NO'], includeRemote: true, companyKeys: ['kivi-pay'] } })).toEqual({
      countryCodes: ['NO'],
      includeRemote: true,
      companyKeys: ['kivi-pay'],
      categories: undefined,
      pageSize: 20,
    });
    // includeRemote without countries means nothing to narrow: every job.
    expect(whiteLabelQuery({ ...feed, filters: { categories: ['cobol'], includeRemote: true } })).toEqual({ categories: undefined, pageSize: 20 });
  });

  it('goes to white-label.js in the page data with the search and the list; a query the server passes wins, without its search', () => {
    let data = pageData(parse(home({ search: ' data ' }))).feed!;
    expect(data).toMatchObject({ feedName: 'Northstar Jobs', search: 'data', total: 2, query: { categories: ['frontend'], pageSize: 20 }, imageBase: MAIN });
    expect(data.jobs.map((j) => j.id)).toEqual([1, 2]);
    data = pageData(parse(home({ query: { countryCode: 'DK', pageSize: 5, search: 'ignored' } }))).feed!;
    expect(data.query).toEqual({ countryCode: 'DK', pageSize: 5 });
    expect(scripts(parse(home()))).toEqual(['/embed/v1/white-label.js', 'application/json']);
  });
});

describe('renderFeedJob', () => {
  it('shows the job with its company, the description, and links back to /', () => {
    const doc = parse(jobPage(remoteJob));
    expect(doc.title).toBe('Remote Data Scientist at Fjord Pay – Northstar Jobs');
    expect(text(doc.querySelector('h1'))).toBe('Remote Data Scientist');
    expect(text(doc.querySelector('main .company'))).toBe('Fjord Pay');
    expect(text(doc.querySelector('dl.facts'))).toContain('Remote');
    expect(doc.querySelector('.description')?.innerHTML).toBe(remoteJob.description);
    // Quick apply on the main site, counted on this feed's surface (feed:{id}).
    expect(doc.querySelector('a.button')?.getAttribute('href')).toBe(`${MAIN}/jobs/${remoteJob.id}?apply=1&surface=feed%3A4`);
    expect(links(doc.querySelector('main')!).some((l) => l.href === '/' && l.text.includes('All jobs'))).toBe(true);
  });

  it('puts an h2 between the h1 and the description, whose own headings are h3 (no jump from h1 to h3)', () => {
    const doc = parse(jobPage({ ...remoteJob, description: '<p>Intro</p><h3>What you will do</h3><ul><li>Data</li></ul>' }));
    const headings = [...doc.querySelectorAll('main :is(h1,h2,h3,h4)')].map((h) => Number(h.tagName[1]));
    expect(headings.slice(0, 3)).toEqual([1, 2, 3]);
    headings.reduce((prev, level) => (expect(level - prev).toBeLessThanOrEqual(1), level));
    expect(text(doc.querySelector('main h2'))).toBe('About the job');
  });

  it('has the canonical link to the main site and JobPosting JSON-LD', () => {
    const doc = parse(jobPage(frontendJob));
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${MAIN}/jobs/1`);
    const [posting] = jsonLd(doc);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: frontendJob.title,
      description: frontendJob.description,
      datePosted: frontendJob.createdAt,
      hiringOrganization: { name: 'Aurora Labs' },
      jobLocation: { '@type': 'Place' },
    });
  });

  it('escapes a hostile title', () => {
    const html = jobPage(hostileJob);
    expect(html).not.toContain('</script><script>alert(1)</script>');
    const doc = parse(html);
    expect(scripts(doc)).toEqual(['application/ld+json', '/embed/v1/white-label.js', 'application/json']);
    expect(jsonLd(doc)[0]).toHaveProperty('title', hostileJob.title);
    expect(pageData(doc).share?.title).toBe(`${hostileJob.title} at Aurora Labs`);
  });
});
