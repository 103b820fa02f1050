/** "3 days ago" with the exact date in `title` (ui.md, job card); the wording is the sdk's (dates.ts). */
import { exactDate, postedAt, relativeTime } from '@nordlys/sdk/dates';
import { useNow } from './Now';

export function RelativeTime({ iso, prefix }: { iso: string; prefix?: string }) {
  const now = useNow();
  const text = relativeTime(iso, now);
  if (!text) return null;
  return (
    <time className="relative-time" dateTime={iso} title={exactDate(iso)}>
      {prefix ? `${prefix} ${text}` : text}
    </time>
  );
}

/** "Posted 3 days ago": the job's posted date (sdk postedAt), told the one way. */
export function PostedTime({ job }: { job: { approvedAt: string | null; createdAt: string } }) {
  return <RelativeTime iso={postedAt(job)} prefix="Posted" />;
}
