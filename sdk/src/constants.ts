/** The business constants of spec section 9 (the vocabularies of spec section 3 are in vocabulary.ts). */

/** Shown in the default title and the header; the site's config may override it. */
export const DEFAULT_PRODUCT_NAME = 'Nordlys';
export const TITLE_SUFFIX = 'Find your next exciting startup job';
export const APP_VERSION = '1.0.02';

/** The primary platform and the sister investor and impact platform (spec 3, global state). */
export const PLATFORMS = ['nordlys', 'sister'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PRIMARY_PLATFORM: Platform = 'nordlys';

/** spec 9: the fixed site country code, and the pseudo-country of remote jobs. */
export const SITE_COUNTRY_CODE = 'DK';
export const REMOTE = 'REMOTE';

/** How many jobs the job-list widget shows unless its `limit` option says otherwise. */
export const WIDGET_DEFAULT_JOBS = 10;
/** The most jobs the job-list widget shows: its `limit` option, and the `limit` of GET /companies/{key}/job-briefs. */
export const WIDGET_MAX_JOBS = 50;

export const JOB_STATUSES = [
  'ACTIVE',
  'STOPPED',
  'EXPIRED',
  'DRAFT',
  'PENDING_PAYMENT',
  'PENDING_COMPANY_APPROVAL',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PROFILE_STATUSES = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
/** spec 3: the kinds of profile a user may hold (a startup, an investor, the talent profile). */
export const PROFILE_TYPES = ['company', 'investor', 'applicant'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** spec 4: applicant pipeline stages; 'rejected' is locked. */
export const PIPELINE_STAGES = ['applied', 'custom', 'hired', 'toreject', 'rejected'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

// The fixed vocabularies of spec 3 live in vocabulary.ts (a job's in job-vocabulary.ts); named here too,
// where callers have always found them.
export { POSITION_TYPES, POSITION_TYPE_VALUES, CATEGORY_GROUPS, CATEGORIES, CATEGORY_VALUES, PERKS, PERK_VALUES } from './job-vocabulary';
export type { PositionType, CategoryGroup, Category, CategoryValue, PerkValue } from './job-vocabulary';

/** spec 9: salary and equity types. */
export const SALARY_TYPES = ['competitive', 'unpaid', 'range'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];
export const EQUITY_TYPES = ['undisclosed', 'negotiated', 'percentage'] as const;
export type EquityType = (typeof EQUITY_TYPES)[number];

/** Issue #12: how a candidate applies to a job (spec 3 receiveApplicants): on Nordlys, on an external URL, or by e-mail. */
export const APPLY_METHODS = ['nordlys', 'url', 'email'] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];
/** The period of a salary range. */
export const SALARY_PERIODS = ['year', 'month', 'hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
/** Where a job is: at one of the startup's addresses, at another place, or remote. */
export const JOB_LOCATION_KINDS = ['address', 'place', 'remote'] as const;
export type JobLocationKind = (typeof JOB_LOCATION_KINDS)[number];
/** A job's screening questions: at most this many, each answered shortly. */
export const SCREENING = { maxQuestions: 5, questionMax: 200, answerMax: 500 } as const;
/** Currencies a salary range may be given in. */
export const SALARY_CURRENCIES = ['DKK', 'SEK', 'NOK', 'EUR', 'ISK', 'USD', 'GBP'] as const;

/** An order's life: open (a Stripe checkout started), awaiting payment (invoiced), paid, cancelled. */
export const ORDER_STATUSES = ['open', 'awaiting_payment', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'invoice'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Where a job was seen, clicked or applied to (the job dashboard's surfaces): the site, the widget,
 * a career page, or white-label feed `feed:{id}`.
 */
/** Where a job is seen, clicked and applied for: 'digest' is a job alert e-mail's link (issue #14). */
export const JOB_SURFACES = ['site', 'widget', 'careers', 'digest'] as const;
export type JobSurface = (typeof JOB_SURFACES)[number] | `feed:${number}`;
/** The job dashboard's chart covers this many days. */
export const JOB_STATS_DAYS = 30;

export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
/** Issue #14: a digest holds at most this many jobs of one startup, and this many in all. */
export const DIGEST_MAX_PER_COMPANY = 3;
export const DIGEST_MAX_JOBS = 20;
/** Issue #14: a visitor's subscription waits this many days for its confirmation, then goes. */
export const DIGEST_CONFIRM_DAYS = 7;
export const INVESTOR_TYPE_KEYWORDS = ['ANGEL', 'ANGELS', 'VENTURES'] as const;
export const CONTACT_PREFERENCES = ['EMAIL', 'WEBSITE'] as const;
/** spec 3: the UI features a user can reach (site config `uiFeatures`); PUT users/me records only these. */
export const UI_FEATURES = ['job-search-tour', 'pipeline-tour'] as const;

export interface Country {
  value: string;
  text: string;
}

/** Countries the site lists; NI is excluded from some lists (spec 9). */
export const COUNTRIES: readonly Country[] = [
  { value: 'DK', text: 'Denmark' },
  { value: 'SE', text: 'Sweden' },
  { value: 'NO', text: 'Norway' },
  { value: 'FI', text: 'Finland' },
  { value: 'IS', text: 'Iceland' },
  { value: 'DE', text: 'Germany' },
  { value: 'NL', text: 'Netherlands' },
  { value: 'EE', text: 'Estonia' },
  { value: 'GB', text: 'United Kingdom' },
  { value: 'NI', text: 'Northern Ireland' },
];
export const NORDIC_COUNTRY_CODES = ['DK', 'SE', 'NO', 'FI', 'IS'] as const;
/** spec 9: a 'Remote' entry with value REMOTE is added to the search list. */
export const REMOTE_COUNTRY: Country = { value: REMOTE, text: 'Remote' };

/* @__NO_SIDE_EFFECTS__ */
function searchCountries(): readonly Country[] {
  return [...COUNTRIES.filter((c) => c.value !== 'NI'), REMOTE_COUNTRY];
}

/** The country list offered by job search: NI excluded, Remote added. */
export const SEARCH_COUNTRIES = searchCountries();

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return COUNTRIES.find((c) => c.value === code.toUpperCase())?.text ?? code;
}

// spec 9's job prices live in job-prices.ts, beside the plans of pricing.ts; named here too, where callers have always found them.
export { JOB_PRICES, jobPrice } from './job-prices';

/** spec 9: sort orders offered by job search. */
export const JOB_SORTS = [
  { value: 'relevance', text: 'Most relevant' },
  { value: 'newest', text: 'Newest first' },
  { value: 'oldest', text: 'Oldest first' },
] as const;
export type JobSort = (typeof JOB_SORTS)[number]['value'];
export const JOB_SORT_VALUES = /* @__PURE__ */ JOB_SORTS.map((s) => s.value) as [JobSort, ...JobSort[]];

/** Limits and timings of spec 9. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 50,
  /** The longest password any form takes (sign-in): hashing is costly, so a longer one is refused unread. */
  passwordInputMax: 128,
  nameMax: 50,
  emailMax: 50,
  shareTextMax: 200,
  latestJobsCount: 3,
  configCacheSeconds: 60,
  searchHistorySeconds: 2_592_000,
  providerTokenSkewSeconds: 60,
  popupPollMs: 250,
  popupWidth: 800,
  popupHeight: 650,
  minFetchDelayMs: 200,
  loadingBarMs: 1500,
  /** Job search paging: the page size the site asks for, and the most a client may ask for. */
  jobsPageSize: 20,
  jobsPageSizeMax: 50,
  relatedJobsCount: 4,
  /** Job searches count matches up to this many; beyond it the total is shown as "2,000+". */
  searchCountCap: 2000,
  /** Issue #14: the searches one jobs/count/bulk call counts, and the searches one user may pin (so one call counts them all). */
  countBulkMax: 20,
  pinnedSearchesMax: 20,
} as const;

export const COOKIES = {
  preferredCountryCode: 'preferred-country-code',
  userProfile: 'user.profile',
} as const;

/** spec 3: image sizes; cropped sizes keep a fixed aspect. */
export const IMAGE_SIZES = {
  large: { width: 1200, crop: false },
  cover: { width: 1600, height: 900, crop: true },
  thumbnail: { width: 200, height: 200, crop: true },
  listing: { width: 1200, height: 675, crop: true },
  portrait: { width: 600, height: 1200, crop: true },
  social: { width: 1200, height: 630, crop: true },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export const IMAGE_QUALITY = 60;
/** Upload limits of images (issue #11): larger files answer 413, other formats 415. */
export const IMAGE_UPLOAD_LIMITS = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000, types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] } as const;
/** A team invitation link works this many days (issue #11). */
export const INVITATION_DAYS = 7;

/** Issue #13: a CV is one PDF of at most 5 MB, judged by its bytes (%PDF-), not its name. */
export const CV_UPLOAD_LIMITS = { maxBytes: 5 * 1024 * 1024, types: ['application/pdf'] } as const;
/** Issue #13: an application (CV included) is deleted this many months after its last activity. */
export const APPLICATION_RETENTION_MONTHS = 24;
/** Issue #13: the longest note to a startup, and the longest internal note. */
export const APPLICATION_MESSAGE_MAX = 2000;
export const APPLICATION_NOTE_MAX = 2000;
/** Issue #13: a talent profile's headline. */
export const HEADLINE_MAX = 120;
