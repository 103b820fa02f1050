/** Chooses the sign-in parts from the environment: real services when configured, embedded defaults otherwise. */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { AUTHORIZE_PATH, type AuthParts } from './auth-parts';
import { createAltchaCaptcha } from './captcha/altcha';
import { createRecaptchaCaptcha } from './captcha/recaptcha';
import { captchaRoutes } from './captcha/routes';
import type { Captcha } from './captcha/types';
import { createMailer } from './mail/mailer';
import { createDevIdentityProvider, DEV_PROVIDER_NAME, type DevIdentityProvider } from './oidc/dev-identity-provider';
import { createOidcSignIn, type OidcSignIn } from './oidc/oidc-sign-in';
import { providerRoutes } from './oidc/provider-routes';

export const DEFAULT_MAIL_FROM = 'Nordlys <no-reply@nordlys.localhost>';
export const DEFAULT_PROVIDER_NAME = 'LinkedIn';

export interface CreateAuthPartsOptions {
  /** SMTP_URL, MAIL_FROM, RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY, ALTCHA_HMAC_KEY, ALTCHA_MAX_NUMBER, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PROVIDER_NAME. */
  env: Record<string, string | undefined>;
  /**
   * The origins the site is served on, the canonical one first, e.g. ['http://localhost:3000',
   * 'http://127.0.0.1:3000']. The embedded provider's issuer is the first plus /dev-oidc and accepts
   * callbacks on all of them; in production the provider's redirect URI is built on the first.
   */
  publicOrigins: string[];
  /** Where the outbox writes mail when SMTP_URL is not set. */
  outboxDir: string;
  isProduction: boolean;
  /** One line per outbox mail and warning; console.log by default. */
  log?: (line: string) => void;
}

export interface CreatedAuthParts extends AuthParts {
  /** The provider's routes and checks, when it is an OpenID Connect one. */
  provider: OidcSignIn | null;
  /** One line saying what was chosen, for the start-up log (no secrets). */
  summary: string;
}

/**
 * Picks each part: SMTP_URL → SMTP, else the outbox in `outboxDir`; RECAPTCHA_SITE_KEY and
 * RECAPTCHA_SECRET_KEY → reCAPTCHA, else altcha signed with ALTCHA_HMAC_KEY (or a random key per
 * process, whose challenges do not survive a restart or reach another replica); OIDC_ISSUER,
 * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET → that provider named OIDC_PROVIDER_NAME (default
 * 'LinkedIn'), else outside production the embedded "LinkedIn (demo)" under /dev-oidc, else none.
 * A half-configured service is an error, not a silent fallback.
 */
export async function createAuthParts({ env, publicOrigins, outboxDir, isProduction, log = console.log }: CreateAuthPartsOptions): Promise<CreatedAuthParts> {
  const origins = publicOrigins.map((origin) => new URL(origin).origin);
  const value = (name: string) => env[name]?.trim() || undefined;

  const smtpUrl = value('SMTP_URL');
  const mailer = createMailer({ smtpUrl, outboxDir, from: value('MAIL_FROM') ?? DEFAULT_MAIL_FROM, log });
  const mailSummary = smtpUrl ? `SMTP at ${new URL(smtpUrl).host}` : `outbox in ${outboxDir}`;

  const captcha = chooseCaptcha(value, isProduction, log);

  let provider: OidcSignIn | null = null;
  let dev: DevIdentityProvider | null = null;
  const oidc = { issuer: value('OIDC_ISSUER'), clientId: value('OIDC_CLIENT_ID'), clientSecret: value('OIDC_CLIENT_SECRET') };
  if (oidc.issuer || oidc.clientId || oidc.clientSecret) {
    if (!oidc.issuer || !oidc.clientId || !oidc.clientSecret) {
      throw new Error('Provider sign-in needs all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    }
    provider = createOidcSignIn({
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      name: value('OIDC_PROVIDER_NAME') ?? DEFAULT_PROVIDER_NAME,
      // http issuers (a local Keycloak, say) only outside production.
      allowInsecure: !isProduction,
    });
  } else if (!isProduction) {
    const first = origins[0];
    if (!first) throw new Error('createAuthParts: publicOrigins needs at least one origin for the embedded provider');
    dev = await createDevIdentityProvider({
      issuer: `${first}/dev-oidc`,
      redirectUris: origins.map((origin) => `${origin}${AUTHORIZE_PATH}/callback`),
      log,
    });
    provider = createOidcSignIn({ issuer: dev.issuer, clientId: dev.clientId, clientSecret: dev.clientSecret, name: DEV_PROVIDER_NAME, allowInsecure: true });
  }

  const routes = new Hono().route('/', captchaRoutes(captcha));
  if (provider) {
    // In production the registered redirect URI is on the canonical origin, whatever proxy is in front.
    const canonical = origins[0];
    routes.route('/', providerRoutes(provider, { origin: isProduction && canonical ? () => canonical : undefined, log }));
  }
  if (dev) routes.route('/', dev.routes as unknown as Hono);

  const providerSummary = dev ? `${DEV_PROVIDER_NAME} at ${dev.issuer}` : provider ? `${provider.name} at ${provider.issuer}` : 'none';
  return {
    mailer,
    captcha,
    provider,
    routes,
    summary: `mail: ${mailSummary}; captcha: ${captcha.settings.kind}; provider sign-in: ${providerSummary}`,
    async close() {
      await mailer.close();
      await dev?.close();
    },
  };
}

function chooseCaptcha(value: (name: string) => string | undefined, isProduction: boolean, log: (line: string) => void): Captcha {
  const siteKey = value('RECAPTCHA_SITE_KEY');
  const secretKey = value('RECAPTCHA_SECRET_KEY');
  if (siteKey || secretKey) {
    if (!siteKey || !secretKey) throw new Error('reCAPTCHA needs both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY');
    return createRecaptchaCaptcha({ siteKey, secretKey });
  }
  let hmacKey = value('ALTCHA_HMAC_KEY');
  if (!hmacKey) {
    hmacKey = randomBytes(32).toString('hex');
    if (isProduction) {
      log('[auth] ALTCHA_HMAC_KEY is not set: captcha challenges are signed with a key of this process only; they do not survive a restart or work across replicas');
    }
  }
  const maxNumber = value('ALTCHA_MAX_NUMBER');
  return createAltchaCaptcha({ hmacKey, ...(maxNumber ? { maxNumber: Number(maxNumber) } : {}) });
}

export { authSettings } from './auth-parts';
