// @vitest-environment happy-dom
/** The runtime as a page loads it: beside its script tag, into data-target, as <nordlys-jobs>, through window.Nordlys and the loader's queue. */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { start } from './runtime';
import { ORIGIN, companyJobs, fakeFetch, shadowText, until } from './test-helpers';

const send = fakeFetch({ ...companyJobs('northwind-labs'), ...companyJobs('aurora-labs') });
let errors: MockInstance<typeof console.error>;

function scriptTag(attrs: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  // Not src: happy-dom would fetch it. The origin comes from the context instead.
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
  document.body.append(script);
  return script;
}

beforeEach(() => {
  document.body.innerHTML = '<main><p>Host page</p></main>';
  delete window.Nordlys;
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = '';
  errors.mockRestore();
});

describe('runtime', () => {
  it('mounts into a shadow root right after its script tag', async () => {
    const script = scriptTag({ 'data-company': 'northwind-labs', 'data-layout': 'cards' });
    start(script, { origin: ORIGIN, fetch: send });
    const host = script.nextElementSibling!;
    expect(host.getAttribute('data-nordlys')).toBe('jobs');
    await until(() => host.shadowRoot?.querySelector('li'));
    expect(shadowText(host)).toContain('Senior Frontend Engineer');
    // The host page's own DOM sees none of the widget's nodes.
    expect(document.body.querySelectorAll('li')).toHaveLength(0);
  });

  it('derives the API origin from its own script src', async () => {
    const calls = fakeFetch(companyJobs('northwind-labs'));
    const script = scriptTag({ 'data-company': 'northwind-labs' });
    Object.defineProperty(script, 'src', { value: 'https://cdn.nordlys.test/embed/v1/jobs.js' });
    start(script, { fetch: calls });
    await until(() => calls.calls.length);
    expect(calls.calls[0]!.url.href).toBe('https://cdn.nordlys.test/api/companies/northwind-labs/job-briefs?limit=10');
  });

  it('renders into data-target, and names a target that matches nothing', async () => {
    document.body.insertAdjacentHTML('beforeend', '<section id="jobs"></section>');
    start(scriptTag({ 'data-company': 'northwind-labs', 'data-target': '#jobs' }), { origin: ORIGIN, fetch: send });
    const target = document.querySelector('#jobs')!;
    await until(() => target.shadowRoot?.querySelector('li'));

    expect(() => start(scriptTag({ 'data-company': 'northwind-labs', 'data-target': '#nope' }), { origin: ORIGIN, fetch: send })).not.toThrow();
    expect(String(errors.mock.calls.at(-1)?.[1])).toContain('"target"');
  });

  it('logs a missing company by name and leaves the page alone', () => {
    const script = scriptTag({ 'data-company': '' });
    start(script, { origin: ORIGIN, fetch: send });
    expect(errors.mock.calls[0]).toEqual(['[nordlys]', expect.stringContaining('"company"')]);
    expect(script.nextElementSibling).toBeNull();
  });

  it('works as <nordlys-jobs>, remounts on attribute change and cleans up on removal', async () => {
    start(null, { origin: ORIGIN, fetch: send });
    document.body.insertAdjacentHTML('beforeend', '<nordlys-jobs company="northwind-labs" limit="1"></nordlys-jobs>');
    const el = document.querySelector('nordlys-jobs')!;
    await until(() => el.shadowRoot?.querySelector('li'));
    expect(el.shadowRoot!.querySelectorAll('li')).toHaveLength(1);
    el.setAttribute('limit', '2');
    await until(() => el.shadowRoot!.querySelectorAll('li').length === 2);
    expect(el.shadowRoot!.adoptedStyleSheets).toHaveLength(1);
    el.remove();
    expect(el.shadowRoot!.childNodes).toHaveLength(0);
  });

  it('exposes Nordlys.mount / destroy for single-page apps', async () => {
    start(null, { origin: ORIGIN, fetch: send });
    const el = document.createElement('div');
    document.body.append(el);
    const handle = window.Nordlys!.mount(el, { company: 'aurora-labs' });
    await until(() => el.shadowRoot?.querySelector('li'));
    expect(handle?.options.company).toBe('aurora-labs');
    window.Nordlys!.destroy(el);
    expect(el.shadowRoot!.childNodes).toHaveLength(0);
    window.Nordlys!('mount', el, { company: 'aurora-labs' });
    await until(() => el.shadowRoot!.querySelector('li'));
    window.Nordlys!('destroy', el);
    expect(el.shadowRoot!.childNodes).toHaveLength(0);
  });

  it('loader: injects jobs.js unless a script with exactly its URL is on the page', async () => {
    // The tags below stay unloaded (happy-dom would fetch them).
    Object.assign((window as unknown as { happyDOM: { settings: object } }).happyDOM.settings, { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
    const runtime = `${location.origin}/embed/v1/jobs.js`;
    vi.stubGlobal('NORDLYS_RUNTIME_URL', runtime);
    const injected: Node[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => (injected.push(node), node));
    const run = async (src: string) => {
      document.body.innerHTML = `<script src="${src}"></script>`;
      injected.length = 0;
      vi.resetModules();
      await import('./loader');
      return injected.length;
    };
    // The same URL written relatively counts as present; look-alikes do not.
    expect(await run('/embed/v1/jobs.js')).toBe(0);
    expect(await run(runtime)).toBe(0);
    expect(await run('/embed/v1/jobs.js?v=2')).toBe(1);
    expect(await run('/other/embed/v1/jobs.js')).toBe(1);
    expect(await run('https://cdn.example/embed/v1/jobs.js.map')).toBe(1);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('replays the calls the loader queued before the runtime arrived', async () => {
    const injected: Node[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => (injected.push(node), node));
    vi.stubGlobal('NORDLYS_RUNTIME_URL', `${ORIGIN}/embed/v1/jobs.js`);
    vi.resetModules();
    await import('./loader');
    expect((injected[0] as HTMLScriptElement).src).toBe(`${ORIGIN}/embed/v1/jobs.js`);
    expect((injected[0] as HTMLScriptElement).async).toBe(true);

    const el = document.createElement('div');
    document.body.append(el);
    window.Nordlys!('mount', el, { company: 'northwind-labs', theme: 'dark' });
    expect(window.Nordlys!.q).toHaveLength(1);
    expect(el.shadowRoot).toBeNull();

    start(null, { origin: ORIGIN, fetch: send });
    await until(() => el.shadowRoot?.querySelector('li'));
    expect(window.Nordlys!.version).toBe('1');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
});
