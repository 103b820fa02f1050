/**
 * The in-process cache of public answers (issue #16): job lists, the widget's data, feeds, sitemaps
 * and a visitor's HTML of public pages, kept a few seconds as bytes with their ETag.
 *
 * One rule decides what is kept, the one a CDN follows: a GET or HEAD without a session cookie or an
 * Authorization header, answered 200 with a Cache-Control that says `public` (and not private,
 * no-store or no-cache) and no Set-Cookie. The key is the host, the path with its query, the Cookie
 * header whole, the country headers of the CDN (site-config.ts COUNTRY_HEADERS) and Accept: every
 * request input an answer varies on. An answer whose Vary names anything else is not kept.
 *
 * Accept-Encoding is not in the key: a text answer is kept once, as its brotli copy (compress.ts),
 * with a gzip copy made when a client first takes gzip and not brotli (every current browser takes
 * brotli, so most entries never need one) and the bytes themselves decompressed for each client
 * that takes neither; each request gets the one it accepts, with its own ETag and Content-Length and
 * `Vary: Accept-Encoding`. So an answer encoded already is not kept.
 *
 * Entries live ANSWER_CACHE_SHARED_TTL_MS while every eviction reaches this cache (else
 * ANSWER_CACHE_TTL_MS), the least recently used go first beyond ANSWER_CACHE_MAX_BYTES,
 * and every write empties the cache: each request that is not a GET, HEAD or OPTIONS (every /api
 * write, a page's form post, a payment webhook) once it is answered, and `evict()` for the queue's
 * tasks that change what visitors see (main.ts). Only a write its route declares to change no public
 * answer (`keepsPublicAnswers`, api/operation.ts: a sign-in, a save, an application) leaves it. A miss in flight when a write lands is not kept.
 * Each server instance has its own cache: a write on one empties its own and announces it
 * (`onEvict`, http/shared-eviction.ts: NOTIFY on PostgreSQL), and the others empty theirs when the
 * announcement arrives; while they cannot hear it, they keep answers the short lifetime only (README
 * "Answer cache").
 *
 * Hits are served twice over: at the socket (`serveNode`, main.ts, before Hono and its middleware,
 * with the log line and request id the app would write) and, for the rare hit that gets past it (the
 * URL spelt differently, or a request that waited for the same miss), by the middleware.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { clientIp, clientIpOf } from '../accounts/client-ip';
import { SESSION_COOKIE } from '../accounts/sessions';
import { COUNTRY_HEADERS } from '../site-config';
import { COMPRESS_MIN_BYTES, compressWhole, compressWholeNow, etagOf, isCompressible, matchesTag, negotiateEncoding, representationTags, varyWithAcceptEncoding, type Encoding } from './compress';
import type { JobView, VisitRequest } from './job-views';
import { logLine, REQUEST_ID_HEADER, requestIdOf, type RequestLogFormat } from './log';

/**
 * How long an entry lives when another instance's writes may not be announced here (PostgreSQL while
 * the eviction listener is down, http/shared-eviction.ts). Writes on this instance evict at once, so
 * the TTL only bounds what no write here announces: another instance's writes, and time passing (a
 * job's expiry before the queue's round). Five seconds: below what anyone notices after publishing on
 * another instance.
 */
export const ANSWER_CACHE_TTL_MS = 5_000;
/**
 * How long an entry lives when every write that changes a public answer empties this cache: PGlite
 * (one process), or PostgreSQL with the other instances' evictions announced (shared-eviction.ts).
 * What is left is time passing, which the queue's expiry round (each minute) announces when it
 * changed something; a page's relative dates ("2 days ago") may be a minute behind. A minute keeps
 * the long tail of job and startup pages (each seen a few times a minute) in memory: under the load
 * test's mix, half as many renders as with five seconds.
 */
export const ANSWER_CACHE_SHARED_TTL_MS = 60_000;
/** The bytes of bodies kept at most, their compressed copies included; the least recently used go first. */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Request headers in every key: the answers that vary, vary on these (Vary names nothing else). */
const KEYED = ['cookie', 'accept', ...COUNTRY_HEADERS];
const KEYED_NAMES = new Set(KEYED);
/** Headers that belong to one response, never kept. */
const PER_RESPONSE = new Set(['date', 'age', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);
/** What a 304 leaves out: it has no body. */
const BODY_HEADERS = new Set(['content-length', 'content-type', 'content-encoding']);
const SESSION = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace(/[.]/g, '\\.')}=`);

/** The writes whose routes declared that they change no public answer (keepPublicAnswers). */
const keeping = new WeakSet<Request>();

/** Marks this write as one that changes no public answer: the cache is not emptied after it. */
export function keepPublicAnswers(c: Context): void {
  keeping.add(c.req.raw);
}

/** A request as the cache sees it, from Hono's context or from node:http's message. */
export interface CacheRequest {
  method: string;
  /** The Host header. */
  host: string;
  /** The path with its query. */
  target: string;
  header: (name: string) => string | undefined;
}

/**
 * Kept bodies up to this size are kept a second time as a latin1 string (one character per byte), which
 * node:http writes in one write() with the head, instead of a writev() of the head and a buffer.
 * Measured with autocannon, 100 connections on loopback, each way three times in turn: the widget's
 * data served from the cache, 44.1k → 47.8k answers a second for its 1 KB brotli copy (the demo data)
 * and 38.4k → 39.2k for its 2 KB copy (100,000 jobs); a bare node:http server sending a 6 KB body
 * gained 2 %, and lost 18 % at 16 KB, where copying the string costs more than the second buffer.
 */
export const WIRE_TEXT_MAX_BYTES = 8 * 1024;

/** One representation of a kept answer: its headers (lower-case names, as the app answered them: security headers, CORS, Cache-Control, ETag …) and bytes. */
interface Representation {
  headers: [string, string][];
  /** The same without the body's headers, for a 304. */
  notModified: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The body as a latin1 string, for a body up to WIRE_TEXT_MAX_BYTES kept in the cache; else null. */
  wire: string | null;
}

/** The bytes a kept representation holds: its body, and its wire text (one byte a character in V8's one-byte strings). */
const heldBytes = (r: Representation) => r.body.byteLength + (r.wire?.length ?? 0);

interface Entry {
  key: string;
  /**
   * The answer as the app made it; for a text answer kept as its brotli copy, made again from that
   * copy when a client takes no brotli (rare), so memory holds the compressed bytes only.
   */
  identity: Representation | (() => Representation);
  /** The brotli copy of a text answer, and its gzip copy once a client asked for it (compress.ts); none for the rest. */
  encoded: { br: Representation; gzip: Representation | null; makeGzip: () => Representation } | null;
  /** The ETags of every representation, any of which If-None-Match may name. */
  etags: string[];
  /** The bytes of every representation. */
  bytes: number;
  storedAt: number;
  /** The job view the page counts for each visit (http/job-views.ts). */
  view: JobView | undefined;
}

/** An answer ready to send: 200 with the body, or 304. */
export interface CachedAnswer {
  status: 200 | 304;
  headers: [string, string][];
  /** Null for a 304 and a HEAD. */
  body: Uint8Array<ArrayBuffer> | null;
  /** The body as a latin1 string when one is kept (WIRE_TEXT_MAX_BYTES); null with a null body. */
  wire: string | null;
  view: JobView | undefined;
}

export interface AnswerCacheOptions {
  /** The lifetime of entries, or a function read at each lookup (it follows the eviction listener, main.ts). */
  ttlMs?: number | (() => number);
  /** Called after each eviction of this instance's own (a write, a queue round): main.ts announces it to the others. */
  onEvict?: () => void;
  maxBytes?: number;
  /** Milliseconds; tests inject a clock. */
  now?: () => number;
}

/** What the app tells the cache so the hits it serves at the socket behave as the app would (app.ts). */
export interface AnswerCacheHooks {
  /** Counts a job page's view for a visit served from the cache. */
  countView?: (request: VisitRequest, view: JobView) => void;
  /** The request log's format (http/log.ts); no line without it. */
  log?: RequestLogFormat | false;
  write?: (line: string) => void;
  /** TRUST_PROXY, for the client's address of a counted view. */
  trustProxy?: boolean;
}

export interface AnswerCache {
  /** The hit for a request, or null. */
  lookup(request: CacheRequest): CachedAnswer | null;
  /** Hono middleware: serves hits, keeps public answers, and empties the cache after each write. Mount it inside the request log, outside everything else. */
  middleware(): MiddlewareHandler;
  /**
   * Serves a hit straight on node:http's response (main.ts): true when answered, false when the app
   * must answer, or a promise of either when the same answer is being made for another request.
   */
  serveNode(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /**
   * Empties the cache; a miss in flight is not kept. For writes the middleware does not see (queue
   * tasks), and for the other instances' (`announce: false`: theirs is announced already).
   */
  evict(options?: { announce?: boolean }): void;
  attach(hooks: AnswerCacheHooks): void;
  /** How many entries and body bytes are kept. */
  readonly size: { entries: number; bytes: number };
}

/** Whether the cache may answer or keep the answer of this request: a GET or HEAD of a visitor. */
function isVisitorRead(request: CacheRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.header('authorization') !== undefined) return false;
  const cookie = request.header('cookie');
  return !(cookie && SESSION.test(cookie));
}

function keyOf(request: CacheRequest): string {
  let key = `${request.host}\n${request.target}`;
  for (const name of KEYED) key += `\n${request.header(name) ?? ''}`;
  return key;
}

/**
 * Whether an answer is one a shared cache may keep, by its own headers, and this cache can key: not
 * encoded already (the key leaves out Accept-Encoding, which the cache answers itself).
 */
export function isPublicAnswer(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false;
  const control = response.headers.get('cache-control')?.toLowerCase() ?? '';
  if (!/\bpublic\b/.test(control) || /\b(private|no-store|no-cache)\b/.test(control)) return false;
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding.trim().toLowerCase() !== 'identity') return false;
  const vary = response.headers.get('vary');
  return !vary || vary.split(',').every((name) => KEYED_NAMES.has(name.trim().toLowerCase()) || name.trim().toLowerCase() === 'accept-encoding');
}

/** The kept form of an answer's bytes and headers: its representations, the compressed ones made here for text. */
async function entryOf(key: string, status: number, responseHeaders: Headers, body: Uint8Array<ArrayBuffer>, view: JobView | undefined, storedAt: () => number): Promise<Entry> {
  const headers = new Headers(responseHeaders);
  const etag = headers.get('etag') ?? `"${createHash('sha1').update(body).digest('base64url')}"`;
  headers.set('etag', etag);
  headers.set('content-length', String(body.byteLength));
  headers.delete('content-encoding');
  const compress = body.byteLength >= COMPRESS_MIN_BYTES && isCompressible(status, headers);
  if (compress) headers.set('vary', varyWithAcceptEncoding(headers.get('vary')));
  const keptHeaders = [...headers].filter(([name]) => !PER_RESPONSE.has(name));
  /** A representation; `kept` when it stays in the cache (and may then keep its wire text), not when it is made for one answer. */
  const representation = (bytes: Uint8Array<ArrayBuffer>, encoding: Encoding | null, kept: boolean): Representation => {
    const own: Record<string, string> = encoding ? { etag: etagOf(etag, encoding), 'content-length': String(bytes.byteLength) } : {};
    const all: [string, string][] = keptHeaders.map(([name, value]) => [name, own[name] ?? value]);
    if (encoding) all.push(['content-encoding', encoding]);
    const wire = kept && bytes.byteLength <= WIRE_TEXT_MAX_BYTES ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1') : null;
    return { headers: all, notModified: all.filter(([name]) => !BODY_HEADERS.has(name)), body: bytes, wire };
  };
  if (!compress) {
    const identity = representation(body, null, true);
    return { key, identity, encoded: null, etags: [etag], bytes: heldBytes(identity), storedAt: storedAt(), view };
  }
  const br = representation(await compressWhole(body, 'br', headers.get('content-type')), 'br', true);
  // The body itself is not kept: a job page's 28 KB are under 6 KB as brotli, so the room holds five times the pages.
  const whole = () => new Uint8Array(brotliDecompressSync(br.body)) as Uint8Array<ArrayBuffer>;
  return {
    key,
    identity: () => representation(whole(), null, false),
    encoded: { br, gzip: null, makeGzip: () => representation(compressWholeNow(whole(), 'gzip'), 'gzip', true) },
    etags: representationTags(etag),
    bytes: heldBytes(br),
    storedAt: storedAt(),
    view,
  };
}

/** The representation of `encoding`, the gzip copy made now if it is the first asked for; `grown` gets its bytes. */
function representationOf(entry: Entry, encoding: Encoding | null, grown: (bytes: number) => void): Representation {
  if (!encoding || !entry.encoded) return typeof entry.identity === 'function' ? entry.identity() : entry.identity;
  if (encoding === 'br') return entry.encoded.br;
  if (!entry.encoded.gzip) {
    const gzip = (entry.encoded.gzip = entry.encoded.makeGzip());
    const added = heldBytes(gzip);
    entry.bytes += added;
    grown(added);
  }
  return entry.encoded.gzip;
}

/** The answer to a request from an entry: the representation its Accept-Encoding takes, or 304 when If-None-Match names any of them. */
function answerOf(entry: Entry, request: CacheRequest, now: number | null, grown: (bytes: number) => void): CachedAnswer {
  const encoding = entry.encoded ? negotiateEncoding(request.header('accept-encoding')) : null;
  const chosen = representationOf(entry, encoding, grown);
  // A miss answered as it is kept has no Age.
  const age: [string, string][] = now === null ? [] : [['age', String(Math.floor((now - entry.storedAt) / 1000))]];
  if (matchesTag(request.header('if-none-match'), entry.etags)) {
    return { status: 304, headers: [...chosen.notModified, ...age], body: null, wire: null, view: entry.view };
  }
  const head = request.method === 'HEAD';
  return { status: 200, headers: [...chosen.headers, ...age], body: head ? null : chosen.body, wire: head ? null : chosen.wire, view: entry.view };
}

function fromContext(c: Context): CacheRequest {
  const url = new URL(c.req.url);
  return { method: c.req.method, host: url.host, target: `${url.pathname}${url.search}`, header: (name) => c.req.header(name) };
}

function fromMessage(req: IncomingMessage): CacheRequest {
  return {
    method: req.method ?? 'GET',
    host: req.headers.host ?? '',
    target: req.url ?? '/',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

export function answerCache({ ttlMs: lifetime = ANSWER_CACHE_TTL_MS, onEvict, maxBytes = ANSWER_CACHE_MAX_BYTES, now = Date.now }: AnswerCacheOptions = {}): AnswerCache {
  const ttl = typeof lifetime === 'function' ? lifetime : () => lifetime;
  // A Map keeps insertion order: a hit is moved to the end, so the first entry is the least recently used.
  const entries = new Map<string, Entry>();
  // Misses being answered, by key: a request for the same answer waits for it instead of making it again.
  const pending = new Map<string, Promise<void>>();
  let bytes = 0;
  // Bumped by every eviction: a miss that began before it is not kept.
  let generation = 0;
  let hooks: AnswerCacheHooks = {};
  // One answer may take at most half the room, so it never empties the cache alone.
  const maxEntryBytes = Math.max(1, Math.floor(maxBytes / 2));

  const remove = (entry: Entry) => {
    entries.delete(entry.key);
    bytes -= entry.bytes;
  };
  const hitFor = (key: string, request: CacheRequest): CachedAnswer | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    const at = now();
    const age = at - entry.storedAt;
    const ttlMs = ttl();
    // Past its time it is still served while the one request that refreshes it is being answered
    // (never past twice the TTL), so the others do not queue behind a render; else that request is the miss.
    if (age >= ttlMs && !(age < 2 * ttlMs && pending.has(key))) {
      if (age >= 2 * ttlMs) remove(entry);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return answerOf(entry, request, at, grow);
  };
  const store = (entry: Entry) => {
    const old = entries.get(entry.key);
    if (old) remove(old);
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    for (const first of entries.values()) {
      if (bytes <= maxBytes) break;
      remove(first);
    }
  };
  // A gzip copy made for a kept entry: its bytes count, and the least recently used go past the room.
  const grow = (added: number) => {
    bytes += added;
    for (const first of entries.values()) {
      if (bytes <= maxBytes) break;
      remove(first);
    }
  };
  const evict = ({ announce = true }: { announce?: boolean } = {}) => {
    generation++;
    entries.clear();
    bytes = 0;
    if (announce) onEvict?.();
  };

  const lookup = (request: CacheRequest) => (isVisitorRead(request) ? hitFor(keyOf(request), request) : null);

  const writeNode = (answer: CachedAnswer, request: CacheRequest, req: IncomingMessage, res: ServerResponse, started: number) => {
    const requestId = requestIdOf(request.header(REQUEST_ID_HEADER.toLowerCase()));
    // Raw name/value pairs: node:http writes them as they are, without building a headers object per hit.
    const raw: string[] = [];
    for (const [name, value] of answer.headers) raw.push(name, value);
    raw.push('x-request-id', requestId);
    res.writeHead(answer.status, raw);
    // The wire text goes out with the head in one write (WIRE_TEXT_MAX_BYTES).
    if (answer.wire !== null) res.end(answer.wire, 'latin1');
    else res.end(answer.body ?? undefined);
    if (answer.status === 200 && answer.view) {
      countView(request, answer.view, clientIpOf(request.header('x-forwarded-for'), hooks.trustProxy === true, () => req.socket.remoteAddress));
    }
    if (hooks.log) {
      const path = request.target.split('?', 1)[0]!;
      const ms = Number((performance.now() - started).toFixed(1));
      (hooks.write ?? console.log)(logLine(hooks.log, { method: request.method, path, status: answer.status, ms, requestId }));
    }
  };
  const countView = (request: CacheRequest, view: JobView, ip: string) => hooks.countView?.({ method: request.method, header: request.header, ip }, view);

  return {
    lookup,
    evict,
    attach(next) {
      hooks = next;
    },
    get size() {
      return { entries: entries.size, bytes };
    },

    serveNode(req, res) {
      const started = performance.now();
      const request = fromMessage(req);
      if (!isVisitorRead(request)) return false;
      const key = keyOf(request);
      const hit = hitFor(key, request);
      if (hit) {
        writeNode(hit, request, req, res, started);
        return true;
      }
      const waiting = pending.get(key);
      if (!waiting) return false;
      return waiting.then(() => {
        const after = hitFor(key, request);
        if (!after) return false;
        writeNode(after, request, req, res, started);
        return true;
      });
    },

    middleware() {
      return async (c, next) => {
        const method = c.req.method;
        if (method !== 'GET' && method !== 'HEAD') {
          if (method === 'OPTIONS') return next();
          // A write: whatever it changed, no kept answer shows the old state once it is answered.
          try {
            await next();
          } finally {
            if (!keeping.has(c.req.raw)) evict();
          }
          return;
        }
        const request = fromContext(c);
        if (!isVisitorRead(request)) return next();
        const key = keyOf(request);
        const waiting = pending.get(key);
        let hit = hitFor(key, request);
        if (!hit && waiting) {
          await waiting;
          hit = hitFor(key, request);
        }
        if (hit) {
          if (hit.status === 200 && hit.view) countView(request, hit.view, clientIp(c, hooks.trustProxy === true));
          return new Response(hit.body, { status: hit.status, headers: hit.headers });
        }

        const began = generation;
        let done = () => {};
        if (!waiting) pending.set(key, new Promise<void>((resolve) => (done = resolve)));
        try {
          await next();
          const response = c.res;
          if (!isPublicAnswer(response)) {
            // No longer public (a job gone, a page now private): its old answer is not served while refreshing either.
            const old = entries.get(key);
            if (old) remove(old);
            return;
          }
          const length = Number(response.headers.get('content-length') ?? 0);
          if (length > maxEntryBytes) return;
          // A streamed page is read whole once here, and kept as bytes, with their compressed copies.
          const body = new Uint8Array(await response.arrayBuffer());
          // Past its room it is sent as it is (compressAnswers compresses it on the way out).
          if (body.byteLength > maxEntryBytes) {
            c.res = undefined;
            c.res = new Response(body, { status: response.status, headers: response.headers });
            return;
          }
          const entry = await entryOf(key, response.status, response.headers, body, c.get('jobView'), now);
          const kept = generation === began && entry.bytes <= maxEntryBytes;
          if (kept) store(entry);
          const answer = answerOf(entry, request, null, kept ? grow : () => {});
          c.res = undefined;
          c.res = new Response(answer.body, { status: answer.status, headers: answer.headers });
        } finally {
          if (!waiting) {
            pending.delete(key);
            done();
          }
        }
      };
    },
  };
}

type NodeListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * node:http's listener with the cache in front: a hit is written at once, anything else goes to
 * `listener` (@hono/node-server's getRequestListener of the app).
 */
export function withAnswerCache(cache: AnswerCache, listener: NodeListener): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const served = cache.serveNode(req, res);
    if (served === false) void listener(req, res);
    else if (served !== true) void served.then((done) => done || listener(req, res));
  };
}
