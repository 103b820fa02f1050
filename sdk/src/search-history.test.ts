import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LIMITS } from './constants';
import { BulkCountPayloadSchema, SaveSearchPayloadSchema, SEARCH_NOT_SAVABLE_MESSAGE } from './schemas/searches';
import { createSearchHistory, joinSearch, parseSearchKey, SEARCH_HISTORY_STORAGE_KEY, searchKey, splitSearch, type KeyValueStorage } from './search-history';

/** An in-memory localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
  return { storage, data };
}

/** A clock the test moves by hand. */
function clock(start = '2026-11-01T12:00:00Z') {
  let at = Date.parse(start);
  return { now: () => new Date(at), advance: (seconds: number) => void (at += seconds * 1000) };
}

const DAY = 24 * 60 * 60;

describe('search key (spec 3)', () => {
  it('is the JSON of search, location and countryCode in that order, whatever order they come in', () => {
    expect(searchKey({ countryCode: 'SE', location: 'Malmö', search: 'designer' })).toBe('{"search":"designer","location":"Malmö","countryCode":"SE"}');
    expect(searchKey({ search: ' designer ' })).toBe(searchKey({ search: 'designer', location: '' }));
    expect(JSON.parse(searchKey({ location: 'Oslo' }))).toEqual({ location: 'Oslo' });
  });
});

describe('a search as a saved search (spec 3: key and filters)', () => {
  it('splits a job search into its key (search, city as location, country) and the filters beside it, and joins them back', () => {
    const search = { search: 'frontend', countryCode: 'DK', city: 'Aarhus', categories: ['frontend' as const], positionTypes: ['FULL_TIME' as const], sort: 'newest' as const };
    const split = splitSearch(search);
    expect(split).toEqual({
      query: { search: 'frontend', location: 'Aarhus', countryCode: 'DK' },
      key: '{"search":"frontend","location":"Aarhus","countryCode":"DK"}',
      filters: { categories: ['frontend'], positionTypes: ['FULL_TIME'], sort: 'newest' },
    });
    expect(joinSearch(split.key, split.filters)).toEqual(search);
    expect(splitSearch({ countryCode: 'REMOTE' })).toEqual({ query: { countryCode: 'REMOTE' }, key: '{"countryCode":"REMOTE"}', filters: {} });
  });

  it('reads a key with the job search rules, and refuses what is not a search key', () => {
    expect(parseSearchKey('{"countryCode":"dk","search":" react "}')).toEqual({ search: 'react', countryCode: 'DK' });
    expect(parseSearchKey('{"location":""}')).toEqual({});
    for (const bad of ['react', '[]', 'null', '{"search":1}', '{"search":"x","page":2}', '{"countryCode":"Denmark"}', `{"search":"${'x'.repeat(201)}"}`]) {
      expect(parseSearchKey(bad), bad).toBeNull();
    }
  });

  it('leaves out filters the job search would refuse, and answers null for a key that is none', () => {
    expect(joinSearch('{"search":"x"}', { categories: ['astrology'], sort: 'newest' })).toEqual({ search: 'x' });
    expect(joinSearch('{"search":"x"}', { positionTypes: 'INTERNSHIP,FULL_TIME', other: 1 })).toEqual({ search: 'x', positionTypes: ['INTERNSHIP', 'FULL_TIME'] });
    expect(joinSearch('not json', {})).toBeNull();
  });
});

describe('the saved search payloads (spec 5, spec 7)', () => {
  const since = '2026-11-01T12:00:00.000Z';
  const messages = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it('saves a search only with search text or a location', () => {
    expect(messages(SaveSearchPayloadSchema, { key: searchKey({ search: 'x' }), filters: {}, since })).toEqual([]);
    expect(messages(SaveSearchPayloadSchema, { key: searchKey({ location: 'Oslo', countryCode: 'NO' }), filters: {}, since })).toEqual([]);
    expect(messages(SaveSearchPayloadSchema, { key: searchKey({ countryCode: 'DK' }), filters: {}, since })).toEqual([SEARCH_NOT_SAVABLE_MESSAGE]);
    expect(messages(SaveSearchPayloadSchema, { key: 'x', filters: {}, since })).toEqual(['Key must be the JSON of search, location and countryCode']);
  });

  it(`counts up to ${LIMITS.countBulkMax} searches in one call`, () => {
    const item = { key: searchKey({ search: 'x' }), filters: {}, since };
    expect(v.is(BulkCountPayloadSchema, { items: Array(LIMITS.countBulkMax).fill(item) })).toBe(true);
    expect(messages(BulkCountPayloadSchema, { items: Array(LIMITS.countBulkMax + 1).fill(item) })).toEqual([`Items must hold at most ${LIMITS.countBulkMax} searches`]);
  });
});

describe('search history (spec 9)', () => {
  it('lists searches newest first', () => {
    const time = clock();
    const history = createSearchHistory(memoryStorage().storage, time);
    history.add({ search: 'backend' });
    time.advance(60);
    history.add({ search: 'designer', countryCode: 'DK' }, { positionTypes: ['FULL_TIME'] });
    expect(history.list()).toEqual([
      { key: '{"search":"designer","countryCode":"DK"}', filters: { positionTypes: ['FULL_TIME'] }, since: '2026-11-01T12:01:00.000Z' },
      { key: '{"search":"backend"}', filters: {}, since: '2026-11-01T12:00:00.000Z' },
    ]);
  });

  it('removes duplicates by key: a repeated search moves to the top with its new filters', () => {
    const time = clock();
    const history = createSearchHistory(memoryStorage().storage, time);
    history.add({ search: 'backend', location: 'Aarhus' });
    time.advance(1);
    history.add({ search: 'frontend' });
    time.advance(1);
    history.add({ location: 'Aarhus', search: 'backend ' }, { sort: 'newest' });
    const list = history.list();
    expect(list.map((e) => e.key)).toEqual([searchKey({ search: 'backend', location: 'Aarhus' }), searchKey({ search: 'frontend' })]);
    expect(list[0]?.filters).toEqual({ sort: 'newest' });
  });

  it('keeps a search for 30 days (2,592,000 seconds), not a second longer', () => {
    const time = clock();
    const { storage } = memoryStorage();
    const history = createSearchHistory(storage, time);
    history.add({ search: 'backend' });
    time.advance(2_592_000 - 1);
    expect(history.list()).toHaveLength(1);
    time.advance(1);
    expect(history.list()).toEqual([]);
  });

  it('drops expired searches from storage when it next writes', () => {
    const time = clock();
    const { storage, data } = memoryStorage();
    const history = createSearchHistory(storage, time);
    history.add({ search: 'backend' });
    time.advance(31 * DAY);
    history.add({ search: 'frontend' });
    expect(JSON.parse(data.get(SEARCH_HISTORY_STORAGE_KEY)!)).toEqual([
      { key: '{"search":"frontend"}', filters: {}, since: '2026-12-02T12:00:00.000Z' },
    ]);
  });

  it('records only searches with search text or a location (spec 5)', () => {
    const history = createSearchHistory(memoryStorage().storage, clock());
    expect(history.add({ countryCode: 'DK' }, { categories: ['design'] })).toBe(false);
    expect(history.add({ search: ' ' })).toBe(false);
    expect(history.list()).toEqual([]);
    expect(history.add({ location: 'Oslo' })).toBe(true);
  });

  it('survives a reload: a second history over the same storage reads the entries', () => {
    const time = clock();
    const { storage } = memoryStorage();
    createSearchHistory(storage, time).add({ search: 'backend' });
    expect(createSearchHistory(storage, time).list()).toHaveLength(1);
  });

  it('clears the history', () => {
    const { storage, data } = memoryStorage();
    const history = createSearchHistory(storage, clock());
    history.add({ search: 'backend' });
    history.clear();
    expect(history.list()).toEqual([]);
    expect(data.has(SEARCH_HISTORY_STORAGE_KEY)).toBe(false);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"key":"x"}'],
    ['null', 'null'],
  ])('reads corrupt storage (%s) as empty and recovers on the next add', (_, stored) => {
    const { storage } = memoryStorage({ [SEARCH_HISTORY_STORAGE_KEY]: stored });
    const history = createSearchHistory(storage, clock());
    expect(history.list()).toEqual([]);
    history.add({ search: 'backend' });
    expect(history.list()).toHaveLength(1);
  });

  it('skips malformed entries and keeps the good ones, deduplicated and ordered', () => {
    const good = { key: '{"search":"backend"}', filters: {}, since: '2026-11-01T10:00:00.000Z' };
    const newer = { ...good, since: '2026-11-01T11:00:00.000Z' };
    const { storage } = memoryStorage({
      [SEARCH_HISTORY_STORAGE_KEY]: JSON.stringify([good, { key: 42 }, 'junk', { key: 'k', filters: {}, since: 'yesterday' }, newer]),
    });
    expect(createSearchHistory(storage, clock()).list()).toEqual([newer]);
  });

  it('never throws when storage is unavailable or full', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const history = createSearchHistory(broken, clock());
    expect(history.add({ search: 'backend' })).toBe(true);
    expect(history.list()).toEqual([]);
    expect(() => history.clear()).not.toThrow();
  });
});
