import { describe, expect, it } from 'vitest';
import type { AuthorizationChecks, OidcSignIn } from './oidc-sign-in';
import { ProviderSignInError } from './oidc-sign-in';
import { providerRoutes } from './provider-routes';
import { runCallbackScript } from './test-support';

/** A sign-in that answers without a network, recording what the routes asked of it. */
function stubSignIn(finish: OidcSignIn['finishAuthorization'] = async () => ({ accessToken: 'tok', expiresIn: 60 })) {
  const calls: { redirectUri?: string; params?: URLSearchParams; checks?: AuthorizationChecks } = {};
  const signIn: OidcSignIn = {
    name: 'LinkedIn',
    issuer: 'https://provider.example',
    async startAuthorization(redirectUri) {
      calls.redirectUri = redirectUri;
      return { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1', redirectUri, url: new URL('https://provider.example/authorize?x=1') };
    },
    async finishAuthorization(params, checks) {
      calls.params = params;
      calls.checks = checks;
      return finish(params, checks);
    },
    profile: async () => {
      throw new Error('not used');
    },
  };
  return { signIn, calls };
}

const quiet = { log: () => {} };

/** Starts a flow and returns the cookie the browser would send back to the callback. */
async function start(app: ReturnType<typeof providerRoutes>, url = 'http://localhost:3000/auth/linkedin') {
  const res = await app.request(url);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0]! };
}

async function message(res: Response) {
  expect(res.status).toBe(200);
  const run = runCallbackScript(await res.text(), { origin: 'http://localhost:3000' });
  return run.posted[0]?.message;
}

describe('providerRoutes', () => {
  it('redirects to the provider with the callback on the request’s origin, keeping the checks in a scoped cookie', async () => {
    const { signIn, calls } = stubSignIn();
    const { res, setCookie } = await start(providerRoutes(signIn, quiet));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://provider.example/authorize?x=1');
    expect(calls.redirectUri).toBe('http://localhost:3000/auth/linkedin/callback');
    expect(setCookie).toMatch(/^nordlys_provider_flow=[\w-]+; Max-Age=600; Path=\/auth\/linkedin; HttpOnly; SameSite=Lax$/);
  });

  it('uses the configured public origin, with a Secure cookie, behind a TLS proxy', async () => {
    const { signIn, calls } = stubSignIn();
    const { setCookie } = await start(providerRoutes(signIn, { ...quiet, origin: () => 'https://nordlys.dk/' }), 'http://internal:8080/auth/linkedin');
    expect(calls.redirectUri).toBe('https://nordlys.dk/auth/linkedin/callback');
    expect(setCookie).toMatch(/; Secure/);
  });

  it('exchanges the code with the checks of this flow and posts the token; the cookie is then cleared', async () => {
    const { signIn, calls } = stubSignIn();
    const app = providerRoutes(signIn, quiet);
    const { cookie } = await start(app);
    const res = await app.request('http://localhost:3000/auth/linkedin/callback?code=c-1&state=state-1', { headers: { cookie } });
    expect(await message(res)).toEqual({ type: 'nordlys:authorization', accessToken: 'tok', expiresIn: 60 });
    expect(calls.params?.get('code')).toBe('c-1');
    expect(calls.checks).toEqual({ state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1', redirectUri: 'http://localhost:3000/auth/linkedin/callback' });
    expect(res.headers.get('set-cookie')).toMatch(/^nordlys_provider_flow=; Max-Age=0; Path=\/auth\/linkedin/);
  });

  it('passes the provider’s own cancel codes and other errors through, and maps access_denied to user_cancelled_login', async () => {
    const { signIn, calls } = stubSignIn();
    const app = providerRoutes(signIn, quiet);
    const { cookie } = await start(app);
    const callback = (query: string) => app.request(`http://localhost:3000/auth/linkedin/callback?state=state-1&${query}`, { headers: { cookie } });
    expect(await message(await callback('error=access_denied&error_description=User+said+no'))).toEqual({ type: 'nordlys:authorization', error: 'user_cancelled_login' });
    expect(await message(await callback('error=user_cancelled_authorize'))).toEqual({ type: 'nordlys:authorization', error: 'user_cancelled_authorize' });
    expect(await message(await callback('error=server_error&error_description=Try+later'))).toEqual({
      type: 'nordlys:authorization',
      error: 'server_error',
      errorDescription: 'Try later',
    });
    expect(calls.params).toBeUndefined();
  });

  it('posts the provider’s refusal of the code as an error with its description', async () => {
    const { signIn } = stubSignIn(async () => {
      throw new ProviderSignInError('invalid_grant', 'The code has expired');
    });
    const lines: string[] = [];
    const app = providerRoutes(signIn, { log: (line) => lines.push(line) });
    const { cookie } = await start(app);
    const res = await app.request('http://localhost:3000/auth/linkedin/callback?code=old&state=state-1', { headers: { cookie } });
    expect(await message(res)).toEqual({ type: 'nordlys:authorization', error: 'invalid_grant', errorDescription: 'The code has expired' });
    expect(lines).toEqual(['[auth] LinkedIn sign-in failed: The code has expired']);
  });

  it('refuses a wrong state or a garbled cookie without asking the provider', async () => {
    const { signIn, calls } = stubSignIn();
    const app = providerRoutes(signIn, quiet);
    const { cookie } = await start(app);
    const wrong = await app.request('http://localhost:3000/auth/linkedin/callback?code=c&state=state-2', { headers: { cookie } });
    expect(await message(wrong)).toMatchObject({ error: 'invalid_state' });
    const garbled = await app.request('http://localhost:3000/auth/linkedin/callback?code=c&state=state-1', { headers: { cookie: 'nordlys_provider_flow=%%%' } });
    expect(await message(garbled)).toMatchObject({ error: 'invalid_state' });
    expect(calls.params).toBeUndefined();
  });

  it('shows a retry-later error in the popup when the provider cannot be reached, setting no cookie', async () => {
    const signIn: OidcSignIn = {
      ...stubSignIn().signIn,
      startAuthorization: async () => {
        throw new ProviderSignInError('provider_unavailable', 'connect ECONNREFUSED');
      },
    };
    const lines: string[] = [];
    const res = await providerRoutes(signIn, { log: (line) => lines.push(line) }).request('http://localhost:3000/auth/linkedin');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await message(res)).toEqual({
      type: 'nordlys:authorization',
      error: 'temporarily_unavailable',
      errorDescription: 'LinkedIn sign-in is not available right now. Please try again later.',
    });
    expect(lines).toEqual(['[auth] LinkedIn sign-in could not start: connect ECONNREFUSED']);
  });
});
