/** The funding quiz's URLs (issue #15): one question per screen, the answers so far in the query. */
import { QUIZ_STEPS, quizQuery, type QuizDraft } from '@nordlys/sdk/funding-quiz';
import { paths } from '@nordlys/sdk/routes';

/** `step` past the last question: the answers were sent to the results, or came back from them incomplete. */
export const QUIZ_SUBMITTED_STEP = QUIZ_STEPS.length + 1;

/**
 * The quiz's URL at one step (0-based) with the answers so far; a step past the last sends the visitor
 * to the first unanswered question, with its message.
 * @example quizHref({ stage: 'seed' }, 1) // '/funding/quiz?stage=seed&step=2'
 */
export function quizHref(draft: QuizDraft, step = 0): string {
  const query = quizQuery(draft);
  const at = step > 0 ? `step=${Math.min(step + 1, QUIZ_SUBMITTED_STEP)}` : '';
  const search = [query, at].filter(Boolean).join('&');
  return search ? `${paths.fundingQuiz()}?${search}` : paths.fundingQuiz();
}
