/** The queue's dead letters as the admins see them (issue #14: GET /admin/queue/failed). */
import * as v from 'valibot';
import { IsoDateSchema } from './common';

/** One job that failed every try: a mail, or the building of a digest. */
export const FailedQueueJobSchema = /* @__PURE__ */ v.object({
  id: v.string(),
  /** What failed: 'mail' or 'digest'. */
  queue: v.picklist(['mail', 'digest']),
  /** A mail's recipient and subject, or the digest's subscription and period. */
  summary: v.string(),
  /** The last try's error message, when it left one. */
  error: v.nullable(v.string()),
  /** How many tries it had. */
  tries: v.number(),
  /** When it was first queued, and when it gave up. */
  createdAt: IsoDateSchema,
  failedAt: IsoDateSchema,
});
export type FailedQueueJob = v.InferOutput<typeof FailedQueueJobSchema>;

/** GET /admin/queue/failed: newest first, at most `limit` (the answer says how many there are in all). */
export const FailedQueueJobsSchema = /* @__PURE__ */ v.object({
  jobs: v.array(FailedQueueJobSchema),
  total: v.number(),
});
export type FailedQueueJobs = v.InferOutput<typeof FailedQueueJobsSchema>;
