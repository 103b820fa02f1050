/**
 * The applicant calls: spec 7's POST applicant (create the profile), and issue #13's talent profile,
 * quick apply, withdraw, and the candidate's lists and flags.
 */
import type { Transport } from './transport';
import type {
  ApplicantDeleted,
  ApplicantProfileInput,
  QuickApplyInput,
  FollowedCompanyList,
  MyApplication,
  MyApplicationList,
  SavedJobList,
  TalentProfile,
  ViewerFlags,
} from '../schemas/application';
import { noAnswer } from './no-answer';

export function applicantApi(http: Transport) {
  return {
    /** POST applicant (spec 7). No answer is shown; read users.me() for the new profile, then select 'applicant' (spec 4). */
    create: () => noAnswer(http.post('applicant')),
    /** GET /api/applicant: the talent profile as the candidate edits it (404 without one). */
    get: () => http.get('applicant').json<TalentProfile>(),
    /** PUT /api/applicant: saves the whole talent profile (creates it when missing); 400 with field messages. */
    update: (profile: ApplicantProfileInput) => http.put('applicant', { json: profile }).json<TalentProfile>(),
    /** DELETE /api/applicant: deletes the talent profile with its CVs, applications and saved jobs; the account stays. */
    remove: () => http.delete('applicant').json<ApplicantDeleted>(),
    /** GET /api/applicant/applications: the candidate's applications, newest first, stages as the candidate may see them. */
    applications: () => http.get('applicant/applications').json<MyApplicationList>(),
    /** GET /api/applicant/saved: saved jobs and jobs marked interesting. */
    saved: () => http.get('applicant/saved').json<SavedJobList>(),
    /** GET /api/applicant/followed: the followed startups with their open jobs count. */
    followed: () => http.get('applicant/followed').json<FollowedCompanyList>(),
    /** GET /api/applicant/flags: the viewer's saved, interesting, followed and applied marks (private, never cached). */
    flags: () => http.get('applicant/flags').json<ViewerFlags>(),
    /** POST /api/jobs/{id}/apply: quick apply; 409 E_ALREADY_APPLIED carries `link` to the first application. */
    apply: (jobId: number, input: QuickApplyInput) => http.post(`jobs/${jobId}/apply`, { json: input }).json<MyApplication>(),
    /** DELETE /api/applications/{id}: the candidate withdraws the application (it is deleted, CV copy included). */
    withdraw: (applicationId: number) => noAnswer(http.delete(`applications/${applicationId}`)),
  };
}
export type ApplicantApi = ReturnType<typeof applicantApi>;
