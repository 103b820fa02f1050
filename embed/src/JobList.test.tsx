// @vitest-environment happy-dom
/** JobList's error boundary: a job the widget cannot render shows the error state, never an exception in the host page. */
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { destroy, mount } from './mount';
import { JOBS, ORIGIN, fakeFetch, shadowText, until } from './test-helpers';

let host: HTMLElement;
let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  destroy(host);
  host.remove();
  errors.mockRestore();
});

it('shows the error state, with its retry and fallback link, when a job of the answer cannot be rendered', async () => {
  // A feed lists each job's company; an answer without one breaks the row, not the page.
  const broken = { ...JOBS[0]!, company: undefined };
  const list = { jobs: [broken], total: 1, page: 1, pageSize: 10, totalExact: true, fuzzy: false };
  mount(host, { feed: 'all', api: ORIGIN }, { fetch: fakeFetch({ '/api/v2/jobs': list }) });
  await until(() => host.shadowRoot!.querySelector('[role="alert"]'));
  expect(shadowText(host)).toContain("We couldn't load the jobs.");
  expect(host.shadowRoot!.querySelector('button')?.textContent).toBe('Try again');
  expect(host.shadowRoot!.querySelector('a')?.getAttribute('href')).toBe(`${ORIGIN}/jobs`);
  expect(host.shadowRoot!.querySelector('li')).toBeNull();
  expect(errors.mock.calls.some(([prefix, message]) => prefix === '[nordlys]' && message === 'render failed')).toBe(true);
});
