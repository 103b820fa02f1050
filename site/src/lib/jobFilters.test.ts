import { describe, expect, it } from 'vitest';
import { hasActiveFilters, jobFiltersHref, jobFiltersToParams, parseJobFilters, type JobFilters } from './jobFilters';

const parse = (query: string) => parseJobFilters(new URLSearchParams(query));

describe('parseJobFilters', () => {
  it('reads every filter of the search form', () => {
    expect(
      parse(
        'search=react+developer&countryCode=dk&city=Copenhagen&categories=frontend&categories=backend&positionTypes=FULL_TIME&sort=newest&page=3',
      ),
    ).toEqual({
      search: 'react developer',
      countryCode: 'DK',
      city: 'Copenhagen',
      categories: ['backend', 'frontend'],
      positionTypes: ['FULL_TIME'],
      sort: 'newest',
      page: 3,
    });
  });

  it('accepts comma-joined lists as well as repeated keys', () => {
    expect(parse('categories=frontend,backend&positionTypes=PART_TIME,INTERNSHIP')).toEqual({
      categories: ['backend', 'frontend'],
      positionTypes: ['PART_TIME', 'INTERNSHIP'],
    });
  });

  it('keeps REMOTE as the country and reads isRemote as REMOTE (spec 5)', () => {
    expect(parse('countryCode=remote')).toEqual({ countryCode: 'REMOTE' });
    expect(parse('isRemote=true')).toEqual({ countryCode: 'REMOTE' });
    expect(parse('isRemote=false')).toEqual({});
  });

  it('drops what the API would reject, so a hand-edited URL still works', () => {
    expect(
      parse('search=%20%20&countryCode=Denmark&categories=astrology,frontend&positionTypes=SLAVE&sort=random&page=abc'),
    ).toEqual({ categories: ['frontend'] });
    expect(parse('page=1')).toEqual({});
    expect(parse('page=0')).toEqual({});
    expect(parse('page=-2')).toEqual({});
    expect(parse('page=99999')).toEqual({ page: 10_000 });
  });

  it('trims and caps free text', () => {
    expect(parse(`search=${'a'.repeat(300)}`).search).toHaveLength(200);
    expect(parse('city=%20New%20%20York%20')).toEqual({ city: 'New York' });
  });
});

describe('jobFiltersToParams', () => {
  it('writes the query the form would send, in a fixed order, leaving out page 1 and empty values', () => {
    const filters: JobFilters = {
      page: 1,
      sort: 'oldest',
      categories: ['design', 'frontend'],
      countryCode: 'SE',
      search: 'ux',
      city: undefined,
    };
    expect(jobFiltersToParams(filters).toString()).toBe(
      'search=ux&countryCode=SE&categories=design&categories=frontend&sort=oldest',
    );
  });

  it('round-trips: parse(serialise(f)) is f, so the back button restores the same filters', () => {
    const cases: JobFilters[] = [
      {},
      { search: 'data & ml', countryCode: 'REMOTE', page: 2 },
      { city: 'Malmö', categories: ['backend', 'devops', 'qa'], positionTypes: ['FULL_TIME', 'FREELANCE'], sort: 'relevance' },
    ];
    for (const filters of cases) {
      expect(parseJobFilters(jobFiltersToParams(filters))).toEqual(filters);
    }
  });

  it('gives one URL for the same filters whatever order they came in', () => {
    const a = jobFiltersToParams(parse('categories=frontend&categories=backend&search=x')).toString();
    const b = jobFiltersToParams(parse('search=x&categories=backend,frontend')).toString();
    expect(a).toBe(b);
  });
});

describe('jobFiltersHref', () => {
  it('builds a paging link that keeps the other filters', () => {
    const filters = parse('search=go&countryCode=NO&page=2');
    expect(jobFiltersHref('/jobs', filters, { page: 3 })).toBe('/jobs?search=go&countryCode=NO&page=3');
    expect(jobFiltersHref('/jobs', filters, { page: 1 })).toBe('/jobs?search=go&countryCode=NO');
    expect(jobFiltersHref('/jobs/location/dk', {})).toBe('/jobs/location/dk');
  });
});

describe('hasActiveFilters', () => {
  it('ignores sort and page', () => {
    expect(hasActiveFilters({ sort: 'newest', page: 4 })).toBe(false);
    expect(hasActiveFilters({ positionTypes: ['COFOUNDER'] })).toBe(true);
    expect(hasActiveFilters({ categories: [] })).toBe(false);
  });
});
