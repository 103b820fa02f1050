/**
 * Links to the landing pages (issue #15), so that visitors and crawlers reach them by links and not
 * only through the sitemap: on /jobs every page, on a location page the pages of that place.
 */
import type { LandingPage } from '@nordlys/sdk/landing';
import { paths } from '@nordlys/sdk/routes';
import { Link } from '../lib/Link';

/** The pages by place, in the list's order. */
function byPlace(pages: readonly LandingPage[]): { name: string; slug: string; pages: LandingPage[] }[] {
  const places = new Map<string, { name: string; slug: string; pages: LandingPage[] }>();
  for (const page of pages) {
    const entry = places.get(page.place.slug) ?? { name: page.place.name, slug: page.place.slug, pages: [] };
    entry.pages.push(page);
    places.set(page.place.slug, entry);
  }
  return [...places.values()];
}

/** A "Popular searches" block: one list per place under its name (no sub-heading when there is one place). */
export function PopularSearches({ pages, heading = 'Popular searches' }: { pages: readonly LandingPage[]; heading?: string }) {
  if (!pages.length) return null;
  const places = byPlace(pages);
  const list = (items: readonly LandingPage[]) => (
    <ul className="popular-searches__list">
      {items.map((page) => (
        <li key={page.slug}>
          <Link to={paths.jobsLanding(page.slug)}>{page.title}</Link>
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="container popular-searches" aria-labelledby="popular-searches-heading">
      <h2 id="popular-searches-heading">{heading}</h2>
      {places.length === 1 ? (
        list(places[0]!.pages)
      ) : (
        <div className="popular-searches__places">
          {places.map((place) => (
            <div key={place.slug}>
              <h3>{place.name}</h3>
              {list(place.pages)}
            </div>
          ))}
        </div>
      )}
    </nav>
  );
}
