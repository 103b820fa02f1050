/** A tool or a partner in its directory (issue #15): logo, name (a real link over the whole card), category, what it does and its site. */
import type { Partner, Tool } from '@nordlys/sdk/schemas';
import { Link } from '../lib/Link';
import { displayHost } from '../lib/format';
import { CompanyLogo } from './CompanyLogo';
import { Icon } from './Icon';

export interface DirectoryCardProps {
  entry: Tool | Partner;
  /** The entry's page: paths.tool(key) or paths.partner(key). */
  href: string;
  /** The category's name, or null where the list is already one category's. */
  category: string | null;
  headingLevel?: 2 | 3;
}

export function DirectoryCard({ entry, href, category, headingLevel = 3 }: DirectoryCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="startup-card directory-card">
      <div className="startup-card__head">
        <CompanyLogo company={entry} size={48} />
        <div>
          <Heading className="startup-card__name">
            <Link className="startup-card__link" to={href}>
              {entry.name}
            </Link>
          </Heading>
          {category ? <p className="directory-card__category">{category}</p> : null}
        </div>
      </div>
      {entry.description ? <p className="startup-card__text">{entry.description}</p> : null}
      {/* Text only: the whole card is the link to the entry's page, which links the site. */}
      <p className="directory-card__site">
        <Icon name="globe" /> {displayHost(entry.website)}
      </p>
    </article>
  );
}
