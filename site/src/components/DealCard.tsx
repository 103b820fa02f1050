/** A deal in a list (issue #15, spec 3 Deal): its image, the partner with its logo, the title as the card's link, and what kind of deal it is. */
import type { Deal } from '@nordlys/sdk/schemas';
import { Link } from '../lib/Link';
import { CompanyLogo } from './CompanyLogo';

/** What a startup gets: an EXTENDED deal reveals a code, a DOWNLOAD deal a document. */
export function dealKindText(type: Deal['type']): string {
  return type === 'EXTENDED' ? 'Discount code' : 'Free download';
}

export interface DealCardProps {
  deal: Deal;
  /** The deal's page: the public /deals/{key}, or the startup's own copy of it. */
  href: string;
  headingLevel?: 2 | 3;
}

export function DealCard({ deal, href, headingLevel = 3 }: DealCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="startup-card deal-card">
      {deal.image ? (
        <img className="deal-card__image" src={deal.image.sizes.listing} alt="" width={1200} height={675} loading="lazy" decoding="async" />
      ) : null}
      {deal.partnerName ? (
        <p className="deal-card__partner">
          <CompanyLogo company={{ name: deal.partnerName, logoImage: deal.partnerLogo }} size={28} />
          {deal.partnerName}
        </p>
      ) : null}
      <Heading className="startup-card__name">
        <Link className="startup-card__link" to={href}>
          {deal.title}
        </Link>
      </Heading>
      <p className="startup-card__text">{deal.description}</p>
      <p className="deal-card__kind">
        <span className="chip chip--accent">{dealKindText(deal.type)}</span>
      </p>
    </article>
  );
}
