/**
 * The page data: what the server renders an island from, handed to the client bundle in a
 * `<script type="application/json" id="nordlys-data">` so the browser renders the same markup.
 */
import type { CareersJobsProps } from './CareersJobs';
import type { FeedSearchProps } from './FeedSearch';
import type { ShareProps } from './Share';

export const DATA_ID = 'nordlys-data';

/** The element each island renders into; its only children are the island's markup. */
export const ISLAND = { jobs: 'nl-jobs', feed: 'nl-feed', share: 'nl-share' } as const;

export interface PageData {
  /** Careers home: the open positions, filtered in the browser. */
  jobs?: CareersJobsProps;
  /** White-label home: the feed's search, results as you type. */
  feed?: FeedSearchProps;
  /** Job pages: share links, and copy/share buttons in the browser. */
  share?: ShareProps;
}

/** The page data of `doc`, or null when there is none or it does not parse. */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
