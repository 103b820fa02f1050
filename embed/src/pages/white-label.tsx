/** @jsxImportSource preact */
/**
 * A partner's white-label job feed (spec 1, 2.5, 2.7 white-label layout): served with the
 * /whiteLabelFeed prefix stripped. The header shows the feed's logo, or else its name, and its
 * description. Pure: the server passes the feed, the jobs and the total in.
 */
import type { Job, JobSummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { countLabel } from '@nordlys/sdk/format';
import { imageSize } from './format';
import { Frame, JobBody, JobList, jobJsonLd, plainSummary, renderDocument } from './layout';

export interface FeedHomeInput {
  feed: WhiteLabelFeed;
  /** This page of the feed's jobs (matching `search` when given). */
  jobs: readonly JobSummary[];
  /** How many jobs match in all. */
  total: number;
  /** The search text, as read from ?search=. */
  search?: string;
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

/** spec 1: the feed's logo (its name as alt text), or else its name; then its description. */
export function FeedHeader({ feed, canonicalOrigin }: { feed: WhiteLabelFeed; canonicalOrigin: string }) {
  const logo = imageSize(feed.logoImage, 'thumbnail', canonicalOrigin);
  return (
    <>
      <a class="brand" href="/">
        {logo ? <img class="feed-logo" src={logo} alt={feed.name} height={48} /> : <span>{feed.name}</span>}
      </a>
      {feed.description ? <p class="tagline">{feed.description}</p> : null}
    </>
  );
}

export function renderFeedHome({ feed, jobs, total, search, origin, canonicalOrigin, now }: FeedHomeInput): string {
  const query = search?.trim() ?? '';
  const heading = query ? `Jobs matching “${query}”` : 'Open jobs';
  const body = (
    <Frame header={<FeedHeader feed={feed} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <h1>{heading}</h1>
      <form class="search" role="search" method="get" action="/">
        <label for="search">Search jobs</label>
        <input id="search" type="search" name="search" value={query} maxLength={200} autoComplete="off" placeholder="Title, skill or company" />
        <button type="submit">Search</button>
      </form>
      {jobs.length ? (
        <>
          <p class="count" role="status">
            {jobs.length < total ? `Showing ${jobs.length} of ${countLabel(total, 'job')}` : countLabel(total, 'job')}
          </p>
          <JobList jobs={jobs} showCompany imageBase={canonicalOrigin} now={now} />
        </>
      ) : (
        <div class="empty" role="status">
          {query ? (
            <>
              <p>
                <strong>No jobs match “{query}”.</strong>
              </p>
              <p>
                Try fewer or other words, or <a href="/">see all jobs</a>.
              </p>
            </>
          ) : (
            <>
              <p>
                <strong>There are no open jobs in this feed right now.</strong>
              </p>
              <p>Check back soon: new jobs are added every week.</p>
            </>
          )}
        </div>
      )}
    </Frame>
  );
  return renderDocument(
    {
      title: query ? `“${query}” – ${feed.name}` : feed.name,
      description: feed.description ?? `Jobs at Nordic startups, from ${feed.name}.`,
      canonical: `${origin}/`,
      // Search result pages are variants of the home page.
      noindex: Boolean(query),
    },
    body,
  );
}

export function renderFeedJob({ feed, job, canonicalOrigin, now }: FeedJobInput): string {
  const body = (
    <Frame header={<FeedHeader feed={feed} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <JobBody job={job} canonicalOrigin={canonicalOrigin} backText="All jobs" showCompany imageBase={canonicalOrigin} now={now} />
    </Frame>
  );
  return renderDocument(
    {
      title: `${job.title} at ${job.company.name} – ${feed.name}`,
      description: plainSummary(job.description) || feed.description,
      canonical: `${canonicalOrigin}/jobs/${job.id}`,
      jsonLd: jobJsonLd(job, canonicalOrigin),
    },
    body,
  );
}
