/**
 * The paging rule of every paged list (the site's searches and lists, a white-label feed's pages):
 * which page numbers a pagination bar shows. One home, so the main search and the hosted feeds page alike.
 */

/**
 * The page numbers to show: first, last, and the neighbours of the current page; null marks a gap.
 * @example pageWindow(5, 10) // [1, null, 4, 5, 6, null, 10]
 */
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

/** The pages before and after `page` (rel="prev"/"next" in a head and a pagination bar), null past either end. */
export function pageSteps(page: number, pages: number): { prev: number | null; next: number | null } {
  return { prev: page > 1 && page <= pages ? page - 1 : null, next: page >= 1 && page < pages ? page + 1 : null };
}
