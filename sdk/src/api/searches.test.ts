import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi } from './index';

const ITEM = {
  id: 12,
  key: JSON.stringify({ search: 'react', countryCode: 'DK' }),
  filters: { categories: ['frontend'] },
  pinned: true,
  since: '2026-03-01T00:00:00.000Z',
};

const setup = (reply?: Parameters<typeof fakeFetch>[0]) => {
  const recorded = fakeFetch(reply);
  return { ...recorded, api: createApi({ baseUrl: 'http://nordlys.test/api/', fetch: recorded.fetch }) };
};

describe('saved search calls (spec 7)', () => {
  it('lists: GET job-search, answering { searches }', async () => {
    const { api, last } = setup(() => jsonAnswer({ searches: [ITEM] }));
    expect(await api.searches.list()).toEqual({ searches: [ITEM] });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/job-search', text: '' });
  });

  it('saves: POST job-search with key, filters and since, answering the stored item', async () => {
    const { api, last } = setup(() => jsonAnswer(ITEM, 201));
    const payload = { key: ITEM.key, filters: ITEM.filters, since: ITEM.since };
    expect(await api.searches.save(payload)).toEqual(ITEM);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/job-search', json: payload });
  });

  it('updates: PATCH job-search/{id}', async () => {
    const { api, last } = setup();
    await api.searches.update(12, { since: '2026-03-02T00:00:00.000Z' });
    expect(last()).toMatchObject({ method: 'PATCH', path: '/api/job-search/12', json: { since: '2026-03-02T00:00:00.000Z' } });
  });

  it('removes: DELETE job-search/{id}', async () => {
    const { api, last } = setup(() => new Response(null, { status: 204 }));
    await api.searches.remove('a/b');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/api/job-search/a%2Fb', text: '' });
  });

  it('counts in bulk: POST jobs/count/bulk with items, answering result[{key, count}]', async () => {
    const answer = { result: [{ key: ITEM.key, count: 3 }] };
    const { api, last } = setup(() => jsonAnswer(answer));
    const items = [{ key: ITEM.key, filters: ITEM.filters, since: ITEM.since }];
    expect(await api.searches.countBulk({ items })).toEqual(answer);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/jobs/count/bulk', json: { items } });
  });
});

describe('spec 8: a failed delete of a pinned search is ignored', () => {
  it('resolves quietly when deleting a pinned search fails', async () => {
    const { api, calls } = setup(() => jsonAnswer({ message: 'Boom' }, 500));
    await expect(api.searches.remove(12)).resolves.toBeUndefined();
    await expect(api.searches.remove(12, { pinned: true })).resolves.toBeUndefined();
    expect(calls.map((c) => c.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('rejects when the search is not pinned', async () => {
    const { api } = setup(() => jsonAnswer({ message: 'Boom' }, 500));
    await expect(api.searches.remove(12, { pinned: false })).rejects.toBeInstanceOf(ApiError);
  });

  it('does not hide failures of the other search calls', async () => {
    const { api } = setup(() => jsonAnswer({ message: 'Boom' }, 500));
    await expect(api.searches.update(12, { pinned: false })).rejects.toMatchObject({ status: 500 });
  });
});
