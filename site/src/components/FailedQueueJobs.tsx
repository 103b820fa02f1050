/**
 * The queue's dead letters for the site's admins (issue #14, on /client/reviews): the mails and the
 * digests that failed every try (GET /admin/queue/failed), newest first, each with what it was, its last
 * error and its tries. An error state with a retry when the list could not be loaded (ui.md "States").
 */
import { exactDate } from '@nordlys/sdk/dates';
import { countLabel } from '@nordlys/sdk/format';
import type { FailedQueueJobs as FailedList } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { useApi } from '../modals/useApi';
import { LoadFailed } from './LoadFailed';
import { RelativeTime } from './RelativeTime';

const WHAT: Record<FailedList['jobs'][number]['queue'], string> = { mail: 'Mail', digest: 'Job digest' };

export function FailedQueueJobs({ initial }: { initial: FailedList | null }) {
  const api = useApi();
  const [list, setList] = useState(initial);
  const [loading, setLoading] = useState(false);

  async function retry() {
    if (loading) return;
    setLoading(true);
    try {
      setList(await api.admin.failedQueueJobs());
    } catch {
      setList(null);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="client-section" aria-labelledby="reviews-dead-letters" aria-busy={loading || undefined}>
      <h2 id="reviews-dead-letters">Failed mail and digests</h2>
      <p className="muted">What the queue gave up on after every retry. Nothing here was sent.</p>
      {list === null ? (
        <LoadFailed title="The failed jobs could not be loaded" message="Please try again in a moment." busy={loading} onRetry={() => void retry()} />
      ) : list.jobs.length === 0 ? (
        <p className="muted">No mail and no digest has failed.</p>
      ) : (
        <>
          {list.total > list.jobs.length ? <p className="muted">{`The newest ${list.jobs.length} of ${countLabel(list.total, 'failed job')}.`}</p> : null}
          <ul className="dead-letters">
            {list.jobs.map((job) => (
              <li key={`${job.queue}:${job.id}`} className="dead-letter">
                <strong>
                  {WHAT[job.queue]}: {job.summary}
                </strong>
                <p className="dead-letter__meta">
                  {`${countLabel(job.tries, 'try', 'tries')}, first queued ${exactDate(job.createdAt)}; gave up `}
                  <RelativeTime iso={job.failedAt} />
                </p>
                {job.error ? <p className="dead-letter__error">{job.error}</p> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
