import { describe, expect, it } from 'vitest';
import { companiesApi } from './companies';
import { ApiError } from './errors';
import { createFetchTransport } from './fetch-transport';
import { jobsApi } from './jobs';

type Seen = { url: URL; init: RequestInit };

function transport(reply: (url: URL) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const http = createFetchTransport({
    baseUrl: 'https://nordlys.test/api/',
    fetch: async (input, init) => {
      const url = new URL(String(input));
      seen.push({ url, init: init ?? {} });
      return reply(url);
    },
  });
  return { http, seen };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the fetch transport of the embeds', () => {
  it("serves the same job calls as the app's client: paths, REMOTE as isRemote, no cookies", async () => {
    const { http, seen } = transport(() => json({ jobs: [], total: 0, page: 1, pageSize: 5, pages: 0, totalExact: true, fuzzy: false }));
    const list = await jobsApi(http).search({ countryCode: 'REMOTE', pageSize: 5 });
    expect(list.total).toBe(0);
    expect(seen[0]!.url.href).toBe('https://nordlys.test/api/v2/jobs?pageSize=5&isRemote=true');
    expect(seen[0]!.init.method).toBe('GET');
    expect(seen[0]!.init.credentials).toBe('omit');
    await companiesApi(http).jobs('northwind-labs');
    expect(seen[1]!.url.pathname).toBe('/api/companies/northwind-labs/jobs');
  });

  it('posts JSON bodies', async () => {
    const { http, seen } = transport(() => new Response(null, { status: 204 }));
    await http.post('engagement/log', { json: { type: 'view' } }).then((r) => r.body?.cancel());
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.body).toBe('{"type":"view"}');
    expect(new Headers(seen[0]!.init.headers).get('content-type')).toBe('application/json');
  });

  it("turns an error answer into the ApiError of spec 8: the server's message, status, code and field errors", async () => {
    const { http } = transport(() => json({ message: 'Invalid input. page: Page must be 1 or more', code: 'E_VALIDATION', errors: { page: ['Page must be 1 or more'] } }, 400));
    const error = (await jobsApi(http).search({ page: -1 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'E_VALIDATION', message: 'Invalid input. page: Page must be 1 or more' });
    expect(error.errors).toEqual({ page: ['Page must be 1 or more'] });
  });

  it('uses a plain-text body or the status text when the answer is not JSON', async () => {
    const { http } = transport(() => new Response('Service unavailable', { status: 503 }));
    const error = (await jobsApi(http).latest().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 503, message: 'Service unavailable' });
  });

  it('reports a network failure as an ApiError with status 0 and E_NETWORK', async () => {
    const http = createFetchTransport({
      baseUrl: 'https://nordlys.test/api/',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await jobsApi(http).get(1).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'E_NETWORK' });
    expect(error.original).toBeInstanceOf(TypeError);
  });
});
