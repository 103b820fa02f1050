// @vitest-environment happy-dom
/** The built jobs.js and loader (test what ships, style.md 14); built here first when `npm run build` has not run. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ORIGIN, companyJobs, fakeFetch, until } from './test-helpers';

// A path, not a URL: happy-dom replaces the global URL, which node:fs does not accept.
const dist = fileURLToPath(new NodeURL('../dist/v1/', import.meta.url));

beforeAll(() => {
  if (existsSync(dist + 'jobs.js') && existsSync(dist + 'loader.min.js')) return;
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
});
