/**
 * `/deals` (spec 2.1, issue #15): deals partners offer startups on Nordlys. Everyone sees each deal
 * and its terms; a startup's members claim it on its page, which reveals a code or a document.
 */
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Deal } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { DealCard } from '../../components/DealCard';
import { EmptyState } from '../../components/JobList';
import { orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';
import { useSession } from '../../session';

interface DealsData {
  deals: Deal[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<DealsData> {
  return orRouteError(apiFrom(context).deals.list());
}

export const handle: RouteHandle<DealsData> = {
  meta: ({ data: { deals } }) => ({
    title: 'Deals for startups',
    description: `${countLabel(deals.length, 'deal')} for startups on Nordlys: discounts on the tools you run on and free legal and fundraising templates from our partners.`,
    canonicalPath: paths.deals(),
  }),
};

export function Component() {
  const { deals } = useLoaderData<typeof loader>();
  const { profile } = useSession();
  const startup = profile?.type === 'company' && !profile.isDraft ? profile : null;
  return (
    <div className="container page">
      <header className="page-head">
        <h1>Deals for startups</h1>
        <p className="page-head__lead">
          Discounts and free resources from our partners and the tools in the startup toolbox. Claim one as a member of your startup: it reveals the code or the
          document, and keeps it in your startup&apos;s deals.
        </p>
        {startup ? (
          <p>
            <Link to={paths.companyAdmin(startup.key, 'deals')}>The deals {startup.name} has claimed</Link>
          </p>
        ) : null}
      </header>
      <section aria-labelledby="deals-heading">
        <h2 id="deals-heading" className="visually-hidden">
          {countLabel(deals.length, 'deal')}
        </h2>
        {deals.length ? (
          <ul className="startup-grid">
            {deals.map((deal) => (
              <li key={deal.key}>
                <DealCard deal={deal} href={paths.deal(deal.key)} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No deals right now">
            <p>New deals arrive as partners join. The startup toolbox lists the tools Nordic startups use meanwhile.</p>
            <p className="empty-state__actions">
              <Link className="button button--primary" to={paths.tools()}>
                Browse tools
              </Link>
            </p>
          </EmptyState>
        )}
      </section>
    </div>
  );
}
