/**
 * The embedded default of the professional-network sign-in: "LinkedIn (demo)", an OpenID Connect
 * provider (oidc-provider) served by our own server under /dev-oidc, so sign-in works offline.
 * Whoever you type into its form is who it says you are.
 */
import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import Provider, { errors, type Account, type KoaContextWithOIDC } from 'oidc-provider';
import { cspNonce, escapeHtml } from './callback-page';
import { createMemoryAdapter } from './memory-adapter';
import { PROVIDER_SCOPE } from './oidc-sign-in';

export const DEV_PROVIDER_NAME = 'LinkedIn (demo)';
export const DEV_CLIENT_ID = 'nordlys-dev';
const SESSION_COOKIE = 'dev_oidc_session';

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
}

/** Prefilled in the form. */
export const DEMO_PERSON: DemoPerson = { email: 'astrid.lindqvist@example.com', firstName: 'Astrid', lastName: 'Lindqvist' };

export interface DevIdentityProviderOptions {
  /** e.g. http://localhost:3000/dev-oidc; its path is where the routes are mounted. */
  issuer: string;
  /** The callback URLs of our client, e.g. http://localhost:3000/auth/linkedin/callback and the 127.0.0.1 one. */
  redirectUris: string[];
  /** Trust X-Forwarded-Proto/Host (a TLS proxy in front of a development server). */
  proxy?: boolean;
  log?: (line: string) => void;
}

export interface DevIdentityProvider {
  issuer: string;
  /** Mount path of the routes, the issuer's path: '/dev-oidc'. */
  mountPath: string;
  clientId: string;
  /** Random per process; hand it to createOidcSignIn. */
  clientSecret: string;
  /**
   * The provider's endpoints and its sign-in pages under `mountPath`; mount at '/'. They hand Node's
   * request and response to oidc-provider, so they only work when served by @hono/node-server.
   */
  routes: Hono<{ Bindings: HttpBindings }>;
  close(): Promise<void>;
}

/**
 * Creates the demo provider with one client (`nordlys-dev`, client_secret_post, the given redirect
 * URIs). Its sign-in page asks e-mail, first and last name; Continue signs that person in (subject
 * derived from the e-mail, email_verified true), Cancel answers access_denied. Consent is implied
 * for our client, and every authorization asks again (no single sign-on), so a developer can be
 * someone else next time.
 */
export async function createDevIdentityProvider({ issuer, redirectUris, proxy = false, log = console.warn }: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '');
  if (!mountPath) throw new TypeError(`createDevIdentityProvider: issuer ${issuer} needs a path to mount under, e.g. /dev-oidc`);
  const clientSecret = randomBytes(24).toString('base64url');
  const people = new Map<string, DemoPerson>();
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: true,
          given_name: person.firstName,
          family_name: person.lastName,
          name: `${person.firstName} ${person.lastName}`,
        }),
      };
    },
    // Consent is implied for our own client: grant what it asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (oidc.client?.clientId !== DEV_CLIENT_ID || !oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId: DEV_CLIENT_ID, accountId: oidc.session.accountId });
      grant.addOIDCScope(PROVIDER_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev', use: 'sig', alg: 'RS256' }] },
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      // Our own names, and the session cookie kept under /dev-oidc, away from the site's cookies.
      names: { session: SESSION_COOKIE, interaction: 'dev_oidc_interaction', resume: 'dev_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: mountPath },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 600, Grant: 600 },
    clientBasedCORS: () => false,
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(out.error_description || out.error || 'Something went wrong')}</p><p>You can close this window.</p>`, cspNonce());
    },
  });
  provider.proxy = proxy;
  provider.on('server_error', (_ctx: unknown, error: Error) => log(`[dev-oidc] ${error.stack ?? error.message}`));
  const handle = provider.callback();

  const routes = new Hono<{ Bindings: HttpBindings }>();

  routes.get(`${mountPath}/interaction/:uid`, async (c) => {
    const { incoming, outgoing } = nodeBindings(c);
    try {
      const details = await provider.interactionDetails(incoming, outgoing);
      if (details.uid !== c.req.param('uid')) return expired(c);
      if (details.prompt.name !== 'login') {
        // loadExistingGrant answers consent for our client; anything else is not ours to grant.
        await provider.interactionFinished(incoming, outgoing, { error: 'access_denied', error_description: 'The demo provider only signs in Nordlys' }, { mergeWithLastSubmission: false });
        return RESPONSE_ALREADY_SENT;
      }
      const hint = details.params.login_hint;
      return signInForm(c, `${mountPath}/interaction/${encodeURIComponent(details.uid)}/login`, hint ? { ...DEMO_PERSON, email: hint } : DEMO_PERSON);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return expired(c);
      throw error;
    }
  });

  routes.post(`${mountPath}/interaction/:uid/login`, async (c) => {
    const { incoming, outgoing } = nodeBindings(c);
    const form = await c.req.parseBody();
    try {
      const details = await provider.interactionDetails(incoming, outgoing);
      if (details.uid !== c.req.param('uid') || details.prompt.name !== 'login') return expired(c);
      if (form.action === 'cancel') {
        await provider.interactionFinished(incoming, outgoing, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
        return RESPONSE_ALREADY_SENT;
      }
      const person = {
        email: String(form.email ?? '').trim(),
        firstName: String(form.firstName ?? '').trim(),
        lastName: String(form.lastName ?? '').trim(),
      };
      const problem = checkPerson(person);
      if (problem) return signInForm(c, `${mountPath}/interaction/${encodeURIComponent(details.uid)}/login`, person, problem);
      const accountId = `demo-${createHash('sha256').update(person.email.toLowerCase()).digest('hex').slice(0, 24)}`;
      people.set(accountId, person);
      await provider.interactionFinished(incoming, outgoing, { login: { accountId } }, { mergeWithLastSubmission: false });
      return RESPONSE_ALREADY_SENT;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return expired(c);
      throw error;
    }
  });

  // Everything else under the mount is oidc-provider's: it sees paths relative to the mount (as
  // Express's app.use(path, …) would give it) and builds its URLs from originalUrl.
  routes.all(`${mountPath}/*`, async (c) => {
    const { incoming, outgoing } = nodeBindings(c);
    const url = incoming.url ?? '/';
    (incoming as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    incoming.url = url.slice(mountPath.length) || '/';
    // No single sign-on in the demo: the authorization endpoint and its resume never see the
    // provider's session, so the form is shown every time and a developer can be someone else next
    // time (over a session of another person, oidc-provider would first interpose a log-out page).
    if (/^\/auth(\/|\?|$)/.test(incoming.url)) withoutCookies(incoming, SESSION_COOKIE);
    await new Promise<void>((resolve) => {
      outgoing.once('finish', resolve);
      outgoing.once('close', resolve);
      void handle(incoming, outgoing);
    });
    return RESPONSE_ALREADY_SENT;
  });

  return { issuer, mountPath, clientId: DEV_CLIENT_ID, clientSecret, routes, close: async () => {} };
}

function nodeBindings(c: Context<{ Bindings: HttpBindings }>): { incoming: IncomingMessage; outgoing: ServerResponse } {
  const { incoming, outgoing } = (c.env ?? {}) as Partial<HttpBindings>;
  if (!incoming || !outgoing || !('socket' in incoming)) {
    throw new Error('The embedded OpenID provider needs the Node request: serve the app with @hono/node-server');
  }
  return { incoming: incoming as IncomingMessage, outgoing: outgoing as ServerResponse };
}

/** Drops a (signed) cookie from the request as oidc-provider will read it. */
function withoutCookies(incoming: IncomingMessage, name: string): void {
  const header = incoming.headers.cookie;
  if (!header) return;
  const kept = header.split(/;\s*/).filter((pair) => {
    const cookieName = pair.slice(0, pair.indexOf('='));
    return cookieName !== name && cookieName !== `${name}.sig`;
  });
  if (kept.length) incoming.headers.cookie = kept.join('; ');
  else delete incoming.headers.cookie;
}

function checkPerson({ email, firstName, lastName }: DemoPerson): string | null {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return 'Please enter an e-mail address.';
  if (!firstName || firstName.length > 50) return 'Please enter a first name (at most 50 characters).';
  if (!lastName || lastName.length > 50) return 'Please enter a last name (at most 50 characters).';
  return null;
}

function expired(c: Context) {
  const nonce = cspNonce();
  return html(c, page('Sign-in expired', '<p>This sign-in has expired. Close this window and try again.</p>', nonce), nonce, 400);
}

function signInForm(c: Context, action: string, person: DemoPerson, problem?: string) {
  const nonce = cspNonce();
  const field = (name: keyof DemoPerson, label: string, type: string, autocomplete: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required maxlength="${name === 'email' ? 254 : 50}" value="${escapeHtml(person[name])}">`;
  const body = `<h1>Sign in to ${escapeHtml(DEV_PROVIDER_NAME)}</h1>
<p class="note">This is the development stand-in for ${escapeHtml(DEV_PROVIDER_NAME.replace(' (demo)', ''))}: whoever you enter here is who it tells Nordlys you are.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${field('email', 'E-mail', 'email', 'email')}
${field('firstName', 'First name', 'text', 'given-name')}
${field('lastName', 'Last name', 'text', 'family-name')}
<div class="actions"><button type="submit" name="action" value="continue">Continue</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form>`;
  return html(c, page(`Sign in to ${DEV_PROVIDER_NAME}`, body, nonce), nonce, problem ? 400 : 200);
}

function html(c: Context, content: string, nonce: string, status: 200 | 400) {
  c.header('Cache-Control', 'no-store');
  // No form-action: after the form, the provider redirects to our callback, possibly on another origin.
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`);
  c.header('X-Content-Type-Options', 'nosniff');
  return c.html(content, status);
}

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body { font: 16px/1.5 system-ui, sans-serif; max-width: 26rem; margin: 2rem auto; padding: 0 1rem; color: #1d2226; }
h1 { font-size: 1.4rem; }
.note { color: #555; font-size: .9rem; }
.problem { color: #b3261e; }
label { display: block; margin-top: .75rem; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; border: 1px solid #888; border-radius: 4px; }
.actions { display: flex; gap: .5rem; margin-top: 1.25rem; }
button { padding: .5rem 1.25rem; font: inherit; border-radius: 999px; border: 1px solid #0a66c2; background: #fff; color: #0a66c2; cursor: pointer; }
button[value="continue"] { background: #0a66c2; color: #fff; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
