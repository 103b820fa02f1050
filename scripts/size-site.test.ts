/** The site's size check (scripts/size-site.mjs) on synthetic manifests: what it weighs, and that it fails over budget. */
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../sdk/src/routes';
import { BUDGET, measureSite, publicRoutes, sampleUrl, type SiteManifest } from './size-site.mjs';

const registry = {
  home: { path: '/', built: 'site' },
  jobs: { path: '/jobs', built: 'site' },
  jobsLanding: { path: '/jobs/:landing', built: 'site', shapes: { landing: /^[a-z-]+-jobs-in-[a-z-]+$/ } },
  job: { path: '/jobs/:id', built: 'site' },
  client: { path: '/client/', built: 'site' },
  robots: { path: '/robots.txt', built: 'server' },
  careers: { path: '/careers', built: 'server', host: 'careers' },
} satisfies Record<string, RouteDef>;

/** Entry + vendor chunk; each page its chunk; the job page shares a chunk with the landing page. */
function manifest(): SiteManifest {
  return {
    scripts: ['/main.js'],
    styles: [],
    imports: {
      '/main.js': ['/vendor.js'],
      '/vendor.js': [],
      '/home.js': [],
      '/jobs.js': [],
      '/job.js': ['/shared.js'],
      '/landing.js': ['/shared.js'],
      '/shared.js': [],
      '/client.js': [],
    },
    routes: { home: '/home.js', jobs: '/jobs.js', job: '/job.js', 'landing:design-jobs-in-oslo': '/landing.js', client: '/client.js' },
    tree: [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'home', index: true, module: 'home' },
          { id: 'jobs', path: 'jobs', module: 'jobs' },
          { id: 'job', path: 'jobs/:id', module: 'job' },
          { id: 'landing:design-jobs-in-oslo', path: 'jobs/design-jobs-in-oslo', module: 'landing' },
          { id: 'client', path: 'client', module: 'client' },
        ],
      },
    ],
  };
}

const sizes: Record<string, number> = { '/main.js': 40_000, '/vendor.js': 60_000, '/home.js': 2_000, '/jobs.js': 3_000, '/job.js': 5_000, '/landing.js': 4_000, '/shared.js': 6_000, '/client.js': 1 };
const sizeOf = (url: string) => sizes[url] ?? Number.NaN;

describe('the site size check', () => {
  it('weighs only the public pages of the registry', () => {
    expect(publicRoutes(registry).map((r) => r.name)).toEqual(['home', 'jobs', 'jobsLanding', 'job']);
  });

  it("fills a shaped parameter with a path the router serves, others with a sample", () => {
    expect(sampleUrl(registry.jobsLanding, manifest().tree)).toBe('/jobs/design-jobs-in-oslo');
    expect(sampleUrl(registry.job, manifest().tree)).toBe('/jobs/sample');
  });

  it("sums the entry, the page's chunk and their static imports, and counts the requests", () => {
    const rows = measureSite(manifest(), sizeOf, registry);
    const job = rows.find((r) => r.name === 'job');
    expect(job).toMatchObject({ page: 'job', bytes: 111_000, requests: 4, depth: 1, ok: true });
    expect(rows.find((r) => r.name === 'jobsLanding')).toMatchObject({ page: 'landing:design-jobs-in-oslo', bytes: 110_000, requests: 4 });
    expect(rows.every((r) => r.ok)).toBe(true);
  });

  it('fails a page over the byte budget', () => {
    const rows = measureSite(manifest(), (url) => (url === '/job.js' ? 7_000 : sizeOf(url)), registry);
    expect(rows.find((r) => r.name === 'job')).toMatchObject({ bytes: 113_000, ok: false });
    expect(rows.find((r) => r.name === 'jobs')?.ok).toBe(true);
  });

  it('fails a page over the request budget', () => {
    const m = manifest();
    m.imports!['/shared.js'] = ['/a.js', '/b.js', '/c.js'];
    const rows = measureSite(m, (url) => (url.length === 5 ? 1 : sizeOf(url)), registry);
    expect(rows.find((r) => r.name === 'job')).toMatchObject({ requests: 7, ok: false });
    expect(BUDGET.requests).toBe(6);
  });

  it('fails a page whose scripts are found one after another', () => {
    const rows = measureSite(manifest(), sizeOf, registry, { ...BUDGET, depth: 0 });
    expect(rows.every((r) => !r.ok && r.depth === 1)).toBe(true);
  });

  it('fails a page one byte over the budget and passes one exactly at it', () => {
    const others = (url: string) => (url === '/job.js' ? 0 : sizeOf(url));
    const jobRow = (extra: number) => {
      const base = measureSite(manifest(), others, registry).find((r) => r.name === 'job')!.bytes;
      return measureSite(manifest(), (url) => (url === '/job.js' ? BUDGET.bytes - base + extra : sizeOf(url)), registry).find((r) => r.name === 'job')!;
    };
    expect(jobRow(0)).toMatchObject({ ok: true, bytes: BUDGET.bytes });
    expect(jobRow(1)).toMatchObject({ ok: false, bytes: BUDGET.bytes + 1 });
  });
});
