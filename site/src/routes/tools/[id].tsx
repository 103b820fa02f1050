/** `/tools/{key}` (spec 2.1, issue #15): one tool of the startup toolbox: what it does, its site, its deals for startups, and more tools of its kind. */
import { paths } from '@nordlys/sdk/routes';
import type { Deal, Option, Tool } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiFrom, originFrom } from '../../api';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { DirectoryProfile, RelatedDeals, RelatedEntries } from '../../components/DirectoryProfile';
import { categoryText, directoryCategories } from '../../lib/directory';
import { orFallback, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

interface ToolData {
  tool: Tool;
  categories: Option[];
  /** Other tools of its category (a few). */
  related: Tool[];
  deals: Deal[];
  origin: string;
}

/** How many other tools of the category the page suggests. */
const RELATED = 3;

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<ToolData> {
  const api = apiFrom(context);
  const key = params.id ?? '';
  const [tool, categories, all, deals] = await Promise.all([
    orRouteError(api.content.tool(key)),
    directoryCategories(context, 'tool'),
    // The rest of the page is extra: without it the tool still shows.
    orFallback(api.content.tools(), { tools: [] }),
    orFallback(api.deals.list(), { deals: [] }),
  ]);
  return {
    tool,
    categories,
    related: all.tools.filter((t) => t.category === tool.category && t.key !== tool.key).slice(0, RELATED),
    deals: deals.deals.filter((d) => d.listing?.kind === 'tool' && d.listing.key === tool.key),
    origin: originFrom(context),
  };
}

export const handle: RouteHandle<ToolData> = {
  meta: ({ data: { tool, categories } }) => ({
    title: `${tool.name}: ${categoryText(categories, tool.category).toLowerCase()} tool for startups`,
    description: tool.description || `${tool.name}, a tool in the Nordlys startup toolbox.`,
    image: tool.logoImage?.sizes.social ?? null,
    canonicalPath: paths.tool(tool.key),
  }),
};

export function Component() {
  const { tool, categories, related, deals, origin } = useLoaderData<typeof loader>();
  const category = categoryText(categories, tool.category);
  return (
    <div className="container page">
      <Breadcrumbs
        origin={origin}
        trail={[
          { name: 'Tools', path: paths.tools() },
          { name: category, path: paths.tools(tool.category) },
          { name: tool.name, path: paths.tool(tool.key) },
        ]}
      />
      <DirectoryProfile entry={tool} category={{ text: category, href: paths.tools(tool.category) }} />
      <RelatedDeals name={tool.name} deals={deals} />
      <RelatedEntries
        title={`More ${category.toLowerCase()} tools`}
        entries={related}
        href={paths.tool}
        more={{ text: `All ${category.toLowerCase()} tools`, href: paths.tools(tool.category) }}
      />
    </div>
  );
}
