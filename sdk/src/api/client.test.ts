import { describe, expect, it } from 'vitest';
import { createApi } from './index';
import { ApiError } from './errors';

/** A fetch that records requests and answers with `reply`. */
function recorder(reply: (url: URL) => Response) {
  const urls: URL[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    urls.push(url);
    return reply(url);
  };
  return { urls, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the api client', () => {
  it('sends REMOTE as isRemote and lists comma-joined (spec 7)', async () => {
    const { urls, fetch } = recorder(() => json({ jobs: [], total: 0, page: 1, pageSize: 20, pages: 0 }));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    await api.jobs.search({ countryCode: 'REMOTE', categories: ['backend', 'qa'], page: 2 });
    expect(urls[0]!.pathname).toBe('/api/v2/jobs');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ isRemote: 'true', categories: 'backend,qa', page: '2' });
  });

  it("turns an error answer into an ApiError with the server's message and status (spec 8)", async () => {
    const { fetch } = recorder(() => json({ message: 'Job was not found', code: 'E_NOT_FOUND' }, 404));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    const error = await api.jobs.get(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Job was not found', status: 404, code: 'E_NOT_FOUND' });
    expect((error as ApiError).original).toBeInstanceOf(Error);
  });

  it('carries the field messages of a 400', async () => {
    const { fetch } = recorder(() => json({ message: 'Invalid input. page: Page must be 1 or more', code: 'E_VALIDATION', errors: { page: ['Page must be 1 or more'] } }, 400));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    const error = (await api.jobs.search({ page: -1 }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ page: ['Page must be 1 or more'] });
  });

  it("carries the server's link of a 409 E_ALREADY_APPLIED (issue #13), and none when the body has none", async () => {
    const link = '/client/my-jobs?tab=applied#application-31';
    const { fetch } = recorder(() => json({ message: 'You already applied to this job', code: 'E_ALREADY_APPLIED', link }, 409));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    const error = (await api.applicant.apply(7, { cvPath: 'cv/abcdefgh12.pdf' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'E_ALREADY_APPLIED', link, message: 'You already applied to this job' });
    const plain = recorder(() => json({ message: 'Job was not found', code: 'E_NOT_FOUND' }, 404));
    const other = (await createApi({ baseUrl: 'http://nordlys.test/api/', fetch: plain.fetch }).jobs.get(7).catch((e: unknown) => e)) as ApiError;
    expect(other.link).toBeUndefined();
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = (await api.site.config().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });

  it('builds the checkout link with the cancel URL (spec 7)', () => {
    const api = createApi();
    expect(api.jobs.checkoutUrl(5, 'https://nordlys.test/jobs/5')).toBe('/api/jobs/5/checkout?cancel_url=https%3A%2F%2Fnordlys.test%2Fjobs%2F5');
  });
});
