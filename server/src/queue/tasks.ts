/**
 * What the workers do besides mail, and when: one home for the server process (main.ts) and
 * `npm run worker` (worker.ts), so both run the same tasks.
 */
import type { Db } from '../db/client';
import { expireJobs } from '../queries/job-status';
import type { Handlers } from './queue';

export const TASKS = {
  /** Every minute: `expire` on each ACTIVE or STOPPED job past its expiration date (spec 4). */
  expireJobs: 'expire-jobs',
} as const;

export interface QueueTasks {
  handlers: Handlers;
  /** Queue name → cron expression (UTC). */
  schedules: Record<string, string>;
}

export function queueTasks(db: Db, { log = console.log }: { log?: (line: string) => void } = {}): QueueTasks {
  return {
    handlers: {
      [TASKS.expireJobs]: async () => {
        const expired = await expireJobs(db, new Date());
        if (expired.length) log(`[queue] expired ${expired.length} job${expired.length === 1 ? '' : 's'}`);
        return { expired: expired.length };
      },
    },
    // pg-boss fires a schedule once per minute across every instance (its own lock), so two servers never both run it.
    schedules: { [TASKS.expireJobs]: '* * * * *' },
  };
}
