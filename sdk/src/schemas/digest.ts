/**
 * Job digests (spec 3, 7 and 9; issue #14): the subscription payload, the digest profile read by
 * e-mail or by its settings key, the preview of the next e-mail, and the confirm and unsubscribe calls.
 */
import * as v from 'valibot';
import { COUNTRIES, DIGEST_FREQUENCIES, LIMITS } from '../constants';
import { CATEGORY_VALUES } from '../job-vocabulary';
import { isTimeZone } from '../digests';
import { IsoDateSchema, textField } from './common';
import { JobSummarySchema } from './job';

export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

const COUNTRY_CODES = /* @__PURE__ */ COUNTRIES.map((c) => c.value) as unknown as [string, ...string[]];
const CATEGORIES: ReadonlySet<string> = /* @__PURE__ */ new Set(CATEGORY_VALUES);

/** A country of a digest. spec 5: REMOTE is never one (it is includeRemoteJobs), so it fails here. */
export const DigestLocationSchema = /* @__PURE__ */ v.object({
  countryCode: v.picklist(COUNTRY_CODES, 'Choose countries from the list (Remote is "include remote jobs")'),
});

/**
 * PUT /digest/{settingsKey} and POST /digest: a remote choice is includeRemoteJobs, never a country
 * (spec 5). What is left out keeps its value on PUT, and takes the default on POST (weekly, 08:00 in
 * Europe/Copenhagen, not paused).
 */
export const DigestSubscriptionSchema = /* @__PURE__ */ v.object({
  /** A visitor's address (POST). A signed-in user's subscription is always to their own account's address. */
  email: v.optional(v.pipe(v.string('Please enter your email address'), v.trim(), v.email('Please enter your email address'), v.maxLength(LIMITS.emailMax, 'Please enter your email address'))),
  locations: v.pipe(
    v.array(DigestLocationSchema, 'Locations must be a list of countries'),
    v.maxLength(COUNTRIES.length, 'Locations lists too many countries'),
    v.transform((list) => [...new Map(list.map((l) => [l.countryCode, l])).values()]),
  ),
  includeRemoteJobs: v.boolean('Say whether remote jobs are included'),
  frequency: v.optional(v.picklist(DIGEST_FREQUENCIES, 'Choose daily or weekly')),
  categories: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('Choose categories from the list'), v.check((c) => CATEGORIES.has(c), 'Choose categories from the list')), 'Categories must be a list'),
      v.maxLength(CATEGORY_VALUES.length, 'Categories lists too many values'),
      v.transform((list) => [...new Set(list)]),
    ),
  ),
  /** The hour of the day the digest goes out, 0–23, in `timeZone`. */
  hourOfDay: v.optional(v.pipe(v.number('Choose an hour from 0 to 23'), v.integer('Choose an hour from 0 to 23'), v.minValue(0, 'Choose an hour from 0 to 23'), v.maxValue(23, 'Choose an hour from 0 to 23'))),
  /** The subscriber's IANA time zone, e.g. from Intl.DateTimeFormat().resolvedOptions().timeZone. */
  timeZone: v.nullish(v.pipe(textField('Time zone', 64), v.check(isTimeZone, 'Choose a time zone from the list'))),
  /** Paused digests are kept but not sent. */
  paused: v.optional(v.boolean('Say whether the digest is paused')),
  /** Merge the countries and categories into the existing subscription's rather than replace them. */
  mergeData: v.optional(v.boolean()),
});
export type DigestSubscription = v.InferInput<typeof DigestSubscriptionSchema>;
export type DigestSubscriptionValues = v.InferOutput<typeof DigestSubscriptionSchema>;

/**
 * GET digest/mail/{email} and GET digest/{settingsKey}: the digest profile, including settingsKey
 * (the secret of the manage link).
 */
export const DigestProfileSchema = /* @__PURE__ */ v.object({
  settingsKey: v.string(),
  email: v.string(),
  frequency: v.picklist(DIGEST_FREQUENCIES),
  locations: v.array(v.object({ countryCode: v.string() })),
  includeRemoteJobs: v.boolean(),
  categories: v.array(v.string()),
  hourOfDay: v.number(),
  timeZone: v.string(),
  paused: v.boolean(),
  /** 'pending' until the address is confirmed (double opt-in); only active digests are sent. */
  status: v.picklist(['active', 'pending']),
  /** When the next digest is due (null while pending or paused). */
  nextDueAt: v.nullable(IsoDateSchema),
  lastSentAt: v.nullable(IsoDateSchema),
});
export type DigestProfile = v.InferOutput<typeof DigestProfileSchema>;

/**
 * POST /digest's answer. A visitor always gets 'pending' ("check your inbox"), whether or not the
 * address has a subscription already, so the call tells nobody which addresses subscribe. A signed-in
 * user with a verified address gets 'active' and the settings key.
 */
export const DigestSubscribeAnswerSchema = /* @__PURE__ */ v.object({
  status: v.picklist(['active', 'pending']),
  settingsKey: v.optional(v.string()),
});
export type DigestSubscribeAnswer = v.InferOutput<typeof DigestSubscribeAnswerSchema>;

/** POST /digest/confirm: the token of the confirmation mail's link. */
export const DigestConfirmSchema = /* @__PURE__ */ v.object({
  token: v.pipe(v.string('The confirmation link is not valid'), v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'The confirmation link is not valid')),
});

/** GET /digest/{settingsKey}/preview: the jobs the next digest would hold if it were built now. */
export const DigestPreviewSchema = /* @__PURE__ */ v.object({
  jobs: v.array(JobSummarySchema),
  /** How many jobs match in all (the e-mail holds at most DIGEST_MAX_JOBS, DIGEST_MAX_PER_COMPANY per startup). */
  total: v.number(),
  /** Jobs approved after this count as new (the last digest, or the subscription's start). */
  since: IsoDateSchema,
});
export type DigestPreview = v.InferOutput<typeof DigestPreviewSchema>;

/**
 * The query of the unsubscribe link (List-Unsubscribe, RFC 8058): the subscription and its HMAC
 * token. POST with the body `List-Unsubscribe=One-Click` ends it; GET only reads it.
 */
export const DigestUnsubscribeQuerySchema = /* @__PURE__ */ v.object({
  id: v.pipe(v.string('The unsubscribe link is not valid'), v.regex(/^[1-9]\d{0,9}$/, 'The unsubscribe link is not valid'), v.transform(Number)),
  token: v.pipe(v.string('The unsubscribe link is not valid'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'The unsubscribe link is not valid')),
});
export type DigestUnsubscribeQuery = v.InferInput<typeof DigestUnsubscribeQuerySchema>;

/** GET /digest/unsubscribe (JSON): what the link would end; the address is masked ('t***@nordlys.test'). */
export const DigestUnsubscribeInfoSchema = /* @__PURE__ */ v.object({
  subscribed: v.boolean(),
  email: v.nullable(v.string()),
});
export type DigestUnsubscribeInfo = v.InferOutput<typeof DigestUnsubscribeInfoSchema>;
