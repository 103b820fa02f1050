/** "3 days ago" with the exact date in `title` (ui.md, job card). */
import { exactDate, relativeTime } from '@nordlys/sdk/format';
import { useNow } from './Now';

export function RelativeTime({ iso, prefix }: { iso: string; prefix?: string }) {
  const now = useNow();
  const text = relativeTime(iso, now);
  return (
    <time className="relative-time" dateTime={iso} title={exactDate(iso)}>
      {prefix ? `${prefix} ${text}` : text}
    </time>
  );
}
