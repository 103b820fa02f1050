/** @jsxImportSource preact */
/**
 * The browser side of the hosted pages: hydrates the islands the server rendered, from the page
 * data. One source for careers.js and white-label.js; NORDLYS_PAGE (set by the build) leaves out
 * the other page's island by dead-code elimination (style.md 7). Unset (tests), both stay in.
 */
import { hydrate, type VNode } from 'preact';
import { log } from '../log';
import { CareersJobs } from './CareersJobs';
import { ISLAND, readPageData } from './data';
import { FeedSearch } from './FeedSearch';
import { Share } from './Share';

/** Hydrates every island `doc` has data for; logs (never throws) when something is off. */
export function hydrateIslands(doc: Document = document): void {
  const data = readPageData(doc);
  if (!data) return log.error('no page data to hydrate from');
  const island = (id: string, vnode: VNode) => {
    try {
      const el = doc.getElementById(id);
      if (el) hydrate(vnode, el);
    } catch (error) {
      log.error(`could not hydrate #${id}:`, error);
    }
  };
  // The tests are written out here, outside any try (rollup keeps everything a try block reaches),
  // so that rollup drops the other page's island from each bundle.
  if (process.env.NORDLYS_PAGE !== 'white-label' && data.jobs) island(ISLAND.jobs, <CareersJobs {...data.jobs} />);
  if (process.env.NORDLYS_PAGE !== 'careers' && data.feed) island(ISLAND.feed, <FeedSearch {...data.feed} />);
  if (data.share) island(ISLAND.share, <Share {...data.share} />);
}
