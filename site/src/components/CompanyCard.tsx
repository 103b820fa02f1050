/** The company card beside a job (ui.md, job page): logo, name, what it does, where, open jobs, and Follow (issue #13). */
import { shareText } from '@nordlys/sdk/format';
import type { CompanySummary } from '@nordlys/sdk/schemas';
import { paths } from '@nordlys/sdk/routes';
import { Link } from '../lib/Link';
import { CompanyFacts } from './CompanyFacts';
import { CompanyLogo } from './CompanyLogo';
import { FollowButton } from './FollowButton';

export function CompanyCard({ company, headingLevel = 2 }: { company: CompanySummary; headingLevel?: 2 | 3 | 4 | 5 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="company-card">
      <div className="company-card__head">
        <CompanyLogo company={company} size={56} />
        <Heading className="company-card__name">
          <Link to={paths.startup(company.key)}>{company.name}</Link>
        </Heading>
      </div>
      {company.whatWeDo ? <p className="company-card__text">{shareText(company.whatWeDo)}</p> : null}
      <CompanyFacts company={company} />
      <FollowButton company={company} />
      <Link to={paths.startup(company.key)} className="button button--ghost button--block">
        View {company.name}
      </Link>
    </div>
  );
}
