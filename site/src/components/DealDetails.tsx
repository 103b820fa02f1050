/**
 * A deal's page body (issue #15, spec 3 Deal): its image, partner and logo, what it gives, how to get
 * it (`children`: the claim form or the claimed code), its terms and the partner.
 */
import { paths } from '@nordlys/sdk/routes';
import type { Deal } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/with-scheme';
import type { ReactNode } from 'react';
import { Link } from '../lib/Link';
import { displayHost } from '../lib/format';
import { CompanyLogo } from './CompanyLogo';
import { dealKindText } from './DealCard';
import { Icon } from './Icon';

/** The deal's partner's page on this site, when it is listed. */
export function listingPath(deal: Pick<Deal, 'listing'>): string | null {
  if (!deal.listing) return null;
  return deal.listing.kind === 'tool' ? paths.tool(deal.listing.key) : paths.partner(deal.listing.key);
}

export function DealDetails({ deal, children }: { deal: Deal; children: ReactNode }) {
  const listing = listingPath(deal);
  return (
    <article className="deal-page">
      <header className="deal-head">
        {deal.image ? <img className="deal-head__image" src={deal.image.sizes.listing} alt="" width={1200} height={675} decoding="async" /> : null}
        <div className="deal-head__text">
          {deal.partnerName ? (
            <p className="deal-card__partner">
              <CompanyLogo company={{ name: deal.partnerName, logoImage: deal.partnerLogo }} size={40} eager />
              {deal.partnerName}
            </p>
          ) : null}
          <h1>{deal.title}</h1>
          <p className="page-head__lead">{deal.description}</p>
          <p className="deal-head__kind">
            <span className="chip chip--accent">{dealKindText(deal.type)}</span>
            {deal.documentFile ? <span className="muted"> {deal.documentFile}</span> : null}
          </p>
        </div>
      </header>
      <div className="deal-layout">
        {/* First in the page, so a phone shows how to get the deal before the small print; beside it on wide screens. */}
        <div className="deal-layout__aside">{children}</div>
        <div className="deal-layout__main">
          <section aria-labelledby="deal-terms">
            <h2 id="deal-terms">Terms</h2>
            <p className="deal-terms">{deal.terms || 'No conditions beyond being a startup on Nordlys.'}</p>
          </section>
          {deal.partnerName ? (
            <section aria-labelledby="deal-partner">
              <h2 id="deal-partner">About {deal.partnerName}</h2>
              <ul className="fact-list">
                {listing ? (
                  <li>
                    <Icon name="building" /> <Link to={listing}>{deal.partnerName} on Nordlys</Link>
                  </li>
                ) : null}
                {deal.partnerWebsite ? (
                  <li>
                    <Icon name="globe" />{' '}
                    <a href={withScheme(deal.partnerWebsite)} target="_blank" rel="noopener noreferrer">
                      {displayHost(deal.partnerWebsite)}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}
