/**
 * The job queue: pg-boss on the database the server opens (its PGlite adapter on the embedded default,
 * its own small pool on PostgreSQL with DATABASE_URL). It carries mail (an outbox: a request writes its
 * row and the mail job in one transaction) and scheduled work. The workers run in the server process,
 * or alone with `npm run worker` (server/src/worker.ts).
 *
 * pg-boss installs and migrates its own schema (`pgboss`) on start, under its own advisory lock, so two
 * instances starting together on an empty PostgreSQL take turns, like our drizzle migrations do under
 * MIGRATION_LOCK. Our migrations never touch that schema.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type DrizzleTransactionLike, type Job, type Queue as QueueOptions } from 'pg-boss';
import type { Database, Db } from '../db/client';
import type { Mailer, MailMessage } from '../mail/types';

/** The queues, with their retry policy. */
export const QUEUES = {
  /** One mail per job. Retried with exponential backoff (30 s, 1 min, 2 min… up to 1 h), 8 tries in all. */
  mail: 'mail',
  /** Mail that failed every try: kept (a year) for an admin to see and redrive; no worker takes it. */
  mailFailed: 'mail-failed',
} as const;

const QUEUE_OPTIONS: Record<string, Omit<QueueOptions, 'name'>> = {
  [QUEUES.mailFailed]: { retentionSeconds: 365 * 24 * 3600 },
  [QUEUES.mail]: { retryLimit: 7, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120, deadLetter: QUEUES.mailFailed },
};

/** Where a request puts the mail it sends: inside its transaction, so the row and the mail commit together. */
export interface MailOutbox {
  /** Queues `message` in the transaction `tx` (or sends it at once when there is no queue: see directOutbox). */
  enqueue(tx: Db, message: MailMessage): Promise<void>;
}

/** What a handler gets besides its job's data: the queue's own mail outbox (a task that mails enqueues in its transaction). */
export interface HandlerContext {
  mail: MailOutbox;
  /** The queue itself, for a task that queues further jobs (the digest scheduler, queue/digest-tasks.ts). */
  boss: PgBoss;
}

/** What each queue's worker does with one job's data; a throw fails the try (retried per QUEUE_OPTIONS). */
export type Handlers = Partial<Record<string, (data: any, context: HandlerContext) => Promise<unknown>>>;

export interface JobQueue {
  readonly boss: PgBoss;
  /** The mail outbox on this queue. */
  readonly mail: MailOutbox;
  /** Starts polling workers for every queue that has a handler (the server process, `npm run worker`), or for `names` only. */
  work(names?: string[]): Promise<void>;
  /**
   * Runs every job that is due now, in this process, until none is left, and returns how many ran.
   * For tests ("run pending jobs now") and for scripts; a failed try goes back with its backoff delay.
   */
  runPending(names?: string[]): Promise<{ completed: number; failed: number }>;
  stop(): Promise<void>;
}

export interface QueueOptionsIn {
  mailer: Mailer;
  /** Extra handlers by queue name (scheduled work). */
  handlers?: Handlers;
  /** Scheduled jobs: queue name → cron expression (UTC). Registered on start; fired only by an instance that works. */
  schedules?: Record<string, string>;
  /** Further queues with their own policy and retries (the digests', queue/digest-tasks.ts), created in this order. */
  queues?: Record<string, Omit<QueueOptions, 'name'>>;
  /** How many jobs of a queue one worker runs at once (default 1). */
  concurrency?: Record<string, number>;
  /** Arm pg-boss's supervision and cron timers (maintenance, expiry of stuck jobs, schedules). Off in tests that drain by hand. */
  supervise?: boolean;
  /** How often idle workers poll, in seconds (default 2). */
  pollingIntervalSeconds?: number;
  log?: (line: string) => void;
}

/**
 * Starts pg-boss on `database`: installs or migrates its schema, creates the queues, and registers the
 * schedules. Workers start only with `work()`.
 * @example const queue = await startQueue(database, { mailer }); await queue.work();
 */
export async function startQueue(database: Database, { mailer, handlers = {}, schedules = {}, queues = {}, concurrency = {}, supervise = true, pollingIntervalSeconds = 2, log = console.warn }: QueueOptionsIn): Promise<JobQueue> {
  const common = { supervise, schedule: supervise, registerInstance: supervise, openTelemetry: { enabled: false } } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4, application_name: 'nordlys-queue' });
  boss.on('error', (error) => log(`[queue] ${error.message}`));
  await boss.start();
  for (const [name, options] of Object.entries(QUEUE_OPTIONS)) await ensureQueue(boss, name, options);
  for (const [name, options] of Object.entries(queues)) await ensureQueue(boss, name, options);
  for (const name of Object.keys(schedules)) await ensureQueue(boss, name, { retryLimit: 0, expireInSeconds: 600 });
  for (const [name, cron] of Object.entries(schedules)) await boss.schedule(name, cron, null, { tz: 'UTC' });

  const mail: MailOutbox = {
    async enqueue(tx, message) {
      const data = { to: message.to, subject: message.subject, text: message.text, html: message.html, ...(message.headers ? { headers: message.headers } : {}) };
      await boss.send(QUEUES.mail, data, { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
    },
  };
  const context: HandlerContext = { mail, boss };

  const all: Handlers = {
    [QUEUES.mail]: async (message: MailMessage) => {
      await mailer.send(message);
    },
    ...handlers,
  };

  return {
    boss,
    mail,
    async work(names = Object.keys(all)) {
      for (const [name, handler] of Object.entries(all)) {
        if (!names.includes(name)) continue;
        await boss.work(name, { pollingIntervalSeconds, batchSize: 1, localConcurrency: concurrency[name] ?? 1 }, async ([job]: Job<any>[]) => {
          try {
            const output = await handler!(job!.data, context);
            // A job done means more may be waiting: the queue's workers fetch again at once rather than
            // after their polling interval (pg-boss bursts by itself only for batches of more than one),
            // so a backlog of mail or digests drains at the speed of the work, not one job per poll.
            for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
            return output;
          } catch (error) {
            log(`[queue] ${name} job ${job!.id} failed (try ${job!.retryCount + 1}): ${error instanceof Error ? error.message : String(error)}`);
            throw error;
          }
        });
      }
    },
    async runPending(names = Object.keys(all)) {
      let completed = 0;
      let failed = 0;
      for (let more = true; more; ) {
        more = false;
        for (const name of names) {
          const handler = all[name];
          if (!handler) continue;
          for (const job of await boss.fetch<any>(name, { batchSize: 50 })) {
            more = true;
            try {
              const output = await handler(job.data, context);
              await boss.complete(name, job, output && typeof output === 'object' ? output : null);
              completed++;
            } catch (error) {
              await boss.fail(name, job, { message: error instanceof Error ? error.message : String(error) });
              failed++;
            }
          }
        }
      }
      return { completed, failed };
    },
    async stop() {
      // Waits for the handlers in flight (up to pg-boss's timeout), then closes its pool; our database stays open.
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

async function ensureQueue(boss: PgBoss, name: string, options: Omit<QueueOptions, 'name'>) {
  if (!(await boss.getQueue(name))) {
    // Another instance starting at the same moment may create it first: then update it like an old one.
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      if (!(await boss.getQueue(name))) throw error;
    }
  }
  // A queue's policy and partitioning are fixed when it is made: only the rest can be updated.
  const { policy: _policy, partition: _partition, ...updatable } = options;
  await boss.updateQueue(name, updatable);
}

/**
 * The outbox without a queue (tests that do not start one): sends at once, inside the request's
 * transaction, so a failed send rolls the row back and the request answers the error.
 */
export function directOutbox(mailer: Mailer): MailOutbox {
  return {
    async enqueue(_tx, message) {
      try {
        await mailer.send(message);
      } catch (error) {
        throw new MailSendError(error);
      }
    },
  };
}

/** A direct send that failed (only without a queue: a queued mail never fails its request). */
export class MailSendError extends Error {
  constructor(readonly reason: unknown) {
    super(`sending the mail failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'MailSendError';
  }
}

/** Runs `work` in one transaction, handing it the transaction as a Db (queries take a Db). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
