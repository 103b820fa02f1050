/** The page of a tool or a partner (issue #15): its head with logo, category and website, its deals for startups, and more of its kind. */
import { paths } from '@nordlys/sdk/routes';
import type { Deal, Partner, Tool } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/with-scheme';
import { Link } from '../lib/Link';
import { displayHost } from '../lib/format';
import { CompanyLogo } from './CompanyLogo';
import { DealCard } from './DealCard';
import { DirectoryCard } from './DirectoryCard';
import { Icon } from './Icon';

export function DirectoryProfile({ entry, category }: { entry: Tool | Partner; category: { text: string; href: string } }) {
  return (
    <header className="directory-head">
      <CompanyLogo company={entry} size={88} eager />
      <div className="directory-head__text">
        <h1>{entry.name}</h1>
        <p className="directory-head__category">
          <Link className="chip chip--accent" to={category.href}>
            {category.text}
          </Link>
        </p>
        {entry.description ? <p className="page-head__lead">{entry.description}</p> : null}
        <p>
          <a className="button button--primary" href={withScheme(entry.website)} target="_blank" rel="noopener noreferrer">
            <Icon name="external-link" /> Visit {displayHost(entry.website)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </header>
  );
}

/** The deals a tool or partner offers startups, when it has any. */
export function RelatedDeals({ name, deals }: { name: string; deals: readonly Deal[] }) {
  if (!deals.length) return null;
  return (
    <section className="client-section" aria-labelledby="related-deals">
      <div className="section-head">
        <h2 id="related-deals">Deals from {name}</h2>
        <Link className="section-head__more" to={paths.deals()}>
          All deals <Icon name="arrow-right" />
        </Link>
      </div>
      <ul className="startup-grid">
        {deals.map((deal) => (
          <li key={deal.key}>
            <DealCard deal={deal} href={paths.deal(deal.key)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface RelatedEntriesProps {
  title: string;
  entries: readonly (Tool | Partner)[];
  /** The page of an entry by its key. */
  href: (key: string) => string;
  more: { text: string; href: string };
}

/** A few more entries of the same category, and the way to all of them. */
export function RelatedEntries({ title, entries, href, more }: RelatedEntriesProps) {
  if (!entries.length) return null;
  return (
    <section className="client-section" aria-labelledby="related-entries">
      <div className="section-head">
        <h2 id="related-entries">{title}</h2>
        <Link className="section-head__more" to={more.href}>
          {more.text} <Icon name="arrow-right" />
        </Link>
      </div>
      <ul className="startup-grid">
        {entries.map((entry) => (
          <li key={entry.key}>
            <DirectoryCard entry={entry} href={href(entry.key)} category={null} />
          </li>
        ))}
      </ul>
    </section>
  );
}
