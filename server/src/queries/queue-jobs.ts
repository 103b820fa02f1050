/**
 * The queue's dead letters for the admins (issue #14, GET /admin/queue/failed): the mails and the
 * digests that failed every try, read from pg-boss's job table. pg-boss copies a job that fails its
 * last try into its queue's dead-letter queue (queue/queue.ts QUEUES.mailFailed, queue/digest-tasks.ts
 * DIGEST_QUEUES.failed) with the original's name, tries and last error (source_*). Read here rather
 * than through pg-boss's API so the router needs the database only; pg-boss 12's table, as its own
 * findJobs reads it. Also each queue's depth by state, for /metrics (http/metrics.ts).
 */
import { sql } from 'drizzle-orm';
import type { FailedQueueJob, FailedQueueJobs } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';

interface Row {
  id: string;
  source: string | null;
  data: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  tries: number | null;
  created_on: Date | string;
  failed_on: Date | string;
  total: number | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The last try's message: pg-boss stores a thrown error's `message` in the job's output (a timeout's under `value`). */
function errorOf(output: Record<string, unknown> | null): string | null {
  const message = output?.message ?? (output?.value as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message.slice(0, 500) : null;
}

function summaryOf(queue: FailedQueueJob['queue'], data: Record<string, unknown> | null): string {
  if (queue === 'mail') return `To ${String(data?.to ?? '?')}: ${String(data?.subject ?? '')}`;
  return `Digest of subscription ${String(data?.digestId ?? '?')} for ${String(data?.period ?? '?')}`;
}

/** Whether pg-boss has made its tables: not before the queue's first start. */
async function queueInstalled(db: Db): Promise<boolean> {
  const installed = (await db.execute(sql`SELECT to_regclass('pgboss.job')::text AS "table"`)) as unknown as { rows: { table: string | null }[] };
  return Boolean(installed.rows[0]?.table);
}

/**
 * The dead letters of `deadLetterQueues` (dead-letter queue name → what failed), newest first, at most
 * `limit`, and how many there are. None while the queue has never started (no pgboss schema yet).
 */
export async function failedQueueJobs(db: Db, deadLetterQueues: Record<string, FailedQueueJob['queue']>, limit = 100): Promise<FailedQueueJobs> {
  const names = Object.keys(deadLetterQueues);
  if (!names.length || !(await queueInstalled(db))) return { jobs: [], total: 0 };
  const result = (await db.execute(sql`
    SELECT id::text AS id, name, source_name AS source, data, source_output AS output, source_retry_count AS tries,
           coalesce(source_created_on, created_on) AS created_on, created_on AS failed_on, count(*) OVER () AS total
    FROM pgboss.job
    WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
    ORDER BY created_on DESC, id
    LIMIT ${limit}`)) as unknown as { rows: (Row & { name: string })[] };
  const rows = result.rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    jobs: rows.map((row) => {
      const queue = deadLetterQueues[row.name]!;
      return {
        id: row.id,
        queue,
        summary: summaryOf(queue, row.data),
        error: errorOf(row.output),
        // source_retry_count is the retries before the last failure: one more try than that.
        tries: (row.tries ?? 0) + 1,
        createdAt: iso(row.created_on),
        failedAt: iso(row.failed_on),
      };
    }),
  };
}

/** One queue's jobs by state, for /metrics (http/metrics.ts). */
export interface QueueDepth {
  queue: string;
  /** Waiting for a worker: created or retry, due now or later (a retry's backoff, a delayed send). */
  queued: number;
  active: number;
  /** Failed every try and kept until pg-boss deletes them; a dead-letter queue holds their copies as queued. */
  failed: number;
}

/**
 * Every queue's jobs waiting, running and failed, counted live: pg-boss's own counts in its queue
 * table lag behind, refreshed by its monitor now and then (and never where supervision is off, as in
 * tests). The states are the live ones pg-boss keeps an index on (job_i14), so the count need not read
 * the finished jobs it retains. None while the queue has never started.
 */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  if (!(await queueInstalled(db))) return [];
  const result = (await db.execute(sql`
    SELECT q.name AS queue,
           count(j.id) FILTER (WHERE j.state IN ('created', 'retry')) AS queued,
           count(j.id) FILTER (WHERE j.state = 'active') AS active,
           count(j.id) FILTER (WHERE j.state = 'failed') AS failed
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
    GROUP BY q.name
    ORDER BY q.name`)) as unknown as { rows: { queue: string; queued: number | string; active: number | string; failed: number | string }[] };
  return result.rows.map((row) => ({ queue: row.queue, queued: Number(row.queued), active: Number(row.active), failed: Number(row.failed) }));
}
