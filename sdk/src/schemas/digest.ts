/** Job digests (spec 3 and 7): the subscription payload and the digest profile read by e-mail. */
import * as v from 'valibot';
import { COUNTRIES, DIGEST_FREQUENCIES, LIMITS } from '../constants';
import { textField } from './common';

export const DigestLocationSchema = /* @__PURE__ */ v.object({
  countryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Country must be a two-letter code')),
});

/** PUT /digest/{settingsKey} and POST /digest: a remote choice is includeRemoteJobs, never a country (spec 5). */
export const DigestSubscriptionSchema = /* @__PURE__ */ v.object({
  email: v.optional(v.pipe(v.string(), v.trim(), v.email('Please enter your email address'), v.maxLength(LIMITS.emailMax, 'Please enter your email address'))),
  locations: v.pipe(v.array(DigestLocationSchema), v.maxLength(COUNTRIES.length, 'Locations lists too many countries')),
  includeRemoteJobs: v.boolean(),
  frequency: v.optional(v.picklist(DIGEST_FREQUENCIES)),
  categories: v.optional(v.pipe(v.array(textField('Category', 100)), v.maxLength(100, 'Categories lists too many values (at most 100)'))),
  /** Merge into an existing subscription of the same e-mail rather than replace it. */
  mergeData: v.optional(v.boolean()),
});
export type DigestSubscription = v.InferInput<typeof DigestSubscriptionSchema>;

/** GET digest/mail/{email}: the applicant's digest profile, including settingsKey. */
export const DigestProfileSchema = /* @__PURE__ */ v.object({
  settingsKey: v.string(),
  email: v.string(),
  frequency: v.picklist(DIGEST_FREQUENCIES),
  locations: v.array(v.object({ countryCode: v.string() })),
  includeRemoteJobs: v.boolean(),
  categories: v.array(v.string()),
});
export type DigestProfile = v.InferOutput<typeof DigestProfileSchema>;
