/**
 * Compressed answers (issue #16): the encoding each Accept-Encoding gets, what is never compressed,
 * ETags per representation, and a streamed page that still streams once compressed.
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { describe, expect, it } from 'vitest';
import { compressAnswers, compressWholeNow, negotiateEncoding } from './compress';

const text = (n: number) => Array.from({ length: n }, (_, i) => `<li>Job ${i}: Senior engineer in Copenhagen</li>`).join('');
const PAGE = `<!doctype html><ul>${text(400)}</ul>`;
const JSON_LIST = JSON.stringify({ jobs: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Engineer ${i}` })) });

/** The bytes of an answer as a client reads them, decoded by its Content-Encoding. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  expect(encoding).toBeNull();
  return bytes.toString();
}

function app() {
  const png = new Uint8Array(4000).fill(7);
  return new Hono()
    .use(compressAnswers())
    .get('/page', (c) => c.html(PAGE))
    .get('/json', (c) => c.json(JSON.parse(JSON_LIST)))
    .get('/private', (c) => c.json(JSON.parse(JSON_LIST), 200, { 'Cache-Control': 'private, no-store' }))
    .get('/tagged', etag(), (c) => c.json(JSON.parse(JSON_LIST)))
    .get('/small', (c) => c.json({ ok: true }))
    .get('/image', (c) => c.body(png, 200, { 'Content-Type': 'image/png' }))
    .get('/encoded', (c) => c.body(gzipSync(PAGE), 200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }))
    .get('/no-transform', (c) => c.html(PAGE, 200, { 'Cache-Control': 'public, no-transform' }))
    .get('/empty', (c) => c.body(null, 204))
    .get('/vary', (c) => c.html(PAGE, 200, { Vary: 'Cookie' }));
}

describe('compressWholeNow', () => {
  // A page-like body: repeated markup with varying text, as a job page's.
  const body = new TextEncoder().encode(Array.from({ length: 400 }, (_, i) => `<li class="job-card"><a href="/jobs/${i}">Engineer ${i * 7919 % 1000}</a><span>Copenhagen</span></li>`).join(''));
  const brotli = (quality: number) => new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }));

  it('compresses an HTML page at brotli 3 (the long tail, where the thread is the limit) and other answers at 5 (read over and over)', () => {
    const page = compressWholeNow(body, 'br', 'text/html; charset=utf-8');
    const json = compressWholeNow(body, 'br', 'application/json');
    expect(page).toEqual(brotli(3));
    expect(json).toEqual(brotli(5));
    expect(compressWholeNow(body, 'br')).toEqual(brotli(5));
    expect(page.byteLength).toBeGreaterThan(json.byteLength);
    expect(new Uint8Array(brotliDecompressSync(page))).toEqual(body);
  });
});

describe('negotiateEncoding', () => {
  it('answers a repeated header as the first time, and still right past the spellings it remembers', () => {
    for (let round = 0; round < 2; round++) {
      expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
      expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
      expect(negotiateEncoding('identity')).toBe(null);
    }
    // Many made-up spellings: the remembered ones are dropped, the answers stay right.
    for (let i = 0; i < 600; i++) expect(negotiateEncoding(`gzip;q=0.${(i % 9) + 1}, x-made-up-${i}`)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
  });

  it('prefers br, then gzip, and honours q values, q=0, * and identity', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('GZIP;Q=0.8, BR;Q=0.9')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity;q=0')).toBeNull();
    expect(negotiateEncoding('identity;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity;q=1, gzip;q=0.5')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeNull();
    // A weight that is no number is ignored, as a proxy that mangles it should not cost the compression.
    expect(negotiateEncoding('gzip;q=nonsense')).toBe('gzip');
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('compressAnswers', () => {
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app().request(`http://localhost${path}`, { headers, method });

  it('sends each client the encoding it accepts, decoding to the same bytes, with Vary and its Content-Length', async () => {
    for (const path of ['/page', '/json', '/private']) {
      const identity = await get(path);
      expect(identity.headers.get('content-encoding')).toBeNull();
      expect(identity.headers.get('vary')).toBe('Accept-Encoding');
      const plain = await decoded(identity);
      expect(plain.length).toBeGreaterThan(5000);
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity;q=0, gzip;q=0.2', 'gzip'],
        ['identity', null],
        ['deflate', null],
      ] as const) {
        const res = await get(path, { 'Accept-Encoding': accept });
        expect(res.headers.get('content-encoding'), `${path} ${accept}`).toBe(encoding);
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        const length = res.headers.get('content-length');
        const body = res.clone();
        expect(await decoded(res)).toBe(plain);
        if (encoding) {
          expect(Number(length)).toBe((await body.arrayBuffer()).byteLength);
          expect(Number(length)).toBeLessThan(plain.length / 4);
        }
      }
    }
    // A private answer stays private: compression changes no caching header.
    expect((await get('/private', { 'Accept-Encoding': 'br' })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('merges Accept-Encoding into an existing Vary', async () => {
    const res = await get('/vary', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('never compresses small answers, images, encoded answers, no-transform, 204 or HEAD', async () => {
    const br = { 'Accept-Encoding': 'br, gzip' };
    const small = await get('/small', br);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const image = await get('/image', br);
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
    expect((await image.arrayBuffer()).byteLength).toBe(4000);
    // Encoded by the route (as a precompressed asset is): passed on as it is, not compressed twice.
    const encoded = await get('/encoded', br);
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await encoded.arrayBuffer())).toString()).toBe(PAGE);
    const noTransform = await get('/no-transform', br);
    expect(noTransform.headers.get('content-encoding')).toBeNull();
    expect(await noTransform.text()).toBe(PAGE);
    expect((await get('/empty', br)).status).toBe(204);
    const head = await get('/page', br, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(head.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('gives a compressed answer its own ETag, and answers 304 to the tag of any representation', async () => {
    const identity = await get('/tagged');
    const tag = identity.headers.get('etag')!;
    expect(tag).toMatch(/^"[^"]+"$/);
    const br = await get('/tagged', { 'Accept-Encoding': 'br' });
    const gz = await get('/tagged', { 'Accept-Encoding': 'gzip' });
    expect(br.headers.get('etag')).toBe(tag.replace(/"$/, '-br"'));
    expect(gz.headers.get('etag')).toBe(tag.replace(/"$/, '-gz"'));
    const cases: [string, string][] = [
      ['br', br.headers.get('etag')!],
      ['gzip', gz.headers.get('etag')!],
      ['', tag],
      ['br', `W/${tag}`],
    ];
    for (const [accept, held] of cases) {
      const res = await get('/tagged', { 'Accept-Encoding': accept, 'If-None-Match': held });
      expect(res.status, `${accept} ${held}`).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('content-encoding')).toBeNull();
      // The 304 names the representation the client holds (the route's own check answers for the identity's tag).
      expect(res.headers.get('etag')!.replace(/^W\//, '')).toBe(held.replace(/^W\//, ''));
    }
    expect((await get('/tagged', { 'Accept-Encoding': 'br', 'If-None-Match': '"other-br"' })).status).toBe(200);
  });

  it('streams a page that is still rendering: its head arrives compressed before the rest is made', async () => {
    for (const [accept, decode] of [
      ['br', (bytes: Buffer) => brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH })],
      ['gzip', (bytes: Buffer) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH })],
    ] as const) {
      let release = () => {};
      const rendered = new Promise<void>((resolve) => (release = resolve));
      const head = `<!doctype html><head><title>Jobs</title></head><body>${text(40)}`;
      const rest = `${text(400)}</body>`;
      const streaming = new Hono().use(compressAnswers()).get('/stream', (c) => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(head));
            await rendered;
            controller.enqueue(encoder.encode(rest));
            controller.close();
          },
        });
        return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
      });
      const res = await streaming.request('http://localhost/stream', { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(accept);
      expect(res.headers.get('content-length')).toBeNull();
      const reader = res.body!.getReader();
      const early: Uint8Array[] = [];
      // Read until the head decodes, while the rest is still being made (the render waits for `release`).
      while (!decode(Buffer.concat(early)).toString().includes('</head>')) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        early.push(value!);
      }
      expect(decode(Buffer.concat(early)).toString()).toBe(head);
      release();
      const all = [...early];
      for (let r = await reader.read(); !r.done; r = await reader.read()) all.push(r.value);
      expect(accept === 'br' ? brotliDecompressSync(Buffer.concat(all)).toString() : gunzipSync(Buffer.concat(all)).toString()).toBe(head + rest);
    }
  });
});
