/**
 * `/client/startups/{company}/deals` (spec 2.4, issue #15): the deals the startup has claimed, each
 * with its code or document one click away, and the deals it can still claim.
 */
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { ClaimedDeal, Deal } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../lib/Link';
import { apiFrom } from '../../../../../api';
import { CompanyLogo } from '../../../../../components/CompanyLogo';
import { DealCard, dealKindText } from '../../../../../components/DealCard';
import { Icon } from '../../../../../components/Icon';
import { RelativeTime } from '../../../../../components/RelativeTime';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import { orFallback, orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface DealsData {
  owner: AreaOwner;
  claims: ClaimedDeal[];
  /** The deals it has not claimed; null when the list could not be read (the claims still show). */
  unclaimed: Deal[] | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<DealsData> {
  const owner = await companyArea(args);
  const api = apiFrom(args.context);
  const [{ claims }, all] = await Promise.all([orRouteError(api.deals.claimed(owner.key)), orFallback(api.deals.list(), null)]);
  const claimed = new Set(claims.map((c) => c.deal.key));
  return { owner, claims, unclaimed: all ? all.deals.filter((d) => !claimed.has(d.key)) : null };
}

export const handle: RouteHandle<DealsData> = {
  meta: ({ data }) => ({ title: `Deals · ${data.owner.name}`, description: `The deals ${data.owner.name} has claimed.`, noindex: true }),
};

function ClaimRow({ owner, claim }: { owner: AreaOwner; claim: ClaimedDeal }) {
  const { deal } = claim;
  return (
    <li className="claim-row">
      <CompanyLogo company={{ name: deal.partnerName ?? deal.title, logoImage: deal.partnerLogo }} size={40} />
      <div className="claim-row__text">
        <h3 className="claim-row__title">
          <Link to={paths.companyDeal(owner.key, deal.key)}>{deal.title}</Link>
        </h3>
        <p className="muted claim-row__meta">
          {dealKindText(deal.type)}
          {deal.partnerName ? ` from ${deal.partnerName}` : ''} · claimed <RelativeTime iso={claim.claimedAt} />
          {claim.claimedBy ? ` by ${claim.claimedBy}` : ''}
        </p>
      </div>
      {claim.code ? (
        <p className="claim-row__code">
          <span className="visually-hidden">Code: </span>
          <code>{claim.code}</code>
        </p>
      ) : claim.document ? (
        <p className="claim-row__code">
          <a href={claim.document.url} target="_blank" rel="noopener">
            Open the document<span className="visually-hidden">: {claim.document.fileName} (PDF, opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </li>
  );
}

export function Component() {
  const { owner, claims, unclaimed } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="page-head page-head--actions">
        <div>
          <h1>Deals</h1>
          <p className="page-head__lead">Discounts and resources from partners for {owner.name}: what you claim stays here for the whole team.</p>
        </div>
        <Link className="button button--ghost" to={paths.deals()}>
          Browse all deals
        </Link>
      </header>

      <section className="client-section" aria-labelledby="claimed-deals">
        <h2 id="claimed-deals">Claimed deals</h2>
        {claims.length ? (
          <>
            <p className="muted">{countLabel(claims.length, 'deal')} claimed.</p>
            <ul className="claim-list">
              {claims.map((claim) => (
                <ClaimRow key={claim.deal.key} owner={owner} claim={claim} />
              ))}
            </ul>
          </>
        ) : (
          <div className="empty-state">
            <p className="empty-state__title">No deals claimed yet</p>
            <p>Claim a deal and its code or document is kept here for everyone in {owner.name}.</p>
            <p className="empty-state__actions">
              <Link className="button button--primary" to={paths.deals()}>
                Browse deals
              </Link>
            </p>
          </div>
        )}
      </section>

      {unclaimed?.length ? (
        <section className="client-section" aria-labelledby="more-deals">
          <div className="section-head">
            <h2 id="more-deals">More deals for {owner.name}</h2>
            <Link className="section-head__more" to={paths.tools()}>
              The startup toolbox <Icon name="arrow-right" />
            </Link>
          </div>
          <ul className="startup-grid">
            {unclaimed.map((deal) => (
              <li key={deal.key}>
                <DealCard deal={deal} href={paths.companyDeal(owner.key, deal.key)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
