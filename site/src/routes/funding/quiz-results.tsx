/**
 * `/funding/quiz/results?{answers}` (issue #15): the directory's investors ranked by how well they
 * match the quiz's answers, each with its reasons and score, linking to its public page. Answers that
 * are missing or wrong go back to the quiz, at the first question to answer, with its message.
 *
 * A signed-in startup's answers are kept by this route's action (a POST: the quiz's last step, or the
 * "Save to {startup}" button here), which then redirects to the results; a GET never writes.
 */
import { isApiError } from '@nordlys/sdk/api';
import { countLabel } from '@nordlys/sdk/format';
import { parseQuizAnswers, quizQuery, type QuizDraft } from '@nordlys/sdk/funding-quiz';
import { paths } from '@nordlys/sdk/routes';
import type { FundingQuizAnswers, FundingQuizResults } from '@nordlys/sdk/schemas';
import { Form, redirect, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { InvestorMatchCard, QuizAnswers } from '../../components/InvestorMatchCard';
import { EmptyState } from '../../components/JobList';
import { quizHref, QUIZ_SUBMITTED_STEP } from '../../lib/fundingQuiz';
import { orRouteError, rethrowAsRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { FormAlert } from '../../modals/fields';
import { profileCookieOf } from '../../session/cookie';
import { currentProfile } from '../../session/store';
import { viewerOf } from '../../session/viewer';

/** The query flag the action adds when the answers could not be kept (the results still show). */
const NOT_SAVED = 'saved=no';

interface Startup {
  key: string;
  name: string;
  /** Its kept answers are these ones. */
  saved: boolean;
}

interface ResultsData {
  results: FundingQuizResults;
  /** The signed-in startup the answers can be kept for, or null. */
  startup: Startup | null;
  /** The action could not keep them: why. */
  saveFailed: boolean;
}

/** Back to the quiz at the first question to answer; its message shows there. */
function backToQuiz(draft: QuizDraft): never {
  // Past the last step: the quiz goes to the first unanswered question and says it is needed.
  throw redirect(quizHref(draft, QUIZ_SUBMITTED_STEP - 1));
}

/** The selected profile when it is a finished startup (spec 4: the 'user.profile' cookie, else the sdk rule). */
async function selectedStartup(request: Request, context: LoaderFunctionArgs['context']): Promise<{ key: string; name: string } | null> {
  const { user } = await viewerOf(context);
  const profile = currentProfile(user, profileCookieOf(request));
  return profile?.type === 'company' && !profile.isDraft ? { key: profile.key, name: profile.name } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<ResultsData> {
  const url = new URL(request.url);
  const parsed = parseQuizAnswers(url.searchParams);
  if (!parsed.success) backToQuiz(parsed.draft);
  const api = apiFrom(context);
  const startup = await selectedStartup(request, context);
  const [results, kept] = await Promise.all([
    orRouteError(api.fundingQuiz.results(parsed.answers)),
    // Whether these are the startup's kept answers; not knowing only offers the Save button again.
    startup ? api.fundingQuiz.get(startup.key).then((quiz) => quiz.answers, () => null) : null,
  ]);
  const saved = kept !== null && quizQuery(kept) === quizQuery(parsed.answers);
  return {
    results,
    startup: startup ? { ...startup, saved } : null,
    saveFailed: url.searchParams.get('saved') === 'no' && !saved,
  };
}

/** Keeps the posted answers for the startup named in the form (the server checks membership), then shows the results. */
export async function action({ request, context }: ActionFunctionArgs): Promise<Response> {
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string' && name !== 'company') params.append(name, value);
  const parsed = parseQuizAnswers(params);
  if (!parsed.success) backToQuiz(parsed.draft);
  const results = paths.fundingQuizResults(quizQuery(parsed.answers));
  const company = form.get('company');
  if (typeof company === 'string' && company) {
    try {
      await apiFrom(context).fundingQuiz.save(company, parsed.answers);
    } catch (error) {
      // An answer other than a refusal (no network, a 5xx) is the error page; a refusal still shows the results.
      if (!isApiError(error) || error.status === 0 || error.status >= 500) rethrowAsRouteError(error);
      return redirect(`${results}&${NOT_SAVED}`);
    }
  }
  return redirect(results);
}

export const handle: RouteHandle<ResultsData> = {
  meta: ({ data }) => ({
    title: 'Your investor matches',
    description: `${countLabel(data.results.matched, 'investor')} of the Nordic startup directory match your funding quiz answers, ranked by fit, with why each one matches.`,
    // One page per set of answers: useful to the visitor, not to a search index.
    noindex: true,
    canonicalPath: paths.fundingQuizResults(quizQuery(data.results.answers)),
  }),
};

/** Keeping the answers for the signed-in startup: done, or a button that does it. */
function SaveToStartup({ startup, answers, failed }: { startup: Startup; answers: FundingQuizAnswers; failed: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  if (startup.saved) {
    return (
      <p className="quiz-saved" role="status">
        {`Saved to ${startup.name}. `}
        <Link to={paths.companyAdmin(startup.key, 'funding')}>{`See the matches on the funding page of ${startup.name}`}</Link>
      </p>
    );
  }
  return (
    <Form method="post" action={paths.fundingQuizResults(quizQuery(answers))} className="quiz-save">
      {failed ? <FormAlert>{`Your answers could not be saved to ${startup.name}. Please try again.`}</FormAlert> : null}
      {[...new URLSearchParams(quizQuery(answers))].map(([name, value]) => (
        <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="company" value={startup.key} />
      <p className="form-hint">{`Keep these answers and matches for ${startup.name}, on its funding page.`}</p>
      <button type="submit" className="button button--primary" aria-busy={busy || undefined} aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : `Save to ${startup.name}`}
      </button>
    </Form>
  );
}

export function Component() {
  const { results, startup, saveFailed } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <div className="container page quiz-results">
      <header className="page-head">
        <h1>Your investor matches</h1>
        <p className="page-head__lead">
          {`${countLabel(results.matched, 'investor')} of ${results.investors} in the directory match at least one of your answers. The best matches come first.`}
        </p>
      </header>
      <div className="quiz-results__layout">
        <aside className="quiz-results__side">
          <QuizAnswers answers={results.answers} headingId="quiz-answers-heading" />
          {startup ? <SaveToStartup startup={startup} answers={results.answers} failed={saveFailed} /> : null}
        </aside>
        <section className="quiz-results__main" aria-labelledby="quiz-matches-heading" aria-busy={loading || undefined}>
          <h2 id="quiz-matches-heading">
            {results.matches.length < results.matched ? `The best ${results.matches.length} matches` : countLabel(results.matches.length, 'match', 'matches')}
          </h2>
          {results.matches.length ? (
            <ol className="match-list">
              {results.matches.map((match, index) => (
                <li key={match.investor.key}>
                  <InvestorMatchCard investor={match.investor} match={match} href={paths.fundingItem(match.investor.key)} rank={index + 1} />
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState title="No investor matches these answers yet">
              <p>Try another stage, ticket size or more countries, or browse the whole directory.</p>
              <p className="empty-state__actions">
                <Link to={quizHref(results.answers)} className="button button--primary">
                  Change answers
                </Link>{' '}
                <Link to={paths.funding()} className="button button--ghost">
                  Browse all investors
                </Link>
              </p>
            </EmptyState>
          )}
          {results.matches.length ? (
            <p className="quiz-results__more">
              <Link to={paths.funding()}>Browse all investors in the directory</Link>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
