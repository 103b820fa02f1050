/** The business constants of spec section 9, and the fixed vocabularies of spec section 3. */

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

/** spec 4: applicant pipeline stages; 'rejected' is locked. */
export const PIPELINE_STAGES = ['applied', 'custom', 'hired', 'toreject', 'rejected'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const POSITION_TYPES = [
  { value: 'FULL_TIME', text: 'Full-time' },
  { value: 'PART_TIME', text: 'Part-time' },
  { value: 'INTERNSHIP', text: 'Internship' },
  { value: 'FREELANCE', text: 'Freelance' },
  { value: 'COFOUNDER', text: 'Co-founder' },
] as const;
export type PositionType = (typeof POSITION_TYPES)[number]['value'];
export const POSITION_TYPE_VALUES = /* @__PURE__ */ POSITION_TYPES.map((p) => p.value) as [PositionType, ...PositionType[]];

/** spec 9: salary and equity types. */
export const SALARY_TYPES = ['competitive', 'unpaid', 'range'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];
export const EQUITY_TYPES = ['undisclosed', 'negotiated', 'percentage'] as const;
export type EquityType = (typeof EQUITY_TYPES)[number];

export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export const INVESTOR_TYPE_KEYWORDS = ['ANGEL', 'ANGELS', 'VENTURES'] as const;
export const CONTACT_PREFERENCES = ['EMAIL', 'WEBSITE'] as const;

/** Selection groups of spec 3 ("Grouped for selection as"). */
export const CATEGORY_GROUPS = [
  'business development',
  'customer success',
  'design',
  'development',
  'mobile development',
  'operations',
  'marketing',
  'project management',
  'sales',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

export interface Category {
  value: string;
  text: string;
  icon: string;
  /** An accent for chips and icons; never used as text on white (ui.md). */
  color: string;
  group: CategoryGroup | null;
}

/** spec 3: job categories with icon, colour and selection group. */
export const CATEGORIES = [
  { value: 'backend', text: 'Backend', icon: 'server', color: '#3b6fd8', group: 'development' },
  { value: 'frontend', text: 'Frontend', icon: 'layout', color: '#5b8def', group: 'development' },
  { value: 'fullstack', text: 'Fullstack', icon: 'layers', color: '#2f5bb7', group: 'development' },
  { value: 'devops', text: 'DevOps', icon: 'cloud', color: '#4a7fa7', group: 'development' },
  { value: 'mobile', text: 'Mobile', icon: 'smartphone', color: '#6c5ce7', group: 'mobile development' },
  { value: 'business-development', text: 'Business development', icon: 'briefcase', color: '#e17055', group: 'business development' },
  { value: 'operations', text: 'Operations', icon: 'settings', color: '#636e72', group: 'operations' },
  { value: 'customer-success', text: 'Customer service/success', icon: 'heart', color: '#e84393', group: 'customer success' },
  { value: 'design', text: 'Design', icon: 'pen-tool', color: '#fd79a8', group: 'design' },
  { value: 'marketing', text: 'Marketing', icon: 'megaphone', color: '#fdcb6e', group: 'marketing' },
  { value: 'project-management', text: 'Project management', icon: 'clipboard', color: '#00b894', group: 'project management' },
  { value: 'sales', text: 'Sales', icon: 'trending-up', color: '#d63031', group: 'sales' },
  { value: 'cxo', text: 'CxO', icon: 'award', color: '#2d3436', group: 'operations' },
  { value: 'engineer', text: 'Engineer', icon: 'tool', color: '#0984e3', group: 'development' },
  { value: 'finance', text: 'Finance', icon: 'dollar-sign', color: '#00a86b', group: 'operations' },
  { value: 'hr', text: 'HR', icon: 'users', color: '#a29bfe', group: 'operations' },
  { value: 'data-science', text: 'Data science', icon: 'bar-chart', color: '#00cec9', group: 'development' },
  { value: 'legal', text: 'Legal', icon: 'book', color: '#8c7ae6', group: 'operations' },
  { value: 'analyst', text: 'Analyst', icon: 'pie-chart', color: '#0097a7', group: 'business development' },
  { value: 'product-management', text: 'Product management', icon: 'box', color: '#55a630', group: 'project management' },
  { value: 'qa', text: 'QA', icon: 'check-circle', color: '#38ada9', group: 'development' },
  { value: 'ux-ui-designer', text: 'UX/UI designer', icon: 'figma', color: '#e056fd', group: 'design' },
  { value: 'other', text: 'Other', icon: 'more-horizontal', color: '#95a5a6', group: null },
] as const satisfies readonly Category[];
export type CategoryValue = (typeof CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = /* @__PURE__ */ CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];

/** spec 3: perk icons ("and others"). */
export const PERKS = [
  { value: 'beer', text: 'Friday bar' },
  { value: 'coffee', text: 'Great coffee' },
  { value: 'equity', text: 'Equity' },
  { value: 'gym', text: 'Gym membership' },
  { value: 'healthcare', text: 'Health insurance' },
  { value: 'pension', text: 'Pension' },
  { value: 'pet', text: 'Pet friendly' },
  { value: 'remote', text: 'Remote friendly' },
  { value: 'lunch', text: 'Free lunch' },
  { value: 'learning', text: 'Learning budget' },
  { value: 'parental-leave', text: 'Extended parental leave' },
  { value: 'flexible-hours', text: 'Flexible hours' },
] as const;
export type PerkValue = (typeof PERKS)[number]['value'];
export const PERK_VALUES = /* @__PURE__ */ PERKS.map((p) => p.value) as [PerkValue, ...PerkValue[]];

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

/** spec 9: job price by country; anything else pays the EU price. */
export const JOB_PRICES = {
  DK: { amount: 599, currency: 'DKK' },
  NO: { amount: 879, currency: 'NOK' },
  SE: { amount: 849, currency: 'SEK' },
  FI: { amount: 79, currency: 'EUR' },
  IS: { amount: 11500, currency: 'ISK' },
  EU: { amount: 79, currency: 'EUR' },
} as const;

export function jobPrice(countryCode: string | null | undefined): { amount: number; currency: string } {
  const key = (countryCode ?? '').toUpperCase();
  return key in JOB_PRICES ? JOB_PRICES[key as keyof typeof JOB_PRICES] : JOB_PRICES.EU;
}

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
