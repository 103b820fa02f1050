import { describe, expect, it } from 'vitest';
import { parseStartupFilters, startupFiltersHref } from './startupFilters';

describe('startup filters', () => {
  it('reads search, country and page, dropping bad values', () => {
    expect(parseStartupFilters(new URLSearchParams('search=%20ai%20&countryCode=dk&page=2'))).toEqual({
      search: 'ai',
      countryCode: 'DK',
      page: 2,
    });
    expect(parseStartupFilters(new URLSearchParams('countryCode=Denmark&page=x'))).toEqual({});
  });

  it('writes paging links that keep the other filters', () => {
    expect(startupFiltersHref({ search: 'ai', countryCode: 'SE' }, { page: 4 })).toBe('/startups?search=ai&countryCode=SE&page=4');
    expect(startupFiltersHref({ page: 3 }, { page: 1 })).toBe('/startups');
  });
});
