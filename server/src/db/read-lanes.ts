/**
 * Read lanes (PostgreSQL): a few shared connections in node-postgres's pipeline mode that carry the
 * single read statements made outside a transaction, beside the pool that carries everything else.
 *
 * Why: a pooled connection runs one statement at a time, and the next waiter gets it only when the
 * answer has been read, which happens once per turn of the event loop. When the server is busy (turns of
 * several milliseconds), each connection then carries about one statement per turn, and a page's first
 * render waits in the pool's queue behind the writes' transactions (measured under the load test: 100 to
 * 150 statements waiting, 100–250 ms each). A lane sends each statement the moment it is made; PostgreSQL
 * answers them in order, back to back, whatever the event loop is doing.
 *
 * What goes down a lane: a statement that cannot wait for another transaction, so that it never holds
 * up the ones behind it for long: a SELECT without a row-locking clause (FOR UPDATE, FOR SHARE …), INTO,
 * advisory locks or sleeps (`laneSafe`); anything that only looks like one of these goes to the pool.
 * Transactions keep their pooled connection (drizzle's `transaction` takes one with `connect()`), so
 * they see their own writes; a write made by the pool is committed before its caller goes on, so a
 * read after it, on a lane, sees it.
 *
 * A lane that is connecting, lost (a restart, pg_terminate_backend) or has LANE_DEPTH statements under
 * way hands the statement to the pool, so a lane never makes anything wait that the pool would not.
 * A lost lane fails the statements it had under way, as a lost pooled connection does (the callers
 * answer 503: db/unavailable.ts), and connects again at the next statement, LANE_RETRY_MS after a
 * failed try at the soonest. A lane says once that it was lost or cannot connect, and once that it
 * connected again.
 */
import type pg from 'pg';
import { describeDatabaseError } from './unavailable';

/** The lanes a pool has (DATABASE_READ_LANES): PostgreSQL runs each lane's statements one after another, so two use two of its processes. */
export const DEFAULT_READ_LANES = 2;
/** Statements under way on one lane at most; past it the pool takes the statement (a slow one at the head would hold up the rest). */
export const LANE_DEPTH = 32;
/** The wait after a lane failed to connect before the next try (the pool carries everything meanwhile). */
export const LANE_RETRY_MS = 1_000;

const SELECT = /^\s*\(*\s*select\b/i;
/** What makes a SELECT more than a read that waits for nothing: row locks, advisory locks, sleeps, and SELECT … INTO (a new table). */
const NOT_A_PLAIN_READ = /\bfor\s+(?:update|share|no\s+key\s+update|key\s+share)\b|\binto\b|pg_advisory|pg_sleep/i;
const verdicts = new Map<string, boolean>();
/** Remembered verdicts at most: drizzle's statements are a few hundred texts, made again with the same text each time. */
const VERDICTS_KEPT = 2_000;

/** Whether a statement's text may go down a lane: a SELECT that can wait for nothing (above). */
export function laneSafe(text: string): boolean {
  let verdict = verdicts.get(text);
  if (verdict === undefined) {
    verdict = SELECT.test(text) && !NOT_A_PLAIN_READ.test(text);
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(text, verdict);
  }
  return verdict;
}

interface Lane {
  client: pg.Client | null;
  connecting: boolean;
  /** Statements sent and not yet answered. */
  underWay: number;
  /** No try before this time (performance.now()), after a failed one. */
  retryAt: number;
  /** The last try failed: said once, until a try succeeds. */
  failing: boolean;
}

/** What a pool with lanes tells about them (the metrics, the tests). */
export interface LaneStats {
  /** Lanes connected now. */
  connected: number;
  /** Statements under way on every lane. */
  underWay: number;
  /** Statements the lanes have carried since the pool opened. */
  carried: number;
}

export interface LanedPoolOptions {
  /** Lanes (0: none, the pool carries everything). */
  lanes: number;
  /** One line when a lane is lost or cannot connect. */
  log: (line: string) => void;
}

export type LanedPool = pg.Pool & { laneStats(): LaneStats };

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/** A pg Pool whose `query` sends lane-safe statements down its lanes (see above); `end` closes the lanes too. */
export function createLanedPool(pgModule: typeof pg, config: pg.PoolConfig, { lanes: laneCount, log }: LanedPoolOptions): LanedPool {
  const lanes: Lane[] = Array.from({ length: laneCount }, () => ({ client: null, connecting: false, underWay: 0, retryAt: 0, failing: false }));
  let carried = 0;
  let ending = false;

  const lose = (lane: Lane, client: pg.Client, error?: Error) => {
    if (lane.client !== client) return;
    lane.client = null;
    if (ending) return void client.end().catch(() => {});
    log(`[nordlys] database read lane lost (${error ? describeDatabaseError(error) : 'the connection ended'}); the pool carries its reads until it connects again`);
    lane.failing = true;
    client.end().catch(() => {});
  };

  const connect = (lane: Lane) => {
    lane.connecting = true;
    const client = new pgModule.Client({ ...config, pipeline: true } as pg.ClientConfig);
    // A lost connection emits 'error' (its statements under way fail on their own) and 'end'.
    client.on('error', (error) => lose(lane, client, error));
    client.on('end', () => lose(lane, client));
    client.connect().then(
      () => {
        lane.connecting = false;
        if (ending) return void client.end().catch(() => {});
        lane.client = client;
        if (lane.failing) log('[nordlys] database read lane connected again');
        lane.failing = false;
      },
      (error: Error) => {
        lane.connecting = false;
        lane.retryAt = performance.now() + LANE_RETRY_MS;
        // Once per outage: a try each LANE_RETRY_MS would fill the log.
        if (!ending && !lane.failing) log(`[nordlys] database read lane cannot connect (${describeDatabaseError(error)}); the pool carries its reads until it can`);
        lane.failing = true;
        client.end().catch(() => {});
      },
    );
  };

  /** The connected lane with the fewest statements under way, below LANE_DEPTH; starts connecting the missing lanes. */
  const pick = (): Lane | null => {
    let best: Lane | null = null;
    for (const lane of lanes) {
      if (lane.client) {
        if (lane.underWay < LANE_DEPTH && (!best || lane.underWay < best.underWay)) best = lane;
      } else if (!lane.connecting && performance.now() >= lane.retryAt) {
        connect(lane);
      }
    }
    return best;
  };

  class Laned extends pgModule.Pool {
    override query(...args: QueryArgs): never {
      const [config, values, callback] = args;
      // A text, or a plain query config: a custom query (a cursor) or a `rows` limit keeps a portal open, which a pipeline cannot share.
      const query = typeof config === 'object' && config !== null ? (config as { text?: unknown; submit?: unknown; rows?: unknown }) : null;
      const text = typeof config === 'string' ? config : query && typeof query.submit !== 'function' && !query.rows ? query.text : undefined;
      if (!ending && laneCount > 0 && typeof text === 'string' && typeof values !== 'function' && typeof callback !== 'function' && laneSafe(text)) {
        const lane = pick();
        if (lane?.client) {
          lane.underWay++;
          carried++;
          const settle = () => void lane.underWay--;
          const answer = lane.client.query(config as pg.QueryConfig, values as unknown[]) as Promise<pg.QueryResult>;
          answer.then(settle, settle);
          return answer as never;
        }
      }
      return (super.query as (...a: QueryArgs) => never)(...args);
    }

    override end(callback?: (error?: Error) => void): never {
      ending = true;
      const closing = lanes.map((lane) => {
        const client = lane.client;
        lane.client = null;
        return client ? client.end().catch(() => {}) : Promise.resolve();
      });
      const ended = (super.end as () => Promise<void>)();
      const all = Promise.all([...closing, ended]).then(() => undefined);
      if (callback) all.then(() => callback(), callback);
      return all as never;
    }

    laneStats(): LaneStats {
      return { connected: lanes.filter((l) => l.client).length, underWay: lanes.reduce((n, l) => n + l.underWay, 0), carried };
    }
  }
  return new Laned(config) as unknown as LanedPool;
}
