/** Professional-network sign-in against any OpenID Connect provider (LinkedIn, or the embedded demo), with openid-client. */
import * as client from 'openid-client';
import type { ProviderProfile, ProviderSignIn } from './types';

export interface OidcSignInOptions {
  /** The provider's issuer identifier, e.g. https://www.linkedin.com/oauth; discovery reads {issuer}/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The name on the buttons, e.g. 'LinkedIn'. */
  name: string;
  /** Allows an http:// issuer: development and tests only. */
  allowInsecure?: boolean;
  /** Per-request timeout towards the provider. */
  timeoutSeconds?: number;
  /** See ProviderSignIn.connectsPasswordAccounts; true by default. */
  connectsPasswordAccounts?: boolean;
}

/** What the popup routes keep between sending the user to the provider and the provider sending them back. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface OidcSignIn extends ProviderSignIn {
  readonly issuer: string;
  /** Fresh state, nonce and PKCE verifier, and the provider's authorization URL carrying them. */
  startAuthorization(redirectUri: string): Promise<AuthorizationChecks & { url: URL }>;
  /**
   * Exchanges the code of the provider's redirect (its query parameters) for an access token, checking
   * state, nonce (in the ID token) and the PKCE verifier. Rejects with a {@link ProviderSignInError}.
   */
  finishAuthorization(callbackParams: URLSearchParams, checks: AuthorizationChecks): Promise<{ accessToken: string; expiresIn: number }>;
}

/**
 * A failure talking to the provider. `code` is 'invalid_token' when the provider refuses an access
 * token, 'provider_unavailable' when it cannot be reached or discovered, or the provider's own OAuth
 * error code (e.g. 'invalid_grant').
 */
export class ProviderSignInError extends Error {
  override readonly name = 'ProviderSignInError';
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** OAuth's expires_in is optional; without it the token is treated as good for an hour. */
const DEFAULT_EXPIRES_IN = 3600;
export const PROVIDER_SCOPE = 'openid email profile';

/**
 * Creates the sign-in for one provider. Discovery happens on first use and is cached; a failed
 * discovery is retried on the next call, so the server starts even while the provider is down.
 * @example createOidcSignIn({ issuer: 'https://www.linkedin.com/oauth', clientId, clientSecret, name: 'LinkedIn' })
 */
export function createOidcSignIn({
  issuer,
  clientId,
  clientSecret,
  name,
  allowInsecure = false,
  timeoutSeconds = 10,
  connectsPasswordAccounts = true,
}: OidcSignInOptions): OidcSignIn {
  const issuerUrl = new URL(issuer);
  if (issuerUrl.protocol !== 'https:' && !(allowInsecure && issuerUrl.protocol === 'http:')) {
    throw new TypeError(`createOidcSignIn: issuer ${issuer} must use https (http is allowed only with allowInsecure, in development)`);
  }
  if (!clientId || !clientSecret) throw new TypeError('createOidcSignIn: options "clientId" and "clientSecret" must be non-empty');
  const execute = allowInsecure ? [client.allowInsecureRequests] : [];

  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= discover().catch((error: unknown) => {
      discovered = undefined;
      throw new ProviderSignInError('provider_unavailable', `Could not discover the OpenID provider ${issuer}: ${(error as Error).message}`, { cause: error });
    }));

  async function discover(): Promise<client.Configuration> {
    const config = await client.discovery(issuerUrl, clientId, clientSecret, client.ClientSecretPost(clientSecret), { execute, timeout: timeoutSeconds });
    // RFC 8414: a provider that lists no methods takes client_secret_basic; LinkedIn takes only post.
    const methods = config.serverMetadata().token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_post')) return config;
    const basic = new client.Configuration(config.serverMetadata(), clientId, clientSecret, client.ClientSecretBasic(clientSecret));
    basic.timeout = timeoutSeconds;
    for (const apply of execute) apply(basic);
    return basic;
  }

  return {
    name,
    issuer,
    connectsPasswordAccounts,

    async startAuthorization(redirectUri) {
      const config = await configuration();
      const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier(), redirectUri };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: PROVIDER_SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { ...checks, url };
    },

    async finishAuthorization(callbackParams, { state, nonce, codeVerifier, redirectUri }) {
      const config = await configuration();
      // openid-client takes the redirect_uri for the token request from this URL (without its query).
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackParams.toString();
      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, { expectedState: state, expectedNonce: nonce, pkceCodeVerifier: codeVerifier });
        return { accessToken: tokens.access_token, expiresIn: tokens.expiresIn() ?? DEFAULT_EXPIRES_IN };
      } catch (error) {
        throw asProviderError(error, 'The provider did not complete the sign-in');
      }
    },

    async profile(accessToken) {
      if (typeof accessToken !== 'string' || !accessToken) throw new ProviderSignInError('invalid_token', 'No access token was given');
      const config = await configuration();
      try {
        // The subject is what we are asking for, so there is none to compare with.
        return toProfile(await client.fetchUserInfo(config, accessToken, client.skipSubjectCheck));
      } catch (error) {
        throw asProviderError(error, 'The provider did not answer with a profile');
      }
    },
  };
}

function asProviderError(error: unknown, context: string): ProviderSignInError {
  if (error instanceof ProviderSignInError) return error;
  // A Bearer challenge (401 invalid_token, 403 insufficient_scope) means the token is refused.
  if (error instanceof client.WWWAuthenticateChallengeError) {
    return new ProviderSignInError('invalid_token', 'The provider refused the access token', { cause: error });
  }
  if (error instanceof client.ResponseBodyError) {
    const code = error.status === 401 ? 'invalid_token' : error.error;
    return new ProviderSignInError(code, error.error_description || `${context}: ${error.error}`, { cause: error });
  }
  if (error instanceof client.AuthorizationResponseError) {
    return new ProviderSignInError(error.error, error.error_description || error.error, { cause: error });
  }
  if (error instanceof client.ClientError) {
    return new ProviderSignInError('invalid_response', `${context}: ${error.message}`, { cause: error });
  }
  return new ProviderSignInError('provider_unavailable', `${context}: ${(error as Error)?.message ?? error}`, { cause: error });
}

function toProfile(info: client.UserInfoResponse): ProviderProfile {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  // spec 5: a full name is split on a space when the parts are missing.
  const [first = '', ...rest] = (text(info.name) ?? '').split(/\s+/).filter(Boolean);
  return {
    subject: info.sub,
    email: text(info.email) ?? null,
    // Some providers send the boolean as a string.
    emailVerified: info.email_verified === true || (info.email_verified as unknown) === 'true',
    firstName: text(info.given_name) ?? first,
    lastName: text(info.family_name) ?? rest.join(' '),
    pictureUrl: text(info.picture) ?? null,
  };
}
