/**
 * Visibility rules (spec 4): which jobs, startups, investors and white-label feed entries the public
 * sees. Each rule has an SQL twin in server/src/queries/visibility.ts, and a property test there
 * (visibility.test.ts) checks on random rows that the two agree.
 */
import { CATEGORY_VALUES, PRIMARY_PLATFORM, type CategoryValue, type JobStatus, type ProfileStatus } from './constants';
import type { FeedFilters } from './schemas/white-label';

type Clock = { now?: Date };

/** The job fields the visibility rules read. */
export interface JobVisibilityFacts {
  status: JobStatus;
  approvedAt: string | null;
  expirationDate: string | null;
}

/**
 * A job is open (it takes applications, and the status machine counts it as running) when it is
 * ACTIVE, approved, and not past its expiry. Pages whose job came from a member-only route use it to
 * say "no longer open" without knowing the company's status.
 */
export function isJobOpen(job: JobVisibilityFacts, { now = new Date() }: Clock = {}): boolean {
  return (
    job.status === 'ACTIVE' &&
    job.approvedAt !== null &&
    (job.expirationDate === null || Date.parse(job.expirationDate) > now.getTime())
  );
}

/**
 * A startup is live when ACTIVE: its open jobs are public, and its career page and white-label feeds
 * are served. Unlike its profile (isCompanyPublic), this ignores the platforms it is listed on: a
 * job is posted to a board, not to the startup's profile.
 */
export function isCompanyLive(company: { status: ProfileStatus | string }): boolean {
  return company.status === 'ACTIVE';
}

/** A job anyone may see: open, at a live startup. SQL twin: jobIsPublic. */
export function isJobPublic(job: JobVisibilityFacts, company: { status: ProfileStatus | string }, clock: Clock = {}): boolean {
  return isJobOpen(job, clock) && isCompanyLive(company);
}

/**
 * A job that was public and has run out (issue #12): EXPIRED, or ACTIVE/STOPPED past its expiry before
 * the task has caught up, at a live startup. Its page answers 410 Gone with similar jobs instead of a
 * 404, so search engines drop it quickly and a candidate on an old link finds the next job.
 */
export function isJobGone(job: JobVisibilityFacts, company: { status: ProfileStatus | string }, { now = new Date() }: Clock = {}): boolean {
  if (!isCompanyLive(company) || job.approvedAt === null) return false;
  return job.status === 'EXPIRED' || ((job.status === 'ACTIVE' || job.status === 'STOPPED') && job.expirationDate !== null && Date.parse(job.expirationDate) <= now.getTime());
}

/** What the profile rules read: the status and the map of platforms (spec 3). */
export interface ProfileVisibilityFacts {
  status: ProfileStatus | string;
  platform: Record<string, boolean | undefined>;
}

/** spec 4 "Profiles are filtered to those available on the {product} platform": ACTIVE and listed here. */
function isProfilePublic(profile: ProfileVisibilityFacts): boolean {
  return profile.status === 'ACTIVE' && profile.platform[PRIMARY_PLATFORM] === true;
}

/** A startup's profile is public (page, list, widget page): ACTIVE and listed on this platform. SQL twin: companyIsPublic. */
export const isCompanyPublic: (company: ProfileVisibilityFacts) => boolean = isProfilePublic;

/** An investor's profile is public: ACTIVE and listed on this platform. SQL twin: investorIsPublic. */
export const isInvestorPublic: (investor: ProfileVisibilityFacts) => boolean = isProfilePublic;

/**
 * Issue #15: a blog post anyone may read: published (not in the future), and, when a startup wrote it,
 * that startup's profile is public. The site's own posts (no company) need only the first.
 * SQL twin: blogPostIsPublic.
 */
export function isBlogPostPublic(post: { publishedAt: string | null }, company: ProfileVisibilityFacts | null, { now = new Date() }: Clock = {}): boolean {
  if (post.publishedAt === null || Date.parse(post.publishedAt) > now.getTime()) return false;
  return company === null || isCompanyPublic(company);
}

/**
 * A white-label feed's filters as they select jobs: empty lists are left out, `includeRemote` only
 * widens a feed that names countries, and only the categories the site knows count (a feed naming
 * none of them is not narrowed by category). Also the GET /v2/jobs query of the feed.
 */
export interface FeedJobFilter {
  countryCodes?: string[];
  /** With countryCodes: a remote job anywhere belongs too. */
  includeRemote?: true;
  companyKeys?: string[];
  categories?: CategoryValue[];
}

const KNOWN_CATEGORIES: ReadonlySet<string> = /* @__PURE__ */ new Set(CATEGORY_VALUES);

export function feedJobFilter(filters: FeedFilters): FeedJobFilter {
  const categories = (filters.categories ?? []).filter((c): c is CategoryValue => KNOWN_CATEGORIES.has(c));
  return { ...feedScope(filters), categories: categories.length ? categories : undefined };
}

/**
 * The part of feedJobFilter without the categories: for the job-list widget, whose own categories
 * replace the feed's, and which so needs no category table in its bundle.
 */
export function feedScope(filters: FeedFilters): Omit<FeedJobFilter, 'categories'> {
  return {
    countryCodes: filters.countryCodes?.length ? filters.countryCodes : undefined,
    includeRemote: (filters.countryCodes?.length && filters.includeRemote) || undefined,
    companyKeys: filters.companyKeys?.length ? filters.companyKeys : undefined,
  };
}

/** The job fields feed membership reads. */
export interface FeedJobFacts {
  company: { key: string };
  location: { country: string | null } | null;
  isRemote: boolean;
  categories: readonly string[];
}

/**
 * Whether a job belongs in a white-label feed (spec 2.5): at one of its startups, in one of its
 * countries (or remote, when the feed includes remote jobs), with one of its categories; a filter the
 * feed leaves empty lets every job through. Visibility is apart: a feed shows public jobs only.
 * SQL twin: jobMatchesFilter.
 */
export function isJobInFeed(filters: FeedFilters, job: FeedJobFacts): boolean {
  return jobMatchesFilter(feedJobFilter(filters), job);
}

/** The membership test on a normalised filter (what a GET /v2/jobs query of a feed selects). */
export function jobMatchesFilter(filter: FeedJobFilter, job: FeedJobFacts): boolean {
  if (filter.companyKeys?.length && !filter.companyKeys.includes(job.company.key)) return false;
  if (filter.countryCodes?.length) {
    const country = job.location?.country ?? null;
    const inCountry = country !== null && filter.countryCodes.includes(country);
    if (!inCountry && !(filter.includeRemote && job.isRemote)) return false;
  }
  if (filter.categories?.length && !job.categories.some((c) => (filter.categories as readonly string[]).includes(c))) return false;
  return true;
}

/** Whether a job belongs on a startup's career page (spec 2.5): its own jobs only. */
export function isJobOnCareerPage(company: { key: string }, job: { company: { key: string } }): boolean {
  return job.company.key === company.key;
}
