import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi, type ApiOptions } from './index';

const event = { type: 'job-apply-click', payload: { jobId: 7 } };

const setup = (options: ApiOptions = {}, reply?: Parameters<typeof fakeFetch>[0]) => {
  const recorded = fakeFetch(reply ?? (() => new Response(null, { status: 204 })));
  return { ...recorded, api: createApi({ baseUrl: 'http://nordlys.test/api/', fetch: recorded.fetch, ...options }) };
};

describe('engagement log (spec 7)', () => {
  it('POSTs engagement/log with the selected company id', async () => {
    const { api, last } = setup({ selectedProfileIds: () => ({ companyId: 42 }) });
    await api.engagement.log(event);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/engagement/log' });
    expect(last().json).toEqual({ ...event, companyId: 42 });
  });

  it('adds the selected investor id instead', async () => {
    const { api, last } = setup({ selectedProfileIds: () => ({ investorId: 9 }) });
    await api.engagement.log(event);
    expect(last().json).toEqual({ ...event, investorId: 9 });
  });

  it('reads the selection at each log, not once', async () => {
    let selected: { companyId?: number; investorId?: number } | null = null;
    const { api, calls } = setup({ selectedProfileIds: () => selected });
    await api.engagement.log(event);
    selected = { companyId: 5 };
    await api.engagement.log(event);
    expect(calls[0]!.json).toEqual(event);
    expect(calls[1]!.json).toEqual({ ...event, companyId: 5 });
  });

  it('sends the event alone when the app gives no provider', async () => {
    const { api, last } = setup();
    await api.engagement.log({ type: 'page-view' });
    expect(last().json).toEqual({ type: 'page-view' });
  });
});

describe('spec 7: engagement failures are ignored', () => {
  it('swallows a 500', async () => {
    const { api, calls } = setup({}, () => jsonAnswer({ message: 'Boom' }, 500));
    await expect(api.engagement.log(event)).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('swallows a network failure', async () => {
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(api.engagement.log(event)).resolves.toBeUndefined();
  });

  it('swallows a failing profile provider', async () => {
    const { api } = setup({
      selectedProfileIds: () => {
        throw new Error('no store yet');
      },
    });
    await expect(api.engagement.log(event)).resolves.toBeUndefined();
  });
});
