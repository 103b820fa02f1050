/** Paging as real links (?page=N keeps the other filters): previous, numbers with gaps, next. */
import { Link } from '../lib/Link';
import { Icon } from './Icon';

/** The page numbers to show: first, last, and the neighbours of the current page; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  // Fill a gap of one page instead of showing "…" for it.
  if (wanted.has(page - 1) && page - 3 === 1) wanted.add(2);
  if (wanted.has(page + 1) && page + 3 === pages) wanted.add(pages - 1);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}

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
