/**
 * The landing pages (issue #15) as the server renders them: every one with its job count, a unique
 * title and description, a canonical URL and breadcrumb JSON-LD; an empty one is noindex and offers
 * the nearest alternatives; /jobs and the location pages link to them.
 */
import { LANDING_PAGES, landingPage, landingSearch, type LandingPage } from '@nordlys/sdk/landing';
import { landingIntro } from '@nordlys/sdk/landing-copy';
import type { JobList } from '@nordlys/sdk/schemas';
import { frontendJob, summary } from '@nordlys/sdk/testing';
import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server';
import { escapeHtml } from '../../meta';
import { accountApi, jsonAnswer } from '../../modals/test-helpers';
import type { RecordedCall } from '../../../../sdk/src/testing/fake-fetch';
import { siteConfig } from '../../testing/fixtures';

/** A job search answer of `total` jobs, on the page asked for. */
function jobList(call: RecordedCall, total: number): JobList {
  const page = Number(call.query.page ?? 1);
  const pageSize = Number(call.query.pageSize ?? 20);
  const shown = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  const jobs = Array.from({ length: shown }, (_, i) => ({ ...summary(frontendJob), id: 1000 + (page - 1) * pageSize + i, title: `Job ${i + 1}` }));
  return { jobs, total, page, pageSize, pages: Math.ceil(total / pageSize), totalExact: true, fuzzy: false };
}

/** Renders a path, the job search answering `count(call)` jobs. */
async function serverRender(path: string, count: (call: RecordedCall) => number = () => 3) {
  const { api, calls } = accountApi({
    'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401),
    'GET site/config-base': () => jsonAnswer(siteConfig()),
    'GET v2/jobs': (call) => jsonAnswer(jobList(call, count(call))),
    'GET v2/jobsandfeatured': (call) => jsonAnswer({ jobs: jobList(call, count(call)), featuredJobs: [] }),
    'GET v2/places/SE/stockholm': () => jsonAnswer({ countryCode: 'SE', city: 'Stockholm', jobs: 3 }),
  });
  const response = await render(new Request(`http://nordlys.test${path}`), { api: () => api, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  const searches = calls.filter((c) => c.path === '/api/v2/jobs');
  return { response, html: await response.text(), searches };
}

const titleOf = (html: string) => html.match(/<title>(.*?)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="(.*?)">/)?.[1];
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="(.*?)">/)?.[1];
const isNoindex = (html: string) => html.includes('<meta name="robots" content="noindex">');
/** The text of the page without tags, for assertions on what a reader sees. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

function breadcrumbsOf(html: string): { name: string; item: string }[] {
  const json = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const list = json.find((j) => j['@type'] === 'BreadcrumbList');
  expect(list).toBeDefined();
  return list!.itemListElement as { name: string; item: string }[];
}

/** A different count for each page, so each page must show its own. */
const countOf = (page: LandingPage) => 3 + LANDING_PAGES.indexOf(page);

describe('the landing pages on the server', () => {
  // Renders every landing page on the server: about 2 s alone, three times that on a loaded machine.
  it('each show their own job count, a unique title and description, a canonical URL and breadcrumbs', { timeout: 30_000 }, async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const page of LANDING_PAGES) {
      const path = `/jobs/${page.slug}`;
      const { response, html, searches } = await serverRender(path, () => countOf(page));
      expect(response.status, path).toBe(200);
      // The list is the group's categories in the page's country or city.
      const search = landingSearch(page);
      expect(searches.map((c) => c.query), path).toEqual([
        {
          categories: search.categories.join(','),
          countryCode: search.countryCode,
          ...(search.city ? { city: search.city } : {}),
          page: '1',
          pageSize: '20',
        },
      ]);
      expect(titleOf(html), path).toBe(`${page.title} | Nordlys`);
      expect(descriptionOf(html), path).toBe(escapeHtml(page.description));
      expect(canonicalOf(html), path).toBe(`http://nordlys.test${path}`);
      expect(isNoindex(html), path).toBe(false);
      expect(html, path).toContain(`<h1>${page.title}</h1>`);
      expect(textOf(html), path).toContain(`${countOf(page)} ${page.group.label.toLowerCase()} jobs in ${page.place.name}`);
      expect(textOf(html), path).toContain(landingIntro(page)[0]!);
      const trail = breadcrumbsOf(html);
      expect(trail[0]).toMatchObject({ name: 'Home', item: 'http://nordlys.test/' });
      expect(trail.at(-1)).toMatchObject({ name: page.title, item: `http://nordlys.test${path}` });
      titles.add(titleOf(html)!);
      descriptions.add(descriptionOf(html)!);
    }
    expect(titles.size).toBe(LANDING_PAGES.length);
    expect(descriptions.size).toBe(LANDING_PAGES.length);
  });

  it('link the same role elsewhere and the other roles here, with breadcrumbs through the country and the city', async () => {
    const { html } = await serverRender('/jobs/design-jobs-in-stockholm');
    expect(html).toContain('href="/jobs/design-jobs-in-sweden"');
    expect(html).toContain('href="/jobs/design-jobs-in-helsinki"');
    expect(html).toContain('href="/jobs/sales-jobs-in-stockholm"');
    expect(html).toContain('href="/jobs/location/se/stockholm"');
    expect(html).toContain('href="/jobs?countryCode=SE&amp;city=Stockholm&amp;categories=design&amp;categories=ux-ui-designer"');
    expect(breadcrumbsOf(html).map((c) => [c.name, c.item])).toEqual([
      ['Home', 'http://nordlys.test/'],
      ['Startup jobs', 'http://nordlys.test/jobs'],
      ['Jobs in Sweden', 'http://nordlys.test/jobs/location/se'],
      ['Jobs in Stockholm', 'http://nordlys.test/jobs/location/se/stockholm'],
      ['Design jobs in Stockholm', 'http://nordlys.test/jobs/design-jobs-in-stockholm'],
    ]);
    expect(html).toMatch(/<nav class="breadcrumbs" aria-label="Breadcrumb">.*<span aria-current="page">Design jobs in Stockholm<\/span>/s);
  });

  it('say kindly that a page has no jobs, offer the nearest alternatives with their counts, and are not indexed', async () => {
    // No design job in Stockholm; 14 in Sweden; 56 of any kind in Stockholm.
    const { response, html, searches } = await serverRender('/jobs/design-jobs-in-stockholm', (call) =>
      call.query.city ? (call.query.categories ? 0 : 56) : 14,
    );
    expect(response.status).toBe(200);
    expect(isNoindex(html)).toBe(true);
    const text = textOf(html);
    expect(text).toContain('No design jobs in Stockholm right now');
    expect(text).toContain('0 design jobs in Stockholm');
    expect(text).toMatch(/Design jobs in Sweden \(14 open jobs\)/);
    expect(text).toMatch(/All startup jobs in Stockholm \(56 open jobs\)/);
    expect(html).toContain('href="/jobs/design-jobs-in-sweden"');
    expect(searches.map((c) => c.query.pageSize)).toEqual(['20', '1', '1']);

    // A country's empty page offers the role in every country, and its location page.
    const country = await serverRender('/jobs/mobile-development-jobs-in-iceland', (call) => (call.query.countryCode ? (call.query.categories ? 0 : 9) : 31));
    expect(isNoindex(country.html)).toBe(true);
    expect(textOf(country.html)).toMatch(/Mobile development jobs in every country \(31 open jobs\)/);
    expect(country.html).toContain('href="/jobs?categories=mobile"');
    expect(textOf(country.html)).toMatch(/All startup jobs in Iceland \(9 open jobs\)/);
    expect(country.html).toContain('href="/jobs/location/is"');
  });

  it('page through long lists, each page its own canonical, and a page past the end is not indexed', async () => {
    const second = await serverRender('/jobs/development-jobs-in-denmark?page=2', () => 45);
    expect(titleOf(second.html)).toBe('Development jobs in Denmark, page 2 | Nordlys');
    expect(canonicalOf(second.html)).toBe('http://nordlys.test/jobs/development-jobs-in-denmark?page=2');
    expect(second.searches[0]!.query.page).toBe('2');
    expect(second.html).toContain('href="/jobs/development-jobs-in-denmark?page=3"');
    expect(second.html).toContain('href="/jobs/development-jobs-in-denmark"');
    expect(isNoindex(second.html)).toBe(false);

    const past = await serverRender('/jobs/development-jobs-in-denmark?page=9', () => 45);
    expect(isNoindex(past.html)).toBe(true);
    expect(textOf(past.html)).toContain('This page is past the last page of development jobs in Denmark.');
  });

  it('advertise the feeds of their search, as /jobs and the location pages do (issue #32)', async () => {
    const feedsOf = (html: string) => [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2], m[3]]);
    const query = 'countryCode=SE&amp;city=Stockholm&amp;categories=design&amp;categories=ux-ui-designer';
    const { html } = await serverRender('/jobs/design-jobs-in-stockholm');
    expect(feedsOf(html)).toEqual([
      ['application/rss+xml', expect.stringMatching(/^RSS: /), `http://nordlys.test/jobs/feed.rss?${query}`],
      ['application/atom+xml', expect.stringMatching(/^Atom: /), `http://nordlys.test/jobs/feed.atom?${query}`],
      ['application/feed+json', expect.stringMatching(/^JSON Feed: /), `http://nordlys.test/jobs/feed.json?${query}`],
    ]);
    for (const path of ['/jobs', '/jobs/location/se', '/jobs/location/se/stockholm']) {
      expect(feedsOf((await serverRender(path)).html).map(([type]) => type), path).toEqual(['application/rss+xml', 'application/atom+xml', 'application/feed+json']);
    }
  });

  it('answer in any case and with a trailing slash, with the one canonical URL', async () => {
    for (const path of ['/jobs/Design-Jobs-In-Stockholm', '/jobs/design-jobs-in-stockholm/']) {
      const { response, html } = await serverRender(path);
      expect(response.status, path).toBe(200);
      expect(canonicalOf(html), path).toBe('http://nordlys.test/jobs/design-jobs-in-stockholm');
    }
  });

  it('exist only for the sdk list: another /jobs/{word} is the job page’s 404, with no search', async () => {
    const { response, searches } = await serverRender('/jobs/design-jobs-in-narnia');
    expect(response.status).toBe(404);
    expect(searches).toEqual([]);
    expect(landingPage('design-jobs-in-narnia')).toBeUndefined();
  });

  it('are linked from /jobs and from the location pages, so crawlers reach them', async () => {
    const jobs = await serverRender('/jobs');
    for (const page of LANDING_PAGES) expect(jobs.html, page.slug).toContain(`href="/jobs/${page.slug}"`);
    // A filtered search keeps to its results.
    expect((await serverRender('/jobs?search=react')).html).not.toContain('Popular searches');

    const sweden = await serverRender('/jobs/location/se');
    expect(sweden.html).toContain('Popular searches in Sweden');
    expect(sweden.html).toContain('href="/jobs/design-jobs-in-sweden"');
    expect(sweden.html).toContain('href="/jobs/sales-jobs-in-stockholm"');
    expect(sweden.html).not.toContain('href="/jobs/design-jobs-in-denmark"');

    const stockholm = await serverRender('/jobs/location/se/stockholm');
    expect(stockholm.html).toContain('Popular searches in Stockholm');
    expect(stockholm.html).not.toContain('href="/jobs/design-jobs-in-sweden"');
    expect((await serverRender('/jobs/location/remote')).html).not.toContain('Popular searches');
  });
});
