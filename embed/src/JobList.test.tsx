/** @jsxImportSource preact */
// @vitest-environment happy-dom
/** JobList's error boundary: a job the widget cannot render shows the error state, never an exception in the host page. */
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { render } from 'preact';
import { JobList } from './JobList';
import { objectReader, readOptions } from './options';
import { createSheet } from './sheet';
import { STRINGS } from './strings';
import { makeStyles } from './styles';
import { BRIEFS, ORIGIN, until } from './test-helpers';

let el: HTMLElement;
let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  el = document.createElement('div');
  document.body.append(el);
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  render(null, el);
  el.remove();
  errors.mockRestore();
});

it('shows the error state, with its retry and fallback link, when a job of the answer cannot be rendered', async () => {
  // A feed lists each job's company; a job without one (a broken answer) breaks its row, not the page.
  const broken = { ...BRIEFS[0]!, company: null as never };
  const options = readOptions(objectReader({ feed: 'all' }))!;
  const { css } = createSheet();
  render(<JobList options={options} origin={ORIGIN} load={async () => [broken]} emit={() => true} t={STRINGS.en!} s={makeStyles(css, options)} />, el);
  await until(() => el.querySelector('[role="alert"]'));
  expect(el.textContent).toContain("We couldn't load the jobs.");
  expect(el.querySelector('button')?.textContent).toBe('Try again');
  expect(el.querySelector('a')?.getAttribute('href')).toBe(`${ORIGIN}/jobs`);
  expect(el.querySelector('li')).toBeNull();
  expect(errors.mock.calls.some(([prefix, message]) => prefix === '[nordlys]' && message === 'render failed')).toBe(true);
});
