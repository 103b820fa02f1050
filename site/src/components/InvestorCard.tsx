/** An investor in the /funding directory: logo, name (a real link over the whole card), category, short intro, industries. */
import { countryName } from '@nordlys/sdk/constants';
import { shareText } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { InvestorSummary } from '@nordlys/sdk/schemas';
import { INDUSTRIES, termText } from '@nordlys/sdk/vocabulary';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';
import { investorCategoryText } from './InvestorBadge';
import { htmlText } from './ProfileParts';

/** The text of sanitized HTML, cut short on a word. */
export function introText(html: string, max = 140): string {
  return shareText(htmlText(html), max);
}

/** Industries a card names before "+N". */
const SHOWN_INDUSTRIES = 3;

export function InvestorCard({ investor, headingLevel = 3 }: { investor: InvestorSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const industries = investor.industries.slice(0, SHOWN_INDUSTRIES);
  const more = investor.industries.length - industries.length;
  const countries = investor.countryCodes.map((c) => countryName(c)).filter(Boolean);
  return (
    <article className="startup-card investor-card">
      <div className="startup-card__head">
        <CompanyLogo company={investor} size={48} />
        <div>
          <Heading className="startup-card__name">
            <Link className="startup-card__link" to={paths.fundingItem(investor.key)}>
              {investor.name}
            </Link>
          </Heading>
          <p className="investor-card__category">{investorCategoryText(investor.category)}</p>
        </div>
      </div>
      {/* The intro is sanitized HTML; the card shows its text, cut short. */}
      {investor.intro ? <p className="startup-card__text">{introText(investor.intro)}</p> : null}
      {countries.length ? (
        <ul className="fact-list fact-list--inline fact-list--small">
          <li>
            <Icon name="map-pin" /> {countries.join(', ')}
          </li>
        </ul>
      ) : null}
      {industries.length ? (
        <ul className="chips" aria-label="Industries">
          {industries.map((industry) => (
            <li key={industry}>
              <span className="chip">{termText(INDUSTRIES, industry)}</span>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <span className="chip">+{more} more</span>
            </li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}
