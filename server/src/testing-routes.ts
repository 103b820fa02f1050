/**
 * The test clock's routes (TEST_CLOCK=1 only; config.ts refuses the setting in production, and
 * without it these paths answer /api's 404): the browser test of the whole job loop moves the
 * server's clock past a job's expiration, then runs the expiry task's round at once instead of
 * waiting for the minute's schedule.
 *
 *   GET  /api/testing/clock                 → { offsetMs, now }
 *   POST /api/testing/clock {offsetMs}      → { offsetMs, now }
 *   POST /api/testing/tasks/expire-jobs     → { expired, boostsEnded, viewMarksDeleted, now }
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { clockOffset, enableTestClock, now, setClockOffset } from './clock';
import type { Db } from './db/client';
import { validate } from './http/validate';
import type { AppEnv } from './http/viewer';
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

/** Mount only when config.testClock is on: it enables setClockOffset for the process. */
export function testClockRouter(db: Db) {
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
    });
}
