/**
 * `/client/startups/{company}/funding/{id}` (issue #15): one investor of the directory as it matches
 * the startup's kept quiz answers (score and reasons), what it invests in, and the contact action of
 * its contact preference (spec 3): EMAIL opens a mail to its contact address with a subject naming the
 * startup, WEBSITE its site. Members and admins (the startup layout's guards).
 */
import { countryName } from '@nordlys/sdk/constants';
import { fundingContact } from '@nordlys/sdk/funding-quiz';
import { paths } from '@nordlys/sdk/routes';
import type { CompanyFundingInvestor } from '@nordlys/sdk/schemas';
import { INDUSTRIES, INVESTMENT_RANGES, MARKETS, termText } from '@nordlys/sdk/vocabulary';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../lib/Link';
import { apiFrom, siteContext } from '../../../../../api';
import { CompanyLogo } from '../../../../../components/CompanyLogo';
import { Icon } from '../../../../../components/Icon';
import { investorCategoryText } from '../../../../../components/InvestorBadge';
import { MatchBadge, MatchReasons } from '../../../../../components/InvestorMatchCard';
import { RichText } from '../../../../../components/ProfileParts';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import { orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface InvestorData extends CompanyFundingInvestor {
  owner: AreaOwner;
  productName: string;
}

export async function loader(args: LoaderFunctionArgs): Promise<InvestorData> {
  const owner = await companyArea(args);
  const found = await orRouteError(apiFrom(args.context).fundingQuiz.investor(owner.key, args.params.id ?? ''));
  return { ...found, owner, productName: args.context.get(siteContext).productName };
}

export const handle: RouteHandle<InvestorData> = {
  meta: ({ data }) => ({ title: `${data.investor.name} · Funding · ${data.owner.name}`, noindex: true }),
};

function Contact({ data }: { data: InvestorData }) {
  const { investor, owner } = data;
  const contact = fundingContact(investor, owner.name, data.productName);
  if (!contact) {
    return (
      <p className="muted">
        {`${investor.name} has not shared how to reach it yet. `}
        <Link to={paths.fundingItem(investor.key)}>{`See the public profile of ${investor.name}`}</Link>
      </p>
    );
  }
  if (contact.kind === 'email') {
    return (
      <>
        <p>
          <a className="button button--primary" href={contact.href}>
            <Icon name="mail" /> {contact.label}
          </a>
        </p>
        <p className="form-hint">{`${investor.name} prefers e-mail. This opens your e-mail app with a subject naming ${owner.name}; say what you build, how much you raise and why ${investor.name} fits.`}</p>
      </>
    );
  }
  return (
    <>
      <p>
        <a className="button button--primary" href={contact.href} target="_blank" rel="noopener noreferrer">
          <Icon name="external-link" /> {contact.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <p className="form-hint">{`${investor.name} prefers to be approached through its website.`}</p>
    </>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { investor, match, owner } = data;
  const focus = [
    { label: 'Ticket size', values: investor.investmentRanges.map((r) => termText(INVESTMENT_RANGES, r)) },
    { label: 'Invests in', values: [...investor.markets.map((m) => termText(MARKETS, m)), ...investor.countryCodes.map((c) => countryName(c))] },
    { label: 'Industries', values: investor.industries.map((i) => termText(INDUSTRIES, i)) },
  ].filter((f) => f.values.length > 0);
  return (
    <div className="startup-funding">
      <p className="back-link">
        <Link to={paths.companyAdmin(owner.key, 'funding')}>
          {`All matches for ${owner.name}`}
        </Link>
      </p>
      <header className="match-head">
        <CompanyLogo company={investor} size={64} />
        <div>
          <h1>{investor.name}</h1>
          <p className="match-card__category">{investorCategoryText(investor.category)}</p>
        </div>
      </header>

      <section className="admin-section" aria-labelledby="match-heading">
        <h2 id="match-heading">{`How ${investor.name} matches ${owner.name}`}</h2>
        {match ? (
          <>
            <MatchBadge match={match} />
            {match.reasons.length ? (
              <MatchReasons reasons={match.reasons} label={`Why ${investor.name} matches`} />
            ) : (
              <p className="muted">None of your answers match this investor.</p>
            )}
          </>
        ) : (
          <p>
            {`Take the funding quiz to see how well ${investor.name} fits ${owner.name}. `}
            <Link to={paths.fundingQuiz()}>Take the quiz</Link>
          </p>
        )}
      </section>

      <section className="admin-section" aria-labelledby="contact-heading">
        <h2 id="contact-heading">{`Contact ${investor.name}`}</h2>
        <Contact data={data} />
      </section>

      <section className="admin-section" aria-labelledby="about-heading">
        <h2 id="about-heading">{`About ${investor.name}`}</h2>
        {investor.intro ? <RichText text={investor.intro} /> : null}
        {focus.length ? (
          <dl className="quiz-answers__list">
            {focus.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.values.join(', ')}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p>
          <Link to={paths.fundingItem(investor.key)}>{`The public profile of ${investor.name}`}</Link>
        </p>
      </section>
    </div>
  );
}
