/** @jsxImportSource preact */
// @vitest-environment happy-dom
/** The widget as a host page meets it through mount(): states, events, options, styles, clean-up. */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { render } from 'preact';
import { destroy, instanceOf, mount } from './mount';
import { JobList } from './JobList';
import { createSheet } from './sheet';
import { makeStyles } from './styles';
import { STRINGS } from './strings';
import { readOptions, objectReader } from './options';
import { BRIEFS, JOBS, ORIGIN, companyJobs, fakeFetch, shadowText, until } from './test-helpers';

let host: HTMLElement;
let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.append(host);
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  destroy(host);
  errors.mockRestore();
});

const links = (el: Element) => [...(el.shadowRoot?.querySelectorAll('a') ?? [])];

describe('mount', () => {
  it('shows a loading skeleton, then the list with links to the jobs', async () => {
    let answer!: (r: Response) => void;
    const send = fakeFetch({ '/api/companies/aurora-labs/job-briefs': () => new Promise<Response>((r) => (answer = r)) });
    mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: send });
    await until(() => answer);
    expect(host.shadowRoot!.querySelector('[aria-busy="true"]')).not.toBeNull();
    answer(new Response(JSON.stringify({ jobs: BRIEFS })));
    await until(() => host.shadowRoot!.querySelector('li'));
    expect(shadowText(host)).toContain('Senior Frontend Engineer');
    expect(shadowText(host)).toContain('Copenhagen, Denmark');
    expect(shadowText(host)).toContain('Remote');
    expect(shadowText(host)).toContain('Full-time');
    expect(links(host)[0]!.getAttribute('href')).toBe(`${ORIGIN}/jobs/1?ref=widget`);
    // A hostile title is text, never markup.
    expect(host.shadowRoot!.querySelector('script')).toBeNull();
    expect(send.calls[0]!.url.href).toBe(`${ORIGIN}/api/companies/aurora-labs/job-briefs?limit=10`);
    expect(send.calls[0]!.init?.credentials).toBe('omit');
  });

  it('shows the empty state with the fallback link to the company page', async () => {
    mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: fakeFetch(companyJobs('aurora-labs', [])) });
    await until(() => shadowText(host).includes('No open positions'));
    expect(links(host).map((a) => a.getAttribute('href'))).toContain(`${ORIGIN}/startups/aurora-labs`);
  });

  it('shows the error state with a retry and the fallback link when the API answers 500', async () => {
    let fail = true;
    const send = fakeFetch({
      '/api/companies/aurora-labs/job-briefs': () =>
        fail ? new Response(JSON.stringify({ message: 'Boom' }), { status: 500 }) : new Response(JSON.stringify({ jobs: BRIEFS })),
    });
    const seen: CustomEvent[] = [];
    host.addEventListener('nordlys:error', (e) => seen.push(e as CustomEvent));
    mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: send });
    await until(() => host.shadowRoot!.querySelector('[role="alert"]'));
    expect(shadowText(host)).toContain("We couldn't load the jobs.");
    expect(links(host).map((a) => a.getAttribute('href'))).toContain(`${ORIGIN}/startups/aurora-labs`);
    expect(seen[0]!.detail).toMatchObject({ message: 'Boom', status: 500 });
    expect(errors.mock.calls.every((args) => args[0] === '[nordlys]')).toBe(true);

    fail = false;
    host.shadowRoot!.querySelector('button')!.click();
    await until(() => host.shadowRoot!.querySelector('li'));
  });

  it('never throws into the host when fetch itself throws or rejects', async () => {
    const throwing = (() => {
      throw new Error('sync throw');
    }) as unknown as typeof fetch;
    const rejecting = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const other = document.createElement('div');
    document.body.append(other);
    expect(() => mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: throwing })).not.toThrow();
    expect(() => mount(other, { company: 'aurora-labs', api: ORIGIN }, { fetch: rejecting })).not.toThrow();
    await until(() => host.shadowRoot!.querySelector('[role="alert"]') && other.shadowRoot!.querySelector('[role="alert"]'));
    expect(links(other).map((a) => a.getAttribute('href'))).toContain(`${ORIGIN}/startups/aurora-labs`);
    destroy(other);
  });

  it('logs misuse naming the bad option and mounts nothing', () => {
    expect(mount(host, {}, {})).toBeUndefined();
    expect(errors.mock.calls[0]).toEqual(['[nordlys]', expect.stringContaining('"company" is required')]);
    expect(mount(host, { company: 'x', feed: 'bogus' })).toBeUndefined();
    expect(String(errors.mock.calls[1]?.[1])).toContain('"feed"');
    expect(mount(null as unknown as Element, { company: 'x' })).toBeUndefined();
    expect(host.shadowRoot).toBeNull();
  });

  it('fires loaded with the jobs, and job-click with the job; preventDefault keeps the page', async () => {
    const loaded = vi.fn();
    const clicked = vi.fn((e: Event) => e.preventDefault());
    // Events bubble and are composed: a listener on document hears them.
    document.addEventListener('nordlys:loaded', loaded);
    document.addEventListener('nordlys:job-click', clicked);
    mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: fakeFetch(companyJobs('aurora-labs')) });
    await until(() => loaded.mock.calls.length);
    const event = loaded.mock.calls[0]![0] as CustomEvent;
    expect(event.target).toBe(host);
    expect(event.detail).toMatchObject({ count: 3, company: 'aurora-labs', jobs: [{ id: 1, title: 'Senior Frontend Engineer' }, { id: 2 }, { id: 3 }] });

    const link = host.shadowRoot!.querySelector('a')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect((clicked.mock.calls[0]![0] as CustomEvent).detail).toEqual({ id: 1, title: 'Senior Frontend Engineer', url: `${ORIGIN}/jobs/1?ref=widget`, company: 'aurora-labs' });
    expect(click.defaultPrevented).toBe(true);
    document.removeEventListener('nordlys:loaded', loaded);
    document.removeEventListener('nordlys:job-click', clicked);
  });

  it('applies limit and the category, country and remote filters', async () => {
    const send = fakeFetch(companyJobs('aurora-labs'));
    const titles = async (options: Record<string, unknown>) => {
      const el = document.createElement('div');
      document.body.append(el);
      mount(el, { company: 'aurora-labs', api: ORIGIN, ...options }, { fetch: send });
      await until(() => el.shadowRoot!.querySelector('ul, [class] p'));
      const out = [...el.shadowRoot!.querySelectorAll('li > a')].map((a) => a.textContent);
      destroy(el);
      return out;
    };
    expect(await titles({ limit: 1 })).toEqual(['Senior Frontend Engineer']);
    expect(await titles({ remote: true })).toEqual(['Remote Data Scientist']);
    expect(await titles({ remote: 'false' })).toHaveLength(2);
    expect(await titles({ category: 'data-science' })).toEqual(['Remote Data Scientist']);
    expect(await titles({ country: 'no' })).toEqual(['Remote Data Scientist']);
    // The server selects: the widget sends its filters and limit, and receives only what it shows.
    expect(send.calls.map((c) => c.url.search)).toEqual(['?limit=1', '?isRemote=true&limit=10', '?isRemote=false&limit=10', '?categories=data-science&limit=10', '?countryCode=NO&limit=10']);
  });

  it('searches the feed with the filters as query parameters', async () => {
    const send = fakeFetch({ '/api/v2/jobs': { jobs: JOBS, total: 3, page: 1, pageSize: 2, totalExact: true, fuzzy: false } });
    mount(host, { feed: 'all', limit: 2, country: 'DK', category: 'frontend', api: ORIGIN }, { fetch: send });
    await until(() => host.shadowRoot!.querySelector('li'));
    const params = Object.fromEntries(send.calls[0]!.url.searchParams);
    expect(params).toEqual({ countryCode: 'DK', categories: 'frontend', pageSize: '2' });
    expect(host.shadowRoot!.querySelectorAll('li')).toHaveLength(2);
    expect(shadowText(host)).toContain('Aurora');
    expect(links(host).at(-1)!.getAttribute('href')).toBe(`${ORIGIN}/jobs`);
  });

  it('shows a white-label feed named by its domain: the feed’s filters (every country, remote too, its startups), the widget’s own where given', async () => {
    const northstar = { domain: 'jobs.northstar.example', name: 'Northstar Jobs', description: null, logoImage: null, filters: { countryCodes: ['SE', 'DK'], includeRemote: true, companyKeys: ['northstar', 'kivi-pay'], categories: ['frontend', 'design'] }, company: { id: 9, key: 'northstar', name: 'Northstar', logoImage: null } };
    const list = { jobs: JOBS, total: 3, page: 1, pageSize: 10, totalExact: true, fuzzy: false };
    const send = fakeFetch({ '/api/companies/white-label-feed-domain/jobs.northstar.example': northstar, '/api/v2/jobs': list });
    const loaded = vi.fn();
    host.addEventListener('nordlys:loaded', loaded);
    mount(host, { feed: 'Jobs.Northstar.Example', api: ORIGIN }, { fetch: send });
    await until(() => host.shadowRoot!.querySelector('li'));
    expect(send.calls.map((c) => c.url.pathname)).toEqual(['/api/companies/white-label-feed-domain/jobs.northstar.example', '/api/v2/jobs']);
    expect(Object.fromEntries(send.calls[1]!.url.searchParams)).toEqual({ countryCodes: 'SE,DK', includeRemote: 'true', companyKeys: 'northstar,kivi-pay', categories: 'frontend,design', pageSize: '10' });
    expect((loaded.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({ feed: 'jobs.northstar.example', count: 3 });

    const other = document.createElement('div');
    document.body.append(other);
    mount(other, { feed: 'jobs.northstar.example', country: 'no', category: 'sales', remote: 'true', limit: 2, api: ORIGIN }, { fetch: send });
    await until(() => send.calls.length === 4);
    expect(Object.fromEntries(send.calls[3]!.url.searchParams)).toEqual({ countryCode: 'NO', companyKeys: 'northstar,kivi-pay', isRemote: 'true', categories: 'sales', pageSize: '2' });
    destroy(other);
  });

  it('shows the error state when a named feed does not exist', async () => {
    const failed = vi.fn();
    host.addEventListener('nordlys:error', failed);
    mount(host, { feed: 'jobs.nowhere.example', api: ORIGIN }, { fetch: fakeFetch({}) });
    await until(() => host.shadowRoot!.querySelector('[role="alert"]'));
    expect((failed.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({ status: 404 });
  });

  it('puts styles in an adopted stylesheet, never a <style> element or a style attribute', async () => {
    mount(host, { company: 'aurora-labs', api: ORIGIN, theme: 'dark', accent: '#ff0066', font: 'Georgia, serif', layout: 'cards' }, { fetch: fakeFetch(companyJobs('aurora-labs')) });
    await until(() => host.shadowRoot!.querySelector('li'));
    const sheets = host.shadowRoot!.adoptedStyleSheets;
    expect(sheets).toHaveLength(1);
    const text = [...sheets[0]!.cssRules].map((r) => r.cssText).join('\n');
    expect(text).toContain('#ff0066');
    expect(text).toContain('Georgia');
    expect(text).toContain('#14181d'); // dark tokens
    expect(text).toContain('grid-template-columns'); // cards
    expect(text).not.toContain('prefers-color-scheme');
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(host.shadowRoot!.querySelectorAll('style, [style]')).toHaveLength(0);
    expect(document.head.innerHTML).toBe('');
  });

  it('refuses unsafe accent and font values and names them', () => {
    const options = readOptions(objectReader({ company: 'a', accent: 'red;}body{display:none', font: 'x}' }))!;
    expect(options.accent).toBeUndefined();
    expect(options.font).toBeUndefined();
    expect(errors.mock.calls.map((c) => String(c[1]))).toEqual([expect.stringContaining('"accent"'), expect.stringContaining('"font"')]);
  });

  it('falls back to defaults for bad theme, layout, limit and language, logging each', () => {
    const options = readOptions(objectReader({ company: 'a', theme: 'neon', layout: 'grid', limit: 500, language: 'xx' }))!;
    expect(options).toMatchObject({ theme: 'auto', layout: 'list', limit: 10, language: 'en' });
    expect(errors.mock.calls.map((c) => String(c[1]).match(/option "(\w+)"/)?.[1])).toEqual(['limit', 'theme', 'layout', 'language']);
  });

  it('destroys cleanly and remounts without leaking nodes, sheets or listeners', async () => {
    const send = fakeFetch(companyJobs('aurora-labs'));
    const loaded = vi.fn();
    host.addEventListener('nordlys:loaded', loaded);
    for (let i = 0; i < 3; i++) {
      mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: send });
      await until(() => host.shadowRoot!.querySelector('li'));
    }
    expect(host.shadowRoot!.childNodes).toHaveLength(1);
    expect(host.shadowRoot!.adoptedStyleSheets).toHaveLength(1);
    expect(loaded).toHaveBeenCalledTimes(3);
    destroy(host);
    destroy(host); // twice is harmless
    expect(instanceOf(host)).toBeUndefined();
    expect(host.shadowRoot!.childNodes).toHaveLength(0);
    expect(host.shadowRoot!.adoptedStyleSheets).toHaveLength(0);
  });

  it('a destroy while loading drops the answer: no render, no event', async () => {
    let answer!: (r: Response) => void;
    const loaded = vi.fn();
    host.addEventListener('nordlys:loaded', loaded);
    const handle = mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: fakeFetch({ '/api/companies/aurora-labs/job-briefs': () => new Promise<Response>((r) => (answer = r)) }) })!;
    await until(() => answer);
    handle.destroy();
    answer(new Response(JSON.stringify({ jobs: BRIEFS })));
    await new Promise((r) => setTimeout(r, 20));
    expect(loaded).not.toHaveBeenCalled();
    expect(host.shadowRoot!.childNodes).toHaveLength(0);
  });

  it('touches no cookie', async () => {
    document.cookie = 'host=1';
    const before = document.cookie;
    host.addEventListener('nordlys:job-click', (e) => e.preventDefault()); // happy-dom would navigate
    mount(host, { company: 'aurora-labs', api: ORIGIN }, { fetch: fakeFetch(companyJobs('aurora-labs')) });
    await until(() => host.shadowRoot!.querySelector('li'));
    host.shadowRoot!.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(document.cookie).toBe(before);
  });
});

describe('JobList (JSX compiled for Preact)', () => {
  it('renders the list from a load function', async () => {
    const el = document.createElement('div');
    const { css } = createSheet();
    const options = readOptions(objectReader({ company: 'aurora-labs' }))!;
    const emit = vi.fn(() => true);
    render(<JobList options={options} origin={ORIGIN} load={async () => BRIEFS} emit={emit} t={STRINGS.en!} s={makeStyles(css, options)} />, el);
    await until(() => el.querySelector('li'));
    expect(el.querySelectorAll('li')).toHaveLength(3);
    expect(emit).toHaveBeenCalledWith('nordlys:loaded', expect.objectContaining({ count: 3 }));
    render(null, el);
  });
});
