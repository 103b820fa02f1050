/** The investor directory's filters ↔ the URL query (search, category, market, industry, investment range, page). */
import { COUNTRIES } from '@nordlys/sdk/constants';
import { paths } from '@nordlys/sdk/routes';
import type { InvestorListQuery } from '@nordlys/sdk/schemas';
import { INDUSTRIES, INVESTMENT_RANGES, INVESTOR_CATEGORIES, MARKETS, type Term } from '@nordlys/sdk/vocabulary';

export type FundingFilters = Partial<Pick<InvestorListQuery, 'search' | 'category' | 'market' | 'industry' | 'investmentRange' | 'page'>>;

/** Where an investor invests: a market of the configuration, or a country (its code in lower case). */
export const MARKET_CHOICES: readonly Term[] = [
  ...MARKETS,
  ...COUNTRIES.filter((c) => c.value !== 'NI').map((c) => ({ value: c.value.toLowerCase(), text: c.text })),
];

const known = (terms: readonly Term[], value: string | null | undefined) =>
  value && terms.some((t) => t.value === value) ? value : undefined;

/**
 * Only values the lists know pass: anything else is dropped, as if not given.
 * @example parseFundingFilters(new URLSearchParams('category=ANGEL&market=DK&page=2')) // { category: 'ANGEL', market: 'dk', page: 2 }
 */
export function parseFundingFilters(params: URLSearchParams): FundingFilters {
  const filters: FundingFilters = {};
  const search = params.get('search')?.replace(/\s+/g, ' ').trim().slice(0, 200).trim();
  if (search) filters.search = search;
  const category = known(INVESTOR_CATEGORIES, params.get('category')?.trim().toUpperCase());
  if (category) filters.category = category;
  const market = known(MARKET_CHOICES, params.get('market')?.trim().toLowerCase());
  if (market) filters.market = market;
  const industry = known(INDUSTRIES, params.get('industry')?.trim().toLowerCase());
  if (industry) filters.industry = industry;
  const range = known(INVESTMENT_RANGES, params.get('investmentRange')?.trim().toLowerCase());
  if (range) filters.investmentRange = range;
  const page = params.get('page');
  if (page && /^\d{1,5}$/.test(page) && Number(page) > 1) filters.page = Math.min(Number(page), 10_000);
  return filters;
}

const ORDER = ['search', 'category', 'market', 'industry', 'investmentRange'] as const;

/** The directory's URL for these filters (and changes to them); page 1 and empty filters are left out. */
export function fundingFiltersHref(filters: FundingFilters, changes: Partial<FundingFilters> = {}): string {
  const merged = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const name of ORDER) {
    const value = merged[name];
    if (value) params.set(name, value);
  }
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  return paths.funding(params.toString());
}

/** Whether any filter narrows the list (the page does not count). */
export function hasFundingFilters(filters: FundingFilters): boolean {
  return ORDER.some((name) => Boolean(filters[name]));
}
