/** Calls for the site's admins (issue #11): the approval queue. Approve and reject sit with companies and investors. */
import type { Transport } from './transport';
import type { FailedQueueJobs } from '../schemas/queue';
import type { ReviewQueue } from '../schemas/review';

export function adminApi(http: Transport) {
  return {
    /** GET /admin/reviews: startups and investors submitted for review, oldest first. */
    reviews: () => http.get('admin/reviews').json<ReviewQueue>(),
    /** GET /admin/queue/failed (issue #14): mails and digests that failed every try, newest first. */
    failedQueueJobs: () => http.get('admin/queue/failed').json<FailedQueueJobs>(),
  };
}
export type AdminApi = ReturnType<typeof adminApi>;
