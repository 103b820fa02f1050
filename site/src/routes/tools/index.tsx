/**
 * `/tools` (spec 2.1, issue #15): the startup toolbox. Tools as cards with their logos, filtered by
 * the site configuration's toolCategories (`?category=`, paths.tools(category)): plain links, so
 * the filter works without JavaScript and each category has its own address.
 */
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Option, Tool } from '@nordlys/sdk/schemas';
import { useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { DirectoryCard } from '../../components/DirectoryCard';
import { EmptyState } from '../../components/JobList';
import { categoryText, directoryCategories, usedCategories } from '../../lib/directory';
import { notFound, orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

interface ToolsData {
  tools: Tool[];
  /** The categories offered as filters (the configuration's that have tools, in its order). */
  categories: Option[];
  /** The category shown, or null for all. */
  category: Option | null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<ToolsData> {
  const requested = new URL(request.url).searchParams.get('category');
  const [{ tools }, configured] = await Promise.all([orRouteError(apiFrom(context).content.tools()), directoryCategories(context, 'tool')]);
  const categories = usedCategories(configured, tools);
  let category: Option | null = null;
  if (requested !== null) {
    // A category the configuration names is a page even while it is empty; anything else is no page at all.
    category = categories.find((c) => c.value === requested) ?? configured.find((c) => c.value === requested) ?? null;
    if (!category) notFound();
  }
  return { tools, categories, category };
}

export const handle: RouteHandle<ToolsData> = {
  meta: ({ data: { tools, category } }) => {
    const shown = category ? tools.filter((t) => t.category === category.value) : tools;
    return {
      title: category ? `${category.text} tools for startups` : 'Tools for startups',
      description: category
        ? `${countLabel(shown.length, `${category.text.toLowerCase()} tool`)} that Nordic startups use: ${shown
            .slice(0, 4)
            .map((t) => t.name)
            .join(', ')}${shown.length > 4 ? ' and more' : ''}.`
        : `The startup toolbox: ${countLabel(tools.length, 'tool')} for recruiting, productivity, finance, legal and design, picked for Nordic startups.`,
      canonicalPath: paths.tools(category?.value),
    };
  },
};

export function Component() {
  const { tools, categories, category } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const shown = category ? tools.filter((t) => t.category === category.value) : tools;
  const count = (value: string | null) => (value === null ? tools.length : tools.filter((t) => t.category === value).length);
  return (
    <div className="container page">
      <header className="page-head">
        <h1>{category ? `${category.text} tools` : 'The startup toolbox'}</h1>
        <p className="page-head__lead">
          Software that small Nordic teams rely on to hire, run the company and ship, several with a deal for startups on Nordlys.
        </p>
      </header>

      {categories.length ? (
        <nav className="status-filter" aria-label="Tool categories">
          <ul className="status-filter__list">
            {[{ value: null, text: 'All tools' }, ...categories].map((c) => (
              <li key={c.value ?? 'all'}>
                <Link
                  to={paths.tools(c.value ?? undefined)}
                  className="status-filter__link"
                  aria-current={(category?.value ?? null) === c.value ? 'page' : undefined}
                  preventScrollReset
                >
                  {c.text} <span className="status-filter__count">{count(c.value)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <section aria-labelledby="tools-heading" aria-busy={loading || undefined}>
        <h2 id="tools-heading" className="visually-hidden" aria-live="polite">
          {countLabel(shown.length, 'tool')}
          {category ? ` in ${category.text}` : ''}
        </h2>
        {shown.length ? (
          <ul className={loading ? 'startup-grid is-loading' : 'startup-grid'}>
            {shown.map((tool) => (
              <li key={tool.key}>
                <DirectoryCard entry={tool} href={paths.tool(tool.key)} category={category ? null : categoryText(categories, tool.category)} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={category ? `No ${category.text.toLowerCase()} tools yet` : 'No tools are listed yet'}>
            <p>We add tools that startups on Nordlys recommend. Have a look at the deals for startups meanwhile.</p>
            <p className="empty-state__actions">
              {category ? (
                <Link className="button button--primary" to={paths.tools()}>
                  See all tools
                </Link>
              ) : null}
              <Link className="button button--ghost" to={paths.deals()}>
                Browse deals
              </Link>
            </p>
          </EmptyState>
        )}
      </section>
    </div>
  );
}
