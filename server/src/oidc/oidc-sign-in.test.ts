import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOidcSignIn, ProviderSignInError } from './oidc-sign-in';

/**
 * A fake OpenID provider with one issuer per path: /post and /basic differ in the client
 * authentication they accept, /flaky fails its first discovery.
 */
let server: Server;
let origin: string;
const requests: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
let discoveries: Record<string, number> = {};

const USERS: Record<string, object> = {
  'token-split': { sub: 'li-1', name: 'Ada King Lovelace', email: 'ada@example.com', email_verified: 'true', picture: 'https://media.example/ada.jpg' },
  'token-parts': { sub: 'li-2', given_name: 'Sofie', family_name: 'Åberg', name: 'ignored here', email_verified: false },
  'token-bare': { sub: 'li-3' },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, origin);
      requests.push({ path: url.pathname, headers: req.headers, body });
      const [, tenant = '', ...rest] = url.pathname.split('/');
      const issuer = `${origin}/${tenant}`;
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      const route = `/${rest.join('/')}`;
      if (route === '/.well-known/openid-configuration') {
        discoveries[tenant] = (discoveries[tenant] ?? 0) + 1;
        if (tenant === 'flaky' && discoveries[tenant] === 1) return json(503, { error: 'temporarily_unavailable' });
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          ...(tenant === 'basic' ? {} : { token_endpoint_auth_methods_supported: ['client_secret_post'] }),
        });
      }
      if (route === '/token') return json(400, { error: 'invalid_grant', error_description: 'The code has expired' });
      if (route === '/userinfo') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const user = USERS[token];
        if (!user) return json(401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
        return json(200, user);
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  discoveries = {};
});

const options = (tenant: string) => ({ issuer: `${origin}/${tenant}`, clientId: 'client-1', clientSecret: 's3cret', name: 'LinkedIn', allowInsecure: true });
const checks = (tenant: string) => ({ state: 'st', nonce: 'no', codeVerifier: 'v'.repeat(43), redirectUri: `${origin}/${tenant}-cb` });

describe('createOidcSignIn', () => {
  it('refuses an http issuer unless allowInsecure is set (development only)', () => {
    expect(() => createOidcSignIn({ ...options('post'), allowInsecure: false })).toThrow(/must use https/);
    expect(() => createOidcSignIn({ ...options('post'), issuer: 'ftp://example.com' })).toThrow(/must use https/);
    expect(createOidcSignIn({ ...options('post'), issuer: 'https://www.linkedin.com/oauth', allowInsecure: false }).name).toBe('LinkedIn');
  });

  it('reads the userinfo into a profile, splitting the full name when its parts are missing', async () => {
    const signIn = createOidcSignIn(options('post'));
    expect(await signIn.profile('token-split')).toEqual({
      subject: 'li-1',
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      pictureUrl: 'https://media.example/ada.jpg',
    });
    expect(await signIn.profile('token-parts')).toEqual({
      subject: 'li-2',
      email: null,
      emailVerified: false,
      firstName: 'Sofie',
      lastName: 'Åberg',
      pictureUrl: null,
    });
    expect(await signIn.profile('token-bare')).toEqual({ subject: 'li-3', email: null, emailVerified: false, firstName: '', lastName: '', pictureUrl: null });
    // The bearer token goes in the Authorization header.
    expect(requests.filter((r) => r.path === '/post/userinfo').map((r) => r.headers.authorization)).toEqual([
      'Bearer token-split',
      'Bearer token-parts',
      'Bearer token-bare',
    ]);
  });

  it('discovers once and reuses it', async () => {
    const signIn = createOidcSignIn(options('post'));
    await Promise.all([signIn.profile('token-split'), signIn.profile('token-parts')]);
    await signIn.profile('token-bare');
    expect(discoveries.post).toBe(1);
  });

  it('rejects a token the provider refuses with code invalid_token', async () => {
    const signIn = createOidcSignIn(options('post'));
    const error = await signIn.profile('expired-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderSignInError);
    expect(error).toMatchObject({ code: 'invalid_token' });
  });

  it('retries a failed discovery on the next call instead of failing for ever', async () => {
    const signIn = createOidcSignIn(options('flaky'));
    await expect(signIn.profile('token-split')).rejects.toMatchObject({ code: 'provider_unavailable' });
    expect((await signIn.profile('token-split')).subject).toBe('li-1');
    expect(discoveries.flaky).toBe(2);
  });

  it('reports an unreachable provider as provider_unavailable', async () => {
    const signIn = createOidcSignIn({ ...options('post'), issuer: 'http://127.0.0.1:1/nowhere' });
    await expect(signIn.profile('token-split')).rejects.toMatchObject({ code: 'provider_unavailable' });
    await expect(signIn.startAuthorization('http://localhost/cb')).rejects.toMatchObject({ code: 'provider_unavailable' });
  });

  it('authenticates at the token endpoint with client_secret_post where offered, else client_secret_basic', async () => {
    const params = new URLSearchParams({ code: 'the-code', state: 'st' });
    const post = createOidcSignIn(options('post'));
    await expect(post.finishAuthorization(params, checks('post'))).rejects.toMatchObject({ code: 'invalid_grant', message: 'The code has expired' });
    const postRequest = requests.find((r) => r.path === '/post/token')!;
    const postForm = new URLSearchParams(postRequest.body);
    expect(postForm.get('client_secret')).toBe('s3cret');
    expect(postForm.get('code')).toBe('the-code');
    expect(postForm.get('code_verifier')).toBe('v'.repeat(43));
    expect(postForm.get('redirect_uri')).toBe(`${origin}/post-cb`);
    expect(postRequest.headers.authorization).toBeUndefined();

    const basic = createOidcSignIn(options('basic'));
    await expect(basic.finishAuthorization(params, checks('basic'))).rejects.toMatchObject({ code: 'invalid_grant' });
    const basicRequest = requests.find((r) => r.path === '/basic/token')!;
    // RFC 6749 2.3.1: id and secret are form-urlencoded, then base64 encoded.
    const [id, secret] = Buffer.from(basicRequest.headers.authorization!.replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
    expect([id, secret]).toEqual(['client-1', 's3cret']);
    expect(new URLSearchParams(basicRequest.body).get('client_secret')).toBeNull();
  });

  it('builds the authorization URL with the scope, PKCE S256 and fresh state and nonce each time', async () => {
    const signIn = createOidcSignIn(options('post'));
    const one = await signIn.startAuthorization(`${origin}/cb`);
    const two = await signIn.startAuthorization(`${origin}/cb`);
    expect(one.url.origin + one.url.pathname).toBe(`${origin}/post/authorize`);
    expect(Object.fromEntries(one.url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      redirect_uri: `${origin}/cb`,
      scope: 'openid email profile',
      state: one.state,
      nonce: one.nonce,
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(one.url.searchParams.get('code_challenge')).not.toBe(one.codeVerifier);
    expect(two.state).not.toBe(one.state);
    expect(two.nonce).not.toBe(one.nonce);
    expect(two.codeVerifier).not.toBe(one.codeVerifier);
  });
});
