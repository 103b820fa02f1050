/** The applicant call of spec 7: creating the signed-in user's applicant profile. */
import type { KyInstance } from 'ky';
import { noAnswer } from './no-answer';

export function applicantApi(http: KyInstance) {
  return {
    /** POST applicant (spec 7). No answer is shown; read users.me() for the new profile, then select 'applicant' (spec 4). */
    create: () => noAnswer(http.post('applicant')),
  };
}
export type ApplicantApi = ReturnType<typeof applicantApi>;
