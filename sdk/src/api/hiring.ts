/**
 * The hiring side of issue #13, for a startup's members and the site's admins: the applicant board
 * (spec 7 GET /companies/{key}/applicants), an opened card, moves, ratings, notes, bulk actions and
 * the company's custom stages. Apart from the public calls so that the embeds never carry them.
 * Each answers 400 with field messages, 401 signed out, 403 for a non-member, 404 for an unknown key
 * or an application of another company, and 409 for a move out of 'rejected'.
 */
import type { Transport } from './transport';
import type {
  Applicant,
  ApplicantBulk,
  ApplicantBulkAnswer,
  ApplicantDetail,
  ApplicantList,
  ApplicantNote,
  ApplicantNoteInput,
  ApplicantPatch,
  ApplicantsQuery,
  CompanyStage,
  CompanyStageList,
  StageInput,
} from '../schemas/application';
import { noAnswer } from './no-answer';
import { toSearchParams } from './params';

const at = (key: string) => `companies/${encodeURIComponent(key)}`;

export function hiringApi(http: Transport) {
  return {
    /** GET /companies/{key}/applicants (spec 7): the board's cards with paging and filters, the counts per column, the stages and jobs. */
    applicants: (key: string, query: ApplicantsQuery = {}) =>
      http.get(`${at(key)}/applicants`, { searchParams: toSearchParams(query) }).json<ApplicantList>(),
    /** GET /companies/{key}/applicants/{id}: an opened card (profile, note, answers, CV link, ratings, notes, history). */
    applicant: (key: string, id: number) => http.get(`${at(key)}/applicants/${id}`).json<ApplicantDetail>(),
    /** PATCH /companies/{key}/applicants/{id}: move (stage, stageId) and/or rate (the viewer's rating). */
    update: (key: string, id: number, patch: ApplicantPatch) => http.patch(`${at(key)}/applicants/${id}`, { json: patch }).json<Applicant>(),
    /** POST /companies/{key}/applicants/{id}/notes: an internal note, by the viewer. */
    addNote: (key: string, id: number, note: ApplicantNoteInput) => http.post(`${at(key)}/applicants/${id}/notes`, { json: note }).json<ApplicantNote>(),
    /** POST /companies/{key}/applicants/bulk: "Move to…" or "Reject…" for many cards. */
    bulk: (key: string, action: ApplicantBulk) => http.post(`${at(key)}/applicants/bulk`, { json: action }).json<ApplicantBulkAnswer>(),
    /** GET /companies/{key}/stages: the company's custom stages in order. */
    stages: (key: string) => http.get(`${at(key)}/stages`).json<CompanyStageList>(),
    /** POST /companies/{key}/stages: a new custom stage, last. */
    createStage: (key: string, stage: StageInput) => http.post(`${at(key)}/stages`, { json: stage }).json<CompanyStage>(),
    /** PUT /companies/{key}/stages/{id}: rename, recolour or move a stage. */
    updateStage: (key: string, id: number, stage: StageInput) => http.put(`${at(key)}/stages/${id}`, { json: stage }).json<CompanyStage>(),
    /** DELETE /companies/{key}/stages/{id}: its cards go back to 'applied' (recorded in their history). */
    removeStage: (key: string, id: number) => noAnswer(http.delete(`${at(key)}/stages/${id}`)),
  };
}
export type HiringApi = ReturnType<typeof hiringApi>;
