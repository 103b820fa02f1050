import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationMessageSchema } from '@nordlys/sdk/popup-auth';
import { createDevIdentityProvider, DEMO_PERSON, DEV_CLIENT_ID, type DevIdentityProvider } from './dev-identity-provider';
import { createOidcSignIn, type OidcSignIn } from './oidc-sign-in';
import { providerRoutes } from './provider-routes';
import { runCallbackScript, serveOnRandomPort, TestBrowser, type RunningServer } from './test-support';

let server: RunningServer;
let dev: DevIdentityProvider;
let signIn: OidcSignIn;
const warnings: string[] = [];

beforeAll(async () => {
  server = await serveOnRandomPort(async (origin) => {
    dev = await createDevIdentityProvider({
      issuer: `${origin}/dev-oidc`,
      redirectUris: [`${origin}/auth/linkedin/callback`],
      log: (line) => warnings.push(line),
    });
    signIn = createOidcSignIn({ issuer: dev.issuer, clientId: dev.clientId, clientSecret: dev.clientSecret, name: 'LinkedIn (demo)', allowInsecure: true });
    return new Hono().route('/', providerRoutes(signIn, { log: (line) => warnings.push(line) })).route('/', dev.routes);
  });
});
afterAll(async () => {
  await dev?.close();
  await server?.close();
});

/** Opens the popup URL and follows it to the provider's sign-in form. */
async function openPopup(browser: TestBrowser) {
  const start = await browser.request(`${server.origin}/auth/linkedin`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const { res, url } = await browser.navigate(authorize);
  expect(res.status).toBe(200);
  expect(url.pathname).toMatch(/^\/dev-oidc\/interaction\/[\w-]+$/);
  const html = await res.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  return { start, authorize, form: { html, action: new URL(action!, url), headers: res.headers } };
}

/** Reads the envelope the callback page would post to its opener. */
async function postedMessage(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  const run = runCallbackScript(html, { origin: server.origin });
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain(`script-src 'nonce-${run.nonce}'`);
  expect(run.posted).toHaveLength(1);
  expect(run.posted[0]!.targetOrigin).toBe(server.origin);
  expect(run.closed).toBe(true);
  return { message: run.posted[0]!.message as Record<string, unknown>, html };
}

describe('provider sign-in popup against the embedded provider', () => {
  it('answers discovery under its mount, with endpoints under /dev-oidc', async () => {
    const res = await fetch(`${server.origin}/dev-oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const metadata = (await res.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${server.origin}/dev-oidc`);
    expect(metadata.authorization_endpoint).toBe(`${server.origin}/dev-oidc/auth`);
    expect(metadata.token_endpoint).toBe(`${server.origin}/dev-oidc/token`);
    expect(metadata.userinfo_endpoint).toBe(`${server.origin}/dev-oidc/me`);
  });

  it('sends the popup to the provider with state, nonce, PKCE and a short-lived flow cookie', async () => {
    const browser = new TestBrowser();
    const { start, authorize, form } = await openPopup(browser);

    expect(start.headers.get('cache-control')).toBe('no-store');
    expect(authorize.origin + authorize.pathname).toBe(`${server.origin}/dev-oidc/auth`);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe(DEV_CLIENT_ID);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${server.origin}/auth/linkedin/callback`);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);

    const flowCookie = start.headers.getSetCookie().find((line) => line.startsWith('nordlys_provider_flow='));
    expect(flowCookie).toBeDefined();
    expect(flowCookie).toMatch(/; Path=\/auth\/linkedin(;|$)/);
    expect(flowCookie).toMatch(/; HttpOnly/);
    expect(flowCookie).toMatch(/; SameSite=Lax/);
    expect(flowCookie).toMatch(/; Max-Age=600/);
    // The verifier stays on our side: the cookie is not readable as state or challenge.
    expect(flowCookie).not.toContain(params.get('code_challenge')!);

    // The sign-in form asks for e-mail, first and last name, prefilled with the demo person.
    expect(form.html).toContain(`value="${DEMO_PERSON.email}"`);
    expect(form.html).toContain(`value="${DEMO_PERSON.firstName}"`);
    expect(form.html).toContain(`value="${DEMO_PERSON.lastName}"`);
    expect(form.html).toMatch(/<button[^>]*value="continue"[^>]*>Continue<\/button>/);
    expect(form.html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(form.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('signs in the person of the form: the popup posts an access token, and profile() reads that person', async () => {
    const browser = new TestBrowser();
    const { form } = await openPopup(browser);
    const { res, url, visited } = await browser.navigate(form.action, {
      form: { email: 'Sofie.Aberg@example.com', firstName: 'Sofie', lastName: 'Åberg', action: 'continue' },
    });
    expect(url.pathname).toBe('/auth/linkedin/callback');
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(visited.some((u) => u.pathname.startsWith('/dev-oidc/auth/'))).toBe(true);

    const { message, html } = await postedMessage(res);
    expect(v.is(AuthorizationMessageSchema, message)).toBe(true);
    expect(message).toEqual({ type: 'nordlys:authorization', accessToken: expect.any(String), expiresIn: expect.any(Number) });
    // The provider's access token lifetime (an hour), counted down to the second.
    expect(message.expiresIn).toBeGreaterThan(3590);
    expect(message.expiresIn).toBeLessThanOrEqual(3600);
    expect(html).toContain('You are signed in with LinkedIn (demo).');
    // The flow is over: its cookie is gone.
    expect(browser.cookie('nordlys_provider_flow')).toBeUndefined();

    const profile = await signIn.profile(message.accessToken as string);
    expect(profile).toEqual({
      subject: expect.stringMatching(/^demo-[0-9a-f]{24}$/),
      email: 'Sofie.Aberg@example.com',
      emailVerified: true,
      firstName: 'Sofie',
      lastName: 'Åberg',
      pictureUrl: null,
    });
  });

  it('gives the same subject to the same e-mail and asks again on the next sign-in in the same browser', async () => {
    const browser = new TestBrowser();
    const signInAs = async (person: Record<string, string>) => {
      const { form } = await openPopup(browser);
      const { res } = await browser.navigate(form.action, { form: { ...person, action: 'continue' } });
      const { message } = await postedMessage(res);
      return signIn.profile(message.accessToken as string);
    };
    const first = await signInAs({ email: 'nils@example.com', firstName: 'Nils', lastName: 'Holm' });
    // openPopup asserts that the form is shown again, although the provider has a session now.
    const second = await signInAs({ email: 'NILS@example.com', firstName: 'Nils', lastName: 'Holm' });
    const third = await signInAs({ email: 'greta@example.com', firstName: 'Greta', lastName: 'Berg' });
    expect(second.subject).toBe(first.subject);
    expect(third.subject).not.toBe(first.subject);
    expect(third.firstName).toBe('Greta');
  });

  it('turns Cancel into user_cancelled_login, which the site shows no error for (spec 8)', async () => {
    const browser = new TestBrowser();
    const { form } = await openPopup(browser);
    const { res, url } = await browser.navigate(form.action, { form: { email: '', firstName: '', lastName: '', action: 'cancel' } });
    expect(url.pathname).toBe('/auth/linkedin/callback');
    expect(url.searchParams.get('error')).toBe('access_denied');
    const { message, html } = await postedMessage(res);
    expect(message).toEqual({ type: 'nordlys:authorization', error: 'user_cancelled_login' });
    expect(html).toContain('Sign-in was cancelled.');
  });

  it('refuses a callback with a forged state, and one without a flow cookie', async () => {
    const browser = new TestBrowser();
    const { form } = await openPopup(browser);
    // Follow the provider until it redirects to our callback, without calling the callback.
    let res = await browser.request(form.action, { form: { ...DEMO_PERSON, action: 'continue' } });
    let location = new URL(res.headers.get('location')!, form.action);
    while (location.pathname !== '/auth/linkedin/callback') {
      res = await browser.request(location);
      location = new URL(res.headers.get('location')!, location);
    }
    expect(location.searchParams.get('code')).toBeTruthy();

    const forged = new URL(location);
    forged.searchParams.set('state', 'forged-state-value-0123456789');
    const { message } = await postedMessage(await browser.request(forged));
    expect(message).toEqual({ type: 'nordlys:authorization', error: 'invalid_state', errorDescription: expect.stringMatching(/expired|another window/) });

    // The refused attempt ended the flow: even the genuine redirect is now refused.
    const { message: replay } = await postedMessage(await browser.request(location));
    expect(replay).toMatchObject({ error: 'invalid_state' });
    expect(replay).not.toHaveProperty('accessToken');

    const stranger = await postedMessage(await new TestBrowser().request(location));
    expect(stranger.message).toMatchObject({ error: 'invalid_state' });
  });

  it('rejects a garbage token with code invalid_token', async () => {
    await expect(signIn.profile('garbage-token')).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(signIn.profile('')).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a sign-in form posted from a browser without the interaction', async () => {
    const { form } = await openPopup(new TestBrowser());
    const res = await new TestBrowser().request(form.action, { form: { ...DEMO_PERSON, action: 'continue' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in has expired.');
  });

  it('re-asks with the problem when the form is incomplete, escaping what was typed', async () => {
    const browser = new TestBrowser();
    const { form } = await openPopup(browser);
    const res = await browser.request(form.action, { form: { email: 'not-an-email', firstName: '"><script>alert(1)</script>', lastName: 'X', action: 'continue' } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please enter an e-mail address.');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  it('logged no provider errors', () => {
    expect(warnings).toEqual([]);
  });
});
