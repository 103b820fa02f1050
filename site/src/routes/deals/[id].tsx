/**
 * `/deals/{key}` (spec 2.1, issue #15): one deal. Everyone sees what it gives and its terms; a
 * signed-in member of a startup claims it for the startup (the selected company profile, or a
 * choice among several), which reveals an EXTENDED deal's code or a DOWNLOAD deal's document.
 * Everyone else is told how to get it. The claim is a form post, so it works without JavaScript.
 */
import { paths } from '@nordlys/sdk/routes';
import type { Deal } from '@nordlys/sdk/schemas';
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, originFrom } from '../../api';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ClaimedDealPanel, DealClaimForm } from '../../components/DealClaim';
import { DealDetails } from '../../components/DealDetails';
import { claimFromForm, dealAccess } from '../../lib/directory';
import { orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useSession } from '../../session';

interface DealData {
  deal: Deal;
  origin: string;
}

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<DealData> {
  return { deal: await orRouteError(apiFrom(context).deals.get(params.id ?? '')), origin: originFrom(context) };
}

export function action({ params, request, context }: ActionFunctionArgs) {
  return claimFromForm(context, request, params.id ?? '');
}

export const handle: RouteHandle<DealData> = {
  meta: ({ data: { deal } }) => ({
    title: deal.partnerName ? `${deal.title} from ${deal.partnerName}` : deal.title,
    description: `${deal.description} A deal for startups on Nordlys.`,
    image: deal.image?.sizes.social ?? null,
    canonicalPath: paths.deal(deal.key),
  }),
};

export function Component() {
  const { deal, origin } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { user, profiles, profile } = useSession();
  const here = paths.deal(deal.key);
  return (
    <div className="container page">
      <Breadcrumbs
        origin={origin}
        trail={[
          { name: 'Deals', path: paths.deals() },
          { name: deal.title, path: here },
        ]}
      />
      <DealDetails deal={deal}>
        {result?.ok ? (
          <ClaimedDealPanel claim={result.claim} focus />
        ) : (
          <section className="deal-get" aria-labelledby="deal-get-title">
            <h2 id="deal-get-title">Get this deal</h2>
            <DealClaimForm deal={deal} access={dealAccess(user, profiles, profile)} failed={result && !result.ok ? result : null} action={here} />
          </section>
        )}
      </DealDetails>
    </div>
  );
}
