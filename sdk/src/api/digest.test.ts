import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi } from './index';

const PROFILE = {
  settingsKey: 'sk-1',
  email: 'ann+jobs@nordlys.test',
  frequency: 'weekly',
  locations: [{ countryCode: 'DK' }],
  includeRemoteJobs: true,
  categories: ['backend'],
  hourOfDay: 8,
  timeZone: 'Europe/Copenhagen',
  paused: false,
  status: 'active',
  nextDueAt: '2026-05-05T06:00:00.000Z',
  lastSentAt: null,
};

const setup = (reply?: Parameters<typeof fakeFetch>[0]) => {
  const recorded = fakeFetch(reply);
  return { ...recorded, api: createApi({ baseUrl: 'http://nordlys.test/api/', fetch: recorded.fetch }) };
};

describe('digest calls (spec 7)', () => {
  it('reads the digest profile by e-mail: GET digest/mail/{email}', async () => {
    const { api, last } = setup(() => jsonAnswer(PROFILE));
    expect(await api.digest.profileByEmail('ann+jobs@nordlys.test')).toEqual(PROFILE);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/digest/mail/ann%2Bjobs%40nordlys.test', text: '' });
  });

  it('subscribes: POST digest with locations and includeRemoteJobs', async () => {
    const { api, last } = setup(() => jsonAnswer({ status: 'pending' }, 202));
    const result = await api.digest.subscribe({ email: 'ann@nordlys.test', locations: [{ countryCode: 'SE' }], frequency: 'daily' });
    expect(result).toEqual({ ok: true, data: { status: 'pending' } });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/digest' });
    expect(last().json).toEqual({ email: 'ann@nordlys.test', locations: [{ countryCode: 'SE' }], includeRemoteJobs: false, frequency: 'daily' });
  });

  it('updates: PUT digest/{settingsKey}', async () => {
    const { api, last } = setup(() => jsonAnswer(PROFILE));
    const result = await api.digest.update('sk-1', { locations: [{ countryCode: 'NO' }], includeRemoteJobs: true, mergeData: true });
    expect(result).toEqual({ ok: true, data: PROFILE });
    expect(last()).toMatchObject({ method: 'PUT', path: '/api/digest/sk-1' });
    expect(last().json).toEqual({ locations: [{ countryCode: 'NO' }], includeRemoteJobs: true, mergeData: true });
  });

  it('sends a REMOTE location as includeRemoteJobs, never as a country (spec 5)', async () => {
    const { api, calls } = setup();
    await api.digest.subscribe({ email: 'a@b.se', locations: [{ countryCode: 'REMOTE' }, { countryCode: 'FI' }] });
    await api.digest.update('sk-1', { locations: [{ countryCode: 'REMOTE' }], includeRemoteJobs: false });
    expect(calls[0]!.json).toMatchObject({ locations: [{ countryCode: 'FI' }], includeRemoteJobs: true });
    expect(calls[1]!.json).toMatchObject({ locations: [], includeRemoteJobs: true });
  });
});

describe('the calls of issue #14: manage link, preview, confirm and unsubscribe', () => {
  it('reads a profile and its preview by settings key', async () => {
    const { api, calls } = setup((call) => jsonAnswer(call.path.endsWith('/preview') ? { jobs: [], total: 0, since: '2026-05-01T00:00:00.000Z' } : PROFILE));
    expect(await api.digest.get('sk/1')).toEqual(PROFILE);
    expect(await api.digest.preview('sk-1')).toEqual({ jobs: [], total: 0, since: '2026-05-01T00:00:00.000Z' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/digest/sk%2F1', 'GET /api/digest/sk-1/preview']);
  });

  it('confirms with the token of the mail', async () => {
    const { api, last } = setup(() => jsonAnswer(PROFILE));
    expect(await api.digest.confirm('t'.repeat(43))).toEqual(PROFILE);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/digest/confirm', json: { token: 't'.repeat(43) } });
  });

  it('unsubscribes with the one-click body of RFC 8058, the link in the query', async () => {
    const { api, last } = setup(() => jsonAnswer({ subscribed: false, email: 't***@nordlys.test' }));
    const query = { id: '7', token: 'a'.repeat(43) };
    expect(await api.digest.unsubscribe(query)).toEqual({ subscribed: false, email: 't***@nordlys.test' });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/digest/unsubscribe', query, text: 'List-Unsubscribe=One-Click' });
    expect(last().headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    await api.digest.unsubscribeInfo(query);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/digest/unsubscribe', query });
    await api.digest.remove('sk-1');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/api/digest/sk-1' });
  });
});

describe('spec 8: digest subscribe and update return their error', () => {
  it.each([
    ['subscribe', (api: ReturnType<typeof setup>['api']) => api.digest.subscribe({ email: 'a@b.se', locations: [] })],
    ['update', (api: ReturnType<typeof setup>['api']) => api.digest.update('sk-1', { locations: [] })],
  ])('%s resolves to { ok: false, error } on a server error', async (_name, call) => {
    const { api } = setup(() => jsonAnswer({ message: 'Please enter your email address', code: 'E_VALIDATION', errors: { email: ['Please enter your email address'] } }, 400));
    const result = await call(api);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({ status: 400, code: 'E_VALIDATION', message: 'Please enter your email address' });
    expect(result.error.errors).toEqual({ email: ['Please enter your email address'] });
  });

  it('returns a network failure too', async () => {
    const api = createApi({
      baseUrl: 'http://nordlys.test/api/',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const result = await api.digest.subscribe({ email: 'a@b.se', locations: [] });
    expect(result).toMatchObject({ ok: false, error: { name: 'ApiError', status: 0 } });
  });

  it('still throws for the profile read, which is not a silenced call', async () => {
    const { api } = setup(() => jsonAnswer({ message: 'Not found' }, 404));
    await expect(api.digest.profileByEmail('x@y.z')).rejects.toBeInstanceOf(ApiError);
  });
});
