import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { MAX_RETRY_AFTER_MS } from './client';
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

describe("the client's transport rules", () => {
  const BASE = 'http://nordlys.test/api/';
  /** Answers the calls in turn with `replies` (the last one again when they run out). */
  const inTurn = (...replies: (() => Response | Promise<Response>)[]) => {
    let n = 0;
    return fakeFetch(() => replies[Math.min(n++, replies.length - 1)]!());
  };
  const failed = (call: Promise<unknown>) => call.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error as ApiError,
  );
  const unavailable = (headers: Record<string, string> = {}, status = 503) =>
    new Response(JSON.stringify({ message: 'Try again soon', code: 'E_UNAVAILABLE' }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

  it('retries a GET once after a 503, then answers', async () => {
    const { calls, fetch } = inTurn(() => unavailable(), () => jsonAnswer({ config: 1 }));
    expect(await createApi({ baseUrl: BASE, fetch }).site.config()).toEqual({ config: 1 });
    expect(calls.map((c) => c.path)).toEqual(['/api/site/config-base', '/api/site/config-base']);
  });

  it('retries a GET only once: a second 503 reaches the caller', async () => {
    const { calls, fetch } = inTurn(() => unavailable());
    const error = await failed(createApi({ baseUrl: BASE, fetch }).site.config());
    expect(error).toMatchObject({ status: 503, code: 'E_UNAVAILABLE', message: 'Try again soon' });
    expect(calls).toHaveLength(2);
  });

  it('retries each of 408, 429, 500, 502, 503 and 504, and no other error answer', async () => {
    for (const status of [408, 429, 500, 502, 503, 504]) {
      const { calls, fetch } = inTurn(() => unavailable({}, status), () => jsonAnswer({}));
      await createApi({ baseUrl: BASE, fetch }).site.config();
      expect(calls, `status ${status}`).toHaveLength(2);
    }
    for (const status of [400, 401, 404, 409, 410, 413, 422]) {
      const { calls, fetch } = inTurn(() => unavailable({}, status), () => jsonAnswer({}));
      expect(await failed(createApi({ baseUrl: BASE, fetch }).site.config())).toMatchObject({ status });
      expect(calls, `status ${status}`).toHaveLength(1);
    }
  });

  it('never retries a POST, PUT, PATCH or DELETE', async () => {
    const { calls, fetch } = inTurn(() => unavailable());
    const api = createApi({ baseUrl: BASE, fetch });
    await failed(api.users.signOut());
    await failed(api.users.updateMe({ profile: null }));
    await failed(api.hiring.update('acme', 1, { rating: 3 }));
    await failed(api.hiring.removeStage('acme', 1));
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('retries a GET once when the network fails, not a POST', async () => {
    let n = 0;
    const flaky = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (n++ % 2 === 0) throw new TypeError('fetch failed');
      return fakeFetch(() => jsonAnswer({ jobs: [] })).fetch(input, init);
    };
    expect(await createApi({ baseUrl: BASE, fetch: flaky }).jobs.latest()).toEqual({ jobs: [] });
    expect(n).toBe(2);
    n = 0;
    const error = await failed(createApi({ baseUrl: BASE, fetch: flaky }).jobs.save(3));
    expect(error).toMatchObject({ status: 0, code: 'E_NETWORK' });
    expect(error.original).toBeInstanceOf(TypeError);
    expect(n).toBe(1);
  });

  it("follows a Retry-After in seconds or as a date, and gives up at once on one longer than MAX_RETRY_AFTER_MS", async () => {
    const soon = inTurn(() => unavailable({ 'Retry-After': '0' }, 429), () => jsonAnswer({ ok: 1 }));
    expect(await createApi({ baseUrl: BASE, fetch: soon.fetch }).site.config()).toEqual({ ok: 1 });
    expect(soon.calls).toHaveLength(2);
    const date = inTurn(() => unavailable({ 'Retry-After': new Date(Date.now() - 1000).toUTCString() }), () => jsonAnswer({ ok: 2 }));
    expect(await createApi({ baseUrl: BASE, fetch: date.fetch }).site.config()).toEqual({ ok: 2 });
    const late = inTurn(() => unavailable({ 'Retry-After': String(MAX_RETRY_AFTER_MS / 1000 + 1) }, 429), () => jsonAnswer({}));
    expect(await failed(createApi({ baseUrl: BASE, fetch: late.fetch }).site.config())).toMatchObject({ status: 429 });
    expect(late.calls).toHaveLength(1);
    // A 413 is retried only when its Retry-After says when.
    const large = inTurn(() => unavailable({ 'Retry-After': '0' }, 413), () => jsonAnswer({ ok: 3 }));
    expect(await createApi({ baseUrl: BASE, fetch: large.fetch }).site.config()).toEqual({ ok: 3 });
  });

  /** A fetch that answers only when its signal fires, as a server that never answers. */
  const never = (calls: RequestInit[], { honourAbort = true } = {}) => async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init!);
    return new Promise<Response>((_, reject) => {
      if (honourAbort) init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason));
    });
  };

  it('rejects with E_TIMEOUT when no answer comes within the timeout, without a retry', async () => {
    for (const honourAbort of [true, false]) {
      const calls: RequestInit[] = [];
      const api = createApi({ baseUrl: BASE, fetch: never(calls, { honourAbort }), timeout: 30 });
      expect(await failed(api.jobs.latest())).toMatchObject({ name: 'ApiError', status: 0, code: 'E_TIMEOUT' });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.signal!.aborted).toBe(true);
    }
  });

  it("rejects with E_ABORTED when the caller's signal fires, also while waiting to retry", async () => {
    const calls: RequestInit[] = [];
    const http = createApi({ baseUrl: BASE, fetch: never(calls) }).http;
    const controller = new AbortController();
    const pending = failed(http.get('site/config-base', { signal: controller.signal }).json());
    controller.abort();
    expect(await pending).toMatchObject({ status: 0, code: 'E_ABORTED' });
    expect(calls[0]!.signal!.aborted).toBe(true);

    const { calls: tries, fetch } = inTurn(() => unavailable());
    const waiting = new AbortController();
    const retrying = failed(createApi({ baseUrl: BASE, fetch }).http.get('site/config-base', { signal: waiting.signal }).json());
    await vi.waitFor(() => expect(tries).toHaveLength(1));
    waiting.abort();
    expect(await retrying).toMatchObject({ code: 'E_ABORTED' });
    expect(tries).toHaveLength(1);
  });

  it('runs the 403 rule once for a 403 GET, which is not retried', async () => {
    const events: string[] = [];
    const { calls, fetch } = inTurn(() => jsonAnswer({ message: 'Not allowed', code: 'E_FORBIDDEN' }, 403));
    const api = createApi({ baseUrl: BASE, fetch, isLoggedIn: () => true, onForbidden: () => void events.push('logout'), navigate: (to) => events.push(`navigate ${to}`) });
    expect(await failed(api.applicant.get())).toMatchObject({ status: 403, code: 'E_FORBIDDEN', message: 'Not allowed' });
    expect(events).toEqual(['logout', 'navigate /']);
    expect(calls).toHaveLength(1);
  });

  it('sends credentials, Accept, the extra headers, and JSON with its Content-Type', async () => {
    const inits: RequestInit[] = [];
    const { calls, fetch } = fakeFetch(() => jsonAnswer({}));
    const spy = (input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init!);
      return fetch(input, init);
    };
    await createApi({ baseUrl: BASE, fetch: spy, headers: { cookie: 'sid=1', 'cf-ipcountry': 'DK' } }).searches.save({ key: 'k', since: null } as never);
    expect(inits[0]!.credentials).toBe('include');
    expect(Object.fromEntries(calls[0]!.headers)).toMatchObject({ accept: 'application/json', 'content-type': 'application/json', cookie: 'sid=1', 'cf-ipcountry': 'DK' });
    expect(calls[0]!.json).toEqual({ key: 'k', since: null });
  });

  it("uses a plain-text error body as the message, or the status text", async () => {
    const text = fakeFetch(() => new Response('Too many sign-ins', { status: 429, headers: { 'Retry-After': '3600' } }));
    expect(await failed(createApi({ baseUrl: BASE, fetch: text.fetch }).users.signIn({ email: 'a@b.c', password: 'x' }))).toMatchObject({ status: 429, message: 'Too many sign-ins' });
    const empty = fakeFetch(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    expect(await failed(createApi({ baseUrl: BASE, fetch: empty.fetch }).users.signOut())).toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined });
  });

  it('resolves a relative baseUrl as fetch does, with the query after the path', async () => {
    const urls: string[] = [];
    const api = createApi({ baseUrl: '/api', fetch: async (input) => (urls.push(String(input)), jsonAnswer({ jobs: [] })) });
    await api.jobs.search({ countryCode: 'DK' });
    await api.blog.list(1);
    expect(urls).toEqual(['/api/v2/jobs?countryCode=DK', '/api/blog']);
  });
});
