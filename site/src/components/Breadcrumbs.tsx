/** The trail from the home page to this page: a visible breadcrumb nav and its schema.org BreadcrumbList (issue #15, landing pages). */
import { serializeJsonLd, type JsonLd } from '@nordlys/feeds';
import { Link } from '../lib/Link';

/** One step of the trail: its name and its path; the last step is the page itself. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The schema.org BreadcrumbList of a trail, every URL absolute.
 * @example breadcrumbJsonLd([{ name: 'Home', path: '/' }], 'https://nordlys.jobs').itemListElement // [{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://nordlys.jobs/' }]
 */
export function breadcrumbJsonLd(trail: readonly Crumb[], origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

/** The visible trail (the last step is the current page, not a link) and its JSON-LD for search engines. */
export function Breadcrumbs({ trail, origin }: { trail: readonly Crumb[]; origin: string }) {
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          {trail.map((crumb, i) => (
            <li key={crumb.path}>
              {i === trail.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link to={crumb.path}>{crumb.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <script
        type="application/ld+json"
        // Escaped so a name cannot close the script element.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(breadcrumbJsonLd(trail, origin)) }}
      />
    </>
  );
}
