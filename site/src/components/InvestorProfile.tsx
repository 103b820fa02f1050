/**
 * An investor's public page body (spec 3, Investor; issue #11): cover, logo, intro, the contact
 * button its contact preference names, what it invests in, key people and the portfolio. The same
 * component serves /funding/{key} and the investor's own /client/investors/{key}/profile.
 */
import { countryName } from '@nordlys/sdk/constants';
import { reviewState } from '@nordlys/sdk/profile-review';
import { paths } from '@nordlys/sdk/routes';
import type { Investment, Investor } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/with-scheme';
import { INDUSTRIES, INVESTMENT_RANGES, MARKETS, termText } from '@nordlys/sdk/vocabulary';
import { Link } from '../lib/Link';
import { displayHost } from '../lib/format';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';
import { investorCategoryText } from './InvestorBadge';
import { People, PreviewBanner, RichText, WideImage } from './ProfileParts';

export interface InvestorProfileProps {
  investor: Investor;
  /** Not public: shown to its members and admins with the preview banner. */
  preview?: boolean;
  /** The edit page: linked from the preview banner of a preview, else from an "Edit profile" button (on the investor's own /client/investors/{key}/profile page). */
  editHref?: string | null;
}

/**
 * The contact button of the contact preference (spec 3): EMAIL writes to the contact address,
 * WEBSITE opens the investor's site; without the preferred one, the other if there is one.
 */
export function contactLink(investor: Pick<Investor, 'contactPreference' | 'contactEmail' | 'website'>): { href: string; external: boolean } | null {
  const email = investor.contactEmail ? { href: `mailto:${investor.contactEmail}`, external: false } : null;
  const website = investor.website ? { href: withScheme(investor.website), external: true } : null;
  return investor.contactPreference === 'EMAIL' ? (email ?? website) : (website ?? email);
}

function PortfolioEntry({ entry }: { entry: Investment }) {
  if (entry.company) {
    return (
      <Link className="portfolio-item portfolio-item--linked" to={paths.startup(entry.company.key)}>
        <CompanyLogo company={{ name: entry.company.name, logoImage: entry.company.logoImage ?? null }} size={40} />
        <span className="portfolio-item__name">{entry.company.name}</span>
      </Link>
    );
  }
  const body = (
    <>
      <CompanyLogo company={{ name: entry.name, logoImage: null }} size={40} />
      <span className="portfolio-item__name">{entry.name}</span>
    </>
  );
  if (entry.website) {
    return (
      <a className="portfolio-item portfolio-item--linked" href={withScheme(entry.website)} target="_blank" rel="noopener noreferrer">
        {body}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span className="portfolio-item">{body}</span>;
}

export function InvestorProfile({ investor, preview = false, editHref = null }: InvestorProfileProps) {
  const contact = contactLink(investor);
  const where = [...investor.markets.map((m) => termText(MARKETS, m)), ...investor.countryCodes.map((c) => countryName(c))];
  const focus: { label: string; values: string[] }[] = [
    { label: 'Ticket size', values: investor.investmentRanges.map((r) => termText(INVESTMENT_RANGES, r)) },
    { label: 'Invests in', values: where },
    { label: 'Industries', values: investor.industries.map((i) => termText(INDUSTRIES, i)) },
  ].filter((f) => f.values.length > 0);
  return (
    <div className="investor-page profile-page">
      {preview ? <PreviewBanner state={reviewState(investor)} reviewNote={investor.manage?.reviewNote} editHref={editHref} /> : null}

      {investor.coverImage ? (
        <WideImage className="profile-cover" image={investor.coverImage} alt="" sizes="(min-width: 1200px) 1136px, 100vw" eager />
      ) : null}

      <header className="startup-head">
        <CompanyLogo company={investor} size={88} eager />
        <div className="startup-head__text">
          <h1>{investor.name}</h1>
          <ul className="fact-list fact-list--inline">
            <li>
              <Icon name="building" /> {investorCategoryText(investor.category)}
            </li>
            {investor.website ? (
              <li>
                <Icon name="globe" />{' '}
                <a href={withScheme(investor.website)} target="_blank" rel="noopener noreferrer">
                  {displayHost(investor.website)}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </div>
        <div className="startup-head__actions">
          {contact ? (
            <a className="button button--primary" href={contact.href} {...(contact.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <Icon name={contact.external ? 'external-link' : 'mail'} /> Contact {investor.name}
              {contact.external ? <span className="visually-hidden"> (opens their website in a new tab)</span> : null}
            </a>
          ) : null}
          {editHref && !preview ? (
            <Link className="button button--ghost" to={editHref}>
              Edit profile
            </Link>
          ) : null}
        </div>
      </header>

      <div className="startup-page__grid">
        <div className="startup-page__main stack-lg">
          {investor.intro ? (
            <section aria-labelledby="intro">
              <h2 id="intro">About {investor.name}</h2>
              <RichText text={investor.intro} />
            </section>
          ) : null}

          <section aria-labelledby="portfolio">
            <h2 id="portfolio">Portfolio</h2>
            {investor.investments.length ? (
              <ul className="portfolio">
                {investor.investments.map((entry, i) => (
                  <li key={entry.id ?? `${entry.company?.key ?? entry.name}-${i}`}>
                    <PortfolioEntry entry={entry} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{investor.name} has not listed its investments yet.</p>
            )}
          </section>
        </div>

        <aside className="startup-page__aside stack-lg" aria-label={`More about ${investor.name}`}>
          {focus.length ? (
            <section aria-labelledby="focus">
              <h2 id="focus">Investment focus</h2>
              <dl className="glance">
                {focus.map((f) => (
                  <div key={f.label} className="glance__item">
                    <dt>{f.label}</dt>
                    <dd>{f.values.join(', ')}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {investor.keyPeople.length ? (
            <section aria-labelledby="key-people">
              <h2 id="key-people">Key people</h2>
              <People people={investor.keyPeople} />
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
