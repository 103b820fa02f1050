import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { JobSearchQuerySchema } from './job';

const parse = (input: Record<string, unknown>) => v.safeParse(JobSearchQuerySchema, input);

describe('the job search query', () => {
  it('reads a query string: numbers, flags, comma lists and repeated keys', () => {
    const result = parse({ page: '2', pageSize: '10', isRemote: 'true', categories: ['backend', 'frontend,design'], countryCode: 'dk', search: '  go  ' });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      page: 2,
      pageSize: 10,
      isRemote: true,
      categories: ['backend', 'frontend', 'design'],
      countryCode: 'DK',
      search: 'go',
    });
  });

  it('defaults to the first page of 20 and treats empty text as absent', () => {
    expect(parse({ search: '', countryCode: '' }).output).toEqual({ page: 1, pageSize: 20, search: undefined, countryCode: undefined });
  });

  it.each([
    [{ page: '-1' }, 'Page must be 1 or more'],
    [{ page: '1.5' }, 'Page must be a whole number'],
    [{ pageSize: '51' }, 'Page size must be 50 or less'],
    [{ categories: 'chef' }, 'Categories must be one of'],
    [{ countryCode: 'Denmark' }, 'Country must be a two-letter code or REMOTE'],
    [{ search: 'a\u0000b' }, 'Search must not contain control characters'],
    [{ city: 'K\u00f8benhavn\u001b' }, 'City must not contain control characters'],
    [{ search: 'line\nbreak' }, 'Search must not contain control characters'],
    [{ search: 'c1\u0085' }, 'Search must not contain control characters'],
    [{ page: '0x10' }, 'Page must be a whole number'],
    [{ page: '1e1' }, 'Page must be a whole number'],
    [{ page: '010' }, 'Page must be a whole number'],
    [{ page: '+2' }, 'Page must be a whole number'],
    [{ page: ' 2' }, 'Page must be a whole number'],
  ])('rejects %j with a message for people', (input, message) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toContain(message);
  });

  it('keeps text with unicode, trims around it, and reads canonical numbers', () => {
    expect(parse({ search: '  Æble\u00e5 🚀 ', city: 'Malmö', page: '10', pageSize: 5 }).output).toMatchObject({
      search: 'Æbleå 🚀',
      city: 'Malmö',
      page: 10,
      pageSize: 5,
    });
  });
});
