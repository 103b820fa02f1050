/** Jobs, spec 3: list entries, the whole job, the search query and the list answers of spec 7. */
import * as v from 'valibot';
import {
  CATEGORY_VALUES,
  EQUITY_TYPES,
  JOB_SORT_VALUES,
  JOB_STATUSES,
  LIMITS,
  POSITION_TYPE_VALUES,
  SALARY_PERIODS,
  SALARY_TYPES,
  APPLY_METHODS,
  WIDGET_MAX_JOBS,
} from '../constants';
import { boolParam, choiceParam, intParam, IsoDateSchema, listParam, PageInfoSchema, patternListParam, textParam } from './common';
import { CompanyRefSchema, CompanySummarySchema } from './company';
import { LocationSchema } from './location';

export const SalarySchema = /* @__PURE__ */ v.object({
  type: v.picklist(SALARY_TYPES),
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  /** For a range: per year, month or hour (issue #12); older jobs have none. */
  period: v.optional(v.nullable(v.picklist(SALARY_PERIODS))),
});
export type Salary = v.InferOutput<typeof SalarySchema>;

export const EquitySchema = /* @__PURE__ */ v.object({
  type: v.picklist(EQUITY_TYPES),
  /** Percentages, for the 'percentage' type. */
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
});
export type Equity = v.InferOutput<typeof EquitySchema>;

/** A public investor that backs a job's startup: "Backed by {investor}" on job cards and pages (ui.md), linking to /funding/{key}. */
export const BackerSchema = /* @__PURE__ */ v.object({ key: v.string(), name: v.string() });
export type Backer = v.InferOutput<typeof BackerSchema>;

/** The public investors backing the startup, when any (the field is left out when there are none). */
const backedBy = /* @__PURE__ */ v.optional(v.array(BackerSchema));

/** A job as lists show it. */
export const JobSummarySchema = /* @__PURE__ */ v.object({
  id: v.number(),
  title: v.string(),
  status: v.picklist(JOB_STATUSES),
  company: /* @__PURE__ */ v.object({ ...CompanyRefSchema.entries, backedBy }),
  location: v.nullable(LocationSchema),
  isRemote: v.boolean(),
  categories: v.array(v.string()),
  positionType: v.picklist(POSITION_TYPE_VALUES),
  salary: v.nullable(SalarySchema),
  equity: v.nullable(EquitySchema),
  createdAt: IsoDateSchema,
  approvedAt: v.nullable(IsoDateSchema),
  boostingExpiresAt: v.nullable(IsoDateSchema),
  expirationDate: v.nullable(IsoDateSchema),
  views: v.number(),
  /** The platform the job was posted on. */
  board: v.string(),
  /** Per-user flags (spec 3): the signed-in viewer's save and interest (null when none); left out for visitors. */
  interestedAt: v.optional(v.nullable(IsoDateSchema)),
  saved: v.optional(v.boolean()),
});
export type JobSummary = v.InferOutput<typeof JobSummarySchema>;

/** The whole job, as its page shows it. */
export const JobSchema = /* @__PURE__ */ v.object({
  ...JobSummarySchema.entries,
  company: /* @__PURE__ */ v.object({ ...CompanySummarySchema.entries, backedBy }),
  /** Sanitised HTML. */
  description: v.string(),
  perks: v.array(v.string()),
  /** How to apply (issue #12): on Nordlys, at a URL, or by e-mail. */
  apply: v.optional(
    v.object({ method: v.picklist(APPLY_METHODS), url: v.nullable(v.string()), email: v.nullable(v.string()) }),
  ),
  /** A remote job's country requirement, or null for anywhere. */
  remoteCountryCode: v.optional(v.nullable(v.string())),
  /** The screening questions a candidate answers when applying on Nordlys. */
  screeningQuestions: v.optional(v.array(v.string())),
});
export type Job = v.InferOutput<typeof JobSchema>;

/**
 * The query of GET /v2/jobs (spec 7). Read from a query string, so numbers, flags and lists
 * arrive as text. `countryCode` REMOTE means remote jobs, the same as `isRemote=true`.
 */
export const JobSearchQuerySchema = /* @__PURE__ */ v.object({
  search: v.optional(textParam('Search', 200)),
  countryCode: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^(?:[A-Z]{2}|REMOTE)?$/, 'Country must be a two-letter code or REMOTE'),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  ),
  /**
   * Several countries, as a white-label feed names them (spec 2.5): jobs in any of them (and in
   * `countryCode`, when both are given). With `includeRemote`, remote jobs anywhere as well.
   */
  countryCodes: v.optional(
    v.pipe(
      patternListParam('Countries', /^[A-Za-z]{2}$/, 'two-letter codes', 30),
      v.transform((codes) => codes.map((code) => code.toUpperCase())),
    ),
  ),
  includeRemote: v.optional(boolParam('Include remote')),
  /** Only jobs of these startups (a feed's startups). */
  companyKeys: v.optional(patternListParam('Startups', /^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'startup keys', 100)),
  city: v.optional(textParam('City', 100)),
  categories: v.optional(listParam('Categories', CATEGORY_VALUES)),
  positionTypes: v.optional(listParam('Position types', POSITION_TYPE_VALUES)),
  isRemote: v.optional(boolParam('Remote')),
  sort: v.optional(choiceParam('Sort', JOB_SORT_VALUES)),
  page: v.optional(intParam('Page', 1, 10_000), 1),
  pageSize: v.optional(intParam('Page size', 1, LIMITS.jobsPageSizeMax), LIMITS.jobsPageSize),
});
export type JobSearchQuery = v.InferOutput<typeof JobSearchQuerySchema>;
/** What a caller may pass to the search: every field optional, REMOTE allowed as a country. */
export type JobSearchParams = Partial<JobSearchQuery>;

export const JobListSchema = /* @__PURE__ */ v.object({
  jobs: v.array(JobSummarySchema),
  ...PageInfoSchema.entries,
  /** False when `total` is a lower bound: searches count up to LIMITS.searchCountCap ("2,000+ jobs"). */
  totalExact: v.boolean(),
  /** True when no job matched every word and these are jobs with similar titles (a typo, say). */
  fuzzy: v.boolean(),
});
export type JobList = v.InferOutput<typeof JobListSchema>;

export const JobsAndFeaturedSchema = /* @__PURE__ */ v.object({
  jobs: JobListSchema,
  featuredJobs: v.array(JobSummarySchema),
});
export type JobsAndFeatured = v.InferOutput<typeof JobsAndFeaturedSchema>;

export const JobArraySchema = /* @__PURE__ */ v.object({ jobs: v.array(JobSummarySchema) });
export type JobArray = v.InferOutput<typeof JobArraySchema>;

/**
 * A job as the job-list widget shows it (GET /companies/{key}/job-briefs): what the widget renders, and
 * nothing else. It is fetched on every view of every page that embeds the widget, so it carries no
 * counters, salary, plan dates or logos, and the server has filtered already (JobBriefQuerySchema):
 * the demo startup's first 10 jobs among 100,000 are 489 bytes of brotli as briefs, its 22 jobs 2,009
 * as summaries. jobs.ts `jobBrief` makes one from a summary.
 */
export const JobBriefSchema = /* @__PURE__ */ v.object({
  .../* @__PURE__ */ v.pick(JobSummarySchema, ['id', 'title', 'isRemote', 'positionType']).entries,
  company: /* @__PURE__ */ v.pick(CompanyRefSchema, ['key', 'name']),
  /** Where the job is, as it is shown (jobs.ts `locationDisplay`): "Copenhagen, Denmark", or "Remote". */
  locationName: v.string(),
  /** The date the job shows as posted (dates.ts `postedAt`). */
  postedAt: IsoDateSchema,
});
export type JobBrief = v.InferOutput<typeof JobBriefSchema>;

export const JobBriefArraySchema = /* @__PURE__ */ v.object({ jobs: v.array(JobBriefSchema) });
export type JobBriefArray = v.InferOutput<typeof JobBriefArraySchema>;

/**
 * The query of GET /companies/{key}/job-briefs: the job-list widget's filters and limit, so a page
 * that embeds it receives only the jobs it shows (jobs.ts `selectWidgetJobs`). Without any, every job.
 */
export const JobBriefQuerySchema = /* @__PURE__ */ v.object({
  /** Jobs located in this country (a two-letter code). */
  countryCode: v.optional(
    v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Country must be a two-letter code')),
  ),
  .../* @__PURE__ */ v.pick(JobSearchQuerySchema, ['categories', 'isRemote']).entries,
  /** The first this many, newest first. */
  limit: v.optional(intParam('Limit', 1, WIDGET_MAX_JOBS)),
});
export type JobBriefQuery = v.InferOutput<typeof JobBriefQuerySchema>;

/** Route parameter of `/jobs/single/{id}` and friends. */
export const JobIdSchema = intParam('Job id', 1, 2_147_483_647);
