/**
 * Issue #32: the server's HTML passes the Nu HTML Checker (npm vnu-jar, run on the machine's Java):
 * one page of each public route pattern of the registry (sdk/src/routes.ts), its parameters filled
 * from the demo data through /api, and the home and a job page of a careers host and a white-label
 * host. All the pages go to one run of the checker, which is slow to start.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { LANDING_PAGES } from '@nordlys/sdk/landing';
import { ROUTES, type RouteName } from '@nordlys/sdk/routes';
import { render } from '@nordlys/site/server';
import { createApp } from './app';
import type { Database } from './db/client';
import { TALENT_DIGEST_KEY } from './seed/index';
import { testConfig } from './testing/config';
import { openTestDatabase } from './testing/database';

const MAIN_HOST = 'nordlys.example';
const CAREERS_HOST = 'careers.northwind.test';
const FEED_HOST = 'jobs.nordic-partner.test';

/** The public routes that answer something other than a page: feeds, sitemaps, robots.txt, and a redirect. */
const NOT_PAGES: ReadonlySet<RouteName> = new Set<RouteName>([
  'featuredJobs',
  'featuredJobsJson',
  'featuredJobsRss',
  'robots',
  'sitemap',
  'sitemapPart',
  'feedIndeed',
  'feedLinkedin',
  'jobsFeedRss',
  'jobsFeedAtom',
  'jobsFeedJson',
  // spec 2.1 lists it; it redirects to the client area's landing.
  'dashboard',
]);

/** The public page routes: built, on the main host, outside the signed-in client area. */
const PUBLIC_PAGES = (Object.keys(ROUTES) as RouteName[]).filter((name) => {
  const route: { path: string; built: string | false; host?: string } = ROUTES[name];
  return route.built !== false && !route.host && !route.path.startsWith('/client/') && !NOT_PAGES.has(name);
});

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The Nu HTML Checker's messages on the files, in one start of the JVM. */
function nuCheck(files: readonly string[]): Promise<NuMessage[]> {
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  return new Promise((resolve, reject) => {
    // It exits 1 when it finds an error: the report on stdout says which.
    execFile('java', ['-Xss8m', '-jar', jar, '--format', 'json', '--stdout', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!stdout) return reject(error ?? new Error(stderr));
      resolve((JSON.parse(stdout) as { messages: NuMessage[] }).messages);
    });
  });
}

describe('the HTML of every public page under the Nu HTML Checker', () => {
  let database: Database;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-nu-public-'));
  const pagesDir = mkdtempSync(join(tmpdir(), 'nordlys-nu-pages-'));
  /** The checked pages: host and path, by file path. */
  const checked = new Map<string, string>();
  /** The pages that answered something else than a page. */
  const notPages: string[] = [];
  let messages: NuMessage[];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const app = createApp({
      db: database.db,
      config: testConfig({ publicUrl: `https://${MAIN_HOST}`, mainHosts: [MAIN_HOST] }),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      hostPages,
    });
    /** A GET on a host, redirects within it followed (a location slug's canonical spelling). */
    const get = async (host: string, path: string, hops = 3): Promise<Response> => {
      const res = await app.request(path, { headers: { Host: host, Accept: 'text/html' } });
      const location = res.headers.get('location');
      if (hops > 0 && res.status >= 300 && res.status < 400 && location?.startsWith('/')) return get(host, location, hops - 1);
      return res;
    };
    const api = async <T>(path: string): Promise<T> => (await (await get(MAIN_HOST, `/api${path}`)).json()) as T;

    // The parameters, from the demo data as the site reads it.
    const job = (await api<{ jobs: { id: number; company: { key: string }; location?: { countryCode?: string; locality?: string } }[] }>('/v2/jobs?companyKeys=northwind-labs&pageSize=1')).jobs[0]!;
    const investor = (await api<{ investors: { key: string }[] }>('/investors?pageSize=1')).investors[0]!;
    const deal = (await api<{ deals: { key: string }[] }>('/deals')).deals[0]!;
    const tool = (await api<{ tools: { key: string }[] }>('/tools')).tools[0]!;
    const partner = (await api<{ page: { partners: { key: string }[] } }>('/pages/partners')).page.partners[0]!;
    const post = (await api<{ posts: { slug: string }[] }>('/blog')).posts[0]!;
    const values: Record<string, Record<string, string>> = {
      blogPost: { slug: post.slug },
      partner: { slug: partner.key },
      deal: { id: deal.key },
      fundingItem: { id: investor.key },
      startup: { id: job.company.key },
      startupWelcome: { id: job.company.key },
      jobListWidget: { id: job.company.key },
      job: { id: String(job.id) },
      jobWelcome: { id: String(job.id) },
      jobResendApplicants: { id: String(job.id) },
      jobsLocation: { country: 'dk' },
      jobsLocationCity: { country: 'dk', city: 'copenhagen' },
      jobsLanding: { landing: LANDING_PAGES[0]!.slug },
      tool: { id: tool.key },
      profileSettings: { id: '1' },
      digestManage: { key: TALENT_DIGEST_KEY },
    };

    const save = async (host: string, path: string) => {
      const res = await get(host, path);
      const file = join(pagesDir, `${checked.size}.html`);
      if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/html')) {
        notPages.push(`${host}${path}: ${res.status} ${res.headers.get('content-type')}`);
        return;
      }
      writeFileSync(file, await res.text());
      checked.set(file, `${host}${path}`);
    };
    for (const name of PUBLIC_PAGES) {
      const params = values[name] ?? {};
      await save(
        MAIN_HOST,
        ROUTES[name].path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(params[param] ?? `[no value for ${name}.${param}]`)),
      );
    }
    // A custom domain's home and one of its jobs, taken from the home's own links.
    for (const host of [CAREERS_HOST, FEED_HOST]) {
      const home = await (await get(host, '/')).text();
      const jobLink = home.match(/href="(\/jobs\/\d+)"/)?.[1];
      expect(jobLink, `a job link on ${host}`).toBeDefined();
      await save(host, '/');
      await save(host, jobLink!);
    }
    messages = await nuCheck([...checked.keys()]);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(publicDir, { recursive: true, force: true });
    rmSync(pagesDir, { recursive: true, force: true });
  });

  it('checks a page of every public route pattern and of both kinds of custom domain', () => {
    expect(notPages).toEqual([]);
    const paths = [...checked.values()];
    expect(paths.length).toBe(PUBLIC_PAGES.length + 4);
    expect(PUBLIC_PAGES.length).toBeGreaterThan(40);
    for (const host of [CAREERS_HOST, FEED_HOST]) expect(paths.filter((path) => path.startsWith(`${host}/`))).toHaveLength(2);
  });

  it('finds no error on any of them', () => {
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => `${checked.get(fileURLToPath(message.url)) ?? message.url}:${message.lastLine ?? '?'} ${message.message}${message.extract ? ` [${message.extract.trim().slice(0, 120)}]` : ''}`);
    expect(errors).toEqual([]);
  });
});
