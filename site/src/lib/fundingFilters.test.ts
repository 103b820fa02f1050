import { describe, expect, it } from 'vitest';
import { fundingFiltersHref, hasFundingFilters, parseFundingFilters } from './fundingFilters';

describe('the investor directory filters', () => {
  it('read the known values from the query, normalised', () => {
    expect(
      parseFundingFilters(new URLSearchParams('search=  deep   tech &category=angel&market=DK&industry=Fintech&investmentRange=100K-1M&page=3')),
    ).toEqual({ search: 'deep tech', category: 'ANGEL', market: 'dk', industry: 'fintech', investmentRange: '100k-1m', page: 3 });
    expect(parseFundingFilters(new URLSearchParams('market=nordics'))).toEqual({ market: 'nordics' });
  });

  it('drop values the lists do not know, and page 1', () => {
    expect(parseFundingFilters(new URLSearchParams('category=BANK&market=mars&industry=x&investmentRange=lots&page=1&search='))).toEqual({});
    expect(parseFundingFilters(new URLSearchParams('market=ni&page=abc'))).toEqual({});
  });

  it('write a tidy URL that reads back the same', () => {
    const filters = { category: 'VENTURE_CAPITAL', market: 'se', industry: 'ai', investmentRange: '5m+', search: 'fjord' };
    const href = fundingFiltersHref(filters, { page: 2 });
    expect(href).toBe('/funding?search=fjord&category=VENTURE_CAPITAL&market=se&industry=ai&investmentRange=5m%2B&page=2');
    expect(parseFundingFilters(new URL(href, 'http://x').searchParams)).toEqual({ ...filters, page: 2 });
    expect(fundingFiltersHref({ page: 1 })).toBe('/funding');
    expect(hasFundingFilters({ page: 4 })).toBe(false);
    expect(hasFundingFilters({ industry: 'ai' })).toBe(true);
  });
});
