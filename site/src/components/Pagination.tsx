/** Paging as real links (?page=N keeps the other filters): previous, numbers with gaps (sdk pageWindow), next. */
import { pageWindow } from '@nordlys/sdk/paging';
import { Link } from '../lib/Link';
import { Icon } from './Icon';

export interface PaginationProps {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
}

export function Pagination({ page, pages, href, label = 'Pages' }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link className="pagination__step" to={href(page - 1)} rel="prev">
              <Icon name="chevron-left" /> Previous
            </Link>
          ) : (
            <span className="pagination__step" aria-disabled="true">
              <Icon name="chevron-left" /> Previous
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className="pagination__page"
                to={href(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link className="pagination__step" to={href(page + 1)} rel="next">
              Next <Icon name="chevron-right" />
            </Link>
          ) : (
            <span className="pagination__step" aria-disabled="true">
              Next <Icon name="chevron-right" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
