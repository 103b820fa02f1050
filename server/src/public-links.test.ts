/**
 * Issue #32: behind a TLS-terminating proxy every absolute link the server writes is https on the
 * configured origin. The app runs on a real socket with PUBLIC_URL=https://nordlys.example and
 * TRUST_PROXY=true, and gets the headers examples/deploy/nginx.conf sends (Host, X-Forwarded-Proto,
 * X-Forwarded-For, X-Request-Id), over plain http on an internal port: the main site's pages and
 * head, JSON-LD, feeds, sitemaps and robots.txt, and a careers and a white-label host's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { paths } from '@nordlys/sdk/routes';
import { render } from '@nordlys/site/server';
import { createApp } from './app';
import { testConfig } from './testing/config';
import { backends, openTestDatabase } from './testing/database';

const PUBLIC_URL = 'https://nordlys.example';
const CAREERS_HOST = 'careers.northwind.test';
const FEED_HOST = 'jobs.nordic-partner.test';
/** Our own hosts: every link to one of them must be https on the default port. */
const OWN_HOSTS = new Set(['nordlys.example', CAREERS_HOST, FEED_HOST]);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET as nginx forwards it (examples/deploy/nginx.conf): plain http to the instance, the visitor's Host, the terminated scheme. */
function viaProxy(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { Host: host, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9', 'X-Request-Id': 'proxy-test', Accept: 'text/html,*/*' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Every absolute http(s) URL in a body (attributes, JSON-LD, XML, text), with escaped slashes and entities undone. */
function absoluteUrls(body: string): string[] {
  const text = body.replace(/\\\//g, '/').replace(/&amp;/g, '&');
  return [...text.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0]);
}

/** The URLs on our own hosts that are not https on the default port, or that name the instance's own address. */
function wrongLinks(body: string, port: number): string[] {
  return absoluteUrls(body).filter((href) => {
    if (href.includes(`127.0.0.1:${port}`) || href.includes(`localhost:${port}`)) return true;
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return false;
    }
    return OWN_HOSTS.has(url.hostname) && (url.protocol !== 'https:' || url.port !== '');
  });
}

const attribute = (body: string, pattern: RegExp) => body.match(pattern)?.[1]?.replace(/&amp;/g, '&');

describe.each(backends)('absolute links behind a TLS proxy on %s', (backend) => {
  let server: Server;
  let port: number;
  let close: () => Promise<void>;
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-links-'));
  /** Ids and keys of the demo data, read through /api. */
  let job: { id: number; companyKey: string };
  const get = (path: string, host = 'nordlys.example') => viaProxy(port, host, path);

  beforeAll(async () => {
    const database = await openTestDatabase(backend);
    close = database.close;
    const app = createApp({
      db: database.db,
      config: testConfig({ publicUrl: PUBLIC_URL, trustProxy: true, mainHosts: ['nordlys.example'] }),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      hostPages,
    });
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const list = JSON.parse((await get(`/api/v2/jobs?companyKeys=northwind-labs&pageSize=1`)).body);
    job = { id: list.jobs[0].id, companyKey: list.jobs[0].company.key };
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });

  it.each([
    ['nordlys.example', 'the visitor’s Host, as nginx.conf sends it'],
    ['nordlys.example:8443', 'a Host with a port'],
  ])('a job page on %s (%s): canonical, og:url, og:image, JSON-LD url and logo are https on PUBLIC_URL', async (host) => {
    const page = await get(paths.job(job.id), host);
    expect(page.status).toBe(200);
    expect(attribute(page.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}${paths.job(job.id)}`);
    expect(attribute(page.body, /<meta property="og:url" content="([^"]+)"/)).toBe(`${PUBLIC_URL}${paths.job(job.id)}`);
    const jsonLd = JSON.parse(page.body.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)![1]!);
    expect(jsonLd.url).toBe(`${PUBLIC_URL}${paths.job(job.id)}`);
    expect(jsonLd.hiringOrganization.logo ?? `${PUBLIC_URL}/`).toMatch(/^https:\/\/nordlys\.example\//);
    expect(wrongLinks(page.body, port)).toEqual([]);
  });

  it('the job search: canonical and its feeds advertised in the head are https', async () => {
    const page = await get('/jobs?search=engineer');
    expect(page.status).toBe(200);
    const feeds = [...page.body.matchAll(/<link rel="alternate" type="[^"]+" title="[^"]*" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(feeds.length).toBeGreaterThan(0);
    for (const href of feeds) expect(href).toMatch(/^https:\/\/nordlys\.example\//);
    expect(wrongLinks(page.body, port)).toEqual([]);
  });

  it.each([
    ['/'],
    ['/startups/northwind-labs'],
    ['/startups/career-page'],
    ['/startups/joblistwidget/northwind-labs'],
    ['/robots.txt'],
    ['/sitemap.xml'],
    ['/jobs/feed.rss'],
    ['/external/featuredjobs'],
  ])('the main host’s %s has no http link to our hosts and no internal address', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(absoluteUrls(answer.body).length).toBeGreaterThan(0);
    expect(wrongLinks(answer.body, port)).toEqual([]);
  });

  it.each([
    [CAREERS_HOST, '/'],
    [CAREERS_HOST, '/robots.txt'],
    [CAREERS_HOST, '/sitemap.xml'],
    [FEED_HOST, '/'],
    [FEED_HOST, '/robots.txt'],
    [FEED_HOST, '/sitemap.xml'],
  ])('the custom domain %s%s links to itself over https', async (host, path) => {
    const answer = await get(path, host);
    expect(answer.status).toBe(200);
    const own = absoluteUrls(answer.body).filter((href) => new URL(href).hostname === host);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((href) => href.startsWith(`https://${host}/`))).toBe(true);
    expect(wrongLinks(answer.body, port)).toEqual([]);
  });

  it('a career page’s home canonical and a job’s canonical (on the main site) are https', async () => {
    const home = await get('/', CAREERS_HOST);
    expect(attribute(home.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`https://${CAREERS_HOST}/`);
    const jobPage = await get(`/jobs/${job.id}`, CAREERS_HOST);
    expect(jobPage.status).toBe(200);
    expect(attribute(jobPage.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}${paths.job(job.id)}`);
    expect(wrongLinks(jobPage.body, port)).toEqual([]);
  });
});
