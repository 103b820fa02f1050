/** JSON Feed 1.1 of a job list (https://jsonfeed.org/version/1.1), with the job data for partners under `_nordlys`. */
import type { JobSummary } from '@nordlys/sdk/schemas';
import { absoluteUrl, jobItem } from './job-item';

export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

export interface JsonFeedOptions {
  title: string;
  /** The absolute URL of the page that lists these jobs on the site. */
  homePageUrl: string;
  /** The absolute URL this feed is served from. */
  feedUrl: string;
  /** The site's scheme and host, e.g. 'https://nordlys.jobs'; job links are `${origin}/jobs/{id}`. */
  origin: string;
}

/**
 * A job as the feed publishes it: the list entry without the per-user flags of whoever asked, and
 * without its view count (a startup's own figure, shown to its members only).
 */
export type JsonFeedJob = Omit<JobSummary, 'interestedAt' | 'saved' | 'views'>;

export interface JsonFeedItem {
  /** The job's absolute URL, the same id RSS and Atom give it. */
  id: string;
  url: string;
  title: string;
  content_text: string;
  /** RFC 3339; left out when the stored date does not parse. */
  date_published?: string;
  /** The display texts of the job's categories. */
  tags: string[];
  authors: { name: string }[];
  /** Our extension (JSON Feed allows keys starting with an underscore): the job as the API lists it. */
  _nordlys: JsonFeedJob;
}

export interface JsonFeed {
  version: typeof JSON_FEED_VERSION;
  title: string;
  home_page_url: string;
  feed_url: string;
  items: JsonFeedItem[];
}

/**
 * Builds a JSON Feed 1.1 object; serialise it with JSON.stringify and serve it as
 * application/feed+json. Each item has the job's absolute URL as id and url, "{title} at {company}",
 * a plain-text content (location and position type), the posted date (sdk postedAt), the category texts as tags,
 * the company as author, and the job itself under `_nordlys`.
 * @example
 * jobsJsonFeed(jobs, {
 *   title: 'Nordlys jobs', homePageUrl: 'https://nordlys.jobs/jobs',
 *   feedUrl: 'https://nordlys.jobs/feeds/jobs.json', origin: 'https://nordlys.jobs',
 * }).version // 'https://jsonfeed.org/version/1.1'
 */
export function jobsJsonFeed(jobs: readonly JobSummary[], options: JsonFeedOptions): JsonFeed {
  const { title, origin } = options;
  // Checked up front so a misconfigured origin fails with an empty list too, not at the first job.
  absoluteUrl(origin, undefined, 'origin');
  return {
    version: JSON_FEED_VERSION,
    title,
    home_page_url: absoluteUrl(options.homePageUrl, undefined, 'homePageUrl'),
    feed_url: absoluteUrl(options.feedUrl, undefined, 'feedUrl'),
    items: jobs.map((job) => {
      const item = jobItem(job, origin);
      // interestedAt and saved describe the signed-in user who loaded the list, not the job; views are the startup's figure.
      const { interestedAt: _interestedAt, saved: _saved, views: _views, ...published } = job;
      return {
        id: item.url,
        url: item.url,
        title: item.title,
        content_text: item.summary,
        ...(item.posted ? { date_published: item.posted.toISOString() } : {}),
        tags: item.categories.map((c) => c.label),
        authors: [{ name: item.author }],
        _nordlys: published,
      };
    }),
  };
}
