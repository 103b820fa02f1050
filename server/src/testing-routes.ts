/**
 * The test clock's routes (TEST_CLOCK=1 only; config.ts refuses the setting in production, and
 * without it these paths answer /api's 404): the browser test of the whole job loop moves the
 * server's clock past a job's expiration, then runs the expiry task's round at once instead of
 * waiting for the minute's schedule.
 *
 *   GET  /api/testing/clock                 → { offsetMs, now }
 *   POST /api/testing/clock {offsetMs}      → { offsetMs, now }
 *   POST /api/testing/tasks/expire-jobs     → { expired, boostsEnded, viewMarksDeleted, now }
 *   POST /api/testing/tasks/digests {settingsKey?}
 *        → { queued, scheduled, now, digest }   (issue #14: the digest scheduler's round at the clock, then
 *          the due digest and mail jobs run now; `digest` is that subscription's job of this round, once it
 *          has run, with what it did: { key, state, output }, or null when the subscription was not due)
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { clockOffset, enableTestClock, now, setClockOffset } from './clock';
import type { Db } from './db/client';
import { validate } from './http/validate';
import type { AppEnv } from './http/viewer';
import { digestPeriod } from '@nordlys/sdk/digests';
import { findDigestByKey } from './queries/digests';
import { DIGEST_QUEUES, digestJobKey, queueDueDigests } from './queue/digest-tasks';
import { QUEUES, type JobQueue } from './queue/queue';
import { expireJobsRound } from './queue/tasks';

const YEAR_MS = 366 * 86_400_000;

/** The body of POST /api/testing/clock: how far from the real time the clock is set (0 puts it back). */
export const ClockOffsetSchema = v.object({
  offsetMs: v.pipe(
    v.number('offsetMs must be a number of milliseconds'),
    v.integer('offsetMs must be a whole number of milliseconds'),
    v.minValue(-10 * YEAR_MS, 'offsetMs must be within ten years'),
    v.maxValue(10 * YEAR_MS, 'offsetMs must be within ten years'),
  ),
});

/** The body of POST /api/testing/tasks/digests: the subscription whose digest of this round the answer waits for. */
export const DigestRoundSchema = v.object({
  settingsKey: v.optional(v.pipe(v.string('settingsKey must be text'), v.maxLength(100, 'settingsKey must be at most 100 characters'))),
});

/** How long the digest round waits for its subscription's job to run (a worker of this process may have taken it). */
const DIGEST_JOB_WAIT_MS = 20_000;

/** A digest job as the round reports it. */
export interface DigestJobReport {
  key: string;
  state: string;
  output: unknown;
}

/**
 * Waits until the digest job `key` has run (completed, or failed for good), running the due digest and
 * mail jobs in this process meanwhile (a worker may take them first: then it is waited for).
 */
async function digestJobOutcome(queue: JobQueue, key: string): Promise<DigestJobReport | null> {
  const started = Date.now();
  for (;;) {
    await queue.runPending([DIGEST_QUEUES.digest, QUEUES.mail]);
    const [job] = (await queue.boss.findJobs(DIGEST_QUEUES.digest, { key })).slice(-1);
    if (job && (job.state === 'completed' || job.state === 'failed')) {
      // The mail it queued goes out now too (its worker may be polling still).
      await queue.runPending([QUEUES.mail]);
      return { key, state: job.state, output: job.output ?? null };
    }
    if (Date.now() - started > DIGEST_JOB_WAIT_MS) return job ? { key, state: job.state, output: job.output ?? null } : null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Mount only when config.testClock is on: it enables setClockOffset for the process. `queue` runs the digest round. */
export function testClockRouter(db: Db, queue?: JobQueue) {
  enableTestClock();
  const state = () => ({ offsetMs: clockOffset(), now: now().toISOString() });
  return new Hono<AppEnv>()
    .get('/api/testing/clock', (c) => c.json(state(), 200, { 'Cache-Control': 'no-store' }))
    .post('/api/testing/clock', validate('json', ClockOffsetSchema), (c) => {
      setClockOffset(c.req.valid('json').offsetMs);
      return c.json(state());
    })
    .post('/api/testing/tasks/expire-jobs', async (c) => {
      const round = await expireJobsRound(db, now());
      return c.json({ ...round, now: now().toISOString() });
    })
    .post('/api/testing/tasks/digests', validate('json', DigestRoundSchema), async (c) => {
      if (!queue) return c.json({ message: 'This server runs without a queue', code: 'E_UNAVAILABLE' }, 503);
      const at = now();
      const { settingsKey } = c.req.valid('json');
      // The job this round queues for the subscription, if it is due: its key names the period of its due time.
      const row = settingsKey ? await findDigestByKey(db, settingsKey) : null;
      const due = row?.confirmedAt && !row.paused && row.nextDueAt && row.nextDueAt <= at ? row.nextDueAt : null;
      const round = await queueDueDigests(db, queue.boss, at);
      const digest = row && due ? await digestJobOutcome(queue, digestJobKey({ digestId: row.id, period: digestPeriod(due, row.timeZone) })) : null;
      if (!digest) await queue.runPending([DIGEST_QUEUES.digest, QUEUES.mail]);
      return c.json({ ...round, now: at.toISOString(), digest }, 200, { 'Cache-Control': 'no-store' });
    });
}
