/**
 * Hostile input for the built server (`npm run fuzz:hostile`; the document-driven fuzzer is `npm run
 * fuzz`, scripts/fuzz.ts): starts `server/dist/main.js` (with the demo data) on a temporary data folder
 * and a free loopback port, then sends malformed requests (hostile path parameters, query strings, bodies,
 * headers and methods) to every /api route and every page route, read from the hono app and the
 * site's route tree. Prints a count per status; exits 1 on any 5xx, or if the server exits.
 *
 *   npm run build && npm run fuzz:hostile
 *   npm run fuzz:hostile -- --requests 20000 --seconds 600 --seed 7 --concurrency 8
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RouteObject } from 'react-router';
import { createApp } from '../server/src/app';
import { captchaRoutes } from '../server/src/captcha/routes';
import { readConfig } from '../server/src/config';
import type { Db } from '../server/src/db/client';
import { providerRoutes } from '../server/src/oidc/provider-routes';
import { DEMO_PASSWORD } from '../server/src/seed/accounts';
import { routes as siteRoutes } from '../site/src/router';
import { freePort } from '../server/src/testing/free-port';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '12000' },
    seconds: { type: 'string', default: '900' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    concurrency: { type: 'string', default: '6' },
  },
});
const TOTAL = Number(values.requests);
const DEADLINE = Date.now() + Number(values.seconds) * 1000;
const SEED = Number(values.seed);
const CONCURRENCY = Number(values.concurrency);
const MAIN = 'server/dist/main.js';

// ---------------------------------------------------------------------------------------------
// The routes: /api from the hono app itself (built without a database: routers only register
// handlers), the sign-in parts' routes, and the pages from the site's route tree.

interface Route {
  method: string;
  path: string;
}

function apiRoutes(): Route[] {
  const app = createApp({ db: {} as Db, config: { ...readConfig({}), isProduction: false } });
  const parts = [
    ...app.routes,
    ...captchaRoutes({} as never).routes,
    ...providerRoutes({ name: 'LinkedIn' } as never).routes,
  ];
  const seen = new Map<string, Route>();
  for (const { method, path } of parts) {
    // Middleware entries (ALL /api/*, ALL /*) are not routes of their own.
    if (method === 'ALL' && path.endsWith('*')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

function pageRoutes(tree: RouteObject[], parent = '/'): string[] {
  const out: string[] = [];
  for (const route of tree) {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.index || route.path !== undefined) out.push(path);
    if (route.children) out.push(...pageRoutes(route.children, path));
  }
  return [...new Set(out)];
}

// ---------------------------------------------------------------------------------------------
// Hostile values, drawn from a seeded generator so a failing run can be repeated with --seed.

let state = SEED >>> 0 || 1;
/** mulberry32: small, fast, seeded. */
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
const chance = (p: number) => random() < p;

/** Already percent-encoded, as they would be typed into a URL. */
const HOSTILE_SEGMENTS = [
  '0x10', '1e1', '010', '+10', '-1', '0', '1.5', '99999999999999999999999', 'NaN', 'Infinity', 'null', 'undefined',
  'true', '[]', '{}', '%00', '%0a', '%0d%0a', '%09', '%ff', '%fe%ff', '%c0%af', '%ED%A0%80', '%', '%%', '%zz', '%2e%2e',
  '..', '%2e%2e%2f', '..%2f..%2f..%2fetc%2fpasswd', '%5c', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "'%20OR%20'1'%3D'1",
  '%22%3B%20DROP%20TABLE%20jobs%3B--', '%24%7B7*7%7D', '%7B%7B7*7%7D%7D', '__proto__', 'constructor', 'prototype',
  '%E2%80%AE', '%F0%9F%92%A9', '%C2%85', '%7f', 'a'.repeat(3000), 'REMOTE', 'remote', 'DK', 'dk', 'xx', 'northwind-labs',
  'Northwind-Labs', 'a--b', '-a', 'a-', '1', '42', '2147483647', '2147483648', 'copenhagen', '%20', '%2F', '.',
  'a%00b', 'engineer%00', '%01', '%1b%5b31m', '%c2%80', '%e2%80%a8', '%ef%bf%bf', '%f4%8f%bf%bf',
];
const QUERY_NAMES = [
  'search', 'city', 'countryCode', 'countryCodes', 'includeRemote', 'companyKeys', 'categories', 'positionTypes', 'isRemote',
  'sort', 'page', 'pageSize', 'category', 'to', 'cancel_url', 'email-verification-key', 'format', 'create', 'limit', 'layout',
  'theme', 'lang', 'q', 'id', '__proto__', 'constructor[prototype][x]', 'search[]', 'search[$ne]',
];
const BODY_FIELDS = [
  'email', 'password', 'name', 'first', 'last', 'reCaptchaResponse', 'resetKey', 'emailVerificationKey', 'profile', 'uiFeatures',
  'platform', 'accessToken', 'allowRegistration', 'exists', 'status', 'event', 'reason', 'filters', 'key', 'since', 'items',
  '__proto__', 'constructor',
];
const HOSTS = ['localhost', 'jobs.nordic-partner.test', 'careers.northwind.test', 'evil.test', 'a..b', 'xn--', '[::1]', 'h'.repeat(300), ''];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];

/** Random text of any code point (lone surrogates become U+FFFD, as a browser sends them). */
function unicode(max = 40): string {
  let s = '';
  for (let i = int(max + 1); i > 0; i--) {
    const r = random();
    const cp = r < 0.3 ? int(0x80) : r < 0.5 ? int(0xa0) : r < 0.8 ? int(0x3000) : int(0x110000);
    s += String.fromCodePoint(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
  }
  return s;
}
/** Percent-encoded random bytes: often not UTF-8 at all. */
const rawBytes = (max = 12) => Array.from({ length: 1 + int(max) }, () => `%${int(256).toString(16).padStart(2, '0')}`).join('');

function segment(): string {
  const r = random();
  if (r < 0.45) return pick(HOSTILE_SEGMENTS);
  if (r < 0.75) return encodeURIComponent(unicode());
  if (r < 0.9) return rawBytes();
  return String(int(3000));
}
const queryValue = () => (chance(0.15) ? pick(['', 'DK,SE', 'backend,chef', '2', '50', '51', 'true', 'relevance']) : segment());

function queryString(): string {
  if (chance(0.2)) return '';
  if (chance(0.05)) return `?${pick(['&&&==&a=%', '=', '&', '?', '#x', 'a=1&a=2&a=3', `${'a=1&'.repeat(500)}`, '%'])}`;
  const pairs = Array.from({ length: 1 + int(5) }, () => `${chance(0.85) ? pick(QUERY_NAMES) : segment()}=${queryValue()}`);
  return `?${pairs.join('&')}`;
}

/** A route path with its parameters filled: hostile values, or plausible ones so deeper code runs. */
function fillPath(path: string): string {
  return path
    .split('/')
    .flatMap((part) => {
      if (part === '*') return Array.from({ length: int(3) }, segment);
      if (part.endsWith('?') && chance(0.5)) return [];
      if (part.startsWith(':')) {
        const name = part.replace(/[:?]/g, '');
        if (chance(0.35)) {
          if (/id$/i.test(name)) return [String(1 + int(2500))];
          if (name === 'country') return [pick(['dk', 'se', 'remote', 'DK'])];
          if (name === 'domain') return [pick(['jobs.nordic-partner.test', 'careers.northwind.test'])];
          return [pick(['northwind-labs', 'copenhagen', 'nordic-angels', 'draft-startup'])];
        }
        return [segment()];
      }
      return [part];
    })
    .join('/') || '/';
}

/** Control bytes, percent-encoded: NUL (what PostgreSQL refuses), other C0, DEL and a C1 control in UTF-8. */
const PATH_CONTROLS = ['%00', '%01', '%0a', '%1b', '%7f', '%c2%85'];

/**
 * Each path key of `path` in turn holding each control byte (the others plausible), so every key of
 * every route meets them: the random requests below reach a given key with a given byte only now and then.
 */
function controlKeyPaths(path: string): string[] {
  const KEY = /:(\w+)(?:\{[^}]*\})?\??/g;
  const keys = [...path.matchAll(KEY)].map((m) => m[1]!);
  const plausible = (name: string) => (/id$/i.test(name) ? '1' : name === 'country' ? 'dk' : name === 'domain' ? 'careers.northwind.test' : 'northwind-labs');
  return keys.flatMap((key) => PATH_CONTROLS.map((control) => path.replace(KEY, (_, name: string) => (name === key ? `a${control}b` : plausible(name)))));
}

function randomJson(depth = 0): unknown {
  const r = random();
  if (depth > 3 || r < 0.35) return pick<unknown>([unicode(20), int(1e6) - 5e5, 1e308, -0, true, false, null, '', '\u0000', 'x'.repeat(200), 'Nordlys-demo-1!', 'founder@nordlys.test']);
  if (r < 0.6) return Array.from({ length: int(4) }, () => randomJson(depth + 1));
  return Object.fromEntries(Array.from({ length: int(5) }, () => [chance(0.8) ? pick(BODY_FIELDS) : unicode(8), randomJson(depth + 1)]));
}

interface Body {
  contentType?: string;
  data: Buffer;
  /** Sent chunked, without a Content-Length. */
  chunked: boolean;
}

function body(): Body | undefined {
  const chunked = chance(0.2);
  const json = (value: unknown) => ({ contentType: 'application/json', data: Buffer.from(JSON.stringify(value)), chunked });
  const r = random();
  if (r < 0.08) return undefined;
  if (r < 0.25) return { contentType: 'application/json', data: Buffer.from(pick(['{', '{"a":', 'null', '[]', '"x"', '1e999', '{"a":1,}', "{'a':1}", '\u0000', '', 'NaN', '{"__proto__":{"isAdmin":true}}'])), chunked };
  if (r < 0.3) return { contentType: 'application/json', data: Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`), chunked };
  if (r < 0.36) return { contentType: 'application/json', data: Buffer.from(JSON.stringify({ email: 'admin@nordlys.test', password: 'x'.repeat(pick([65 * 1024, 300 * 1024, 2 * 1024 * 1024])) })), chunked };
  if (r < 0.42) return { contentType: pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', '']), data: Buffer.from(`--x\r\n${unicode(200)}\r\n--x--`), chunked };
  if (r < 0.55) return json({ email: pick(['founder@nordlys.test', `${unicode(10)}@x.test`, 'a@b', '']), password: pick([DEMO_PASSWORD, unicode(30), 'x'.repeat(129), 'Aa1!'.repeat(40)]), exists: chance(0.5) });
  if (r < 0.65) return json({ uiFeatures: Array.from({ length: int(20) }, () => ({ name: pick(['job-search-tour', 'pipeline-tour', unicode(10)]), reachedAt: pick(['2026-01-01T00:00:00.000Z', 'yesterday', unicode(5)]) })) });
  if (r < 0.72) return json({ platform: pick(['nordlys', 'sister', unicode(10), 1, null]), status: pick(['ACTIVE', 'PAUSED', unicode(5)]), event: pick(['pause', 'resume', 'publish', unicode(5)]) });
  return json(randomJson());
}

/** Header values as an HTTP client can send them: printable ASCII only. */
const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '');

function headers(host: string, cookie: string | undefined, port: number): OutgoingHttpHeaders {
  const h: OutgoingHttpHeaders = { Host: host === 'localhost' ? `127.0.0.1:${port}` : host };
  // Rate limits count per address: a fresh one (TRUST_PROXY is on) lets a request reach the handler.
  h['X-Forwarded-For'] = chance(0.9) ? `10.${int(256)}.${int(256)}.${int(256)}` : pick(['', 'garbage', '::1, 1.1.1.1', '999.999.999.999', printable(unicode(20))]);
  if (cookie && chance(0.5)) h.Cookie = cookie;
  else if (chance(0.2)) h.Cookie = pick(['nordlys_session=%00', `nordlys_session=${'a'.repeat(4000)}`, 'user.profile=%7B%22type%22%3A1%7D', 'user.profile={{', 'a=b; ; ;=;', `user.profile=${encodeURIComponent(JSON.stringify({ type: 'company', key: unicode(10) }))}`]);
  if (chance(0.1)) h.Origin = pick(['https://evil.test', 'null', `http://127.0.0.1:${port}`]);
  if (chance(0.1)) h.Accept = pick(['application/rss+xml', 'text/html', '*/*;q=0', printable(unicode(20))]);
  if (chance(0.05)) h['If-None-Match'] = pick(['*', 'W/"x"', '"' + 'x'.repeat(1000)]);
  if (chance(0.05)) h.Range = pick(['bytes=0-1', 'bytes=-1', 'bytes=9999999999-']);
  if (chance(0.05)) h['X-Forwarded-Proto'] = pick(['javascript', 'https', '']);
  if (chance(0.03)) h['Sec-Fetch-Site'] = 'cross-site';
  return h;
}

// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number | string;
  text: string;
  setCookie?: string[];
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(port: number, method: string, path: string, h: OutgoingHttpHeaders, b?: Body): Promise<Answer> {
  return new Promise((resolve) => {
    const allHeaders: OutgoingHttpHeaders = { ...h };
    if (b?.contentType) allHeaders['Content-Type'] = b.contentType;
    if (b && !b.chunked) allHeaders['Content-Length'] = b.data.length;
    let req;
    try {
      req = httpRequest({ host: '127.0.0.1', port, method, path, headers: allHeaders, agent, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.length < 4 && chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 'none', text: Buffer.concat(chunks).toString('utf8').slice(0, 300), setCookie: res.headers['set-cookie'] }));
        res.on('error', () => resolve({ status: 'reset', text: '' }));
      });
    } catch (error) {
      // Node's client refuses some requests outright (a header it cannot send): nothing went out.
      resolve({ status: `not sent (${(error as NodeJS.ErrnoException).code ?? 'error'})`, text: '' });
      return;
    }
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.message === 'timeout' ? 'timeout' : 'reset', text: '' }));
    if (b) {
      if (b.chunked) {
        // Several writes without a length: Transfer-Encoding: chunked, counted by the server as it arrives.
        for (let i = 0; i < b.data.length; i += 16 * 1024) req.write(b.data.subarray(i, i + 16 * 1024));
        req.end();
      } else req.end(b.data);
    } else req.end();
  });
}

async function main() {
  if (!existsSync(MAIN)) {
    console.error(`[fuzz] ${MAIN} is missing: run \`npm run build\` first.`);
    process.exit(2);
  }
  const api = apiRoutes();
  const pages = pageRoutes(siteRoutes);
  console.log(`[fuzz] seed ${SEED}: ${TOTAL} requests over ${api.length} /api routes and ${pages.length} page routes`);

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-fuzz-'));
  const origin = `http://127.0.0.1:${port}`;
  // Never the shell's database, mode or identity provider: a fresh embedded database in development mode.
  const { DEV_OIDC: _dev, DATABASE_URL: _db, NODE_ENV: _mode, ...serverEnv } = process.env;
  // Development mode, as `npm start` runs it, so the demo data (jobs, feeds, careers hosts, accounts) is there to reach.
  const child = spawn(process.execPath, [MAIN, '--seed-demo-if-empty'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...serverEnv,
      PUBLIC_URL: origin,
      SECRET_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
    },
  });
  let exited: string | null = null;
  child.on('exit', (code, signal) => (exited = `exit code ${code}${signal ? `, signal ${signal}` : ''}`));
  // The server logs a line per request: keep only what points at a failure.
  const problems: string[] = [];
  const startup: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (startup.length < 40) startup.push(line);
        if (/failed:|unhandled|uncaught|FATAL|"status":5\d\d/i.test(line) && problems.length < 50) problems.push(line.slice(0, 500));
      }
    });
  }
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Ready when /api answers (the first start migrates and seeds the demo data).
  const readyBy = Date.now() + 240_000;
  for (;;) {
    if (exited) {
      console.error(`[fuzz] the server did not start (${exited}):\n${startup.join('\n')}`);
      await stop();
      process.exit(1);
    }
    const answer = await send(port, 'GET', '/api/site/config-base', { Host: `127.0.0.1:${port}` });
    if (answer.status === 200) break;
    if (Date.now() > readyBy) {
      console.error(`[fuzz] the server was not ready in 240 s:\n${startup.join('\n')}`);
      await stop();
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // A session, so the guarded routes run their checks on hostile input too.
  const signIn = await send(port, 'POST', '/api/users/sign-in', { Host: `127.0.0.1:${port}`, 'X-Forwarded-For': '10.255.255.1' }, {
    contentType: 'application/json',
    data: Buffer.from(JSON.stringify({ email: 'founder@nordlys.test', password: DEMO_PASSWORD })),
    chunked: false,
  });
  const cookie = signIn.setCookie?.map((c) => c.split(';')[0]).join('; ');
  if (signIn.status !== 200 || !cookie) console.warn(`[fuzz] sign-in as the demo founder answered ${signIn.status}: fuzzing without a session`);

  const counts = new Map<string, number>();
  const byKind = { api: 0, page: 0, pathKeys: 0 };
  const failures: string[] = [];
  let sent = 0;
  const started = performance.now();

  // First, the path keys of every route (issue #33): each key, each control byte; each must answer 4xx.
  const keyed = [...api.map((route) => ({ ...route, method: route.method === 'ALL' ? 'GET' : route.method })), ...pages.map((path) => ({ method: 'GET', path }))];
  const keyPaths = keyed.flatMap((route) => controlKeyPaths(route.path).map((path) => ({ method: route.method, path })));
  const notRefused: string[] = [];
  for (let i = 0; i < keyPaths.length; i += CONCURRENCY) {
    await Promise.all(
      keyPaths.slice(i, i + CONCURRENCY).map(async ({ method, path }) => {
        const b = ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : { contentType: 'application/json', data: Buffer.from('{}'), chunked: false };
        const answer = await send(port, method, path, headers('localhost', cookie, port), b);
        byKind.pathKeys++;
        const key = String(answer.status);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (typeof answer.status !== 'number' || answer.status < 400 || answer.status >= 500) notRefused.push(`${answer.status} ${method} ${path}`);
      }),
    );
  }
  console.log(`[fuzz] path keys: ${keyPaths.length} requests (every key of every route, each control byte): ${notRefused.length} not 4xx`);
  for (const line of notRefused.slice(0, 20)) console.log(`  ${line}`);

  const one = async () => {
    const toApi = chance(0.6);
    const route = toApi ? pick(api) : { method: 'GET', path: pick(pages) };
    const method = chance(0.75) ? (route.method === 'ALL' ? pick(METHODS) : route.method) : pick(METHODS);
    const path = `${fillPath(route.path)}${queryString()}`;
    const host = toApi || chance(0.7) ? 'localhost' : pick(HOSTS);
    // Signing out would end the fuzz's own session.
    const h = headers(host, route.path.endsWith('sign-out') ? undefined : cookie, port);
    const b = ['GET', 'HEAD', 'OPTIONS'].includes(method) && chance(0.9) ? undefined : body();
    const answer = await send(port, method, path, h, b);
    byKind[toApi ? 'api' : 'page']++;
    const key = String(answer.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (typeof answer.status === 'number' && answer.status >= 500 && failures.length < 20) {
      failures.push(`${answer.status} ${method} ${path.slice(0, 200)} host=${String(h.Host).slice(0, 40)} body=${b ? b.data.subarray(0, 120).toString() : '-'}\n      -> ${answer.text.slice(0, 200)}`);
    }
  };

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < TOTAL && Date.now() < DEADLINE && !exited) {
        sent++;
        await one();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Still serving afterwards?
  const after = exited ? null : await send(port, 'GET', '/api/v2/jobs?search=engineer', { Host: `127.0.0.1:${port}` });
  const serverExit = exited;
  await stop();

  const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`[fuzz] ${sent + byKind.pathKeys} requests (${byKind.pathKeys} to path keys, ${byKind.api} to /api routes, ${byKind.page} to page routes) in ${seconds.toFixed(1)} s, seed ${SEED}`);
  for (const [status, n] of rows) console.log(`  ${status.padEnd(24)} ${String(n).padStart(6)}`);
  const fiveHundreds = rows.filter(([s]) => /^5\d\d$/.test(s)).reduce((n, [, c]) => n + c, 0);
  console.log(`[fuzz] 5xx: ${fiveHundreds}; server ${serverExit ? `EXITED (${serverExit})` : `still serving (GET /api/v2/jobs answered ${after?.status})`}`);
  for (const failure of failures) console.log(`  ${failure}`);
  if (problems.length) console.log(`[fuzz] server log lines that point at failures:\n  ${problems.slice(0, 20).join('\n  ')}`);

  const ok = notRefused.length === 0 && fiveHundreds === 0 && !serverExit && after?.status === 200 && sent >= Math.min(TOTAL, 10_000);
  if (sent < Math.min(TOTAL, 10_000)) console.log(`[fuzz] only ${sent} requests went out before the time limit`);
  process.exit(ok ? 0 : 1);
}

await main();
