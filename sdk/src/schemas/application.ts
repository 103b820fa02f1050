/** Applications in a startup's pipeline (spec 4): the answer of GET /companies/{key}/applicants. */
import * as v from 'valibot';
import { PIPELINE_STAGES } from '../constants';
import { IsoDateSchema } from './common';

export const ApplicantSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  job: v.object({ id: v.number(), title: v.string() }),
  applicant: v.object({
    id: v.number(),
    fullName: v.string(),
    email: v.string(),
    imageUrl: v.nullable(v.string()),
  }),
  stage: v.picklist(PIPELINE_STAGES),
  /** The name of a custom stage, when stage is 'custom'. */
  customStage: v.nullable(v.string()),
  message: v.nullable(v.string()),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Applicant = v.InferOutput<typeof ApplicantSchema>;

export const ApplicantListSchema = /* @__PURE__ */ v.object({ applicants: v.array(ApplicantSchema) });
export type ApplicantList = v.InferOutput<typeof ApplicantListSchema>;
