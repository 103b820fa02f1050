// @vitest-environment happy-dom
/**
 * The runtime on a page holding the indexable snippet (pages/snippet.tsx): the host's own links show
 * until the live list arrives, stay in the light DOM afterwards, and stay on show when the call fails.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { frontendJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { destroy } from './mount';
import { renderIndexableSnippet } from './pages/snippet';
import { start } from './runtime';
import { BRIEFS, ORIGIN, companyJobs, fakeFetch, shadowText, until } from './test-helpers';

let errors: MockInstance<typeof console.error>;

/** The snippet as pasted, without its script tag (the test starts the runtime itself). */
function paste(key = 'aurora-labs', name = 'Aurora Labs') {
  const html = renderIndexableSnippet({ company: { key, name }, jobs: [summary(frontendJob), summary(remoteJob)], origin: ORIGIN });
  document.body.insertAdjacentHTML('beforeend', html.replace(/<script[^]*<\/script>/, ''));
  return document.querySelector<HTMLElement>(`[data-nordlys-jobs][data-company="${key}"]`)!;
}
/** What the page shows inside the container: the shadow root's elements, a <slot> standing for the host's own markup. */
const shown = (host: Element) => [...(host.shadowRoot?.children ?? [])].map((el) => el.localName);

beforeEach(() => {
  document.body.innerHTML = '';
  delete window.Nordlys;
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  document.querySelectorAll('[data-nordlys-jobs]').forEach(destroy);
  errors.mockRestore();
});

describe('indexable snippet', () => {
  it('shows the host’s links while loading, then the live list, keeping the links in the light DOM', async () => {
    let answer!: (r: Response) => void;
    const send = fakeFetch({ '/api/companies/aurora-labs/job-briefs': () => new Promise<Response>((r) => (answer = r)) });
    const host = paste();
    const markup = host.innerHTML;
    start(null, { origin: ORIGIN, fetch: send });
    await until(() => answer);
    // First paint is the host's own markup, through a slot.
    expect(shown(host)).toEqual(['slot']);
    expect(host.innerHTML).toBe(markup);

    // Twelve jobs: the snippet asks for every job (data-limit), not the widget's default ten.
    const twelve = Array.from({ length: 12 }, (_, i) => ({ ...BRIEFS[0]!, id: 100 + i, title: `Job ${i + 1}` }));
    answer(new Response(JSON.stringify({ jobs: twelve })));
    await until(() => host.shadowRoot!.querySelector('li'));
    expect(shown(host)).toEqual(['div']);
    expect(shadowText(host)).toContain('Job 12');
    expect(host.shadowRoot!.querySelectorAll('li')).toHaveLength(12);
    expect(send.calls[0]!.url.pathname).toBe('/api/companies/aurora-labs/job-briefs');
    // Crawlers and no-JS readers keep the links.
    expect(host.innerHTML).toBe(markup);
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain(`${ORIGIN}/jobs/1`);
  });

  it('leaves the host’s markup untouched and on show when the data call fails', async () => {
    const failed = vi.fn();
    document.addEventListener('nordlys:error', failed);
    const host = paste();
    const markup = host.innerHTML;
    start(null, { origin: ORIGIN, fetch: fakeFetch({ '/api/companies/aurora-labs/job-briefs': () => new Response('{"message":"Boom"}', { status: 500 }) }) });
    await until(() => failed.mock.calls.length);
    expect(shown(host)).toEqual(['slot']);
    expect(host.innerHTML).toBe(markup);
    expect(errors.mock.calls.every((c) => c[0] === '[nordlys]')).toBe(true);
    document.removeEventListener('nordlys:error', failed);
  });

  it('shows the host’s links again on destroy, and a remount enhances once more', async () => {
    const send = fakeFetch(companyJobs('aurora-labs'));
    const host = paste();
    start(null, { origin: ORIGIN, fetch: send });
    await until(() => host.shadowRoot!.querySelector('li'));
    window.Nordlys!.destroy(host);
    expect(shown(host)).toEqual(['slot']);
    window.Nordlys!.mount(host, { company: 'aurora-labs' });
    await until(() => host.shadowRoot!.querySelector('li'));
    expect(shown(host)).toEqual(['div']);
  });

  it('enhances every snippet once, also those parsed after the script, and never twice', async () => {
    const send = fakeFetch({ ...companyJobs('aurora-labs'), ...companyJobs('northwind-labs') });
    const a = paste();
    // The page is still being parsed when the script runs.
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    start(null, { origin: ORIGIN, fetch: send });
    delete (document as { readyState?: unknown }).readyState;
    const b = paste('northwind-labs', 'Northwind Labs');
    expect(b.shadowRoot).toBeNull();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    // A second copy of jobs.js on the page mounts nothing new.
    start(null, { origin: ORIGIN, fetch: send });
    await until(() => a.shadowRoot?.querySelector('li') && b.shadowRoot?.querySelector('li'));
    expect(send.calls.map((c) => c.url.pathname).sort()).toEqual(['/api/companies/aurora-labs/job-briefs', '/api/companies/northwind-labs/job-briefs']);
  });

  it('names a bad option and leaves that snippet as it is', () => {
    const host = paste();
    host.setAttribute('data-company', 'not a key!');
    start(null, { origin: ORIGIN, fetch: fakeFetch({}) });
    expect(host.shadowRoot).toBeNull();
    expect(String(errors.mock.calls[0]?.[1])).toContain('"company"');
  });
});
