/** @jsxImportSource preact */
/**
 * The error documents of the host-routed pages (spec 2.6), in the host's own layout: an unknown host
 * (404), an unknown path on a known careers or white-label host (404), an expired job with similar
 * jobs instead (410, as the main site's job page), and any other failure with its status.
 */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import type { CompanyRef, JobSummary, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { imageSize } from './format';
import { renderDocument } from './document';
import { Frame, JobList, listJob, Logo } from './layout';
import { FeedHeader } from './white-label';

/** Whose host a page is on: a startup's careers host, or a white-label feed's. */
export type HostOwner = { company: CompanyRef; feed?: undefined } | { feed: WhiteLabelFeed; company?: undefined };

export interface HostNotFoundInput {
  /** The Host the request named. */
  host: string;
  /** The main Nordlys site, for a way out; no link when left out. */
  canonicalOrigin?: string;
}

export type PageNotFoundInput = {
  /** The path asked for, e.g. '/jobs/999'. */
  path?: string;
  canonicalOrigin: string;
} & ({ company: CompanyRef; feed?: undefined } | { feed: WhiteLabelFeed; company?: undefined });

export function renderHostNotFound({ host, canonicalOrigin }: HostNotFoundInput): string {
  const body = (
    <Frame header={<span class="brand">{DEFAULT_PRODUCT_NAME}</span>} canonicalOrigin={canonicalOrigin}>
      <h1>This site is not set up yet</h1>
      <p class="lead">
        There is no careers page or job feed at <strong>{host}</strong> yet.
      </p>
      <p class="lead">
        If this is your domain, check that it is entered in your startup's settings on {DEFAULT_PRODUCT_NAME}, and that its DNS points to us.
        Changes can take a few minutes to show.
      </p>
      {canonicalOrigin ? (
        <p>
          <a href={`${canonicalOrigin}/`}>Go to {DEFAULT_PRODUCT_NAME}</a>
        </p>
      ) : null}
    </Frame>
  );
  return renderDocument({ title: `Site not found – ${host}`, noindex: true }, body);
}

/** The header of a careers host (logo and name) or of a feed (FeedHeader). */
function HostHeader({ owner, canonicalOrigin }: { owner: HostOwner; canonicalOrigin: string }) {
  return owner.feed ? (
    <FeedHeader feed={owner.feed} canonicalOrigin={canonicalOrigin} />
  ) : (
    <a class="brand" href="/">
      <Logo name={owner.company.name} src={imageSize(owner.company.logoImage, 'thumbnail', canonicalOrigin)} />
      <span>{owner.company.name}</span>
    </a>
  );
}

const ownerName = (owner: HostOwner) => (owner.feed ? owner.feed.name : owner.company.name);

export function renderPageNotFound(input: PageNotFoundInput): string {
  const { path, canonicalOrigin } = input;
  const body = (
    <Frame header={<HostHeader owner={input} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <h1>Page not found</h1>
      <p class="lead">
        This page could not be found{path ? <> (<code>{path}</code>)</> : null}. The job may have closed, or the link may be mistyped.
      </p>
      <p>
        <a href="/">See all jobs</a>
      </p>
    </Frame>
  );
  return renderDocument({ title: `Page not found – ${ownerName(input)}`, noindex: true }, body);
}

export type JobGoneInput = {
  /** Open jobs like the expired one, only those this host lists (the server picks them). */
  jobs: readonly JobSummary[];
  canonicalOrigin: string;
  now?: Date;
} & HostOwner;

/**
 * Issue #32: an expired job on a careers or white-label host, sent with status 410 as the main site's
 * job page is (issue #12): search engines drop it, and a candidate on an old link finds the next job.
 */
export function renderJobGone(input: JobGoneInput): string {
  const { jobs, canonicalOrigin, now } = input;
  const body = (
    <Frame header={<HostHeader owner={input} canonicalOrigin={canonicalOrigin} />} canonicalOrigin={canonicalOrigin}>
      <h1>This job has expired</h1>
      <p class="lead">It is no longer taking applications.{jobs.length ? ' These are open now:' : ''}</p>
      {jobs.length ? <JobList jobs={jobs.map(listJob)} showCompany={Boolean(input.feed)} imageBase={canonicalOrigin} now={now} headingLevel={2} /> : null}
      <p>
        <a href="/">See all jobs</a>
      </p>
    </Frame>
  );
  return renderDocument({ title: `Job expired – ${ownerName(input)}`, noindex: true }, body);
}

export type HostErrorInput = {
  /** The status the page is sent with (a 4xx or 5xx). */
  status: number;
  /** What went wrong, for people (the API's message); a general one when left out. */
  message?: string;
  /** The address to try again (this page's path and query). */
  retry: string;
  canonicalOrigin: string;
} & (HostOwner | { company?: undefined; feed?: undefined });

/** Any other failure on a careers or white-label host (the API down, too many requests): a page, never raw JSON. */
export function renderHostError(input: HostErrorInput): string {
  const { status, message, retry, canonicalOrigin } = input;
  const owner: HostOwner | null = input.feed ? { feed: input.feed } : input.company ? { company: input.company } : null;
  const body = (
    <Frame
      header={owner ? <HostHeader owner={owner} canonicalOrigin={canonicalOrigin} /> : <span class="brand">{DEFAULT_PRODUCT_NAME}</span>}
      canonicalOrigin={canonicalOrigin}
    >
      <h1>Something went wrong</h1>
      <p class="lead">{message || 'This page could not be loaded right now. Please try again in a moment.'}</p>
      <p>Error {status}</p>
      <p>
        <a class="button" href={retry}>
          Try again
        </a>
      </p>
    </Frame>
  );
  return renderDocument({ title: `Something went wrong${owner ? ` – ${ownerName(owner)}` : ''}`, noindex: true }, body);
}
