/** `/partners/{slug}` (spec 2.1, issue #15): one partner: what it does for startups, its site, its deals, and other partners of its kind. */
import { paths } from '@nordlys/sdk/routes';
import type { Deal, Option, Partner } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, originFrom } from '../../api';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { DirectoryProfile, RelatedDeals, RelatedEntries } from '../../components/DirectoryProfile';
import { categoryText, directoryCategories } from '../../lib/directory';
import { orFallback, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

interface PartnerData {
  partner: Partner;
  categories: Option[];
  /** Other partners of its category. */
  related: Partner[];
  deals: Deal[];
  origin: string;
}

const RELATED = 3;

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<PartnerData> {
  const api = apiFrom(context);
  const [partner, categories, page, deals] = await Promise.all([
    orRouteError(api.content.partner(params.slug ?? '')),
    directoryCategories(context, 'partner'),
    orFallback(api.content.partnersPage(), null),
    orFallback(api.deals.list(), { deals: [] }),
  ]);
  return {
    partner,
    categories,
    related: (page?.page.partners ?? []).filter((p) => p.category === partner.category && p.key !== partner.key).slice(0, RELATED),
    deals: deals.deals.filter((d) => d.listing?.kind === 'partner' && d.listing.key === partner.key),
    origin: originFrom(context),
  };
}

export const handle: RouteHandle<PartnerData> = {
  meta: ({ data: { partner, categories } }) => ({
    title: `${partner.name}: ${categoryText(categories, partner.category).toLowerCase()} partner`,
    description: partner.description || `${partner.name} works with Nordlys to help Nordic startups hire and grow.`,
    image: partner.logoImage?.sizes.social ?? null,
    canonicalPath: paths.partner(partner.key),
  }),
};

export function Component() {
  const { partner, categories, related, deals, origin } = useLoaderData<typeof loader>();
  const category = categoryText(categories, partner.category);
  return (
    <div className="container page">
      <Breadcrumbs
        origin={origin}
        trail={[
          { name: 'Partners', path: paths.partners() },
          { name: partner.name, path: paths.partner(partner.key) },
        ]}
      />
      <DirectoryProfile entry={partner} category={{ text: category, href: `${paths.partners()}#partners-${partner.category}` }} />
      <RelatedDeals name={partner.name} deals={deals} />
      <RelatedEntries title={`More partners: ${category.toLowerCase()}`} entries={related} href={paths.partner} more={{ text: 'All partners', href: paths.partners() }} />
    </div>
  );
}
