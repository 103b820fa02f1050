/**
 * Evictions shared by the instances on one PostgreSQL (README "Answer cache"): an instance that empties
 * its answer cache after a write, or after a queue round that changed what visitors see, announces it
 * with NOTIFY on EVICTION_CHANNEL, and every other instance listening empties its own at once. So a
 * write on one instance shows on the others within a round trip, not after the cache's lifetime, and
 * the lifetime can be long (ANSWER_CACHE_SHARED_TTL_MS) while the announcements arrive.
 *
 * The listener holds one connection of its own (LISTEN needs a session; the pool's connections come
 * and go). While it is down (PostgreSQL restarting, the connection cut), `listening` is false: the
 * cache then keeps answers only the short lifetime, and when the listener is back it empties the
 * cache once, for the announcements it missed. The announcement goes through the pool (`db`), so it
 * reaches the others even while this instance's own listener is down. Consecutive announcements are
 * coalesced: one in flight, at most one more after it.
 *
 * The write has committed before its announcement is sent: the cache evicts once the answer is made.
 * An instance whose render read the old rows and finishes after the announcement arrived does not
 * keep it (the cache's generation); one that finished before is emptied by it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The NOTIFY channel of the answer caches' evictions. */
export const EVICTION_CHANNEL = 'nordlys_answer_cache';

/** How long the listener waits before connecting again, doubling up to the most. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MOST_MS = 15_000;

/**
 * Tells every listening instance to empty its answer cache: one NOTIFY on EVICTION_CHANNEL, `from`
 * naming the sender (an instance ignores its own). The worker that runs apart sends it after an
 * expiry round that changed something.
 */
export async function announceEviction(db: Db, from: string): Promise<void> {
  await db.execute(sql`select pg_notify(${EVICTION_CHANNEL}, ${from})`);
}

export interface SharedEvictionOptions {
  /** The PostgreSQL URL the listener connects to (the database's own). */
  url: string;
  /** The pool the announcements go through. */
  db: Db;
  /** Empties this instance's cache: another instance announced an eviction, or the listener missed some. */
  onEvict: () => void;
  /** Called when the listener connects or drops (the cache's lifetime follows it). */
  onListening?: (listening: boolean) => void;
  log?: (line: string) => void;
}

export interface SharedEviction {
  /** Tells the other instances to empty their caches (after this one emptied its own). */
  announce(): void;
  /** Whether announcements from the others reach this instance now. */
  readonly listening: boolean;
  /** Resolves once the announcements sent so far have been sent (tests, a shutdown). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function shareEvictions({ url, db, onEvict, onListening = () => {}, log = console.warn }: SharedEvictionOptions): Promise<SharedEviction> {
  const { default: pg } = await import('pg');
  // Each instance's own announcements come back to it too: this tells them apart.
  const instance = randomUUID();
  let client: InstanceType<typeof pg.Client> | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;

  const setListening = (next: boolean) => {
    if (listening === next) return;
    listening = next;
    onListening(next);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'nordlys answer cache' });
    next.on('notification', (message) => {
      if (message.channel === EVICTION_CHANNEL && message.payload !== instance) onEvict();
    });
    // A cut connection: both events may come; the first one schedules the next try.
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      setListening(false);
      if (closed) return;
      log(`[cache] the eviction listener lost its connection${error ? ` (${error.message})` : ''}: answers live the short lifetime until it is back`);
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${EVICTION_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RECONNECT_FIRST_MS;
    // What was announced while no one listened here: empty the cache once.
    onEvict();
    setListening(true);
  };
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().catch(() => {
        delay = Math.min(delay * 2, RECONNECT_MOST_MS);
        if (!closed) schedule();
      });
    }, delay);
    retry.unref();
  };

  let sending: Promise<void> | null = null;
  // An announcement asked for while one is in flight: it goes next (however many were asked for).
  let again = false;
  const send = (): void => {
    again = false;
    sending = announceEviction(db, instance)
      .catch((error: unknown) => {
        // The database is down: the write before it failed too, or the others' listeners are down as well.
        log(`[cache] an eviction was not announced: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        sending = null;
        if (again && !closed) send();
      });
  };

  try {
    await connect();
  } catch (error) {
    log(`[cache] the eviction listener cannot connect (${error instanceof Error ? error.message : String(error)}): trying again`);
    schedule();
  }

  const settled = async () => {
    while (sending) await sending;
  };
  return {
    announce() {
      if (closed) return;
      if (sending) again = true;
      else send();
    },
    get listening() {
      return listening;
    },
    settled,
    async close() {
      closed = true;
      clearTimeout(retry);
      await settled();
      const last = client;
      client = null;
      setListening(false);
      await last?.end().catch(() => {});
    },
  };
}
