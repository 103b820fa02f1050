/**
 * The applicant board's filters in the URL (issue #13): `?job=`, `?stage=` (a column key),
 * `?rating=` (at least), `?search=`, and `?open=` (the card whose detail is open, so a mail link
 * opens it). Read leniently: a value that is not one of them is left out, never an error page.
 */
import { parseColumnKey, RATING_MAX, RATING_MIN } from '@nordlys/sdk/pipeline';
import type { ApplicantsQuery } from '@nordlys/sdk/schemas';

export interface BoardFilters {
  job?: number;
  /** A column key: 'applied', 'custom:4' … */
  stage?: string;
  rating?: number;
  search?: string;
}

/** The filter names, in the order the URL carries them. */
export const FILTER_NAMES = ['job', 'stage', 'rating', 'search'] as const;

/** The search box's longest text (the sdk's ApplicantsQuerySchema). */
export const SEARCH_MAX = 100;

/** How many cards one call loads (the most the sdk allows, so a busy job's board loads at once). */
export const BOARD_PAGE_SIZE = 500;

const positiveInt = (value: string | null): number | undefined => (value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined);

/**
 * The filters of a URL's query; anything malformed is dropped.
 * @example boardFilters(new URLSearchParams('job=7&stage=custom:3&rating=9')) // { job: 7, stage: 'custom:3' }
 */
export function boardFilters(query: URLSearchParams): BoardFilters {
  const filters: BoardFilters = {};
  const job = positiveInt(query.get('job'));
  if (job !== undefined) filters.job = job;
  const stage = query.get('stage');
  if (stage && parseColumnKey(stage)) filters.stage = stage;
  const rating = positiveInt(query.get('rating'));
  if (rating !== undefined && rating >= RATING_MIN && rating <= RATING_MAX) filters.rating = rating;
  // No control characters (the server refuses them), no more than the schema's length.
  const search = (query.get('search') ?? '').replace(/\p{Cc}/gu, ' ').trim().slice(0, SEARCH_MAX);
  if (search) filters.search = search;
  return filters;
}

/** The card to open (`?open=`), or null. */
export function openParam(query: URLSearchParams): number | null {
  return positiveInt(query.get('open')) ?? null;
}

/** Whether any filter narrows the board. */
export const hasFilters = (filters: BoardFilters): boolean => FILTER_NAMES.some((name) => filters[name] !== undefined);

/** The board call's query for a page of the filtered cards. */
export function boardQuery(filters: BoardFilters, page = 1): ApplicantsQuery {
  return { ...filters, page, pageSize: BOARD_PAGE_SIZE };
}

/**
 * The query with the filters set, in FILTER_NAMES order (others, like `tab` and `open`, kept).
 * @example withFilters(new URLSearchParams('tab=applicants'), { stage: 'hired' }).toString() // 'tab=applicants&stage=hired'
 */
export function withFilters(query: URLSearchParams, filters: BoardFilters): URLSearchParams {
  const next = new URLSearchParams(query);
  // One order, so one set of filters has one URL.
  for (const name of FILTER_NAMES) next.delete(name);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') next.set(name, String(value));
  }
  return next;
}

/** The query with `?open=` set to a card, or removed. */
export function withOpen(query: URLSearchParams, id: number | null): URLSearchParams {
  const next = new URLSearchParams(query);
  if (id === null) next.delete('open');
  else next.set('open', String(id));
  return next;
}

/**
 * Whether two URLs differ only in `?open=`: opening or closing a card needs no new board.
 * The same URL twice (a revalidation) is not such a change.
 */
export function onlyOpenChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const a = withOpen(current.searchParams, null);
  const b = withOpen(next.searchParams, null);
  a.sort();
  b.sort();
  return a.toString() === b.toString() && current.searchParams.get('open') !== next.searchParams.get('open');
}
