/** A startup's investor as a badge with the investor's logo, and the "Backed by {investor}" line of job cards and pages (ui.md). */
import { paths } from '@nordlys/sdk/routes';
import type { Backer, CompanyInvestor } from '@nordlys/sdk/schemas';
import { INVESTOR_CATEGORIES, termText } from '@nordlys/sdk/vocabulary';
import { withScheme } from '@nordlys/sdk/with-scheme';
import { Fragment } from 'react';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';

/** An investor's category in words: 'VENTURE_CAPITAL' → 'Venture capital'. */
export function investorCategoryText(code: string): string {
  return termText(INVESTOR_CATEGORIES, code);
}

/**
 * A linked investor (one with a profile) links to its page, /funding/{key}; an own entry links to
 * its website when it has one, else it is plain text.
 */
export function InvestorBadge({ investor }: { investor: CompanyInvestor }) {
  const body = (
    <>
      <CompanyLogo company={investor} size={32} />
      <span className="investor-badge__text">
        <span className="investor-badge__name">{investor.name}</span>
        {investor.category ? <span className="investor-badge__category">{investorCategoryText(investor.category)}</span> : null}
      </span>
    </>
  );
  if (investor.key) {
    return (
      <Link className="investor-badge investor-badge--linked" to={paths.fundingItem(investor.key)}>
        {body}
      </Link>
    );
  }
  if (investor.website) {
    return (
      <a className="investor-badge investor-badge--linked" href={withScheme(investor.website)} target="_blank" rel="noopener noreferrer">
        {body}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span className="investor-badge">{body}</span>;
}

/**
 * The names of the first backers and how many more, for a job card.
 * @example backersText([{ name: 'Fjord Ventures' }, { name: 'Aurora Capital' }, { name: 'Saga Capital' }]) // 'Fjord Ventures, Aurora Capital and 1 more'
 */
export function backersText(backers: readonly Pick<Backer, 'name'>[], shown = 2): string {
  const names = backers.slice(0, shown).map((b) => b.name);
  const more = backers.length - names.length;
  if (more > 0) return `${names.join(', ')} and ${more} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Backed by {investor}" with each investor linking to its page (job page, beside the apply button). */
export function BackedBy({ backers, className = 'backed-by' }: { backers: readonly Backer[]; className?: string }) {
  if (!backers.length) return null;
  return (
    <p className={className}>
      Backed by{' '}
      {backers.map((backer, i) => (
        <Fragment key={backer.key}>
          {i === 0 ? null : i === backers.length - 1 ? ' and ' : ', '}
          <Link to={paths.fundingItem(backer.key)}>{backer.name}</Link>
        </Fragment>
      ))}
    </p>
  );
}
