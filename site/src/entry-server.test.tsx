import { describe, expect, it } from 'vitest';
import { postedAt } from '@nordlys/sdk/dates';
import { pageHeaders, render, type RenderOptions } from './entry-server';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { createFakeApi, frontendJob, hostileJob, type FakeApiOptions } from './testing/fixtures';

const assets = { scripts: ['/assets/entry-client-ABC123.js'], styles: ['/assets/entry-client-XYZ789.css'] };

async function renderPage(path: string, fake: FakeApiOptions = {}, extra: Partial<RenderOptions> = {}) {
  const { api, calls } = createFakeApi(fake);
  const response = await render(new Request(`http://nordlys.test${path}`), {
    api: () => api,
    productName: 'Nordlys',
    origin: 'http://nordlys.test',
    assets,
    ...extra,
  });
  const html = await response.text();
  return { response, html, calls };
}

function titleOf(html: string): string | undefined {
  return html.match(/<title>(.*?)<\/title>/)?.[1];
}

function jsonLdOf(html: string): Record<string, unknown> {
  const text = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
  expect(text).toBeDefined();
  return JSON.parse(text!) as Record<string, unknown>;
}

/** The text of the page without tags, entities decoded enough for assertions. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&rsquo;/g, '’')
    .replace(/\s+/g, ' ');
}

describe('pageHeaders: the loader headers of a page', () => {
  it('lets a deeper route set its headers, but never makes a private (signed-in) page shareable', () => {
    const root = new Headers({ 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
    const page = new Headers({ 'Cache-Control': 'public, s-maxage=300', Vary: 'Accept-Language', 'X-Robots-Tag': 'noindex' });
    const headers = pageHeaders([root, undefined, page]);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(headers.get('x-robots-tag')).toBe('noindex');
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A visitor's page (no private root header): the page's own caching applies.
    expect(pageHeaders([undefined, page]).get('cache-control')).toBe('public, s-maxage=300');
  });
});

describe('render: the document', () => {
  it('streams a complete HTML document for the home page', async () => {
    const { response, html } = await renderPage('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(titleOf(html)).toBe('Nordlys - Find your next exciting startup job');
    expect(html).toContain('<link rel="canonical" href="http://nordlys.test/">');
    expect(html).toContain('<meta property="og:title" content="Nordlys - Find your next exciting startup job">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/entry-client-XYZ789.css">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/entry-client-ABC123.js">');
    // The hydration data follows the React root, then the module script.
    const root = html.indexOf('<div id="root">');
    const rootEnd = html.indexOf('</div><script type="application/json" id="nordlys-router-data">');
    const script = html.indexOf('<script type="module" src="/assets/entry-client-ABC123.js"></script></body></html>');
    expect(root).toBeGreaterThan(0);
    expect(rootEnd).toBeGreaterThan(root);
    expect(script).toBeGreaterThan(rootEnd);
  });

  it('has no inline script a strict CSP would block: only external module scripts and data blocks (job page: JSON-LD too)', async () => {
    for (const path of ['/', '/jobs/1', '/no-such-page']) {
      const { html } = await renderPage(path);
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length, path).toBeGreaterThan(1);
      for (const attributes of scripts) expect(attributes, path).toMatch(/\bsrc="|type="application\/(json|ld\+json)"/);
    }
  });

  it('shows the tagline, a GET search form, the latest and the featured jobs in reversed order', async () => {
    const { html } = await renderPage('/');
    const text = textOf(html);
    expect(text).toContain('Connect global talents with career opportunities in Nordic startups');
    const form = html.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/jobs"');
    expect(text).toContain('Latest jobs');
    expect(text).toContain('Growth Marketer');
    // featuredjobs answers [frontend, remote]; spec 9 shows them reversed.
    const featured = html.slice(html.indexOf('id="featured-heading"'), html.indexOf('id="latest-heading"'));
    expect(featured.indexOf('Remote Data Scientist')).toBeGreaterThan(0);
    expect(featured.indexOf('Remote Data Scientist')).toBeLessThan(featured.indexOf('Senior Frontend Engineer'));
    expect((html.match(/<h1[\s>]/g) ?? []).length).toBe(1);
  });

  it('has the logged-out header and the footer, linking only pages that are built (Scout only with the headhunter product)', async () => {
    const { html } = await renderPage('/');
    const text = textOf(html);
    for (const label of ['Skip to main content', 'Find jobs', 'Browse startups', 'For startups', 'Sign up', 'Log in']) {
      expect(text).toContain(label);
    }
    expect(html).toContain('href="/startups/join"');
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('<footer class="site-footer">');
    expect(text).toContain('© 2025 Nordlys');
    expect(html).toContain('href="/pricing"');
    // Issue #15: the content pages are built, and the footer links them.
    for (const built of ['/terms', '/privacy-policy', '/startups/faq', '/about']) expect(html).toContain(`href="${built}"`);
    expect(text).not.toContain('Scout');

    // spec 2.8: with the headhunter product on, the Scout item shows with its NEW badge (issue #15 built its page).
    const withScout = await renderPage('/', { products: { headhunter: true } });
    expect(withScout.html).toContain('<a class="nav-link" href="/scout" data-discover="true">Scout<span class="badge badge--new">NEW</span></a>');
  });

  it('uses the product name it is given', async () => {
    const { html } = await renderPage('/', {}, { productName: 'Polaris' });
    expect(titleOf(html)).toBe('Polaris - Find your next exciting startup job');
    expect(textOf(html)).toContain('© 2025 Polaris');
  });
});

describe('render: job pages', () => {
  it('renders the whole job with its title, facts, description, perks and related jobs', async () => {
    const { response, html } = await renderPage('/jobs/1');
    expect(response.status).toBe(200);
    expect(titleOf(html)).toBe('Senior Frontend Engineer at Aurora Labs | Nordlys');
    expect(html).toContain('<link rel="canonical" href="http://nordlys.test/jobs/1">');
    const text = textOf(html);
    expect(text).toContain('Copenhagen, Denmark');
    expect(text).toContain('Full-time');
    expect(text).toMatch(/DKK\s?50,000–65,000/);
    expect(text).toContain('0.1–0.5% equity');
    expect(text).toContain('Posted 3 days ago');
    expect(text).toContain('Great coffee');
    expect(text).toContain('Gym membership');
    expect(text).toContain('Featured');
    expect(html).toContain('<p>Build &amp; ship our <strong>forecast</strong> app.</p>');
    expect(html).toContain('href="http://aurora-labs.example"');
    expect(text).toContain('Related jobs');
    expect(text).toContain('Remote Data Scientist');
    expect(html).toContain('href="https://www.linkedin.com/sharing/share-offsite/?url=http%3A%2F%2Fnordlys.test%2Fjobs%2F1"');
  });

  it('embeds a JobPosting as JSON-LD', async () => {
    const { html } = await renderPage('/jobs/1');
    const posting = jsonLdOf(html);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Senior Frontend Engineer',
      description: frontendJob.description,
      datePosted: postedAt(frontendJob),
      validThrough: frontendJob.expirationDate,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Aurora Labs', sameAs: 'http://aurora-labs.example' },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Copenhagen',
          addressCountry: 'DK',
          streetAddress: 'Njalsgade 21, 2300 København S',
        },
      },
    });
  });

  it('marks remote jobs as TELECOMMUTE with the applicant country', async () => {
    const { html } = await renderPage('/jobs/2');
    const posting = jsonLdOf(html);
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'Norway' });
    expect(posting.jobLocation).toBeUndefined();
    expect((posting.hiringOrganization as Record<string, unknown>).logo).toBe('http://nordlys.test/images/thumbnail/fjord.png');
  });

  it('keeps a hostile title inside its script elements', async () => {
    const { html } = await renderPage('/jobs/3');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(jsonLdOf(html).title).toBe(hostileJob.title);
    // The hydration data parses back to the same title.
    const data = html.match(/<script type="application\/json" id="nordlys-router-data">(.*?)<\/script>/)?.[1];
    expect(data).toBeDefined();
    const parsed = JSON.parse(data!) as { loaderData: { job: { job: { title: string } } } };
    expect(parsed.loaderData.job.job.title).toBe(hostileJob.title);
  });

  it('says when a job no longer takes applications', async () => {
    const { html } = await renderPage('/jobs/4');
    expect(textOf(html)).toContain('This job is no longer accepting applications.');
  });

  it('answers 404 with Page not found for a job the API does not have', async () => {
    const { response, html } = await renderPage('/jobs/999');
    expect(response.status).toBe(404);
    expect(html).toMatch(/<h1>Page not found<\/h1>/);
    expect(titleOf(html)).toBe('Page not found | Nordlys');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('answers 410 for an expired job, with similar open jobs instead of the job (issue #12)', async () => {
    const { response, html } = await renderPage('/jobs/410');
    expect(response.status).toBe(410);
    expect(html).toMatch(/<h1>This job has expired<\/h1>/);
    expect(titleOf(html)).toBe('This job has expired | Nordlys');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`href="/jobs/${frontendJob.id}"`);
    expect(html).not.toContain('application/ld+json');
  });

  it('answers 404 for an id that is not a number, without calling the API', async () => {
    const { response, html, calls } = await renderPage('/jobs/not-a-number');
    expect(response.status).toBe(404);
    expect(html).toContain('Page not found');
    expect(calls.some((u) => u.pathname.includes('jobs/single'))).toBe(false);
  });

  it('shows Something went wrong with the message and a way home for other errors (500)', async () => {
    const { response, html } = await renderPage('/jobs/500');
    expect(response.status).toBe(500);
    const text = textOf(html);
    expect(text).toContain('Something went wrong');
    expect(text).toContain(API_MESSAGES.internal);
    expect(text).toContain('Back to home');
    expect(titleOf(html)).toBe('Something went wrong | Nordlys');
  });
});

describe('render: job search', () => {
  it('says "2,000+ jobs" when the count is capped, and explains similar-title results', async () => {
    const capped = await renderPage('/jobs', { searchTotal: 2000, searchTotalExact: false });
    expect(capped.html).toContain('2,000+ jobs');
    const fuzzy = await renderPage('/jobs?search=front', { searchFuzzy: true });
    expect(fuzzy.html).toContain('No job matched every word of “front”. These jobs have similar titles.');
    const exact = await renderPage('/jobs');
    expect(exact.html).not.toContain('similar titles');
    expect(exact.html).not.toMatch(/\d\+ jobs/);
  });

  it('passes the URL filters to the API and keeps them in the form and the paging links', async () => {
    const { response, html, calls } = await renderPage(
      '/jobs?search=engineer&countryCode=remote&categories=frontend,backend&positionTypes=FULL_TIME&sort=newest&page=2',
      { searchTotal: 1234 },
    );
    expect(response.status).toBe(200);
    const call = calls.find((u) => u.pathname === '/api/v2/jobs');
    expect(call).toBeDefined();
    expect(Object.fromEntries(call!.searchParams)).toMatchObject({
      search: 'engineer',
      isRemote: 'true',
      categories: 'backend,frontend',
      positionTypes: 'FULL_TIME',
      sort: 'newest',
      page: '2',
      pageSize: '20',
    });
    expect(call!.searchParams.has('countryCode')).toBe(false);
    const text = textOf(html);
    expect(text).toContain('1,234 jobs');
    expect(html).toMatch(/<input[^>]*name="search"[^>]*value="engineer"/);
    expect(html).toMatch(/<option value="REMOTE" selected="">Remote<\/option>/);
    expect(html).toMatch(/<input type="checkbox" name="categories" checked="" value="frontend"/);
    expect(html).toMatch(/<input type="checkbox" name="categories" value="sales"\/>/);
    // Paging links keep the other filters.
    expect(html).toContain(
      'href="/jobs?search=engineer&amp;countryCode=REMOTE&amp;categories=backend&amp;categories=frontend&amp;positionTypes=FULL_TIME&amp;sort=newest&amp;page=3"',
    );
    expect(html).toContain('aria-current="page" aria-label="Page 2"');
    expect(titleOf(html)).toBe('Startup jobs: engineer | Nordlys');
  });

  it('shows featured jobs above an unfiltered first page', async () => {
    const { html, calls } = await renderPage('/jobs');
    expect(calls.some((u) => u.pathname === '/api/v2/jobsandfeatured')).toBe(true);
    expect(textOf(html)).toContain('Featured jobs');
    expect(titleOf(html)).toBe('Startup jobs | Nordlys');
  });

  it('shows an empty state that suggests clearing the filters', async () => {
    const { html } = await renderPage('/jobs?search=nothing');
    const text = textOf(html);
    expect(text).toContain('0 jobs');
    expect(text).toContain('No jobs match your search');
    expect(text).toContain('Clear all filters');
  });

  it('serves location pages for a country and a city', async () => {
    const { html, calls } = await renderPage('/jobs/location/dk/copenhagen');
    expect(html).toContain('<h1>Startup jobs in Copenhagen, Denmark</h1>');
    expect(titleOf(html)).toBe('Startup jobs in Copenhagen, Denmark | Nordlys');
    const call = calls.find((u) => u.pathname === '/api/v2/jobs');
    expect(call?.searchParams.get('countryCode')).toBe('DK');
    expect(call?.searchParams.get('city')).toBe('Copenhagen');

    const remote = await renderPage('/jobs/location/remote');
    expect(remote.html).toContain('<h1>Remote startup jobs</h1>');
    expect(remote.calls.find((u) => u.pathname === '/api/v2/jobs')?.searchParams.get('isRemote')).toBe('true');

    const country = await renderPage('/jobs/location/se');
    expect(country.html).toContain('<h1>Startup jobs in Sweden</h1>');
  });

  it('answers 404 for a location that is not a country, or a city no job is in', async () => {
    expect((await renderPage('/jobs/location/xx')).response.status).toBe(404);
    expect((await renderPage('/jobs/location/atlantis')).response.status).toBe(404);
    expect((await renderPage('/jobs/location/dk/atlantis')).response.status).toBe(404);
    expect((await renderPage('/jobs/location/remote/oslo')).response.status).toBe(404);
  });

  it('redirects (301) any other spelling of a place to its canonical URL, the query kept (issue #32)', async () => {
    for (const [from, to] of [
      ['/jobs/location/DK/copenhagen', '/jobs/location/dk/copenhagen'],
      ['/jobs/location/dk/COPENHAGEN?sort=newest', '/jobs/location/dk/copenhagen?sort=newest'],
      ['/jobs/location/denmark', '/jobs/location/dk'],
      ['/jobs/location/Danmark/Copenhagen', '/jobs/location/dk/copenhagen'],
      ['/jobs/location/REMOTE', '/jobs/location/remote'],
    ]) {
      const { response } = await renderPage(from!);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });
});

describe('render: startups', () => {
  it('lists startups with a search form', async () => {
    const { html } = await renderPage('/startups?search=aurora');
    const text = textOf(html);
    expect(text).toContain('Browse Nordic startups');
    expect(text).toContain('1 startup');
    expect(html).toContain('href="/startups/aurora-labs"');
    expect(titleOf(html)).toBe('Browse Nordic startups | Nordlys');
  });

  it('renders a startup with its team, investors, quote and jobs', async () => {
    const { response, html } = await renderPage('/startups/aurora-labs');
    expect(response.status).toBe(200);
    expect(titleOf(html)).toBe('Aurora Labs jobs | Nordlys');
    const text = textOf(html);
    expect(text).toContain('What we do');
    expect(text).toContain('Freja Holm');
    expect(text).toContain('North Ventures');
    expect(text).toContain('Venture capital');
    expect(text).toContain('We hire curious people who like hard problems.');
    expect(text).toContain('Senior Frontend Engineer');
    expect(text).toContain('Denmark, Sweden');
    // No logo image: a monogram.
    expect(html).toContain('>AL</span>');
  });

  it('answers 404 for an unknown startup', async () => {
    const { response, html } = await renderPage('/startups/no-such-startup');
    expect(response.status).toBe(404);
    expect(html).toContain('Page not found');
  });
});

describe('render: unknown routes', () => {
  it('answers 404 with Page not found and This page could not be found', async () => {
    const { response, html } = await renderPage('/no/such/page');
    expect(response.status).toBe(404);
    expect(html).toMatch(/<h1>Page not found<\/h1>/);
    expect(textOf(html)).toContain('This page could not be found');
    expect(titleOf(html)).toBe('Page not found | Nordlys');
    // The layout stays around the error.
    expect(html).toContain('<header class="site-header">');
  });
});
