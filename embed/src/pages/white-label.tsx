/** @jsxImportSource preact */
/**
 * A partner's white-label job feed (spec 1, 2.5, 2.7 white-label layout): served with the
 * /whiteLabelFeed prefix stripped. The header shows the feed's logo, or else its name, and its
 * description. Pure: the server passes the feed, the jobs and the total in. Both pages load
 * white-label.js, which hydrates the search (results as you type) and the share links.
 */
import type { Job, JobSearchParams, JobSummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { feedJobFilter } from '@nordlys/sdk/visibility';
import { ISLAND } from './data';
import { jobJsonLd, renderDocument } from './document';
import { FeedSearch, pageTitle, type FeedSearchProps, type FeedSearchQuery } from './FeedSearch';
import { imageSize, plainSummary } from './format';
import { pageSteps } from '@nordlys/sdk/paging';
import { shareProps, ShareIsland } from './islands';
import { Frame, JobBody, listJob } from './layout';
import { jobPath, paths } from '@nordlys/sdk/routes';

/** Jobs on one page of a feed (and per search as you type). */
export const FEED_PAGE_SIZE = 20;

/**
 * The GET /v2/jobs query of a white-label feed's home: its filters (countries, or remote too,
 * startups, the categories the API knows) and the page size. The server searches with it, and the page's
 * search-as-you-type sends the same, so the browser's results are the server's.
 * @example api.jobs.search({ ...whiteLabelQuery(feed), search })
 */
export function whiteLabelQuery(feed: WhiteLabelFeed): JobSearchParams {
  return { ...feedJobFilter(feed.filters), pageSize: FEED_PAGE_SIZE };
}

export interface FeedHomeInput {
  feed: WhiteLabelFeed;
  /** This page of the feed's jobs (matching `search` when given). */
  jobs: readonly JobSummary[];
  /** How many jobs match in all. */
  total: number;
  /** This page (?page=, 1 by default) and how many there are (from the total by default). */
  page?: number;
  pages?: number;
  /** The search text, as read from ?search=. */
  search?: string;
  /** The query the jobs came from, without the search; whiteLabelQuery(feed) when left out. */
  query?: JobSearchParams;
  origin: string;
  canonicalOrigin: string;
  now?: Date;
}

export interface FeedJobInput {
  feed: WhiteLabelFeed;
  job: Job;
  origin: string;
  canonicalOrigin: string;
  now?: Date;
}

/**
 * spec 1: the feed's logo (its name as alt text), or else its name; then its description. A partner's
 * logo is often wide: its uncropped size ('large': the thumbnail is a square with the logo shrunk
 * inside), 48px high and as wide as its shape needs, up to 240px (styles.ts).
 */
export function FeedHeader({ feed, canonicalOrigin }: { feed: WhiteLabelFeed; canonicalOrigin: string }) {
  const logo = imageSize(feed.logoImage, 'large', canonicalOrigin);
  return (
    <>
      <a class="brand" href={paths.whiteLabelHome()}>
        {logo ? <img class="feed-logo" src={logo} alt={feed.name} height={48} /> : <span>{feed.name}</span>}
      </a>
      {feed.description ? <p class="tagline">{feed.description}</p> : null}
    </>
  );
}

export function renderFeedHome({ feed, jobs, total, page = 1, pages, search, query, origin, canonicalOrigin, now }: FeedHomeInput): string {
  const text = search?.trim() ?? '';
  const { search: _ignored, page: _page, ...searchQuery } = query ?? whiteLabelQuery(feed);
  const pageCount = pages ?? Math.ceil(total / (searchQuery.pageSize ?? FEED_PAGE_SIZE));
  const props: FeedSearchProps = {
    feedName: feed.name,
    jobs: jobs.map(listJob),
    total,
    page,
    pages: pageCount,
    search: text,
    query: searchQuery as FeedSearchQuery,
    imageBase: canonicalOrigin,
    now: (now ?? new Date()).toISOString(),
  };
  const pageUrl = (p: number | null) => (p ? origin + paths.whiteLabelHome({ search: text || undefined, page: p }) : null);
  const steps = pageSteps(page, pageCount);
  const body = (
    <Frame header={<FeedHeader feed={feed} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <div id={ISLAND.feed}>
        <FeedSearch {...props} />
      </div>
    </Frame>
  );
  return renderDocument(
    {
      title: page > 1 ? `${pageTitle(text, feed.name)} – page ${page}` : pageTitle(text, feed.name),
      description: feed.description ?? `Jobs at Nordic startups, from ${feed.name}.`,
      // Each page of the feed is its own page for search engines, linked to its neighbours; a search's pages point home.
      canonical: origin + paths.whiteLabelHome(text ? {} : { page }),
      prev: pageUrl(steps.prev),
      next: pageUrl(steps.next),
      // Search result pages are variants of the home page.
      noindex: Boolean(text),
    },
    body,
    { bundle: 'white-label', data: { feed: props } },
  );
}

export function renderFeedJob({ feed, job, origin, canonicalOrigin, now }: FeedJobInput): string {
  const share = shareProps(job, origin);
  const body = (
    <Frame header={<FeedHeader feed={feed} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <JobBody job={job} canonicalOrigin={canonicalOrigin} backText="All jobs" showCompany imageBase={canonicalOrigin} now={now} surface={`feed:${feed.id}`}>
        <ShareIsland {...share} />
      </JobBody>
    </Frame>
  );
  return renderDocument(
    {
      title: `${job.title} at ${job.company.name} – ${feed.name}`,
      description: plainSummary(job.description) || feed.description,
      canonical: canonicalOrigin + jobPath(job.id),
      jsonLd: jobJsonLd(job, canonicalOrigin),
    },
    body,
    { bundle: 'white-label', data: { share } },
  );
}
