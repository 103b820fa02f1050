/**
 * `/client/startups/{company}/deals/{id}` (spec 2.4, issue #15): a deal the startup has claimed,
 * with its code and redeem link or its document. A deal it has not claimed yet shows its terms and
 * the button that claims it for this startup (members and admins, spec 6).
 */
import { isApiError } from '@nordlys/sdk/api';
import { paths } from '@nordlys/sdk/routes';
import type { ClaimedDeal, Deal } from '@nordlys/sdk/schemas';
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../lib/Link';
import { apiFrom } from '../../../../../api';
import { ClaimedDealPanel, DealClaimForm } from '../../../../../components/DealClaim';
import { DealDetails } from '../../../../../components/DealDetails';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import { claimDealFor } from '../../../../../lib/directory';
import { orRouteError, rethrowAsRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface ClaimData {
  owner: AreaOwner;
  deal: Deal;
  /** The startup's claim, or null when it has not claimed the deal. */
  claim: ClaimedDeal | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<ClaimData> {
  const owner = await companyArea(args);
  const api = apiFrom(args.context);
  const key = args.params.id ?? '';
  try {
    const claim = await api.deals.claimedDeal(owner.key, key);
    return { owner, deal: claim.deal, claim };
  } catch (error) {
    // Not claimed (or no such deal): the deal itself, or 'Page not found'.
    if (!isApiError(error) || error.status !== 404) rethrowAsRouteError(error);
    return { owner, deal: await orRouteError(api.deals.get(key)), claim: null };
  }
}

export async function action(args: ActionFunctionArgs) {
  const owner = await companyArea(args);
  // This page claims for its own startup only, whatever the post says.
  return claimDealFor(args.context, args.params.id ?? '', owner.key);
}

export const handle: RouteHandle<ClaimData> = {
  meta: ({ data }) => ({ title: `${data.deal.title} · ${data.owner.name}`, description: data.deal.description, noindex: true }),
};

export function Component() {
  const { owner, deal, claim } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shown = result?.ok ? result.claim : claim;
  const here = paths.companyDeal(owner.key, deal.key);
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.companyAdmin(owner.key, 'deals')}>Deals</Link>
          </li>
          <li>
            <span aria-current="page">{deal.title}</span>
          </li>
        </ol>
      </nav>
      <DealDetails deal={deal}>
        {shown ? (
          <ClaimedDealPanel claim={shown} focus={result?.ok === true} />
        ) : (
          <section className="deal-get" aria-labelledby="deal-get-title">
            <h2 id="deal-get-title">Get this deal</h2>
            <DealClaimForm
              deal={deal}
              access={{ kind: 'claim', startups: [{ key: owner.key, name: owner.name }], preselected: owner.key }}
              failed={result && !result.ok ? result : null}
              action={here}
            />
          </section>
        )}
      </DealDetails>
    </>
  );
}
