/** A startup's facts in a short list: where it hires, how many jobs are open, and its website. */
import { countLabel } from '@nordlys/sdk/format';
import { countryName } from '@nordlys/sdk/constants';
import type { CompanySummary } from '@nordlys/sdk/schemas';
import { displayHost } from '../lib/format';
import { withScheme } from '@nordlys/sdk/with-scheme';
import { Icon } from './Icon';

export interface CompanyFactsProps {
  company: Pick<CompanySummary, 'countries' | 'numberOfActiveJobs' | 'website'>;
  /** Show the website link (cards in long lists leave it out). */
  website?: boolean;
  className?: string;
}

export function CompanyFacts({ company, website = true, className = 'fact-list' }: CompanyFactsProps) {
  const countries = company.countries.map((c) => countryName(c.countryCode)).filter(Boolean);
  return (
    <ul className={className}>
      {countries.length ? (
        <li>
          <Icon name="map-pin" /> {countries.join(', ')}
        </li>
      ) : null}
      <li>
        <Icon name="briefcase" /> {countLabel(company.numberOfActiveJobs, 'open job')}
      </li>
      {website && company.website ? (
        <li>
          <Icon name="globe" />{' '}
          <a href={withScheme(company.website)} rel="noopener noreferrer" target="_blank">
            {displayHost(company.website)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}
