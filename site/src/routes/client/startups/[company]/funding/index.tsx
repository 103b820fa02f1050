/**
 * `/client/startups/{company}/funding` (issue #15): the startup's kept funding quiz answers and the
 * investors that match them, best first, each opening its page here with the contact action; "Take
 * the quiz" before the first one. Members and admins (the startup layout's guards).
 */
import { exactDate } from '@nordlys/sdk/dates';
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { CompanyFundingQuiz } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../lib/Link';
import { apiFrom } from '../../../../../api';
import { InvestorMatchCard, QuizAnswers } from '../../../../../components/InvestorMatchCard';
import { EmptyState } from '../../../../../components/JobList';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import { quizHref } from '../../../../../lib/fundingQuiz';
import { orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface FundingData {
  owner: AreaOwner;
  quiz: CompanyFundingQuiz;
}

export async function loader(args: LoaderFunctionArgs): Promise<FundingData> {
  const owner = await companyArea(args);
  const quiz = await orRouteError(apiFrom(args.context).fundingQuiz.get(owner.key));
  return { owner, quiz };
}

export const handle: RouteHandle<FundingData> = {
  meta: ({ data }) => ({ title: `Funding · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner, quiz } = useLoaderData<typeof loader>();
  const answers = quiz.answers;
  return (
    <div className="startup-funding">
      <header className="page-head">
        <h1>Funding</h1>
        <p className="page-head__lead">{`The investors that fit ${owner.name}, from the answers to the funding quiz.`}</p>
      </header>

      {answers === null ? (
        <EmptyState title={`Find investors who fit ${owner.name}`}>
          <p>Answer five quick questions about your round, industry, ticket size, countries and impact. The matches and why they fit are kept here.</p>
          <p className="empty-state__actions">
            <Link to={paths.fundingQuiz()} className="button button--primary">
              Take the quiz
            </Link>{' '}
            <Link to={paths.funding()} className="button button--ghost">
              Browse all investors
            </Link>
          </p>
        </EmptyState>
      ) : (
        <div className="quiz-results__layout">
          <aside className="quiz-results__side">
            <QuizAnswers
              answers={answers}
              headingId="funding-answers-heading"
              note={quiz.updatedAt ? <p className="muted">{`Saved ${exactDate(quiz.updatedAt)}`}</p> : null}
            />
          </aside>
          <section className="quiz-results__main" aria-labelledby="funding-matches-heading">
            <h2 id="funding-matches-heading">
              {quiz.matches.length < quiz.matched ? `The best ${quiz.matches.length} of ${quiz.matched} matches` : countLabel(quiz.matched, 'matching investor')}
            </h2>
            {quiz.matches.length ? (
              <ol className="match-list">
                {quiz.matches.map((match, index) => (
                  <li key={match.investor.key}>
                    <InvestorMatchCard investor={match.investor} match={match} href={paths.companyFundingItem(owner.key, match.investor.key)} rank={index + 1} />
                  </li>
                ))}
              </ol>
            ) : (
              <EmptyState title="No investor matches these answers yet">
                <p>Try another stage, ticket size or more countries, or browse the whole directory.</p>
                <p className="empty-state__actions">
                  <Link to={quizHref(answers)} className="button button--primary">
                    Change answers
                  </Link>{' '}
                  <Link to={paths.funding()} className="button button--ghost">
                    Browse all investors
                  </Link>
                </p>
              </EmptyState>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
