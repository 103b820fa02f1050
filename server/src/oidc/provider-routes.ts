/**
 * The provider popup (spec 7 authorize-with-linkedin, spec 8): GET /auth/linkedin sends the popup to the
 * provider, GET /auth/linkedin/callback exchanges the code and posts the token to the opener.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AUTHORIZATION_MESSAGE_TYPE, type AuthorizationMessage } from '@nordlys/sdk/popup-auth';
import { AUTHORIZE_PATH } from '../auth-parts';
import { callbackPage } from './callback-page';
import type { AuthorizationChecks, OidcSignIn } from './oidc-sign-in';

export { AUTHORIZE_PATH };
export const CALLBACK_PATH = `${AUTHORIZE_PATH}/callback`;
const COOKIE = 'nordlys_provider_flow';
/** The user has this long to finish signing in at the provider. */
const FLOW_SECONDS = 600;

export interface ProviderRoutesOptions {
  /**
   * The public origin the provider sends the popup back to; the request's own origin by default.
   * Behind a TLS-terminating proxy pass the public URL, e.g. `() => 'https://nordlys.dk'`.
   */
  origin?: (request: Request) => string;
  /** Where failures talking to the provider are reported; console.warn by default. */
  log?: (line: string) => void;
}

/**
 * The popup routes for one provider. The state, nonce and PKCE verifier live in a short-lived
 * httpOnly SameSite=Lax cookie scoped to /auth/linkedin; the callback page always answers 200 with
 * the envelope (`{ type, accessToken, expiresIn }` or `{ type, error, errorDescription? }`), and the
 * provider's access_denied (the user pressed cancel) becomes 'user_cancelled_login' (spec 8).
 */
export function providerRoutes(signIn: OidcSignIn, { origin, log = console.warn }: ProviderRoutesOptions = {}): Hono {
  const app = new Hono();
  const answer = (c: Context, message: AuthorizationMessage) => {
    const { html, headers } = callbackPage(message, signIn.name);
    return c.html(html, 200, headers);
  };
  const failure = (error: string, errorDescription?: string): AuthorizationMessage => ({
    type: AUTHORIZATION_MESSAGE_TYPE,
    error,
    ...(errorDescription ? { errorDescription } : {}),
  });

  app.get(AUTHORIZE_PATH, async (c) => {
    const publicOrigin = (origin?.(c.req.raw) ?? new URL(c.req.url).origin).replace(/\/+$/, '');
    let flow: Awaited<ReturnType<OidcSignIn['startAuthorization']>>;
    try {
      flow = await signIn.startAuthorization(`${publicOrigin}${CALLBACK_PATH}`);
    } catch (error) {
      log(`[auth] ${signIn.name} sign-in could not start: ${(error as Error).message}`);
      return answer(c, failure('temporarily_unavailable', `${signIn.name} sign-in is not available right now. Please try again later.`));
    }
    const { url, ...checks } = flow;
    setCookie(c, COOKIE, encodeFlow(checks), {
      path: AUTHORIZE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: publicOrigin.startsWith('https:'),
      maxAge: FLOW_SECONDS,
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(url.href, 302);
  });

  app.get(CALLBACK_PATH, async (c) => {
    const checks = decodeFlow(getCookie(c, COOKIE));
    // One attempt per flow: a reload or a replayed callback starts over.
    deleteCookie(c, COOKIE, { path: AUTHORIZE_PATH, secure: checks?.redirectUri.startsWith('https:') ?? false });
    const params = new URL(c.req.url).searchParams;

    if (!checks || !sameText(params.get('state') ?? '', checks.state)) {
      return answer(c, failure('invalid_state', 'The sign-in expired or was started in another window. Please try again.'));
    }
    const error = params.get('error');
    if (error) {
      // spec 8: cancelling at the provider is "not authorized", shown to no one.
      if (error === 'access_denied') return answer(c, failure('user_cancelled_login'));
      return answer(c, failure(error, params.get('error_description') ?? undefined));
    }
    try {
      const { accessToken, expiresIn } = await signIn.finishAuthorization(params, checks);
      return answer(c, { type: AUTHORIZATION_MESSAGE_TYPE, accessToken, expiresIn });
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: string };
      log(`[auth] ${signIn.name} sign-in failed: ${message}`);
      return answer(c, failure(typeof code === 'string' && code ? code : 'server_error', message));
    }
  });

  return app;
}

function encodeFlow(checks: AuthorizationChecks): string {
  return Buffer.from(JSON.stringify(checks)).toString('base64url');
}

function decodeFlow(cookie: string | undefined): AuthorizationChecks | null {
  if (!cookie) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { state, nonce, codeVerifier, redirectUri } = value as Record<string, unknown>;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof redirectUri !== 'string') return null;
    return { state, nonce, codeVerifier, redirectUri };
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
