/**
 * Issue #13: the talent profile (PUT /api/applicant) and quick apply (POST /api/jobs/{id}/apply), the
 * two forms a candidate fills in. Their own module, apart from the candidate's lists and the startup's
 * applicant board (application.ts, which names these too), so the forms load only their rules.
 */
import * as v from 'valibot';
import { APPLICATION_MESSAGE_MAX, CATEGORY_VALUES, COUNTRIES, HEADLINE_MAX, REMOTE, SCREENING } from '../constants';
import { IsoDateSchema, textField } from './common';
import { choices, ImagePathSchema, optionalText, requiredText, websiteField } from './fields';
import { JobSurfaceSchema } from './job-surface';

const COUNTRY_CODES = /* @__PURE__ */ COUNTRIES.map((c) => c.value) as unknown as [string, ...string[]];

// ---------------------------------------------------------------------------------------------
// The talent profile: PUT /api/applicant (and DELETE /api/applicant), shown at /client/applicant.
// ---------------------------------------------------------------------------------------------

/** The stored CV's public facts (the bytes are read through GET /api/applicant/cv or an application's cv route). */
export const StoredCvSchema = /* @__PURE__ */ v.object({
  path: v.string(),
  fileName: v.string(),
  sizeBytes: v.number(),
  uploadedAt: IsoDateSchema,
});
export type StoredCv = v.InferOutput<typeof StoredCvSchema>;

/** A path answered by POST /upload/cv ('cv/…'). */
export const CvPathSchema = /* @__PURE__ */ v.pipe(v.string('Please upload your CV'), v.regex(/^cv\/[A-Za-z0-9_-]{8,80}\.pdf$/, 'Please upload your CV again'));

/**
 * PUT /api/applicant: the whole talent profile. Name and photo are the account's (users), the rest
 * the applicant profile's. spec 5: a preferred country of REMOTE is never stored (it becomes null).
 */
export const ApplicantProfileInputSchema = /* @__PURE__ */ v.object({
  name: v.object({
    first: requiredText('First name', 50, 'Please enter first name'),
    last: requiredText('Last name', 50, 'Please enter last name'),
  }),
  /** The photo: an uploaded image's path ('image' or 'portrait'), or null. */
  imagePath: v.nullish(ImagePathSchema, null),
  headline: optionalText('Headline', HEADLINE_MAX),
  cvPath: v.nullish(CvPathSchema, null),
  categories: choices('Categories', CATEGORY_VALUES as unknown as readonly [string, ...string[]]),
  preferredCountryCode: v.pipe(
    v.nullish(v.picklist([...COUNTRY_CODES, REMOTE] as [string, ...string[]], 'Please choose a country'), null),
    v.transform((code) => (code === REMOTE ? null : code)),
  ),
  linkedinUrl: websiteField('LinkedIn URL'),
  discoverable: v.optional(v.boolean('Say whether startups may find your profile'), false),
});
export type ApplicantProfileInput = v.InferInput<typeof ApplicantProfileInputSchema>;
export type ApplicantProfileValues = v.InferOutput<typeof ApplicantProfileInputSchema>;

/** GET/PUT /api/applicant: the talent profile as the candidate edits it. */
export const TalentProfileSchema = /* @__PURE__ */ v.object({
  name: v.object({ first: v.string(), last: v.string() }),
  imagePath: v.nullable(v.string()),
  imageUrl: v.nullable(v.string()),
  headline: v.nullable(v.string()),
  cv: v.nullable(StoredCvSchema),
  categories: v.array(v.string()),
  preferredCountryCode: v.nullable(v.string()),
  linkedinUrl: v.nullable(v.string()),
  discoverable: v.boolean(),
  updatedAt: IsoDateSchema,
});
export type TalentProfile = v.InferOutput<typeof TalentProfileSchema>;

/** DELETE /api/applicant: what was deleted. */
export const ApplicantDeletedSchema = /* @__PURE__ */ v.object({ applications: v.number(), files: v.number() });
export type ApplicantDeleted = v.InferOutput<typeof ApplicantDeletedSchema>;

// ---------------------------------------------------------------------------------------------
// Quick apply: POST /api/jobs/{id}/apply; withdraw: DELETE /api/applications/{id}.
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/jobs/{id}/apply. The CV is required (the stored one's path or a new upload's); the
 * answers follow the job's screening questions in order, one each, none empty. A second application
 * answers 409 E_ALREADY_APPLIED with `link` to the first.
 */
export const QuickApplySchema = /* @__PURE__ */ v.object({
  cvPath: CvPathSchema,
  message: v.pipe(
    v.nullish(v.pipe(textField('Note', APPLICATION_MESSAGE_MAX, { lines: true }), v.trim()), null),
    v.transform((s) => (s ? s : null)),
  ),
  answers: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('Please answer the question'), v.trim(), v.nonEmpty('Please answer the question'), v.maxLength(SCREENING.answerMax, `An answer must be at most ${SCREENING.answerMax} characters`))),
      v.maxLength(SCREENING.maxQuestions, `At most ${SCREENING.maxQuestions} answers`),
    ),
    [],
  ),
  /** Where the candidate applied (site, widget, careers, feed:{id}); the job page passes on its `?surface=`. */
  surface: v.optional(JobSurfaceSchema, 'site'),
  /** Copy the CV to the talent profile too (a new upload in the dialog). */
  saveCvToProfile: v.optional(v.boolean(), false),
});
export type QuickApplyInput = v.InferInput<typeof QuickApplySchema>;
