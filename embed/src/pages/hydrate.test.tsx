// @vitest-environment happy-dom
/**
 * The hosted pages in a browser: the server's HTML, then hydrateIslands (what careers.js and
 * white-label.js run). Hydration keeps the server's markup; then the islands work: filters, search
 * as you type, copy link.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { auroraLabs, frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { fakeFetch, until } from '../test-helpers';
import { hydrateIslands } from './hydrate';
import { renderCareersHome, renderCareersJob, renderFeedHome } from './index';
import { feed, MAIN, NOW, ORIGIN, parse, text } from './test-helpers';

const FEED_ORIGIN = 'https://jobs.northstar.example';
const happyDOM = () => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
let errors: MockInstance<typeof console.error>;

/** The page as the browser has it before the bundle runs: body and title from the server's HTML. */
function load(html: string, url: string) {
  happyDOM().setURL(url);
  const doc = parse(html);
  document.title = doc.title;
  document.body.innerHTML = doc.body.innerHTML;
}

const island = (id: string) => document.getElementById(id)!;
const titles = (root: ParentNode) => [...root.querySelectorAll('ul.jobs h2 a, ul.jobs h3 a')].map((a) => a.textContent);
const choose = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};
const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = '';
  errors.mockRestore();
  vi.unstubAllGlobals();
});

describe('careers home: the open positions', () => {
  const jobs = [summary(frontendJob), summary(remoteJob), summary(hostileJob)];
  const page = (list = jobs, filters?: { category?: string; location?: string }) =>
    renderCareersHome({ company: auroraLabs, jobs: list, origin: ORIGIN, canonicalOrigin: MAIN, now: NOW, filters });

  it('hydrates onto the server markup without changing it, then adds filters by category and location', async () => {
    load(page(), `${ORIGIN}/`);
    const before = island('nl-jobs').innerHTML;
    const firstLink = island('nl-jobs').querySelector('a');
    hydrateIslands();
    // The first render is the server's: same markup, same nodes (the filters are a form it rendered too).
    expect(island('nl-jobs').innerHTML).toBe(before);
    expect(island('nl-jobs').querySelector('a')).toBe(firstLink);

    const category = await until(() => document.querySelector<HTMLSelectElement>('#filter-category'));
    const place = document.querySelector<HTMLSelectElement>('#filter-location')!;
    expect([...category.options].map((o) => o.text)).toEqual(['All categories', 'Frontend', 'Design', 'Data science']);
    expect([...place.options].map((o) => o.text)).toEqual(['All locations', 'Copenhagen, Denmark', 'Remote']);
    expect(document.querySelector('label[for="filter-category"]')?.textContent).toBe('Category');

    choose(category, 'data-science');
    await until(() => titles(document).length === 1);
    expect(titles(document)).toEqual(['Remote Data Scientist']);
    expect(text(document.querySelector('.count'))).toBe('Showing 1 of 3 jobs');
    expect(location.search).toBe('?category=data-science');

    choose(place, 'Copenhagen, Denmark');
    await until(() => document.querySelector('.empty'));
    expect(text(document.querySelector('.empty'))).toContain('No jobs match these filters.');
    expect(new URLSearchParams(location.search).get('location')).toBe('Copenhagen, Denmark');

    // A link to the unfiltered page, which clears in place once hydrated.
    document.querySelector<HTMLAnchorElement>('.empty a')!.click();
    await until(() => titles(document).length === 3);
    expect(location.search).toBe('');
    expect(text(document.querySelector('.count'))).toBe('3 jobs');
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates a list the server filtered by the URL (values no job has ignored) unchanged, and filters on from there', async () => {
    load(page(jobs, { location: 'Remote', category: 'cobol' }), `${ORIGIN}/?location=Remote&category=cobol`);
    const before = island('nl-jobs').innerHTML;
    expect(titles(document)).toEqual(['Remote Data Scientist']);
    hydrateIslands();
    expect(island('nl-jobs').innerHTML).toBe(before);
    // The choices as the server marked them (happy-dom reads .value of a parsed <select> wrongly).
    expect(document.querySelector('#filter-location option[selected]')?.getAttribute('value')).toBe('Remote');
    expect(document.querySelector('#filter-category option[selected]')?.getAttribute('value')).toBe('');
    choose(document.querySelector<HTMLSelectElement>('#filter-location')!, '');
    await until(() => titles(document).length === 3);
    expect(location.search).toBe('');
  });

  it('offers no filter where there is nothing to choose between', async () => {
    load(page([{ ...summary(frontendJob), categories: ['frontend'] }]), `${ORIGIN}/`);
    const before = island('nl-jobs').innerHTML;
    hydrateIslands();
    await new Promise((r) => setTimeout(r, 60));
    expect(document.querySelector('form.filters')).toBeNull();
    expect(island('nl-jobs').innerHTML).toBe(before);
  });
});

describe('job pages: share', () => {
  it('hydrates the share links, then offers Copy link, which copies the page address and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    load(renderCareersJob({ company: auroraLabs, job: frontendJob, origin: ORIGIN, canonicalOrigin: MAIN, now: NOW }), `${ORIGIN}/jobs/1`);
    const share = island('nl-share');
    const links = [...share.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['LinkedIn', 'X', 'Facebook', 'Email']);
    expect(share.querySelector('a')!.getAttribute('href')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${ORIGIN}/jobs/1`)}`);
    expect(share.querySelector('button')).toBeNull();

    hydrateIslands();
    const copy = await until(() => [...share.querySelectorAll('button')].find((b) => b.textContent === 'Copy link'));
    copy.click();
    await until(() => text(share.querySelector('[role="status"]')) === 'Link copied.');
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/jobs/1`);
  });

  it('says so when the copy is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    load(renderCareersJob({ company: auroraLabs, job: frontendJob, origin: ORIGIN, canonicalOrigin: MAIN, now: NOW }), `${ORIGIN}/jobs/1`);
    hydrateIslands();
    const copy = await until(() => [...island('nl-share').querySelectorAll('button')].find((b) => b.textContent === 'Copy link'));
    copy.click();
    await until(() => text(island('nl-share').querySelector('[role="status"]')).startsWith("Couldn't copy"));
    expect(errors.mock.calls[0]![0]).toBe('[nordlys]');
  });
});

describe('white-label home: search as you type', () => {
  const jobs = [summary(frontendJob), summary(hostileJob)];
  const answer = { jobs: [summary(remoteJob)], total: 1, page: 1, pageSize: 20, pages: 1, totalExact: true, fuzzy: false };
  const page = () => renderFeedHome({ feed, jobs, total: 2, origin: FEED_ORIGIN, canonicalOrigin: MAIN, now: NOW });
  const input = () => document.querySelector<HTMLInputElement>('input[name="search"]')!;

  it('hydrates unchanged, then searches with the feed’s filters after a pause in typing, in place', async () => {
    const send = fakeFetch({ '/api/v2/jobs': answer });
    vi.stubGlobal('fetch', send);
    load(page(), `${FEED_ORIGIN}/`);
    const before = island('nl-feed').innerHTML;
    hydrateIslands();
    expect(island('nl-feed').innerHTML).toBe(before);

    // Three keystrokes within the pause: one call.
    type(input(), 'd');
    type(input(), 'da');
    type(input(), 'data ');
    await until(() => text(document.querySelector('h1')) === 'Jobs matching “data”');
    expect(send.calls).toHaveLength(1);
    expect(send.calls[0]!.url.origin + send.calls[0]!.url.pathname).toBe(`${FEED_ORIGIN}/api/v2/jobs`);
    expect(Object.fromEntries(send.calls[0]!.url.searchParams)).toEqual({ categories: 'frontend', pageSize: '20', page: '1', search: 'data' });
    expect(send.calls[0]!.init?.credentials).toBe('omit');
    expect(titles(document)).toEqual(['Remote Data Scientist']);
    expect(text(document.querySelector('.count'))).toBe('1 job');
    expect(location.search).toBe('?search=data');
    expect(document.title).toBe('“data” – Northstar Jobs');
    // The page never reloaded: the field keeps what was typed.
    expect(input().value).toBe('data ');

    type(input(), '');
    await until(() => text(document.querySelector('h1')) === 'Open jobs');
    expect(Object.fromEntries(send.calls[1]!.url.searchParams)).toEqual({ categories: 'frontend', pageSize: '20', page: '1' });
    expect(location.search).toBe('');
    expect(document.title).toBe('Northstar Jobs');
  });

  it('searches at once on submit, without a page load', async () => {
    const send = fakeFetch({ '/api/v2/jobs': { ...answer, jobs: [], total: 0 } });
    vi.stubGlobal('fetch', send);
    load(page(), `${FEED_ORIGIN}/`);
    hydrateIslands();
    // Enter right after the keystroke, before any re-render.
    type(input(), 'cobol');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await until(() => document.querySelector('.empty'));
    expect(text(document.querySelector('.empty'))).toContain('No jobs match “cobol”.');
    await new Promise((r) => setTimeout(r, 300));
    // The pending keystroke search was the same text: no second call.
    expect(send.calls).toHaveLength(1);
  });

  it('hydrates a later page unchanged with its page links, and a new search starts again on its first page', async () => {
    const send = fakeFetch({ '/api/v2/jobs': { ...answer, total: 45, pages: 3 } });
    vi.stubGlobal('fetch', send);
    load(renderFeedHome({ feed, jobs, total: 60, page: 2, pages: 3, search: 'engineer', origin: FEED_ORIGIN, canonicalOrigin: MAIN, now: NOW }), `${FEED_ORIGIN}/?search=engineer&page=2`);
    const before = island('nl-feed').innerHTML;
    hydrateIslands();
    expect(island('nl-feed').innerHTML).toBe(before);
    const pager = () => document.querySelector('nav.pagination')!;
    expect(pager().querySelector('[aria-current="page"]')?.textContent).toBe('2');
    expect(pager().querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/?search=engineer&page=3');

    type(input(), 'data');
    await until(() => text(document.querySelector('h1')) === 'Jobs matching “data”');
    expect(send.calls[0]!.url.searchParams.get('page')).toBe('1');
    expect(location.search).toBe('?search=data');
    expect(pager().querySelector('[aria-current="page"]')?.textContent).toBe('1');
    expect(pager().querySelector('a[rel="prev"]')).toBeNull();
    expect(pager().querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/?search=data&page=2');
  });

  it('keeps the results when the API fails, says so, and hands the next submit to the browser', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/v2/jobs': () => new Response('{"message":"Boom"}', { status: 500 }) }));
    load(page(), `${FEED_ORIGIN}/`);
    hydrateIslands();
    type(input(), 'data');
    await until(() => document.querySelector('[role="alert"]'));
    expect(text(document.querySelector('[role="alert"]'))).toContain("We couldn't update the results.");
    expect(titles(document)).toEqual(['Senior Frontend Engineer', hostileJob.title]);
    expect(location.search).toBe('');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(errors.mock.calls.every((c) => c[0] === '[nordlys]')).toBe(true);
  });
});

describe('hydrateIslands', () => {
  it('logs and leaves the page alone when there is no page data', () => {
    document.body.innerHTML = '<main><p>Plain</p></main>';
    expect(() => hydrateIslands()).not.toThrow();
    expect(errors.mock.calls[0]).toEqual(['[nordlys]', 'no page data to hydrate from']);
    expect(document.body.innerHTML).toBe('<main><p>Plain</p></main>');
  });
});
