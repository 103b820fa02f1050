import { ApiError, type Api } from '@nordlys/sdk/api';
import type { Company, Investor, InvestorList, User } from '@nordlys/sdk/schemas';
import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRouterContext } from '../api';
import { loader as fundingLoader } from '../routes/funding/index';
import { auroraLabs, makeUser } from '../testing/fixtures';
import { canPreview, loadInvestor, loadStartup } from './profilePages';

const notFound = () => new ApiError('Company not found', { status: 404, code: 'E_NOT_FOUND' });
const draft: Company = { ...auroraLabs, key: 'draft-startup', status: 'DRAFT' };

/** An Api whose public GET answers 404 for a draft and whose hidden GET answers it (the server checks membership too). */
function fakeApi(user: User | null) {
  const hidden = vi.fn(async () => draft);
  const api = {
    users: { me: async () => (user ? user : Promise.reject(new ApiError('Log in', { status: 401, code: 'E_UNAUTHORIZED' }))) },
    companies: { get: vi.fn(async (key: string) => (key === auroraLabs.key ? auroraLabs : Promise.reject(notFound()))), hidden },
    investors: {
      get: vi.fn(async () => Promise.reject(notFound())),
      hidden: vi.fn(async () => ({ key: 'fjord-ventures', status: 'DRAFT', platform: { nordlys: true } }) as unknown as Investor),
      list: vi.fn(async (): Promise<InvestorList> => ({ investors: [], total: 0, page: 1, pageSize: 24, pages: 0 })),
    },
  } as unknown as Api;
  return { api, context: createRouterContext(api), hidden };
}

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (isRouteErrorResponse(error)) return error.status;
    // A loader's thrown data(…, { status }) before the router turns it into a response.
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw error;
  }
}

describe('public profile pages', () => {
  it('show a public startup to everybody, not as a preview', async () => {
    const { context } = fakeApi(null);
    expect(await loadStartup(context, 'aurora-labs')).toEqual({ company: auroraLabs, preview: false });
  });

  it('answer 404 for a draft to a visitor and a non-member, without asking for the hidden record', async () => {
    for (const user of [null, makeUser({ companies: [] })]) {
      const { context, hidden } = fakeApi(user);
      expect(await statusOf(loadStartup(context, 'draft-startup'))).toBe(404);
      expect(hidden).not.toHaveBeenCalled();
    }
  });

  it('show a draft as a preview to its members and to admins', async () => {
    const member = makeUser({ companies: [{ id: 9, key: 'draft-startup', name: 'Draft Startup', status: 'DRAFT' }] as User['companies'] });
    for (const user of [member, makeUser({ isAdmin: true })]) {
      const { context } = fakeApi(user);
      expect(await loadStartup(context, 'draft-startup')).toEqual({ company: draft, preview: true });
    }
    const investorMember = makeUser({ investors: [{ id: 3, key: 'fjord-ventures', name: 'Fjord Ventures', status: 'DRAFT' }] as User['investors'] });
    expect((await loadInvestor(fakeApi(investorMember).context, 'fjord-ventures')).preview).toBe(true);
    expect(await statusOf(loadInvestor(fakeApi(member).context, 'fjord-ventures'))).toBe(404);
  });

  it('answer 404 for a key that cannot exist, without a call', async () => {
    const { api, context } = fakeApi(null);
    expect(await statusOf(loadStartup(context, 'Not A Key'))).toBe(404);
    expect(api.companies.get).not.toHaveBeenCalled();
  });

  it('know who may preview', () => {
    expect(canPreview(null, 'company', 'x')).toBe(false);
    expect(canPreview(makeUser({ isAdmin: true }), 'investor', 'x')).toBe(true);
  });
});

describe('/funding loader', () => {
  it('passes the known filters of the URL to GET /investors and drops the rest', async () => {
    const { api, context } = fakeApi(null);
    const request = new Request('http://localhost/funding?category=angel&market=SE&industry=nope&investmentRange=5m%2B&page=2');
    const data = await fundingLoader({ request, context, params: {} } as never);
    expect(api.investors.list).toHaveBeenCalledWith({ category: 'ANGEL', market: 'se', investmentRange: '5m+', page: 2 });
    expect(data.filters).toEqual({ category: 'ANGEL', market: 'se', investmentRange: '5m+', page: 2 });
  });
});
