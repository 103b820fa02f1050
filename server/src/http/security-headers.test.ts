/** Issue 9, finding 7: the security headers on each kind of answer; the job-list widget page alone may be framed by any site. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostPages from '@nordlys/embed/pages';
import { render } from '@nordlys/site/server';
import { createApp } from '../app';
import { readConfig } from '../config';
import { backends, openTestDatabase } from '../testing/database';
import { SHIPPED_NGINX_CONF } from '../testing/nginx';
import { FAVICON_CACHE_CONTROL, readFavicon } from './favicon';
import { contentSecurityPolicy, PERMISSIONS_POLICY, REFERRER_POLICY, securityHeaders, STRICT_TRANSPORT_SECURITY } from './security-headers';

const CAREERS_HOST = 'careers.northwind.test';
const FEED_HOST = 'jobs.nordic-partner.test';
const PUBLIC_URL = 'http://nordlys.test:8080';

/** The CSP as directive name -> its sources. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(csp!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

function expectEverywhereHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe(REFERRER_POLICY);
}

/** A strict page policy: scripts from the origin only, no inline script, no plugins, no <base>, the given framing. */
function expectPagePolicy(res: Response, what: string, framing: 'self' | 'any') {
  expectEverywhereHeaders(res, what);
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  expect(res.headers.get('content-security-policy'), what).not.toMatch(/unsafe-eval|nonce-|script-src[^;]*unsafe-inline/);
  if (framing === 'self') {
    expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
  } else {
    expect(csp.get('frame-ancestors'), what).toEqual(['*']);
    expect(res.headers.get('x-frame-options'), what).toBeNull();
  }
}

describe('contentSecurityPolicy', () => {
  it('lets reCAPTCHA load its script and frames only when it is the captcha', () => {
    const altcha = directives(contentSecurityPolicy({ captcha: 'altcha', frameAncestors: 'self' }));
    expect(altcha.get('script-src')).toEqual(["'self'"]);
    expect(altcha.has('frame-src')).toBe(false);
    expect(altcha.get('worker-src')).toEqual(["'self'", 'blob:']);
    const recaptcha = directives(contentSecurityPolicy({ captcha: 'recaptcha', frameAncestors: 'self' }));
    expect(recaptcha.get('script-src')).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(recaptcha.get('frame-src')).toContain('https://www.google.com/recaptcha/');
  });

  it('keeps a policy an answer brings (the provider pages carry their own, with a nonce), and copes with immutable headers', async () => {
    const app = new Hono()
      .use(securityHeaders({ publicUrl: PUBLIC_URL }))
      .get('/own', (c) => c.html('<p>own</p>', 200, { 'Content-Security-Policy': "default-src 'none'", 'Referrer-Policy': 'no-referrer' }))
      .get('/plain', (c) => c.html('<p>plain</p>'))
      // Response.redirect's headers are immutable, as a fetched answer's are.
      .get('/immutable', () => Response.redirect('http://localhost/elsewhere', 302));
    const own = await app.request('/own');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(own.headers.get('referrer-policy')).toBe('no-referrer');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('/plain')).headers.get('content-security-policy')).toContain("script-src 'self'");
    const immutable = await app.request('/immutable');
    expect(immutable.status).toBe(302);
    expect(immutable.headers.get('location')).toBe('http://localhost/elsewhere');
    expect(immutable.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('HSTS and the permissions policy', () => {
  const appOn = (publicUrl: string) =>
    new Hono()
      .use(securityHeaders({ publicUrl }))
      .get('/page', (c) => c.html('<p>page</p>'))
      .get('/api/x', (c) => c.json({ message: 'gone', code: 'E_NOT_FOUND' }, 404));

  it('sends HSTS on every answer when PUBLIC_URL is https, and none on http', async () => {
    for (const path of ['/page', '/api/x', '/nowhere']) {
      expect((await appOn('https://nordlys.example').request(path)).headers.get('strict-transport-security'), path).toBe(STRICT_TRANSPORT_SECURITY);
      expect((await appOn('http://nordlys.test:8080').request(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=31536000$/);
  });

  it('turns off the browser features no page uses, on every answer', async () => {
    for (const path of ['/page', '/api/x', '/nowhere']) {
      const policy = (await appOn('http://nordlys.test:8080').request(path)).headers.get('permissions-policy');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy, path).toContain(`${feature}=()`);
    }
  });

  it('the shipped nginx config sets the same two headers', () => {
    const nginx = readFileSync(SHIPPED_NGINX_CONF, 'utf8');
    expect(nginx).toContain(`add_header Strict-Transport-Security "${STRICT_TRANSPORT_SECURITY}" always;`);
    expect(nginx).toContain(`add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`);
  });
});

describe.each(backends)('security headers on each kind of answer on %s', (backend) => {
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const dir = mkdtempSync(join(tmpdir(), 'nordlys-headers-'));
  const publicDir = join(dir, 'public');
  const embedDir = join(dir, 'embed');

  beforeAll(async () => {
    mkdirSync(join(publicDir, 'assets'), { recursive: true });
    mkdirSync(join(embedDir, 'v1'), { recursive: true });
    writeFileSync(join(publicDir, 'assets/main-TEST.js'), 'export {};');
    writeFileSync(join(embedDir, 'v1/jobs.js'), 'console.log(1);');
    let db;
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config: { ...readConfig({ PUBLIC_URL }), isProduction: true, mainHosts: ['localhost'] },
      pages: { render, assets: () => ({ scripts: ['/assets/main-TEST.js'], styles: [] }), publicDir },
      hostPages,
      embedDir,
    });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await close?.();
  });

  const get = (host: string, path: string) => app.request(`http://${host}${path}`, { headers: { Host: host } });

  it('site pages (found and not found) get the strict policy and same-origin framing', async () => {
    for (const path of ['/', '/jobs', '/no-such-page', '/startups/joblistwidget/no-such-startup']) {
      const res = await get('localhost', path);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expectPagePolicy(res, path, 'self');
      // Logos on every host come from the public origin; the site's icon is an inline SVG.
      expect(directives(res.headers.get('content-security-policy')).get('img-src')).toEqual(["'self'", 'data:', PUBLIC_URL]);
    }
  });

  it('careers and white-label pages get the same policy', async () => {
    for (const [host, path] of [
      [CAREERS_HOST, '/'],
      [CAREERS_HOST, '/no-such-page'],
      [FEED_HOST, '/'],
      ['unknown-host.test', '/'],
    ] as const) {
      const res = await get(host, path);
      expect(res.headers.get('content-type'), `${host}${path}`).toContain('text/html');
      expectPagePolicy(res, `${host}${path}`, 'self');
    }
  });

  it('the job-list widget page alone may be framed by any site', async () => {
    const res = await get('localhost', '/startups/joblistwidget/northwind-labs');
    expect(res.status).toBe(200);
    expectPagePolicy(res, 'widget page', 'any');
  });

  it('API answers, errors included, get nosniff and the referrer policy', async () => {
    for (const path of ['/api/v2/jobs?pageSize=1', '/api/jobs/single/999999999', '/api/no-such-call']) {
      const res = await get('localhost', path);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expectEverywhereHeaders(res, path);
    }
  });

  it('embed files, site assets, images and feeds get nosniff and the referrer policy; an image opened alone runs nothing', async () => {
    const embed = await get('localhost', '/embed/v1/jobs.js');
    expect(embed.status).toBe(200);
    expectEverywhereHeaders(embed, 'embed file');
    const asset = await get('localhost', '/assets/main-TEST.js');
    expect(asset.status).toBe(200);
    expectEverywhereHeaders(asset, 'site asset');
    // A stored image (the demo seed's, from the image store).
    const image = await get('localhost', '/images/thumbnail/demo/nordic-partner-logo');
    expect(image.status).toBe(200);
    expectEverywhereHeaders(image, 'image');
    expect(directives(image.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    const sitemap = await get(CAREERS_HOST, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expectEverywhereHeaders(sitemap, 'sitemap');
  });

  it('serves /favicon.ico on every host: the icon bytes, long cached', async () => {
    const icon = readFavicon();
    expect(icon).not.toBeNull();
    for (const host of ['localhost', CAREERS_HOST, FEED_HOST, 'unknown-host.test']) {
      const res = await get(host, '/favicon.ico');
      expect(res.status, host).toBe(200);
      expect(res.headers.get('content-type'), host).toBe('image/x-icon');
      expect(res.headers.get('cache-control'), host).toBe(FAVICON_CACHE_CONTROL);
      expectEverywhereHeaders(res, host);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // An ICO file: reserved 0, type 1.
      expect([...bytes.slice(0, 4)], host).toEqual([0, 0, 1, 0]);
      expect(bytes).toEqual(icon);
    }
  });
});
