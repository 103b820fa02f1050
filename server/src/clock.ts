/**
 * The server's clock: `now()` is the real time plus an offset. The offset stays 0 unless the test clock
 * is on (TEST_CLOCK=1, refused in production by config.ts), when POST /api/testing/clock moves it, so a
 * browser test can move past a job's expiration and run the scheduled task (testing-routes.ts).
 *
 * What reads it: the scheduled tasks (queue/tasks.ts) and the job-status transitions of the /api
 * routers, which pass `now()` to the queries (each query takes `now` as a parameter).
 */

let offsetMs = 0;
let enabled = false;

/** The time as the server sees it. @example applyJobEvent(tx, id, 'pause', { now: now() }) */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The current offset in milliseconds (0 unless the test clock moved it). */
export function clockOffset(): number {
  return offsetMs;
}

/** Allows setClockOffset in this process: createApp calls it when the setting TEST_CLOCK is on. */
export function enableTestClock(): void {
  enabled = true;
}

/** Moves the clock `ms` away from the real time (0 puts it back). Throws unless the test clock is on. */
export function setClockOffset(ms: number): void {
  if (!enabled) throw new Error('The test clock is off (TEST_CLOCK=1 turns it on outside production)');
  offsetMs = ms;
}
