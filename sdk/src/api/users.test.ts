import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi, type Api } from './index';
import { makeUser } from '../testing/fixtures';

const USER = makeUser();

type Case = [name: string, call: (api: Api) => Promise<unknown>, method: string, path: string, body: unknown];

const cases: Case[] = [
  ['signIn', (api) => api.users.signIn({ email: 'ann@nordlys.test', password: 'Secret1!', exists: true }), 'POST', '/api/users/sign-in', { email: 'ann@nordlys.test', password: 'Secret1!', exists: true }],
  ['me', (api) => api.users.me(), 'GET', '/api/users/me', undefined],
  ['updateMe (profile)', (api) => api.users.updateMe({ profile: 'company:acme' }), 'PUT', '/api/users/me', { profile: 'company:acme' }],
  ['updateMe (no profile)', (api) => api.users.updateMe({ profile: null }), 'PUT', '/api/users/me', { profile: null }],
  ['updateMe (uiFeatures)', (api) => api.users.updateMe({ uiFeatures: [{ name: 'kanban', reachedAt: '2026-01-02T03:04:05.000Z' }] }), 'PUT', '/api/users/me', { uiFeatures: [{ name: 'kanban', reachedAt: '2026-01-02T03:04:05.000Z' }] }],
  ['signOut', (api) => api.users.signOut(), 'POST', '/api/users/sign-out', undefined],
  ['signUp', (api) => api.users.signUp({ name: { first: 'Ann', last: 'Berg' }, email: 'ann@nordlys.test', password: 'Secret1!', reCaptchaResponse: 'captcha' }), 'POST', '/api/users/sign-up', { name: { first: 'Ann', last: 'Berg' }, email: 'ann@nordlys.test', password: 'Secret1!', reCaptchaResponse: 'captcha' }],
  ['forgotPassword', (api) => api.users.forgotPassword({ email: 'ann@nordlys.test' }), 'POST', '/api/users/forgot-password', { email: 'ann@nordlys.test' }],
  ['resetPassword', (api) => api.users.resetPassword({ password: 'Secret2!', resetKey: 'rk1' }), 'POST', '/api/users/reset-password', { password: 'Secret2!', resetKey: 'rk1' }],
  ['verifyEmail', (api) => api.users.verifyEmail({ emailVerificationKey: 'vk1' }), 'POST', '/api/users/verify-email', { emailVerificationKey: 'vk1' }],
  ['authorizeWithLinkedin', (api) => api.users.authorizeWithLinkedin({ accessToken: 'tok', allowRegistration: false }), 'POST', '/api/users/authorize-with-linkedin', { accessToken: 'tok', allowRegistration: false }],
  ['setPlatform (company)', (api) => api.users.setPlatform('companies', 'acme', { platform: 'nordlys' }), 'POST', '/api/companies/acme/platform', { platform: 'nordlys' }],
  ['setPlatform (investor)', (api) => api.users.setPlatform('investors', 'north vc', { platform: 'sister' }), 'POST', '/api/investors/north%20vc/platform', { platform: 'sister' }],
  ['applicant.create', (api) => api.applicant.create(), 'POST', '/api/applicant', undefined],
];

describe('users and applicant calls (spec 7)', () => {
  it.each(cases)('%s sends %s %s with its body', async (_name, call, method, path, body) => {
    const { calls, fetch } = fakeFetch(() => jsonAnswer(USER));
    await call(createApi({ baseUrl: 'http://nordlys.test/api/', fetch }));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, path });
    if (body === undefined) {
      expect(calls[0]!.json).toBeUndefined();
      expect(calls[0]!.text).toBe('');
    } else {
      expect(calls[0]!.json).toEqual(body);
    }
  });

  it('answers the user for sign-in, me, sign-up and reset-password', async () => {
    const { fetch } = fakeFetch(() => jsonAnswer(USER));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    expect(await api.users.signIn({ email: 'ann@nordlys.test', password: 'x' })).toEqual(USER);
    expect(await api.users.me()).toEqual(USER);
    expect(await api.users.signUp({ name: { first: 'A', last: 'B' }, email: 'a@b.c', password: 'x', reCaptchaResponse: 'c' })).toEqual(USER);
    expect(await api.users.resetPassword({ password: 'x', resetKey: 'k' })).toEqual(USER);
  });

  it('answers {user, found, created} for the provider sign-in', async () => {
    const { fetch } = fakeFetch(() => jsonAnswer({ user: USER, found: true, created: false }));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    expect(await api.users.authorizeWithLinkedin({ accessToken: 't', allowRegistration: true })).toEqual({ user: USER, found: true, created: false });
  });

  it('resolves calls without a shown answer on an empty 204', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    await expect(api.users.signOut()).resolves.toBeUndefined();
    await expect(api.applicant.create()).resolves.toBeUndefined();
  });

  it('rejects a sign-up of an existing account with its code (spec 8)', async () => {
    const { fetch } = fakeFetch(() => jsonAnswer({ message: 'The account exists', code: 'E_ACCOUNT_EXISTS' }, 409));
    const api = createApi({ baseUrl: 'http://nordlys.test/api/', fetch });
    const error = await api.users.signUp({ name: { first: 'A', last: 'B' }, email: 'a@b.c', password: 'x', reCaptchaResponse: 'c' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 409, code: 'E_ACCOUNT_EXISTS', message: 'The account exists' });
  });
});
