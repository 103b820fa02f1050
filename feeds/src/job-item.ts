/** What every feed says about one job: its absolute URL, title, plain-text summary, categories, author and dates. */
import { CATEGORIES, POSITION_TYPES } from '@nordlys/sdk/constants';
import { postedAt } from '@nordlys/sdk/dates';
import { locationDisplay } from '@nordlys/sdk/jobs';
import { jobPath } from '@nordlys/sdk/routes';
import type { JobSummary } from '@nordlys/sdk/schemas';

export interface JobCategory {
  /** The stable category value, e.g. 'data-science'. */
  term: string;
  /** Its display text, e.g. 'Data science'; the value itself for a category we do not know. */
  label: string;
}

export interface JobItem {
  /** The absolute URL of the job page; also the item's id in every feed, so readers can match them. */
  url: string;
  /** "{job title} at {company name}". */
  title: string;
  /** Location and position type as plain text, e.g. 'Copenhagen, Denmark · Full-time'. */
  summary: string;
  categories: JobCategory[];
  /** The company name. */
  author: string;
  /**
   * The job's posted date (sdk postedAt: when it went public, else when it was created), the date
   * its page and Indeed show too; null when it does not parse. Every feed dates its item with it.
   */
  posted: Date | null;
}

const CATEGORY_LABELS: ReadonlyMap<string, string> = new Map(CATEGORIES.map((c) => [c.value, c.text]));
const POSITION_TYPE_LABELS: ReadonlyMap<string, string> = new Map(POSITION_TYPES.map((p) => [p.value, p.text]));

/**
 * Resolves `url` against `base` and returns the normalised absolute http(s) URL (non-ASCII is
 * percent-encoded, as feeds and sitemaps require). Throws a TypeError naming `option` otherwise:
 * a feed with relative links is broken for every reader, so this is a mistake to catch early.
 * @example absoluteUrl('/jobs/1', 'https://nordlys.jobs', 'origin') // 'https://nordlys.jobs/jobs/1'
 */
export function absoluteUrl(url: string, base: string | undefined, option: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url, base);
  } catch {
    // Reported below.
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    const given = base === undefined ? JSON.stringify(url) : `${JSON.stringify(url)} on ${JSON.stringify(base)}`;
    throw new TypeError(`${option} must be an absolute http(s) URL, got ${given}`);
  }
  return parsed.href;
}

/** A stored ISO date as a Date, or null when it does not parse. */
export function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The facts about a job that RSS, Atom, JSON Feed and the sitemap share. `origin` is the site's
 * scheme and host; the job page is `/jobs/{id}` on it (spec 3).
 * @example jobItem(frontendJob, 'https://nordlys.jobs').title // 'Senior Frontend Engineer at Aurora Labs'
 */
export function jobItem(job: JobSummary, origin: string): JobItem {
  const positionType = POSITION_TYPE_LABELS.get(job.positionType) ?? job.positionType;
  return {
    url: absoluteUrl(jobPath(job.id), origin, 'origin'),
    title: `${job.title} at ${job.company.name}`,
    summary: [locationDisplay(job), positionType].filter(Boolean).join(' · '),
    categories: job.categories.map((term) => ({ term, label: CATEGORY_LABELS.get(term) ?? term })),
    author: job.company.name,
    posted: parseDate(postedAt(job)),
  };
}
