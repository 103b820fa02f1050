/**
 * `/partners` (spec 2.1, issue #15): who Nordlys works with, from GET pages/partners, in sections by
 * the site configuration's partnerCategories, with a list of in-page links to each section.
 */
import { countLabel } from '@nordlys/sdk/format';
import { paths } from '@nordlys/sdk/routes';
import type { Option, PartnersPage } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { DirectoryCard } from '../../components/DirectoryCard';
import { EmptyState } from '../../components/JobList';
import { directoryCategories, usedCategories } from '../../lib/directory';
import { orRouteError } from '../../lib/routeErrors';
import type { RouteHandle } from '../../meta';

interface PartnersData {
  page: PartnersPage['page'];
  /** The sections: the configuration's categories that have partners, in its order. */
  categories: Option[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<PartnersData> {
  const [{ page }, configured] = await Promise.all([orRouteError(apiFrom(context).content.partnersPage()), directoryCategories(context, 'partner')]);
  return { page, categories: usedCategories(configured, page.partners) };
}

export const handle: RouteHandle<PartnersData> = {
  meta: ({ data: { page, categories } }) => ({
    title: page.content.title,
    description: `${page.content.intro} ${countLabel(page.partners.length, 'partner')}${
      categories.length ? `: ${categories.map((c) => c.text.toLowerCase()).join(', ')}` : ''
    }.`,
    canonicalPath: paths.partners(),
  }),
};

/** The id of a category's section, for the in-page links. */
const sectionId = (value: string) => `partners-${value}`;

export function Component() {
  const { page, categories } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <header className="page-head">
        <h1>{page.content.title}</h1>
        <p className="page-head__lead">{page.content.intro}</p>
      </header>

      {page.partners.length === 0 ? (
        <EmptyState title="No partners are listed yet">
          <p>Meanwhile, the startup toolbox and the deals for startups are a good place to start.</p>
          <p className="empty-state__actions">
            <Link className="button button--primary" to={paths.tools()}>
              Browse tools
            </Link>
            <Link className="button button--ghost" to={paths.deals()}>
              Browse deals
            </Link>
          </p>
        </EmptyState>
      ) : (
        <>
          {categories.length > 1 ? (
            <nav className="status-filter" aria-label="Partner categories">
              <ul className="status-filter__list">
                {categories.map((c) => (
                  <li key={c.value}>
                    <a className="status-filter__link" href={`#${sectionId(c.value)}`}>
                      {c.text} <span className="status-filter__count">{page.partners.filter((p) => p.category === c.value).length}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="stack-xl">
            {categories.map((c) => (
              <section key={c.value} id={sectionId(c.value)} className="directory-section" aria-labelledby={`${sectionId(c.value)}-title`}>
                <h2 id={`${sectionId(c.value)}-title`}>{c.text}</h2>
                <ul className="startup-grid">
                  {page.partners
                    .filter((p) => p.category === c.value)
                    .map((partner) => (
                      <li key={partner.key}>
                        <DirectoryCard entry={partner} href={paths.partner(partner.key)} category={null} />
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
