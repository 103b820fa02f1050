import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi } from './index';

describe('api.deals and the toolbox calls', () => {
  it('calls the deal routes, with the startup to claim for in the body', async () => {
    const { fetch, calls } = fakeFetch(() => jsonAnswer({}));
    const api = createApi({ baseUrl: 'http://test/api/', fetch });
    await api.deals.list();
    await api.deals.get('six-months-free');
    await api.deals.claim('six-months-free', 'northwind-labs');
    await api.deals.claimed('northwind-labs');
    await api.deals.claimedDeal('northwind-labs', 'six-months-free');
    await api.content.tool('ledgerly');
    await api.content.partner('holm-and-lund-advokater');
    expect(calls.map((c) => [c.method, c.path, c.json])).toEqual([
      ['GET', '/api/deals', undefined],
      ['GET', '/api/deals/six-months-free', undefined],
      ['POST', '/api/deals/six-months-free/claim', { company: 'northwind-labs' }],
      ['GET', '/api/companies/northwind-labs/deals', undefined],
      ['GET', '/api/companies/northwind-labs/deals/six-months-free', undefined],
      ['GET', '/api/tools/ledgerly', undefined],
      ['GET', '/api/partners/holm-and-lund-advokater', undefined],
    ]);
  });
});
