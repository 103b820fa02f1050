/** The startup list filters ↔ the URL query (search, country, page). */
import { paths } from '@nordlys/sdk/routes';
import type { CompanyListQuery } from '@nordlys/sdk/schemas';

export type StartupFilters = Partial<Pick<CompanyListQuery, 'search' | 'countryCode' | 'page'>>;

/** @example parseStartupFilters(new URLSearchParams('search=ai&countryCode=dk&page=2')) // { search: 'ai', countryCode: 'DK', page: 2 } */
export function parseStartupFilters(params: URLSearchParams): StartupFilters {
  const filters: StartupFilters = {};
  const search = params.get('search')?.replace(/\s+/g, ' ').trim().slice(0, 200).trim();
  if (search) filters.search = search;
  const country = params.get('countryCode')?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) filters.countryCode = country;
  const page = params.get('page');
  if (page && /^\d{1,5}$/.test(page) && Number(page) > 1) filters.page = Math.min(Number(page), 10_000);
  return filters;
}

export function startupFiltersHref(filters: StartupFilters, changes: Partial<StartupFilters> = {}): string {
  const merged = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (merged.search) params.set('search', merged.search);
  if (merged.countryCode) params.set('countryCode', merged.countryCode);
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  const query = params.toString();
  return query ? `${paths.startups()}?${query}` : paths.startups();
}
