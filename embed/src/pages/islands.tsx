/** @jsxImportSource preact */
/** Server side of the islands: each renders into its own element, and its props become the page data. */
import type { Job } from '@nordlys/sdk/schemas';
import { shareText } from '@nordlys/sdk/format';
import { ISLAND } from './data';
import { Share, type ShareProps } from './Share';
import { jobPath } from '@nordlys/sdk/routes';

/** The share props of a job page on `origin` (spec 9: the text is cut at 200 characters). */
export function shareProps(job: Pick<Job, 'id' | 'title' | 'description' | 'company'>, origin: string): ShareProps {
  const title = `${job.title} at ${job.company.name}`;
  return { url: origin + jobPath(job.id), title, text: shareText(`${title}. ${job.description}`) };
}

export function ShareIsland(props: ShareProps) {
  return (
    <div id={ISLAND.share}>
      <Share {...props} />
    </div>
  );
}
