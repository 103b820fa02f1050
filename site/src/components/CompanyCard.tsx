/** The company card beside a job (ui.md, job page): logo, name, what it does, where, open jobs. */
import { countryName } from '@nordlys/sdk/constants';
import { shareText } from '@nordlys/sdk/format';
import type { CompanySummary } from '@nordlys/sdk/schemas';
import { Link } from 'react-router';
import { countLabel, displayHost, externalUrl } from '../lib/format';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';

export function CompanyCard({ company, headingLevel = 2 }: { company: CompanySummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const countries = company.countries.map((c) => countryName(c.countryCode)).filter(Boolean);
  return (
    <div className="company-card">
      <div className="company-card__head">
        <CompanyLogo company={company} size={56} />
        <Heading className="company-card__name">
          <Link to={`/startups/${company.key}`}>{company.name}</Link>
        </Heading>
      </div>
      {company.whatWeDo ? <p className="company-card__text">{shareText(company.whatWeDo)}</p> : null}
      <ul className="fact-list">
        {countries.length ? (
          <li>
            <Icon name="map-pin" /> {countries.join(', ')}
          </li>
        ) : null}
        <li>
          <Icon name="briefcase" /> {countLabel(company.numberOfActiveJobs, 'open job')}
        </li>
        {company.website ? (
          <li>
            <Icon name="globe" />{' '}
            <a href={externalUrl(company.website)} rel="noopener noreferrer" target="_blank">
              {displayHost(company.website)}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
      </ul>
      <Link to={`/startups/${company.key}`} className="button button--ghost button--block">
        View {company.name}
      </Link>
    </div>
  );
}
