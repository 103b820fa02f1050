/**
 * An investor matched by the funding quiz (issue #15): logo, name (a real link), category, how well it
 * matches ("Strong match", its score) and why. The quiz results link to the public page, a startup's
 * funding page to the investor's page in its admin area.
 */
import { describeAnswers, matchLevelText } from '@nordlys/sdk/funding-quiz';
import type { FundingMatch, FundingQuizAnswers, InvestorSummary } from '@nordlys/sdk/schemas';
import type { ReactNode } from 'react';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';
import { investorCategoryText } from './InvestorBadge';
import { quizHref } from '../lib/fundingQuiz';

/** The level in words and the score, e.g. "Strong match" "92% fit". */
export function MatchBadge({ match }: { match: Pick<FundingMatch, 'level' | 'score'> }) {
  return (
    <p className="match-badge">
      <span className={`match-badge__level match-badge__level--${match.level}`}>{matchLevelText(match.level)}</span>
      <span className="match-badge__score">{`${match.score}% fit`}</span>
    </p>
  );
}

/** Why an investor matches, one reason a line. */
export function MatchReasons({ reasons, label }: { reasons: FundingMatch['reasons']; label: string }) {
  return (
    <ul className="match-reasons" aria-label={label}>
      {reasons.map((reason) => (
        <li key={reason.kind}>
          <Icon name="check" /> {reason.text}
        </li>
      ))}
    </ul>
  );
}

export function InvestorMatchCard({ investor, match, href, rank }: { investor: InvestorSummary; match: FundingMatch; href: string; rank: number }) {
  return (
    <article className="match-card" aria-labelledby={`match-${investor.key}`}>
      <div className="match-card__head">
        <span className="match-card__rank" aria-hidden="true">
          {rank}
        </span>
        <CompanyLogo company={investor} size={48} />
        <div className="match-card__title">
          <h3 className="match-card__name" id={`match-${investor.key}`}>
            <Link className="match-card__link" to={href}>
              {investor.name}
            </Link>
          </h3>
          <p className="match-card__category">{investorCategoryText(investor.category)}</p>
        </div>
        <MatchBadge match={match} />
      </div>
      <MatchReasons reasons={match.reasons} label={`Why ${investor.name} matches`} />
    </article>
  );
}

/** The quiz answers a ranking was made for, with "Change answers" (the results page and a startup's funding page). */
export function QuizAnswers({ answers, headingId, note }: { answers: FundingQuizAnswers; headingId: string; note?: ReactNode }) {
  return (
    <section className="quiz-answers" aria-labelledby={headingId}>
      <h2 id={headingId}>Your answers</h2>
      {note}
      <dl className="quiz-answers__list">
        {describeAnswers(answers).map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={quizHref(answers)} className="button button--ghost">
          Change answers
        </Link>
      </p>
    </section>
  );
}
