/** Issue #15: the funding quiz: the directory ranked for answers, and a startup's kept answers with its matches. */
import type { Transport } from './transport';
import type { CompanyFundingInvestor, CompanyFundingQuiz, FundingQuizAnswers, FundingQuizResults } from '../schemas/funding-quiz';

const at = (key: string) => `companies/${encodeURIComponent(key)}`;

export function fundingQuizApi(http: Transport) {
  return {
    /**
     * GET funding/quiz/results?{answers}: the public investors that match, best first (400 with field messages for incomplete answers).
     * The quiz's rule (../funding-quiz) loads with the first call, so the client alone does not carry it.
     */
    results: async (answers: FundingQuizAnswers) => {
      const { quizQuery } = await import('../funding-quiz');
      return http.get(`funding/quiz/results?${quizQuery(answers)}`).json<FundingQuizResults>();
    },
    /** GET companies/{key}/funding-quiz: the startup's kept answers and their matches (`answers` null before the quiz). Members and admins. */
    get: (key: string) => http.get(`${at(key)}/funding-quiz`).json<CompanyFundingQuiz>(),
    /** PUT companies/{key}/funding-quiz: keeps the answers for the startup; answers as GET does. Members and admins. */
    save: (key: string, answers: FundingQuizAnswers) => http.put(`${at(key)}/funding-quiz`, { json: answers }).json<CompanyFundingQuiz>(),
    /** GET companies/{key}/funding/{investor}: one public investor with its match to the kept answers. Members and admins. */
    investor: (key: string, investor: string) =>
      http.get(`${at(key)}/funding/${encodeURIComponent(investor)}`).json<CompanyFundingInvestor>(),
  };
}
export type FundingQuizApi = ReturnType<typeof fundingQuizApi>;
