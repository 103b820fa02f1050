/**
 * Issue #12: what the job form sends (POST/PUT /companies/{key}/jobs[/{id}]), what it loads back, the
 * startup's jobs table, the job dashboard's figures and the admins' job queue. The server validates
 * with the same schemas the form checks before it sends, so field messages match.
 */
import * as v from 'valibot';
import {
  CATEGORY_VALUES,
  COUNTRIES,
  JOB_STATUSES,
  PERK_VALUES,
  POSITION_TYPE_VALUES,
  SALARY_CURRENCIES,
  SALARY_PERIODS,
  SCREENING,
} from '../constants';
import { JOB_EVENTS, JOB_LISTING_DAYS, MEMBER_JOB_EVENTS } from '../job-status';
import { PLAN_IDS } from '../pricing';
import { IsoDateSchema } from './common';
import { JobSchema } from './job';
import { choices, optionalEmail, optionalText, requiredText, richText, websiteField } from './fields';
import { JobSurfaceSchema } from './job-surface';

const COUNTRY_CODES = /* @__PURE__ */ COUNTRIES.map((c) => c.value) as unknown as [string, ...string[]];
const country = (label: string) => v.picklist(COUNTRY_CODES, `Please choose ${label}`);

/** The most days ahead a job's expiration date may be. */
export const JOB_EXPIRY_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a date in UTC. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The form's default expiration date: JOB_LISTING_DAYS (60) days from today. */
export const defaultExpirationDay = (now = new Date()): string => isoDay(new Date(now.getTime() + JOB_LISTING_DAYS * DAY_MS));

/**
 * The last moment of an expiration day: a job dated the 24th is listed through the 24th (UTC).
 * @example expiresAtEndOf('2027-01-24') // '2027-01-24T23:59:59.999Z'
 */
export const expiresAtEndOf = (day: string): string => `${day}T23:59:59.999Z`;

/**
 * The expiration date: a day ('2027-01-24', the form's date input) or an ISO timestamp; it becomes
 * the end of that day (expiresAtEndOf) and must be after now and at most JOB_EXPIRY_MAX_DAYS ahead.
 */
export const ExpirationDateSchema = /* @__PURE__ */ v.pipe(
  v.string('Please choose an expiration date'),
  v.trim(),
  v.check((s) => /^\d{4}-\d{2}-\d{2}(?:T.*)?$/.test(s) && !Number.isNaN(Date.parse(s)), 'Please choose an expiration date'),
  v.transform((s) => (s.length === 10 ? expiresAtEndOf(s) : new Date(s).toISOString())),
  v.check((s) => Date.parse(s) > Date.now(), 'The expiration date must be in the future'),
  v.check((s) => Date.parse(s) <= Date.now() + (JOB_EXPIRY_MAX_DAYS + 1) * DAY_MS, `The expiration date must be within ${JOB_EXPIRY_MAX_DAYS} days`),
);

/** Where the job is: one of the startup's addresses (by its place in the profile's list), another place, or remote. */
export const JobLocationInputSchema = /* @__PURE__ */ v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('address'),
      addressIndex: v.pipe(v.number('Please choose one of your addresses'), v.integer(), v.minValue(0, 'Please choose one of your addresses')),
    }),
    v.object({
      kind: v.literal('place'),
      locality: requiredText('City', 100, 'Please enter the city'),
      countryCode: country('the country'),
      address: optionalText('Address', 200),
    }),
    v.object({
      kind: v.literal('remote'),
      /** A country the candidate must live in, or null for anywhere. */
      countryCode: v.nullish(country('a country, or anywhere'), null),
    }),
  ],
  'Please choose where the job is',
);
export type JobLocationInput = v.InferOutput<typeof JobLocationInputSchema>;

const wholeAmount = (label: string) =>
  v.pipe(v.number(`Please enter the ${label}`), v.integer(`The ${label} must be a whole number`), v.minValue(0, `The ${label} cannot be negative`), v.maxValue(100_000_000, `The ${label} is too large`));

export const SalaryInputSchema = /* @__PURE__ */ v.variant(
  'type',
  [
    v.object({ type: v.literal('competitive') }),
    v.object({ type: v.literal('unpaid') }),
    v.pipe(
      v.object({
        type: v.literal('range'),
        min: wholeAmount('lowest salary'),
        max: wholeAmount('highest salary'),
        currency: v.picklist(SALARY_CURRENCIES, 'Please choose a currency'),
        period: v.picklist(SALARY_PERIODS, 'Please choose per year, month or hour'),
      }),
      v.forward(
        v.check((s) => s.max >= s.min, 'The highest salary must be at least the lowest'),
        ['max'],
      ),
    ),
  ],
  'Please choose a salary type',
);
export type SalaryInput = v.InferOutput<typeof SalaryInputSchema>;

const percent = (label: string) =>
  v.pipe(
    v.number(`Please enter the ${label}`),
    v.minValue(0, `The ${label} cannot be negative`),
    v.maxValue(100, `The ${label} must be at most 100%`),
    // n * 100 of a typed 0.07 is 7.000000000000001 in binary floating point: compare within a rounding error.
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `The ${label} takes at most two decimals`),
  );

export const EquityInputSchema = /* @__PURE__ */ v.variant(
  'type',
  [
    v.object({ type: v.literal('undisclosed') }),
    v.object({ type: v.literal('negotiated') }),
    v.pipe(
      v.object({ type: v.literal('percentage'), min: percent('lowest equity'), max: percent('highest equity') }),
      v.forward(
        v.check((e) => e.max >= e.min, 'The highest equity must be at least the lowest'),
        ['max'],
      ),
    ),
  ],
  'Please choose an equity type',
);
export type EquityInput = v.InferOutput<typeof EquityInputSchema>;

/** How candidates apply: on Nordlys (quick apply, the applicants issue), on the startup's own page, or by e-mail. */
export const ApplyInputSchema = /* @__PURE__ */ v.variant(
  'method',
  [
    v.object({ method: v.literal('nordlys') }),
    v.object({
      method: v.literal('url'),
      url: v.pipe(websiteField('Application link'), v.check((s): s is string => s !== null, 'Please enter the link where candidates apply')),
    }),
    v.object({
      method: v.literal('email'),
      email: v.pipe(optionalEmail('Application e-mail'), v.check((s): s is string => s !== null, 'Please enter the e-mail address candidates apply to')),
    }),
  ],
  'Please choose how candidates apply',
);
export type ApplyInput = v.InferOutput<typeof ApplyInputSchema>;

/**
 * POST /companies/{key}/jobs (a new DRAFT) and PUT /companies/{key}/jobs/{id}: the whole form. A
 * draft may be saved incomplete (only the title is required); publishing checks jobMissing().
 */
export const JobInputSchema = /* @__PURE__ */ v.object({
  title: requiredText('Title', 120, 'Please enter the job title'),
  /** Rich text; the server sanitizes it with the one policy before storing. */
  description: richText('Description', 50_000),
  categories: v.pipe(choices('Categories', CATEGORY_VALUES), v.maxLength(3, 'Choose at most 3 categories')),
  positionType: v.optional(v.picklist(POSITION_TYPE_VALUES, 'Please choose a position type'), 'FULL_TIME'),
  location: v.nullish(JobLocationInputSchema, null),
  salary: v.optional(SalaryInputSchema, { type: 'competitive' }),
  equity: v.optional(EquityInputSchema, { type: 'undisclosed' }),
  apply: v.optional(ApplyInputSchema, { method: 'nordlys' }),
  perks: choices('Perks', PERK_VALUES),
  expirationDate: ExpirationDateSchema,
  screeningQuestions: v.pipe(
    v.optional(v.array(requiredText('Question', SCREENING.questionMax, 'Please write the question, or remove it')), []),
    v.maxLength(SCREENING.maxQuestions, `Ask at most ${SCREENING.maxQuestions} questions`),
  ),
});
/** What the form holds and sends. */
export type JobInput = v.InferInput<typeof JobInputSchema>;
/** What the server stores after validation (expirationDate an ISO timestamp). */
export type JobInputValues = v.InferOutput<typeof JobInputSchema>;

/** The fields a job needs before it is published, with the message each shows. */
export const JOB_REQUIRED = {
  description: 'Please describe the job',
  categories: 'Please choose at least one category',
  location: 'Please choose where the job is',
} as const;
export type JobRequiredField = keyof typeof JOB_REQUIRED;

/**
 * What a job still lacks before it can be published: field → message (empty when complete). The
 * server refuses publish with these as field messages (400), and the form lists them.
 */
export function jobMissing(job: { description: string | null; categories: readonly string[]; location: JobLocationInput | null }): Partial<Record<JobRequiredField, string>> {
  const missing: Partial<Record<JobRequiredField, string>> = {};
  if (!job.description || !job.description.replace(/<[^>]*>/g, '').trim()) missing.description = JOB_REQUIRED.description;
  if (!job.categories.length) missing.categories = JOB_REQUIRED.categories;
  if (!job.location) missing.location = JOB_REQUIRED.location;
  return missing;
}

const MemberEventSchema = /* @__PURE__ */ v.picklist(MEMBER_JOB_EVENTS, `Event must be one of: ${MEMBER_JOB_EVENTS.join(', ')}`);
/** The `{event}` of POST /companies/{key}/jobs/{id}/{event}. */
export const MemberJobEventParamSchema = MemberEventSchema;

/**
 * What members and admins get besides the public job on GET /companies/{key}/jobs/{id} (`manage`):
 * the form's values, the plan and whether its payment is due, the review note and what they may do next.
 */
export const JobManageSchema = /* @__PURE__ */ v.object({
  /** The form's values as stored (the expiration date as an ISO timestamp). */
  form: v.object({
    title: v.string(),
    description: v.string(),
    categories: v.array(v.string()),
    positionType: v.picklist(POSITION_TYPE_VALUES),
    location: v.nullable(JobLocationInputSchema),
    salary: SalaryInputSchema,
    equity: EquityInputSchema,
    apply: ApplyInputSchema,
    perks: v.array(v.string()),
    expirationDate: v.nullable(IsoDateSchema),
    screeningQuestions: v.array(v.string()),
  }),
  plan: v.picklist(PLAN_IDS),
  /** The plan is a paid one and no order for it is settled (sdk job-status "payment due"). */
  paymentDue: v.boolean(),
  reviewNote: v.nullable(v.string()),
  heldAt: v.nullable(IsoDateSchema),
  publishedAt: v.nullable(IsoDateSchema),
  /** The events the viewer may fire now (members: theirs; admins: any), sdk allowedEvents. */
  allowedEvents: v.array(v.picklist(JOB_EVENTS)),
  /** What the job still lacks before publishing (jobMissing). */
  missing: v.record(v.string(), v.string()),
  applicants: v.number(),
  applyClicks: v.number(),
});
export type JobManage = v.InferOutput<typeof JobManageSchema>;

/**
 * A job as its startup's members and admins get it (GET /companies/{key}/jobs/{id}, and the answers of
 * create, update and the plan): the job in any status, plus `manage`. Apart from JobSchema so that the
 * public job (and the embeds' bundle) never carries the form's schemas.
 */
export const ManagedJobSchema = /* @__PURE__ */ v.object({ ...JobSchema.entries, manage: JobManageSchema });
export type ManagedJob = v.InferOutput<typeof ManagedJobSchema>;

/** GET /companies/{key}/jobs/{id}: the managed job for the startup's members and admins, the public job for anyone else. */
export const CompanyJobSchema = /* @__PURE__ */ v.union([ManagedJobSchema, JobSchema]);
export type CompanyJob = v.InferOutput<typeof CompanyJobSchema>;

/** A row of the startup's jobs table (GET /companies/{key}/managed-jobs). */
export const ManagedJobRowSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  title: v.string(),
  status: v.picklist(JOB_STATUSES),
  plan: v.picklist(PLAN_IDS),
  views: v.number(),
  applicants: v.number(),
  createdAt: IsoDateSchema,
  /** When it went live (the posted date); null before. */
  approvedAt: v.nullable(IsoDateSchema),
  expirationDate: v.nullable(IsoDateSchema),
  boostingExpiresAt: v.nullable(IsoDateSchema),
  /** The events members may fire now (sdk allowedEvents with actor member). */
  allowedEvents: v.array(v.picklist(JOB_EVENTS)),
});
export type ManagedJobRow = v.InferOutput<typeof ManagedJobRowSchema>;

export const ManagedJobListSchema = /* @__PURE__ */ v.object({
  jobs: v.array(ManagedJobRowSchema),
  /** How many jobs each status holds (all statuses, whatever the filter), for the filter's counts. */
  counts: v.record(v.string(), v.number()),
});
export type ManagedJobList = v.InferOutput<typeof ManagedJobListSchema>;

/** The query of GET /companies/{key}/managed-jobs. */
export const ManagedJobQuerySchema = /* @__PURE__ */ v.object({
  status: v.optional(v.picklist(JOB_STATUSES, `Status must be one of: ${JOB_STATUSES.join(', ')}`)),
});

/** One surface's figures per day over the last JOB_STATS_DAYS days, oldest first. */
export const JobSurfaceStatsSchema = /* @__PURE__ */ v.object({
  /** 'site', 'widget', 'careers' or 'feed:{id}'. */
  surface: v.string(),
  /** "Nordlys", "Widget", "Career page" or the feed's name. */
  label: v.string(),
  views: v.array(v.number()),
  applyClicks: v.array(v.number()),
  applications: v.array(v.number()),
});
export type JobSurfaceStats = v.InferOutput<typeof JobSurfaceStatsSchema>;

/** GET /companies/{key}/jobs/{id}/stats: the job dashboard's chart. */
export const JobStatsSchema = /* @__PURE__ */ v.object({
  /** The days, 'YYYY-MM-DD', oldest first (JOB_STATS_DAYS of them, today last). */
  days: v.array(v.string()),
  surfaces: v.array(JobSurfaceStatsSchema),
  /** Sums over the days and surfaces. */
  totals: v.object({ views: v.number(), applyClicks: v.number(), applications: v.number() }),
});
export type JobStats = v.InferOutput<typeof JobStatsSchema>;

// The surfaces' rule lives in job-surface.ts (quick apply checks it without the job form); named here too.
export { JobSurfaceSchema } from './job-surface';
export const ApplyClickSchema = /* @__PURE__ */ v.object({ surface: v.optional(JobSurfaceSchema, 'site') });

/** A job in the admins' queue (GET /admin/reviews, `jobs`): waiting for approval, oldest first. */
export const AdminJobItemSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  title: v.string(),
  status: v.picklist(JOB_STATUSES),
  plan: v.picklist(PLAN_IDS),
  company: v.object({ key: v.string(), name: v.string(), status: v.string() }),
  /** Held by an admin (not waiting for its startup's review). */
  heldAt: v.nullable(IsoDateSchema),
  publishedAt: v.nullable(IsoDateSchema),
});
export type AdminJobItem = v.InferOutput<typeof AdminJobItemSchema>;

/** POST /admin/jobs/{id}/reject: the reason, mailed to the startup's members and shown on the job's edit page. */
export const JobRejectSchema = /* @__PURE__ */ v.object({ reason: requiredText('Reason', 2000, 'Please give the reason') });
export type JobReject = v.InferInput<typeof JobRejectSchema>;

/** PUT /companies/{key}/jobs/{id}/plan: the plan chosen on /monetise (while the job is a draft or waiting for payment). */
export const JobPlanInputSchema = /* @__PURE__ */ v.object({ plan: v.picklist(PLAN_IDS, `Please choose a plan: ${PLAN_IDS.join(', ')}`) });
export type JobPlanInput = v.InferInput<typeof JobPlanInputSchema>;

/** POST /companies/{key}/jobs/{id}/resend-applicants: how many applications were queued to be mailed again. */
export const ResendApplicantsSchema = /* @__PURE__ */ v.object({ queued: v.number(), to: v.string() });
export type ResendApplicants = v.InferOutput<typeof ResendApplicantsSchema>;
