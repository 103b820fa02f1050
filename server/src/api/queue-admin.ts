/**
 * The queue's dead letters for the site's admins (issue #14): GET /admin/queue/failed lists the mails
 * and the digests that failed every try (queries/queue-jobs.ts), newest first. Admins only.
 */
import { Hono } from 'hono';
import { FailedQueueJobsSchema, type FailedQueueJobs } from '@nordlys/sdk/schemas';
import { requireUser } from '../accounts/guards';
import { privateNoStore } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { failedQueueJobs } from '../queries/queue-jobs';
import { DIGEST_QUEUES } from '../queue/digest-tasks';
import { QUEUES } from '../queue/queue';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { requireAdmin } from './profile-guards';

/** Each dead-letter queue, and what failed into it. */
const DEAD_LETTERS = { [QUEUES.mailFailed]: 'mail', [DIGEST_QUEUES.failed]: 'digest' } as const;

export function queueAdminRouter({ db }: RouterDeps) {
  return new Hono<AppEnv>().get(
    '/admin/queue/failed',
    operation({ summary: "The queue's dead letters: mails and digests that failed every try, newest first", access: 'admin', response: FailedQueueJobsSchema }),
    privateNoStore,
    requireUser,
    requireAdmin,
    async (c) => c.json((await failedQueueJobs(db, DEAD_LETTERS)) satisfies FailedQueueJobs),
  );
}
