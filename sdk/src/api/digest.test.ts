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
    const { api, last } = setup();
    const result = await api.digest.subscribe({ email: 'ann@nordlys.test', locations: [{ countryCode: 'SE' }], frequency: 'daily' });
    expect(result).toEqual({ ok: true, data: undefined });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/digest' });
    expect(last().json).toEqual({ email: 'ann@nordlys.test', locations: [{ countryCode: 'SE' }], includeRemoteJobs: false, frequency: 'daily' });
  });

  it('updates: PUT digest/{settingsKey}', async () => {
    const { api, last } = setup();
    const result = await api.digest.update('sk-1', { locations: [{ countryCode: 'NO' }], includeRemoteJobs: true, mergeData: true });
    expect(result.ok).toBe(true);
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
