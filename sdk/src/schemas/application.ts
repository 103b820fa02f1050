/**
 * Issue #13, applying and hiring: the talent profile, quick apply, the candidate's lists (saved,
 * interested, applied, followed), the viewer's flags, and the startup's applicant board (cards, the
 * card's detail, moves, ratings, notes, bulk actions and custom stages). The server validates with
 * the same schemas the forms check before they send.
 */
import * as v from 'valibot';
import { APPLICATION_NOTE_MAX, JOB_STATUSES, PIPELINE_STAGES } from '../constants';
import { APPLICATION_EVENT_KINDS, CANDIDATE_STAGES, KANBAN_COLORS, MAX_CUSTOM_STAGES, RATING_MAX, RATING_MIN, STAGE_NAME_MAX } from '../pipeline';
import { IsoDateSchema, PageInfoSchema, intParam, textParam } from './common';
import { CompanySummarySchema } from './company';
import { requiredText } from './fields';
import { JobSchema } from './job';

// The talent profile and quick apply have their own module (the candidate's two forms); named here too.
export {
  ApplicantDeletedSchema,
  ApplicantProfileInputSchema,
  CvPathSchema,
  QuickApplySchema,
  StoredCvSchema,
  TalentProfileSchema,
  type ApplicantDeleted,
  type ApplicantProfileInput,
  type ApplicantProfileValues,
  type QuickApplyInput,
  type StoredCv,
  type TalentProfile,
} from './talent-profile';

/** One answer to a screening question, with the question as it was asked. */
export const ScreeningAnswerSchema = /* @__PURE__ */ v.object({ question: v.string(), answer: v.string() });
export type ScreeningAnswer = v.InferOutput<typeof ScreeningAnswerSchema>;

/** The job as a candidate's list shows it: the public job with its live status, expired or not. */
const ListedJobSchema = /* @__PURE__ */ v.object({
  ...JobSchema.entries,
  status: v.picklist(JOB_STATUSES),
});

/** An application as its candidate sees it (My jobs, Applied tab): never the company's stage names. */
export const MyApplicationSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  job: ListedJobSchema,
  stage: v.picklist(CANDIDATE_STAGES),
  appliedAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  message: v.nullable(v.string()),
  answers: v.array(ScreeningAnswerSchema),
  cv: v.nullable(v.object({ fileName: v.string(), sizeBytes: v.number() })),
});
export type MyApplication = v.InferOutput<typeof MyApplicationSchema>;

/** POST /api/jobs/{id}/apply answers 201 with the application. */
export const ApplyAnswerSchema = MyApplicationSchema;

/** GET /api/applicant/applications. */
export const MyApplicationListSchema = /* @__PURE__ */ v.object({ applications: v.array(MyApplicationSchema) });
export type MyApplicationList = v.InferOutput<typeof MyApplicationListSchema>;

/** GET /api/applicant/saved: saved jobs and jobs marked interesting, newest mark first. */
export const SavedJobSchema = /* @__PURE__ */ v.object({
  job: ListedJobSchema,
  saved: v.boolean(),
  interestedAt: v.nullable(IsoDateSchema),
  updatedAt: IsoDateSchema,
});
export type SavedJob = v.InferOutput<typeof SavedJobSchema>;
export const SavedJobListSchema = /* @__PURE__ */ v.object({ saved: v.array(SavedJobSchema), interested: v.array(SavedJobSchema) });
export type SavedJobList = v.InferOutput<typeof SavedJobListSchema>;

/**
 * GET /api/applicant/followed: the startups the user follows, with their open jobs count; the startup
 * as lists show it (a startup no longer public is left out of the list, its follow kept).
 */
export const FollowedCompanySchema = /* @__PURE__ */ v.object({
  company: CompanySummarySchema,
  openJobs: v.number(),
  followedAt: IsoDateSchema,
});
export type FollowedCompany = v.InferOutput<typeof FollowedCompanySchema>;
export const FollowedCompanyListSchema = /* @__PURE__ */ v.object({ companies: v.array(FollowedCompanySchema) });
export type FollowedCompanyList = v.InferOutput<typeof FollowedCompanyListSchema>;

/**
 * GET /api/applicant/flags: the signed-in viewer's marks, for every Save, I'm interested, Follow and
 * Apply button on a page (public answers stay cacheable: they never carry a viewer's flags).
 * `applied` maps a job id to the viewer's application id.
 */
export const ViewerFlagsSchema = /* @__PURE__ */ v.object({
  savedJobIds: v.array(v.number()),
  interestedJobIds: v.array(v.number()),
  followedCompanyKeys: v.array(v.string()),
  applied: v.record(v.string(), v.number()),
});
export type ViewerFlags = v.InferOutput<typeof ViewerFlagsSchema>;

// ---------------------------------------------------------------------------------------------
// The board: GET /api/companies/{key}/applicants (spec 7) and the card routes.
// ---------------------------------------------------------------------------------------------

/** A column filter: a fixed stage or 'custom:{id}' (sdk pipeline columnKey). */
const ColumnKeyParamSchema = /* @__PURE__ */ v.pipe(
  v.string(),
  v.regex(/^(applied|hired|toreject|rejected|custom:[1-9]\d{0,9})$/, 'Stage must be applied, hired, toreject, rejected or custom:{id}'),
);

/** The board's query (spec 7 GET /companies/{key}/applicants): filters and paging. */
export const ApplicantsQuerySchema = /* @__PURE__ */ v.object({
  job: v.optional(intParam('Job', 1, 2_147_483_647)),
  stage: v.optional(ColumnKeyParamSchema),
  /** At least this rating (the average of the team's ratings). */
  rating: v.optional(intParam('Rating', RATING_MIN, RATING_MAX)),
  /** Name, e-mail, headline or note. */
  search: v.optional(textParam('Search', 100)),
  page: v.optional(intParam('Page', 1, 10_000), 1),
  /** Up to 500, so a board of one busy job loads in one call. */
  pageSize: v.optional(intParam('Page size', 1, 500), 200),
});
export type ApplicantsQuery = v.InferInput<typeof ApplicantsQuerySchema>;

/** A company's custom stage. */
export const CompanyStageSchema = /* @__PURE__ */ v.object({ id: v.number(), name: v.string(), color: v.string(), position: v.number() });
export type CompanyStage = v.InferOutput<typeof CompanyStageSchema>;

/** A card on the board. */
export const ApplicantSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  job: v.object({ id: v.number(), title: v.string() }),
  applicant: v.object({
    id: v.number(),
    fullName: v.string(),
    headline: v.nullable(v.string()),
    imageUrl: v.nullable(v.string()),
  }),
  stage: v.picklist(PIPELINE_STAGES),
  /** The custom stage's id, when stage is 'custom'. */
  stageId: v.nullable(v.number()),
  appliedAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  /** The team's average rating, one decimal, or null when nobody rated. */
  rating: v.nullable(v.number()),
  /** The viewer's own rating. */
  myRating: v.nullable(v.number()),
  notesCount: v.number(),
  hasCv: v.boolean(),
  rejectionMailed: v.boolean(),
});
export type Applicant = v.InferOutput<typeof ApplicantSchema>;

/** The board's answer: the cards of the page, the counts per column (for the whole filter), the company's stages and its jobs. */
export const ApplicantListSchema = /* @__PURE__ */ v.object({
  applicants: v.array(ApplicantSchema),
  page: PageInfoSchema,
  /** columnKey → cards matching the filters (all pages). */
  counts: v.record(v.string(), v.number()),
  stages: v.array(CompanyStageSchema),
  /** The company's jobs with applications, for the job filter. */
  jobs: v.array(v.object({ id: v.number(), title: v.string(), status: v.picklist(JOB_STATUSES), applications: v.number() })),
});
export type ApplicantList = v.InferOutput<typeof ApplicantListSchema>;

export const ApplicantNoteSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  author: v.nullable(v.object({ id: v.number(), fullName: v.string() })),
  body: v.string(),
  createdAt: IsoDateSchema,
});
export type ApplicantNote = v.InferOutput<typeof ApplicantNoteSchema>;

export const ApplicationEventSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  kind: v.picklist(APPLICATION_EVENT_KINDS),
  fromStage: v.nullable(v.picklist(PIPELINE_STAGES)),
  toStage: v.nullable(v.picklist(PIPELINE_STAGES)),
  /** The custom stage's name at the time. */
  stageName: v.nullable(v.string()),
  actor: v.nullable(v.object({ id: v.number(), fullName: v.string() })),
  createdAt: IsoDateSchema,
});
export type ApplicationEvent = v.InferOutput<typeof ApplicationEventSchema>;

/** GET /api/companies/{key}/applicants/{id}: an opened card. The CV is read at `cv.url` (members and admins only). */
export const ApplicantDetailSchema = /* @__PURE__ */ v.object({
  ...ApplicantSchema.entries,
  email: v.string(),
  linkedinUrl: v.nullable(v.string()),
  categories: v.array(v.string()),
  preferredCountryCode: v.nullable(v.string()),
  message: v.nullable(v.string()),
  answers: v.array(ScreeningAnswerSchema),
  surface: v.string(),
  cv: v.nullable(v.object({ url: v.string(), fileName: v.string(), sizeBytes: v.number() })),
  ratings: v.array(v.object({ user: v.object({ id: v.number(), fullName: v.string() }), rating: v.number() })),
  notes: v.array(ApplicantNoteSchema),
  history: v.array(ApplicationEventSchema),
});
export type ApplicantDetail = v.InferOutput<typeof ApplicantDetailSchema>;

const RatingSchema = /* @__PURE__ */ v.pipe(v.number('Rating must be a number'), v.integer('Rating must be a whole number'), v.minValue(RATING_MIN, `Rate from ${RATING_MIN} to ${RATING_MAX}`), v.maxValue(RATING_MAX, `Rate from ${RATING_MIN} to ${RATING_MAX}`));
const StageIdSchema = /* @__PURE__ */ v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1)), null);

/**
 * PATCH /api/companies/{key}/applicants/{id}: a move (stage, with stageId for 'custom') and/or the
 * viewer's rating (null clears it). A move to 'rejected' may queue the kind rejection mail
 * (`sendRejectionMail`), once per application ever. Moving out of 'rejected' answers 409.
 */
export const ApplicantPatchSchema = /* @__PURE__ */ v.pipe(
  v.object({
    stage: v.optional(v.picklist(PIPELINE_STAGES, 'Please choose a stage')),
    stageId: StageIdSchema,
    rating: v.optional(v.nullable(RatingSchema)),
    sendRejectionMail: v.optional(v.boolean(), false),
  }),
  v.check((p) => p.stage !== undefined || p.rating !== undefined, 'Send a stage or a rating'),
  v.check((p) => (p.stage === 'custom') === (p.stageId != null) || p.stage === undefined, 'A custom stage needs its stageId, and only a custom stage takes one'),
);
export type ApplicantPatch = v.InferInput<typeof ApplicantPatchSchema>;

/** POST /api/companies/{key}/applicants/{id}/notes. */
export const ApplicantNoteInputSchema = /* @__PURE__ */ v.object({
  body: v.pipe(v.string('Please write a note'), v.trim(), v.nonEmpty('Please write a note'), v.maxLength(APPLICATION_NOTE_MAX, `A note must be at most ${APPLICATION_NOTE_MAX} characters`)),
});
export type ApplicantNoteInput = v.InferInput<typeof ApplicantNoteInputSchema>;

const BulkIdsSchema = /* @__PURE__ */ v.pipe(
  v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), 'Choose the applicants'),
  v.minLength(1, 'Choose at least one applicant'),
  v.maxLength(500, 'Choose at most 500 applicants at once'),
);

/**
 * POST /api/companies/{key}/applicants/bulk: "Move to…" or "Reject…". Cards that cannot move
 * (rejected ones) are skipped and counted; a rejection mail goes at most once per application.
 */
export const ApplicantBulkSchema = /* @__PURE__ */ v.variant('action', [
  v.object({ action: v.literal('move'), ids: BulkIdsSchema, stage: v.picklist(PIPELINE_STAGES, 'Please choose a stage'), stageId: StageIdSchema }),
  v.object({ action: v.literal('reject'), ids: BulkIdsSchema, sendRejectionMail: v.optional(v.boolean(), false) }),
]);
export type ApplicantBulk = v.InferInput<typeof ApplicantBulkSchema>;

export const ApplicantBulkAnswerSchema = /* @__PURE__ */ v.object({
  /** The cards after the action (moved ones), to patch the board. */
  applicants: v.array(ApplicantSchema),
  moved: v.number(),
  skipped: v.number(),
  mailed: v.number(),
});
export type ApplicantBulkAnswer = v.InferOutput<typeof ApplicantBulkAnswerSchema>;

/** POST and PUT /api/companies/{key}/stages[/{id}]: a custom stage's name, colour and (PUT) place. */
export const StageInputSchema = /* @__PURE__ */ v.object({
  name: requiredText('Stage name', STAGE_NAME_MAX, 'Please name the stage'),
  color: v.picklist(KANBAN_COLORS, 'Please choose a colour'),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_CUSTOM_STAGES - 1))),
});
export type StageInput = v.InferInput<typeof StageInputSchema>;

/** GET /api/companies/{key}/stages. */
export const CompanyStageListSchema = /* @__PURE__ */ v.object({ stages: v.array(CompanyStageSchema) });
export type CompanyStageList = v.InferOutput<typeof CompanyStageListSchema>;
