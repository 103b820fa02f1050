// @vitest-environment happy-dom
/** The built bundles (test what ships, style.md 14); built here first when `npm run build` has not run. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auroraLabs, frontendJob, remoteJob, summary } from '@nordlys/sdk/testing';
import { renderCareersJob, renderCareersHome } from './pages/index';
import { ORIGIN, companyJobs, fakeFetch, until } from './test-helpers';

// A path, not a URL: happy-dom replaces the global URL, which node:fs does not accept.
const dist = fileURLToPath(new NodeURL('../dist/v1/', import.meta.url));

beforeAll(() => {
  if (['jobs.js', 'loader.min.js', 'careers.js', 'white-label.js'].every((f) => existsSync(dist + f))) return;
  const rollup = createRequire(import.meta.url).resolve('rollup/dist/bin/rollup');
  execFileSync(process.execPath, [rollup, '-c', 'rollup.config.mjs'], { cwd: fileURLToPath(new NodeURL('..', import.meta.url)), stdio: 'pipe' });
}, 120_000);

describe('dist/v1', () => {
  it('loader queues, then jobs.js replays the queue and renders', async () => {
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
    vi.stubGlobal('fetch', fakeFetch(companyJobs('northwind-labs')));
    const run = (file: string) => new Function(readFileSync(dist + file, 'utf8'))();
    run('loader.min.js');
    const el = document.createElement('div');
    document.body.append(el);
    window.Nordlys!('mount', el, { company: 'northwind-labs', api: ORIGIN });
    run('jobs.js');
    await until(() => el.shadowRoot?.querySelector('li'));
    expect(el.shadowRoot!.adoptedStyleSheets).toHaveLength(1);
    expect(document.querySelectorAll('style')).toHaveLength(0);
    window.Nordlys!.destroy(el);
    expect(el.shadowRoot!.childNodes).toHaveLength(0);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('careers.js and white-label.js each carry their own island and not the other’s (define + dead-code elimination)', () => {
    const careers = readFileSync(dist + 'careers.js', 'utf8');
    const whiteLabel = readFileSync(dist + 'white-label.js', 'utf8');
    expect(careers).toContain('Filter jobs');
    expect(careers).not.toContain('/api/v2/jobs');
    expect(whiteLabel).toContain('/api/v2/jobs');
    expect(whiteLabel).not.toContain('Filter jobs');
    // Both hydrate job pages' share links; neither carries the server renderer.
    for (const code of [careers, whiteLabel]) {
      expect(code).toContain('Copy link');
      expect(code).not.toContain('renderToString');
      expect(code).not.toContain('process.env');
    }
  });

  it('careers.js hydrates a careers page the server rendered', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (html: string) => {
      document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
      new Function(readFileSync(dist + 'careers.js', 'utf8'))();
    };
    page(renderCareersHome({ company: auroraLabs, jobs: [summary(frontendJob), summary(remoteJob)], origin: ORIGIN, canonicalOrigin: ORIGIN }));
    const select = await until(() => document.querySelector<HTMLSelectElement>('#filter-location'));
    select.value = 'Remote';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => document.querySelectorAll('ul.jobs > li').length === 1);

    page(renderCareersJob({ company: auroraLabs, job: frontendJob, origin: ORIGIN, canonicalOrigin: ORIGIN }));
    expect(document.querySelectorAll('#nl-share a')).toHaveLength(4);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
