/** Chooses the sign-in parts from the settings: real services when configured, embedded defaults otherwise. */
import { createHmac, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { AUTHORIZE_PATH, type AuthParts } from './auth-parts';
import { createAltchaCaptcha } from './captcha/altcha';
import { createRecaptchaCaptcha } from './captcha/recaptcha';
import { captchaRoutes } from './captcha/routes';
import type { Captcha } from './captcha/types';
import { databaseUsedAnswers } from './captcha/used-answers';
import type { Config } from './config';
import type { Db } from './db/client';
import { createMailer } from './mail/mailer';
import { createDevIdentityProvider, DEV_PROVIDER_NAME, type DevIdentityProvider } from './oidc/dev-identity-provider';
import { createOidcSignIn, type OidcSignIn } from './oidc/oidc-sign-in';
import { providerRoutes } from './oidc/provider-routes';

export const DEFAULT_MAIL_FROM = 'Nordlys <no-reply@nordlys.localhost>';
export const DEFAULT_PROVIDER_NAME = 'LinkedIn';

/** The settings the parts are chosen by: config.ts reads and checks them (README "Settings"). */
export type AuthPartsSettings = Pick<Config, 'isProduction' | 'secretKey' | 'mail' | 'captcha' | 'oidc' | 'devOidc'>;

export interface CreateAuthPartsOptions {
  settings: AuthPartsSettings;
  /** Where the captcha remembers accepted answers, shared by every instance. */
  db: Db;
  /**
   * The origins the site is served on, the canonical one first, e.g. ['http://localhost:3000',
   * 'http://127.0.0.1:3000']. The embedded provider's issuer is the first plus /dev-oidc and accepts
   * callbacks on all of them; in production the provider's redirect URI is built on the first.
   */
  publicOrigins: string[];
  /** Where the outbox writes mail when SMTP_URL is not set. */
  outboxDir: string;
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
 * Picks each part from the checked settings (config.ts refuses a half-configured service, production
 * without SECRET_KEY or ALTCHA_HMAC_KEY, and DEV_OIDC in production): SMTP_URL → SMTP, else the
 * outbox in `outboxDir`; both reCAPTCHA keys → reCAPTCHA, else altcha signed with ALTCHA_HMAC_KEY,
 * else with a key derived from SECRET_KEY (development without either uses a random key per
 * process, whose challenges do not survive a restart or reach another instance); the OIDC_*
 * provider named OIDC_PROVIDER_NAME (default 'LinkedIn'), else with DEV_OIDC the embedded
 * "LinkedIn (demo)" under /dev-oidc, else none.
 */
export async function createAuthParts({ settings, db, publicOrigins, outboxDir, log = console.log }: CreateAuthPartsOptions): Promise<CreatedAuthParts> {
  const { isProduction, oidc } = settings;
  const origins = publicOrigins.map((origin) => new URL(origin).origin);

  const smtpUrl = settings.mail.smtpUrl;
  const mailer = createMailer({ smtpUrl, outboxDir, from: settings.mail.from ?? DEFAULT_MAIL_FROM, log });
  const mailSummary = smtpUrl ? `SMTP at ${new URL(smtpUrl).host}` : `outbox in ${outboxDir}`;

  const captcha = chooseCaptcha(settings, db);

  let provider: OidcSignIn | null = null;
  let dev: DevIdentityProvider | null = null;
  if (oidc) {
    provider = createOidcSignIn({
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      name: oidc.providerName ?? DEFAULT_PROVIDER_NAME,
      // http issuers (a local Keycloak, say) only outside production.
      allowInsecure: !isProduction,
    });
  } else if (settings.devOidc && !isProduction) {
    const first = origins[0];
    if (!first) throw new Error('createAuthParts: publicOrigins needs at least one origin for the embedded provider');
    dev = await createDevIdentityProvider({
      issuer: `${first}/dev-oidc`,
      redirectUris: origins.map((origin) => `${origin}${AUTHORIZE_PATH}/callback`),
      log,
    });
    provider = createOidcSignIn({
      issuer: dev.issuer,
      clientId: dev.clientId,
      clientSecret: dev.clientSecret,
      name: DEV_PROVIDER_NAME,
      allowInsecure: true,
      // Whoever types an address there would otherwise take over its password account.
      connectsPasswordAccounts: false,
    });
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

/**
 * The key that signs altcha challenges: ALTCHA_HMAC_KEY, else one derived from SECRET_KEY (HMAC with a
 * fixed label, so the secret itself never signs anything public), else, outside production only (config.ts
 * requires one of the two there), a random key of this process. Every instance with the same setting signs alike.
 */
export function altchaHmacKey(settings: Pick<AuthPartsSettings, 'captcha' | 'secretKey' | 'isProduction'>): string {
  if (settings.captcha.altchaHmacKey) return settings.captcha.altchaHmacKey;
  if (settings.secretKey) return createHmac('sha256', settings.secretKey).update('nordlys altcha hmac key').digest('hex');
  if (settings.isProduction) throw new Error('SECRET_KEY (or ALTCHA_HMAC_KEY) is required in production');
  return randomBytes(32).toString('hex');
}

function chooseCaptcha(settings: AuthPartsSettings, db: Db): Captcha {
  const { recaptcha, altchaMaxNumber } = settings.captcha;
  if (recaptcha) return createRecaptchaCaptcha(recaptcha);
  return createAltchaCaptcha({
    hmacKey: altchaHmacKey(settings),
    usedAnswers: databaseUsedAnswers(db),
    ...(altchaMaxNumber ? { maxNumber: altchaMaxNumber } : {}),
  });
}

export { authSettings } from './auth-parts';
