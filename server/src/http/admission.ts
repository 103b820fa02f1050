/**
 * Load shedding (issue #33): the work the answer cache did not answer (page renders, searches, API
 * reads and writes) passes a concurrency limit sized to the database, with a short bounded queue.
 * Beyond it the server answers 503 E_OVERLOADED with Retry-After at once, instead of queueing
 * without bound until every request times out and memory runs out. Probes (/healthz, /readyz,
 * /metrics), the answer cache's hits (answered at the socket, main.ts) and static files never wait
 * here: they are answered before this middleware or exempt from it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorBody } from '@nordlys/sdk/schemas';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { OVERLOAD_RETRY_AFTER_SECONDS } from '../errors';

export interface AdmissionOptions {
  /** Requests worked on at once. */
  concurrency: number;
  /** Requests that may wait for a turn; the next one is refused at once. */
  queue: number;
  /** The longest a request waits for its turn before it is refused (so a refusal comes within this). */
  maxWaitMs?: number;
  /** The product's name, in the refusal page's title. */
  productName: string;
}

/** What the limiter has done since it started, for /metrics, the bench and tests. */
export interface AdmissionStats {
  running: number;
  waiting: number;
  admitted: number;
  /** Refused because the queue was full. */
  refusedFull: number;
  /** Refused because the turn did not come within maxWaitMs. */
  refusedWait: number;
}

export interface Admission {
  middleware(): MiddlewareHandler;
  stats(): AdmissionStats;
}

/** A queued request waits at most this long by default: a refusal still comes well within a second. */
export const ADMISSION_MAX_WAIT_MS = 500;
/**
 * A render holds its turn until its page is written; a client that stops reading does not hold it
 * longer than this.
 */
const MAX_HOLD_MS = 15_000;

/**
 * The limit's size for a database: PGlite runs one query at a time in its worker, so a few requests
 * keep it busy without piling up; PostgreSQL as many as the pool has connections. Pages render on
 * this process's one thread either way, so neither gains from more. The queue holds four turns' worth.
 */
export function admissionSize(
  kind: 'pglite' | 'postgres',
  poolSize: number,
  overrides: { concurrency?: number; queue?: number } = {},
): { concurrency: number; queue: number } {
  const concurrency = overrides.concurrency ?? (kind === 'pglite' ? 4 : Math.max(2, poolSize));
  return { concurrency, queue: overrides.queue ?? concurrency * 4 };
}

/** Paths that read no database and cost little: built assets and embeds (files with hashed or fixed names). */
const EXEMPT = /^\/(assets|embed)\//;

export function createAdmission({ concurrency, queue, maxWaitMs = ADMISSION_MAX_WAIT_MS, productName }: AdmissionOptions): Admission {
  if (concurrency < 1 || queue < 0) throw new RangeError(`admission: concurrency ${concurrency} and queue ${queue} must be at least 1 and 0`);
  let running = 0;
  const waiting: { admit: () => void; timer: ReturnType<typeof setTimeout> }[] = [];
  const counts = { admitted: 0, refusedFull: 0, refusedWait: 0 };

  /** True when the request may go on now or after a short wait; false when it is refused. */
  function acquire(): boolean | Promise<boolean> {
    if (running < concurrency) {
      running++;
      counts.admitted++;
      return true;
    }
    if (waiting.length >= queue) {
      counts.refusedFull++;
      return false;
    }
    return new Promise<boolean>((resolve) => {
      const entry = {
        admit: () => {
          counts.admitted++;
          resolve(true);
        },
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          counts.refusedWait++;
          resolve(false);
        }, maxWaitMs),
      };
      waiting.push(entry);
    });
  }

  /** Hands the finished request's turn to the first one waiting, or frees it. */
  function release(): void {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else {
      running--;
    }
  }

  return {
    stats: () => ({ running, waiting: waiting.length, ...counts }),
    middleware: () => async (c, next) => {
      if (c.req.method === 'OPTIONS' || EXEMPT.test(c.req.path)) return next();
      const admitted = acquire();
      if (!(admitted === true || (await admitted))) return refuse(c, productName);
      let held = true;
      const done = () => {
        if (!held) return;
        held = false;
        clearTimeout(guard);
        release();
      };
      const guard = setTimeout(done, MAX_HOLD_MS);
      try {
        await next();
      } catch (error) {
        done();
        throw error;
      }
      // A page (streamed by React) is still being rendered while it is written: its turn lasts until
      // its end. Every other answer (JSON, feeds, images) is whole once made.
      const body = c.res.body;
      if (body && c.req.method !== 'HEAD' && !c.error && (c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
        c.res = new Response(releasingAtEnd(body, done), c.res);
      } else {
        done();
      }
    },
  };
}

/** The stream `body`, calling `done` once it has been read to its end, failed or was cancelled. */
function releasingAtEnd(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          done();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/** 503 with Retry-After: JSON for /api (E_OVERLOADED), a small page for a browser. */
function refuse(c: Context, productName: string): Response {
  const headers = { 'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' };
  if (!wantsPage(c)) {
    return c.json({ message: API_MESSAGES.overloaded, code: 'E_OVERLOADED' } satisfies ErrorBody, 503, headers);
  }
  return c.html(refusalPage({ productName, heading: 'Busy right now', message: API_MESSAGES.overloaded, retryAfterSeconds: OVERLOAD_RETRY_AFTER_SECONDS }), 503, headers);
}

/** Whether a refusal should be a page (a browser asking for one outside /api) rather than a JSON error body. */
export function wantsPage(c: Context): boolean {
  return !c.req.path.startsWith('/api/') && (c.req.header('accept') ?? '').includes('text/html');
}

/**
 * The page a browser gets when it is refused for load (here, and the traffic limit's 429): no scripts,
 * no database, and it reloads itself once it may ask again.
 */
export function refusalPage({ productName, heading, message, retryAfterSeconds }: { productName: string; heading: string; message: string; retryAfterSeconds: number }): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds + 1}">
<title>${escape(heading)} · ${escape(productName)}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1b1f24}</style>
</head>
<body>
<main>
<h1>${escape(heading)}</h1>
<p>${escape(message)}</p>
<p>This page tries again by itself.</p>
</main>
</body>
</html>
`;
}
