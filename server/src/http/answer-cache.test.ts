/**
 * The answer cache (issue #16): public answers are served again from memory with their ETag, for a
 * few seconds, until a write; private answers, signed-in visitors and errors never; hits at the
 * socket carry the same headers as the app's own answer; a cached job page still counts its visits.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { operation } from '../api/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@nordlys/site/server';
import { createApp } from '../app';
import type { Db } from '../db/client';
import { companies, jobs } from '../db/schema';
import { NORTHWIND_KEY } from '../seed/index';
import { freshIp, signInDemo } from '../testing/app';
import { testConfig } from '../testing/config';
import { backends, openTestDatabase } from '../testing/database';
import { answerCache, WIRE_TEXT_MAX_BYTES, withAnswerCache } from './answer-cache';
import { publicRead } from './cache';
import { compressAnswers } from './compress';
import { requestLog } from './log';
import { securityHeaders } from './security-headers';

/** A public list long enough to be compressed (compress.ts), and an image, which never is. */
const LIST = Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Backend engineer ${i}`, company: 'Northwind Labs' }));
const LOGO = new Uint8Array(3000).map((_, i) => (i * 7919) % 251);
/** A photo past WIRE_TEXT_MAX_BYTES, every byte value in it. */
const PHOTO = new Uint8Array(WIRE_TEXT_MAX_BYTES + 4000).map((_, i) => (i * 7919) % 256);

/** The bytes of an answer as a client reads them, decoded by its Content-Encoding. */
function decode(bytes: Uint8Array, encoding: string | null | undefined): string {
  const buffer = Buffer.from(bytes);
  if (encoding === 'br') return brotliDecompressSync(buffer).toString();
  if (encoding === 'gzip') return gunzipSync(buffer).toString();
  expect(encoding ?? null).toBeNull();
  return buffer.toString();
}

/** Each Accept-Encoding a test sends, and the encoding it must get. */
const ENCODINGS = [
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['identity;q=0, gzip;q=0.5', 'gzip'],
  ['', null],
  ['identity', null],
] as const;

/** A small app with one answer of each kind; `calls` counts what reached the routes. */
function smallApp(options: Parameters<typeof answerCache>[0] = {}) {
  const cache = answerCache(options);
  const calls: Record<string, number> = {};
  let version = 1;
  const hit = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  // As app.ts mounts them: what the cache does not answer is compressed on its way out.
  const app = new Hono()
    .use(compressAnswers())
    .use(cache.middleware())
    .use(securityHeaders({ publicUrl: 'http://localhost' }))
    .get('/public', publicRead(), (c) => (hit('public'), c.json({ version })))
    .get('/list', publicRead(), (c) => (hit('list'), c.json({ version, jobs: LIST })))
    .get('/private-list', (c) => (hit('private-list'), c.json({ version, jobs: LIST }, 200, { 'Cache-Control': 'private, no-store' })))
    .get('/logo', (c) => (hit('logo'), c.body(LOGO, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=60' })))
    .get('/photo', (c) => (hit('photo'), c.body(PHOTO, 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=60' })))
    .get('/encoded', (c) => (hit('encoded'), c.body(brotliCompressSync(JSON.stringify(LIST)), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br', Vary: 'Accept-Encoding', 'Cache-Control': 'public, max-age=60' })))
    .get('/big/:n', (c) => (hit(`big ${c.req.param('n')}`), c.body('x'.repeat(1000), 200, { 'Cache-Control': 'public, max-age=60' })))
    .get('/private', (c) => (hit('private'), c.json({ version }, 200, { 'Cache-Control': 'private, no-store' })))
    .get('/plain', (c) => (hit('plain'), c.json({ version })))
    .get('/missing', (c) => (hit('missing'), c.json({ version }, 404, { 'Cache-Control': 'public, max-age=60' })))
    .get('/cookie', (c) => (hit('cookie'), c.json({ version }, 200, { 'Cache-Control': 'public, max-age=60', 'Set-Cookie': 'a=1' })))
    .get('/vary', (c) => (hit('vary'), c.json({ version }, 200, { 'Cache-Control': 'public, max-age=60', Vary: 'User-Agent' })))
    .get('/page', (c) => (hit('page'), c.html(`<p>${version}</p>`, 200, { 'Cache-Control': 'public, max-age=0, must-revalidate', Vary: 'Cookie' })))
    .post('/write', (c) => {
      version++;
      return c.json({ version });
    })
    // A write its route declares to change no public answer (a save, a sign-in).
    .post('/private-write', operation({ summary: 'A private write', access: 'user', response: 'empty', keepsPublicAnswers: true }), (c) => c.body(null, 204));
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await app.request(`http://localhost${path}`, { headers, method });
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A HEAD or 304 has no body to decode, whatever its Content-Encoding.
    return { status: res.status, headers: res.headers, bytes, text: bytes.byteLength ? decode(bytes, res.headers.get('content-encoding')) : '' };
  };
  return { app, cache, calls, get, write: () => app.request('http://localhost/write', { method: 'POST' }) };
}

describe('the answer cache', () => {
  it('answers a public answer again from memory, with its ETag, and 304 to If-None-Match', async () => {
    const { calls, get } = smallApp();
    const first = await get('/public');
    const again = await get('/public');
    expect(calls.public).toBe(1);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    const notModified = await get('/public', { 'If-None-Match': first.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('cache-control')).toMatch(/^public/);
    expect(calls.public).toBe(1);
  });

  it('gives a page without an ETag a strong one from its bytes, and 304s it', async () => {
    const { calls, get } = smallApp();
    const first = await get('/page');
    expect(first.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect((await get('/page', { 'If-None-Match': first.headers.get('etag')! })).status).toBe(304);
    expect(calls.page).toBe(1);
    // The Cookie header is part of the key: another cookie is another answer.
    await get('/page', { Cookie: 'theme=dark' });
    expect(calls.page).toBe(2);
  });

  it('forgets an answer once its time is up (the clock is injected)', async () => {
    let now = 1_000_000;
    const { calls, get } = smallApp({ ttlMs: 5000, now: () => now });
    await get('/public');
    now += 4999;
    await get('/public');
    expect(calls.public).toBe(1);
    now += 1;
    await get('/public');
    expect(calls.public).toBe(2);
  });

  it('reads its lifetime at each lookup: a minute while evictions are shared, five seconds while they are not', async () => {
    let now = 1_000_000;
    let shared = true;
    const { calls, get } = smallApp({ ttlMs: () => (shared ? 60_000 : 5_000), now: () => now });
    await get('/public');
    now += 30_000;
    await get('/public');
    expect(calls.public).toBe(1);
    // The listener drops: the same entry is now past the short lifetime.
    shared = false;
    await get('/public');
    expect(calls.public).toBe(2);
  });

  it("announces its own evictions (a write, evict()), not the ones it hears from other instances, nor a write that keeps answers", async () => {
    let announced = 0;
    const { app, calls, get, cache } = smallApp({ onEvict: () => announced++ });
    await get('/public');
    await app.request('http://localhost/private-write', { method: 'POST' });
    expect(announced).toBe(0);
    await app.request('http://localhost/write', { method: 'POST' });
    expect(announced).toBe(1);
    cache.evict();
    expect(announced).toBe(2);
    await get('/public');
    cache.evict({ announce: false });
    expect(announced).toBe(2);
    expect(cache.size.entries).toBe(0);
    await get('/public');
    expect(calls.public).toBe(3);
  });

  it('serves the expired answer while one request makes the new one, never past twice its time', async () => {
    let now = 0;
    let version = 1;
    let release = () => {};
    let calls = 0;
    const cache = answerCache({ ttlMs: 5000, now: () => now });
    const app = new Hono().use(cache.middleware()).get('/slow', async (c) => {
      calls++;
      if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
      return c.json({ version }, 200, { 'Cache-Control': 'public' });
    });
    const read = async () => (await (await app.request('http://localhost/slow')).json()) as { version: number };
    expect(await read()).toEqual({ version: 1 });
    now = 6000;
    version = 2;
    const refreshing = read();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await read()).toEqual({ version: 1 });
    expect(calls).toBe(2);
    release();
    expect(await refreshing).toEqual({ version: 2 });
    expect(await read()).toEqual({ version: 2 });
    expect(calls).toBe(2);
    // Twice the time: nobody gets the old answer, even while a refresh runs.
    now = 20_000;
    version = 3;
    const late = read();
    await new Promise((resolve) => setImmediate(resolve));
    const waiter = read();
    release();
    expect(await Promise.all([late, waiter])).toEqual([{ version: 3 }, { version: 3 }]);
  });

  it('empties itself on every write, so the next read shows it', async () => {
    const { calls, get, write, cache } = smallApp();
    expect(JSON.parse((await get('/public')).text)).toEqual({ version: 1 });
    expect(cache.size.entries).toBe(1);
    await write();
    expect(cache.size.entries).toBe(0);
    expect(JSON.parse((await get('/public')).text)).toEqual({ version: 2 });
    expect(calls.public).toBe(2);
    await get('/public');
    cache.evict();
    await get('/public');
    expect(calls.public).toBe(3);
  });

  it('keeps its answers after a write whose route declares it changes no public answer', async () => {
    const { app, calls, get, cache } = smallApp();
    await get('/public');
    expect((await app.request('http://localhost/private-write', { method: 'POST' })).status).toBe(204);
    expect(cache.size.entries).toBe(1);
    await get('/public');
    expect(calls.public).toBe(1);
  });

  it('never keeps a private, unmarked, non-200, cookie-setting or unknown-Vary answer', async () => {
    const { calls, get, cache } = smallApp();
    for (const path of ['/private', '/plain', '/missing', '/cookie', '/vary']) {
      await get(path);
      await get(path);
    }
    expect(calls).toEqual({ private: 2, plain: 2, missing: 2, cookie: 2, vary: 2 });
    expect(cache.size.entries).toBe(0);
  });

  it('never serves or keeps anything for a signed-in request (session cookie or Authorization)', async () => {
    const { calls, get } = smallApp();
    await get('/public');
    await get('/public', { Cookie: 'nordlys_session=abc' });
    await get('/public', { Cookie: 'theme=dark; nordlys_session=abc' });
    await get('/public', { Authorization: 'Bearer x' });
    expect(calls.public).toBe(4);
    await get('/public');
    expect(calls.public).toBe(4);
  });

  it('keeps at most its bytes, dropping the least recently used first', async () => {
    // Each answer holds 2,000 bytes: its 1,000 and their wire text (WIRE_TEXT_MAX_BYTES).
    const { calls, get, cache } = smallApp({ maxBytes: 6000 });
    await get('/big/1');
    await get('/big/2');
    await get('/big/3');
    await get('/big/1'); // used again: 2 is now the oldest
    await get('/big/4');
    expect(cache.size).toEqual({ entries: 3, bytes: 6000 });
    await get('/big/1');
    await get('/big/3');
    await get('/big/4');
    expect([calls['big 1'], calls['big 3'], calls['big 4']]).toEqual([1, 1, 1]);
    await get('/big/2');
    expect(calls['big 2']).toBe(2);
  });

  it('keeps a text answer once, compressed, and gives each client the encoding it accepts (or none)', async () => {
    for (const [first] of ENCODINGS) {
      const { calls, get, cache } = smallApp();
      // The miss is answered as the hits are, whatever its own Accept-Encoding.
      const miss = await get('/list', { 'Accept-Encoding': first });
      const plain = JSON.stringify({ version: 1, jobs: LIST });
      expect(miss.text).toBe(plain);
      for (const [accept, encoding] of ENCODINGS) {
        const hit = await get('/list', { 'Accept-Encoding': accept });
        expect(hit.headers.get('content-encoding'), `${first} then ${accept}`).toBe(encoding);
        expect(hit.text).toBe(plain);
        expect(hit.headers.get('vary')).toBe('Accept-Encoding');
        expect(Number(hit.headers.get('content-length'))).toBe(hit.bytes.byteLength);
        if (encoding) expect(hit.bytes.byteLength).toBeLessThan(plain.length / 4);
        expect(hit.headers.get('access-control-allow-origin')).toBe('*');
      }
      expect(calls.list).toBe(1);
      expect(cache.size.entries).toBe(1);
      // The room holds the compressed copies only: less than the answer's own bytes.
      expect(cache.size.bytes).toBeLessThan(plain.length);
    }
  });

  it('keeps the brotli copy only, makes the gzip copy when a client first takes gzip and not brotli, and counts its bytes then', async () => {
    const { calls, get, cache } = smallApp();
    const plain = JSON.stringify({ version: 1, jobs: LIST });
    const br = await get('/list', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    // The brotli copy only (its bytes and their wire text, WIRE_TEXT_MAX_BYTES): the answer's own bytes are made from it for a client that takes neither.
    expect(cache.size.bytes).toBe(2 * br.bytes.byteLength);
    const plainAnswer = await get('/list', { 'Accept-Encoding': 'identity' });
    expect(plainAnswer.headers.get('content-encoding')).toBeNull();
    expect(plainAnswer.text).toBe(plain);
    expect(cache.size.bytes).toBe(2 * br.bytes.byteLength);
    const gz = await get('/list', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.text).toBe(plain);
    expect(cache.size.bytes).toBe(2 * (br.bytes.byteLength + gz.bytes.byteLength));
    // Made once: the next gzip client gets the same bytes, and the room does not grow again.
    const again = await get('/list', { 'Accept-Encoding': 'gzip' });
    expect(Buffer.from(again.bytes).equals(Buffer.from(gz.bytes))).toBe(true);
    expect(cache.size.bytes).toBe(2 * (br.bytes.byteLength + gz.bytes.byteLength));
    expect(calls.list).toBe(1);
  });

  it('gives each representation its own ETag, and answers 304 to the tag of any of them, and HEAD with the headers of the GET', async () => {
    const { calls, get } = smallApp();
    const identity = await get('/list');
    const br = await get('/list', { 'Accept-Encoding': 'br' });
    const gz = await get('/list', { 'Accept-Encoding': 'gzip' });
    const tag = identity.headers.get('etag')!;
    expect(br.headers.get('etag')).toBe(tag.replace(/"$/, '-br"'));
    expect(gz.headers.get('etag')).toBe(tag.replace(/"$/, '-gz"'));
    for (const held of [tag, br.headers.get('etag')!, gz.headers.get('etag')!]) {
      for (const [accept, encoding] of ENCODINGS) {
        const notModified = await get('/list', { 'Accept-Encoding': accept, 'If-None-Match': held });
        expect(notModified.status, `${held} ${accept}`).toBe(304);
        expect(notModified.bytes.byteLength).toBe(0);
        expect(notModified.headers.get('content-encoding')).toBeNull();
        expect(notModified.headers.get('vary')).toBe('Accept-Encoding');
        // A 304 carries the ETag a 200 would have (RFC 9110 15.4.5).
        expect(notModified.headers.get('etag')).toBe(encoding === 'br' ? br.headers.get('etag') : encoding === 'gzip' ? gz.headers.get('etag') : tag);
      }
    }
    expect((await get('/list', { 'Accept-Encoding': 'br', 'If-None-Match': '"another-br"' })).status).toBe(200);
    const head = await get('/list', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.byteLength).toBe(0);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(br.headers.get('content-length'));
    expect(calls.list).toBe(1);
  });

  it('compresses private answers on their way out, but never keeps them', async () => {
    const { calls, get, cache } = smallApp();
    for (const [accept, encoding] of ENCODINGS) {
      const res = await get('/private-list', { 'Accept-Encoding': accept });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.text).toBe(JSON.stringify({ version: 1, jobs: LIST }));
    }
    expect(calls['private-list']).toBe(ENCODINGS.length);
    expect(cache.size.entries).toBe(0);
  });

  it('keeps an image as it is, and never an answer encoded already', async () => {
    const { calls, get, cache } = smallApp();
    for (const [accept] of ENCODINGS) {
      const logo = await get('/logo', { 'Accept-Encoding': accept });
      expect(logo.headers.get('content-encoding')).toBeNull();
      expect(logo.headers.get('vary')).toBeNull();
      expect(logo.bytes).toEqual(LOGO);
    }
    expect(calls.logo).toBe(1);
    // The logo's bytes, and their wire text (WIRE_TEXT_MAX_BYTES).
    expect(cache.size).toEqual({ entries: 1, bytes: 2 * LOGO.byteLength });
    const encoded = await get('/encoded', { 'Accept-Encoding': 'br' });
    expect(encoded.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(encoded.text)).toEqual(LIST);
    await get('/encoded', { 'Accept-Encoding': 'br' });
    expect(calls.encoded).toBe(2);
    expect(cache.size.entries).toBe(1);
  });

  it('does not keep an answer made while a write landed', async () => {
    const cache = answerCache();
    let release = () => {};
    const app = new Hono()
      .use(cache.middleware())
      .get('/slow', async (c) => {
        await new Promise<void>((resolve) => (release = resolve));
        return c.json({ old: true }, 200, { 'Cache-Control': 'public' });
      })
      .post('/write', (c) => c.body(null, 204));
    const slow = app.request('http://localhost/slow');
    await new Promise((resolve) => setImmediate(resolve));
    await app.request('http://localhost/write', { method: 'POST' });
    release();
    expect((await slow).status).toBe(200);
    expect(cache.size.entries).toBe(0);
  });
});

describe('hits served at the socket', () => {
  let server: Server;
  let base: string;
  const lines: string[] = [];
  const { app, cache, calls } = smallApp();
  const logged = new Hono().use(requestLog({ format: 'json', write: (line) => lines.push(line) })).route('/', app);
  cache.attach({ log: 'json', write: (line) => lines.push(line) });

  /** The socket writes of each answer, in order. */
  const writes: number[] = [];
  beforeAll(async () => {
    const listener = withAnswerCache(cache, getRequestListener(logged.fetch));
    server = createServer((req, res) => {
      const socket = res.socket!;
      const write = socket.write;
      let count = 0;
      socket.write = function (this: typeof socket, ...args: Parameters<typeof write>) {
        count++;
        return write.apply(this, args);
      } as typeof write;
      res.once('finish', () => {
        socket.write = write;
        writes.push(count);
      });
      listener(req, res);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !['date', 'age', 'x-request-id'].includes(name)));

  it('carry the same headers as the miss (but Date, Age and the request id), and are logged', async () => {
    for (const path of ['/public', '/page']) {
      const miss = await fetch(`${base}${path}`);
      const missBody = await miss.text();
      const before = calls[path.slice(1)];
      const hit = await fetch(`${base}${path}`);
      expect(await hit.text()).toBe(missBody);
      expect(calls[path.slice(1)]).toBe(before);
      expect(headersOf(hit)).toEqual(headersOf(miss));
      expect(headersOf(hit)['content-security-policy'] ?? headersOf(hit)['x-content-type-options']).toBeDefined();
      expect(hit.headers.get('age')).toBe('0');
      expect(hit.headers.get('x-request-id')).not.toBe(miss.headers.get('x-request-id'));
      const head = await fetch(`${base}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      const notModified = await fetch(`${base}${path}`, { headers: { 'If-None-Match': miss.headers.get('etag')! } });
      expect(notModified.status).toBe(304);
      expect(calls[path.slice(1)]).toBe(before);
    }
    const last = JSON.parse(lines.at(-1)!) as { method: string; path: string; status: number };
    expect(last).toMatchObject({ method: 'GET', path: '/page', status: 304 });
  });

  /** A request as a client sends it, with exactly these headers, and the raw bytes it gets (fetch would decode them). */
  const raw = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('go out with their head in one write up to WIRE_TEXT_MAX_BYTES, byte for byte, and past it as head and body', async () => {
    for (const [path, bytes] of [['/logo', LOGO], ['/photo', PHOTO]] as const) {
      const miss = await raw(path, { 'Accept-Encoding': 'br' });
      expect(Buffer.from(miss.body).equals(Buffer.from(bytes))).toBe(true);
      const hit = await raw(path, { 'Accept-Encoding': 'br' });
      expect(hit.headers['content-length']).toBe(String(bytes.byteLength));
      expect(Buffer.from(hit.body).equals(Buffer.from(bytes))).toBe(true);
      expect(writes.at(-1), path).toBe(path === '/logo' ? 1 : 2);
    }
    // A compressed answer too: the brotli copy is binary.
    await raw('/list', { 'Accept-Encoding': 'br' });
    const list = await raw('/list', { 'Accept-Encoding': 'br' });
    expect(decode(list.body, 'br')).toBe(JSON.stringify({ version: 1, jobs: LIST }));
    expect(writes.at(-1)).toBe(1);
  });

  it('pick the representation by Accept-Encoding, as the miss did', async () => {
    const plain = JSON.stringify({ version: 1, jobs: LIST });
    const without = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'age', 'x-request-id', 'connection', 'keep-alive'].includes(name)));
    const first = new Map<string, IncomingHttpHeaders>();
    // Twice over: the first request is the miss (through Hono), every other a hit at the socket.
    for (const pass of [1, 2]) {
      for (const [accept, encoding] of ENCODINGS) {
        const res = await raw('/list', { 'Accept-Encoding': accept });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding ?? undefined);
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
        expect(decode(res.body, res.headers['content-encoding'])).toBe(plain);
        if (pass === 1 && !first.has(accept)) first.set(accept, res.headers);
        else expect(without(res.headers)).toEqual(without(first.get(accept)!));
        const notModified = await raw('/list', { 'Accept-Encoding': accept, 'If-None-Match': res.headers.etag! });
        expect(notModified.status).toBe(304);
        expect(notModified.headers.etag).toBe(res.headers.etag);
        const head = await raw('/list', { 'Accept-Encoding': accept }, 'HEAD');
        expect(head.headers['content-length']).toBe(res.headers['content-length']);
        expect(head.body.byteLength).toBe(0);
      }
    }
    expect(calls.list).toBe(1);
  });
});

describe.each(backends)('the answer cache in the app on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const cache = answerCache();
  const recordings: Promise<boolean>[] = [];
  const publicDir = mkdtempSync(join(tmpdir(), 'nordlys-answer-cache-'));
  // A built asset with the copy scripts/precompress.mjs writes beside it.
  const script = `export const jobs = ${JSON.stringify(LIST)};`;
  mkdirSync(join(publicDir, 'assets'));
  writeFileSync(join(publicDir, 'assets/app-h9.js'), script);
  writeFileSync(join(publicDir, 'assets/app-h9.js.br'), brotliCompressSync(script));

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(backend));
    app = createApp({
      db,
      config: testConfig({ isProduction: false, trustProxy: true }),
      pages: { render, assets: () => ({ scripts: [], styles: [] }), publicDir },
      answerCache: cache,
      onJobView: (recording) => recordings.push(recording),
    });
  });
  afterAll(async () => {
    rmSync(publicDir, { recursive: true, force: true });
    await close?.();
  });

  const request = async (path: string, init: RequestInit = {}) => app.request(`http://localhost${path}`, init);
  const listTitles = async () => ((await (await request('/api/v2/jobs?limit=100')).json()) as { jobs: { title: string }[] }).jobs.map((j) => j.title);

  it('shows a job the moment an admin approves it, though the list was kept', async () => {
    const [northwind] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, NORTHWIND_KEY));
    const title = `Cache probe engineer ${backend}`;
    const [job] = await db
      .insert(jobs)
      .values({ companyId: northwind!.id, title, description: '<p>Waits for approval.</p>', status: 'PENDING_COMPANY_APPROVAL' })
      .returning({ id: jobs.id });
    expect(await listTitles()).not.toContain(title);
    // Kept: a change the app did not make (straight into the database) is not seen yet.
    await db.update(jobs).set({ title: `${title} (renamed behind the app)` }).where(eq(jobs.id, job!.id));
    expect(await listTitles()).not.toContain(`${title} (renamed behind the app)`);
    await db.update(jobs).set({ title }).where(eq(jobs.id, job!.id));

    const admin = await signInDemo(request, 'admin@nordlys.test');
    const approved = await request(`/api/admin/jobs/${job!.id}/approve`, { method: 'POST', headers: { Cookie: admin, 'X-Forwarded-For': freshIp() } });
    expect(approved.status).toBe(200);
    const status = ((await approved.json()) as { job?: { status: string }; status?: string });
    expect(status.job?.status ?? status.status).toBe('ACTIVE');
    expect(await listTitles()).toContain(title);
  });

  it('never serves a signed-in page to a visitor, nor a visitor page to the signed-in', async () => {
    const talent = await signInDemo(request, 'talent@nordlys.test');
    const visitor1 = await request('/jobs');
    expect(visitor1.headers.get('cache-control')).toMatch(/^public/);
    const visitorHtml = await visitor1.text();
    const signedIn = await request('/jobs', { headers: { Cookie: talent } });
    expect(signedIn.headers.get('cache-control')).toMatch(/private/);
    const signedInHtml = await signedIn.text();
    expect(signedInHtml).toContain('Sofie');
    expect(signedInHtml).not.toBe(visitorHtml);
    const visitor2 = await request('/jobs');
    expect(await visitor2.text()).toBe(visitorHtml);
    expect(visitorHtml).not.toContain('Sofie');
    expect(cache.size.entries).toBeGreaterThan(0);
  });

  it('sends a visitor page and the job list compressed, from the miss on, and a signed-in page compressed but never kept', async () => {
    const read = async (path: string, headers: Record<string, string>) => {
      const res = await request(path, { headers });
      return { headers: res.headers, text: decode(new Uint8Array(await res.arrayBuffer()), res.headers.get('content-encoding')) };
    };
    for (const path of ['/jobs', '/api/v2/jobs?limit=50']) {
      cache.evict();
      const pages = [];
      for (const [accept, encoding] of ENCODINGS) {
        const page = await read(path, { 'Accept-Encoding': accept });
        expect(page.headers.get('content-encoding'), `${path} ${accept}`).toBe(encoding);
        expect(page.headers.get('vary')).toMatch(/Accept-Encoding/);
        pages.push(page.text);
      }
      expect(new Set(pages).size).toBe(1);
      expect(cache.size.entries).toBe(1);
    }
    const talent = await signInDemo(request, 'talent@nordlys.test');
    const entries = cache.size.entries;
    const signedIn = await read('/jobs', { Cookie: talent, 'Accept-Encoding': 'gzip, br' });
    expect(signedIn.headers.get('content-encoding')).toBe('br');
    expect(signedIn.headers.get('cache-control')).toMatch(/private/);
    expect(signedIn.text).toContain('Sofie');
    expect(signedIn.text).toMatch(/<\/html>$/);
    expect(cache.size.entries).toBe(entries);
  });

  it('passes a precompressed asset on as the build wrote it, never compressed twice', async () => {
    const br = await request('/assets/app-h9.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(decode(new Uint8Array(await br.arrayBuffer()), 'br')).toBe(script);
    const plain = await request('/assets/app-h9.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('counts the visits of a job page it serves, once per visitor, and no bot', async () => {
    const list = (await (await request('/api/v2/jobs')).json()) as { jobs: { id: number }[] };
    const id = list.jobs[0]!.id;
    const viewsOf = async () => (await db.select({ views: jobs.views }).from(jobs).where(eq(jobs.id, id)))[0]!.views;
    const before = await viewsOf();
    const visit = (ip: string, ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0') =>
      request(`/jobs/${id}`, { headers: { 'X-Forwarded-For': ip, 'User-Agent': ua } }).then((res) => res.status);
    // A bot makes the kept page, and is not counted; the visitors after it are served from the cache.
    expect(await visit('10.77.0.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(200);
    const entries = cache.size.entries;
    // Each visit's count is awaited before the next visit: the same visitor's two visits would otherwise
    // race to the database, where only one of them counts, whichever lands first.
    const counted = async (ip: string, ua?: string) => {
      expect(await visit(ip, ua)).toBe(200);
      return Promise.all(recordings.splice(0));
    };
    expect(await counted('10.77.0.2')).toEqual([true]);
    expect(await counted('10.77.0.2')).toEqual([false]);
    expect(await counted('10.77.0.3')).toEqual([true]);
    expect(await counted('10.77.0.4', 'curl/8.5.0')).toEqual([]);
    expect(cache.size.entries).toBe(entries);
    expect(await viewsOf()).toBe(before + 2);
  });
});
