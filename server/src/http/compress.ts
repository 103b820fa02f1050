/**
 * Compressed answers (issue #16): HTML, JSON, feeds and scripts go out as brotli or gzip to the clients
 * that accept them. Answers kept by the answer cache are compressed once when kept (answer-cache.ts,
 * with `compressWhole`); every other answer is compressed on the fly by `compressAnswers`, chunk by
 * chunk, so a streamed page still reaches the browser as it renders. The built assets are compressed
 * at build time (scripts/precompress.mjs) and pass through untouched, as any answer already encoded.
 *
 * A compressed representation has its own ETag, the identity's with `-br` or `-gz` inside the quotes,
 * and If-None-Match accepts the tag of any representation of the same bytes (as Apache and nginx do).
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/** Below this an answer is sent as it is: it fits a packet or two, and compressing it saves almost nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Kept answers are compressed once per entry; those past COMPRESS_INLINE_MAX_BYTES on libuv's threads:
 * brotli 5 and gzip 9 take about 1.5 ms each for the 155 KB of /jobs and give 11.9 KB and 14.4 KB
 * (brotli 7 takes 7 ms for 1 % less, 11 takes 90 ms for 12 % less). Smaller HTML pages: PAGE_BROTLI_QUALITY.
 */
const WHOLE_BROTLI_QUALITY = 5;
const WHOLE_GZIP_LEVEL = 9;
/** Answers compressed per request: brotli 4 and gzip 6, about 1.2 ms for /jobs (13.0 KB and 14.6 KB). */
const STREAM_BROTLI_QUALITY = 4;
const STREAM_GZIP_LEVEL = 6;

/** Text worth compressing; images (but SVG), fonts, PDFs and archives are compressed already or gain little. */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?:html|plain|css|javascript|xml|csv|markdown)|application\/(?:json|xml|javascript|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz' };

/**
 * The encoding to send for a request's Accept-Encoding: the accepted one of br and gzip with the
 * higher q (br on a tie), or null for the bytes as they are. `q=0` refuses a coding, `*` stands for
 * those not named, and an `identity` preferred over both wins.
 *
 * @example negotiateEncoding('gzip, deflate, br, zstd') // 'br'
 * @example negotiateEncoding('br;q=0, gzip') // 'gzip'
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  // Browsers send a handful of spellings: each is parsed once (every cached answer asks). At most
  // NEGOTIATED_MAX of them are remembered, so made-up headers cannot grow the memory.
  const known = negotiated.get(acceptEncoding);
  if (known !== undefined) return known;
  const chosen = parseAcceptEncoding(acceptEncoding);
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(acceptEncoding, chosen);
  return chosen;
}

const NEGOTIATED_MAX = 256;
const negotiated = new Map<string, Encoding | null>();

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const value = weight === undefined ? 1 : Number(weight);
    q.set(coding, Number.isFinite(value) ? value : 0);
  }
  const of = (coding: string) => q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  const best: Encoding | null = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : null;
  if (!best) return null;
  const identity = q.get('identity');
  return identity !== undefined && identity > of(best) ? null : best;
}

/**
 * Whether an answer may be compressed, by its status and headers: a text type, not encoded already,
 * not a part of a file (206) or bodiless (204, 304), and no `Cache-Control: no-transform`.
 */
export function isCompressible(status: number, headers: Headers): boolean {
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  const encoding = headers.get('content-encoding');
  if (encoding && encoding.trim().toLowerCase() !== 'identity') return false;
  if (headers.has('content-range') || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return false;
  return COMPRESSIBLE_TYPE.test(headers.get('content-type') ?? '');
}

/** A Vary value that names Accept-Encoding too (unchanged when it already does, or is `*`). */
export function varyWithAcceptEncoding(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  if (vary.trim() === '*' || vary.split(',').some((name) => name.trim().toLowerCase() === 'accept-encoding')) return vary;
  return `${vary}, Accept-Encoding`;
}

/** The ETag of a representation: the identity's with the coding's suffix inside the quotes (`W/` kept). */
export function etagOf(etag: string, encoding: Encoding | null): string {
  return encoding ? etag.replace(/"$/, `${SUFFIX[encoding]}"`) : etag;
}

/** The ETags of every representation of the bytes whose identity tag is `etag`. */
export function representationTags(etag: string): string[] {
  return [etag, etagOf(etag, 'br'), etagOf(etag, 'gzip')];
}

/** If-None-Match against the tags of one answer, weakly (RFC 9110 13.1.2): `*`, or any listed tag with or without W/. */
export function matchesTag(ifNoneMatch: string | null | undefined, etags: string[]): boolean {
  if (!ifNoneMatch) return false;
  const bare = new Set(etags.map((etag) => etag.replace(/^W\//, '')));
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || bare.has(t.replace(/^W\//, ''));
  });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Bodies up to this size are compressed on the event loop: a page or a job list (20–30 KB), less than
 * handing it to libuv's threads and back costs (measured under the load test: the hand-off's wake-ups
 * cost more CPU than the work). Larger ones go to the threads.
 */
export const COMPRESS_INLINE_MAX_BYTES = 64 * 1024;
/**
 * Brotli's quality for an HTML page compressed on the event loop. Pages are the long tail: each is
 * rendered for a few visits, and under load the server's one thread is the limit, so its time counts
 * more than the bytes. For a 28 KB job page 3 takes 0.13 ms for 5.7 KB, where 5 takes 0.30 ms for
 * 4.9 KB (4: 0.23 ms, 5.4 KB). Other answers (the widget's data, feeds, job lists) are read over and
 * over, each byte sent many times: they keep WHOLE_BROTLI_QUALITY (measured: the widget's 25 KB of
 * JSON is 2.0 KB at 5 and 2.3 KB at 3, and its cached answer serves about 5 % fewer requests a second at 3).
 */
const PAGE_BROTLI_QUALITY = 3;
const HTML = /^\s*text\/html\s*(?:;|$)/i;

/** The whole body compressed on the event loop, whatever its size; `contentType` text/html takes PAGE_BROTLI_QUALITY. */
export function compressWholeNow(body: Uint8Array, encoding: Encoding, contentType?: string | null): Uint8Array<ArrayBuffer> {
  const quality = contentType && HTML.test(contentType) ? PAGE_BROTLI_QUALITY : WHOLE_BROTLI_QUALITY;
  const out =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : gzipSync(body, { level: WHOLE_GZIP_LEVEL });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/** The whole body compressed: inline when small (COMPRESS_INLINE_MAX_BYTES), else off the event loop. */
export async function compressWhole(body: Uint8Array, encoding: Encoding, contentType?: string | null): Promise<Uint8Array<ArrayBuffer>> {
  if (body.byteLength <= COMPRESS_INLINE_MAX_BYTES) return compressWholeNow(body, encoding, contentType);
  const out =
    encoding === 'br'
      ? await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: WHOLE_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzipAsync(body, { level: WHOLE_GZIP_LEVEL });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/** Whether a pending read settles before the event loop turns (the chunk was already there). */
function readyNow<T>(promise: Promise<T>): Promise<boolean> {
  return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setImmediate(resolve, false))]);
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** The chunks of a body that are there now: all of it (`done`) for an answer made whole, the first ones of a stream. */
async function readyChunks(reader: Reader): Promise<{ chunks: Uint8Array[]; done: boolean; next?: Promise<ReadableStreamReadResult<Uint8Array>> }> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const next = reader.read();
    if (chunks.length > 0 && !(await readyNow(next))) return { chunks, done: false, next };
    const { done, value } = await next;
    if (done) return { chunks, done: true };
    chunks.push(value);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * A body compressed as it streams. Chunks that are there together are compressed together; whenever
 * the source pauses (a streamed page waiting for data) what was compressed so far is flushed, so the
 * browser gets the head of a page while the rest renders.
 */
export function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  return compressReader(body.getReader(), encoding);
}

/** `compressStream` of a body partly read already: `first` are its first chunks, `pending` the read under way. */
function compressReader(reader: Reader, encoding: Encoding, first: Uint8Array[] = [], pending?: Promise<ReadableStreamReadResult<Uint8Array>>): ReadableStream<Uint8Array> {
  const zlib =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY } })
      : createGzip({ level: STREAM_GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let next = pending;
  const write = (chunk: Uint8Array) => new Promise<void>((resolve, reject) => zlib.write(chunk, (error) => (error ? reject(error) : resolve())));
  const flush = () => new Promise<void>((resolve) => zlib.flush(flushKind, () => resolve()));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zlib.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      zlib.on('error', (error) => controller.error(error));
    },
    // A pull that enqueues nothing is not called again (WHATWG streams): it reads on until it has flushed or ended.
    async pull(controller) {
      try {
        for (;;) {
          if (first.length > 0) {
            for (const chunk of first.splice(0)) await write(chunk);
          } else {
            const { done, value } = await (next ?? reader.read());
            next = undefined;
            if (done) {
              const ended = new Promise<void>((resolve) => zlib.once('end', resolve));
              zlib.end();
              await ended;
              controller.close();
              return;
            }
            await write(value);
          }
          // After the first chunks the read begun while they were gathered may be under way already.
          next ??= reader.read();
          if (!(await readyNow(next))) {
            await flush();
            return;
          }
        }
      } catch (error) {
        zlib.destroy();
        throw error;
      }
    },
    cancel(reason) {
      zlib.destroy();
      return reader.cancel(reason);
    },
  });
}

/**
 * Hono middleware: compresses the answers nobody compressed yet (misses the cache could not keep,
 * signed-in pages, private JSON), and answers 304 to the tag of a compressed representation, which
 * the routes' own ETag checks (hono/etag) know only in its identity form. Mount it outside the
 * answer cache, whose answers come encoded already.
 *
 * An answer made whole (JSON, a feed) is compressed whole with its Content-Length, and left as it is
 * under COMPRESS_MIN_BYTES; a stream (a page still rendering) is compressed as it comes.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressible(res.status, res.headers)) return;
    const length = res.headers.get('content-length');
    // Known to be small: never compressed, so it varies on nothing here (as the answer cache keeps it).
    if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return;
    // Set on the answer as it is (as c.header() would): a new Response would cost node-server's fast path for a body made whole.
    res.headers.set('vary', varyWithAcceptEncoding(res.headers.get('vary')));
    // HEAD has no body to compress: its headers are the identity's.
    const encoding = c.req.method === 'HEAD' ? null : negotiateEncoding(c.req.header('accept-encoding'));
    const etag = res.headers.get('etag');
    if (res.status === 200 && etag && matchesTag(c.req.header('if-none-match'), representationTags(etag))) {
      const headers = new Headers(res.headers);
      for (const name of ['content-length', 'content-type', 'content-encoding']) headers.delete(name);
      headers.set('etag', etagOf(etag, encoding));
      void res.body?.cancel();
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    if (!encoding || !res.body) return;
    const headers = new Headers(res.headers);
    const init = { status: res.status, statusText: res.statusText, headers };
    const reader = res.body.getReader();
    const ready = await readyChunks(reader);
    c.res = undefined;
    if (ready.done) {
      const body = concat(ready.chunks);
      if (body.byteLength < COMPRESS_MIN_BYTES) {
        c.res = new Response(body, init);
        return;
      }
      const compressed = await compressWhole(body, encoding);
      headers.set('content-length', String(compressed.byteLength));
      setEncoded(headers, encoding, etag);
      c.res = new Response(compressed, init);
      return;
    }
    headers.delete('content-length');
    setEncoded(headers, encoding, etag);
    c.res = new Response(compressReader(reader, encoding, ready.chunks, ready.next), init);
  };
}

function setEncoded(headers: Headers, encoding: Encoding, etag: string | null): void {
  headers.set('content-encoding', encoding);
  headers.delete('accept-ranges');
  if (etag) headers.set('etag', etagOf(etag, encoding));
}
