/** Server settings: every environment variable the server reads, validated once with valibot (README "Settings"). */
import * as v from 'valibot';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import type { AuthSettings } from '@nordlys/sdk/schemas';
import { DEFAULT_READ_LANES } from './db/read-lanes';
import { TRAFFIC_LIMIT } from './http/traffic-limit';

export interface Config {
  /** PORT; 0 picks a free port (tests). */
  port: number;
  /** PostgreSQL URL; without it the server runs PGlite on `dataDir`. */
  databaseUrl: string | undefined;
  /** The most connections the PostgreSQL pool opens. */
  databasePoolSize: number;
  /** PostgreSQL: the pipelined connections that carry single reads beside the pool (db/read-lanes.ts). */
  databaseReadLanes: number;
  dataDir: string;
  /** Hosts that serve the main site (spec 2.5); others are career or white-label hosts. */
  mainHosts: string[];
  productName: string;
  /**
   * The site's public origin (https://nordlys.example), the only source of absolute links in mails
   * and feeds. Required in production; http://localhost:$PORT otherwise.
   */
  publicUrl: string;
  isProduction: boolean;
  /**
   * Behind a reverse proxy (TRUST_PROXY=true): the client's address is the first entry of
   * X-Forwarded-For. Otherwise that header is ignored, as any client can send it.
   */
  trustProxy: boolean;
  /** Product switches of the site config, e.g. headhunter for the Scout nav item. */
  products: { headhunter: boolean };
  /** How signing in works, as the site is told in config-base (`auth`). */
  auth: AuthSettings;
  /** SECRET_KEY: the server's own secret (signing); production needs it or ALTCHA_HMAC_KEY. */
  secretKey: string | undefined;
  /**
   * TEAM_EMAIL: where the contact form and the service pages' requests go (issue #15). Defaults to
   * team@ the host of PUBLIC_URL without a leading 'www.' (team@nordlys.example), in production too,
   * since PUBLIC_URL is required there.
   */
  teamEmail: string;
  /** SMTP_URL (else the outbox in DATA_DIR/outbox) and MAIL_FROM (else the mailer's default sender). */
  mail: { smtpUrl: string | undefined; from: string | undefined };
  /** reCAPTCHA when both keys are set, else altcha signed with altchaHmacKey (or a key derived by the auth parts). */
  captcha: {
    recaptcha: { siteKey: string; secretKey: string } | undefined;
    altchaHmacKey: string | undefined;
    altchaMaxNumber: number | undefined;
  };
  /** The professional-network provider when all three OIDC_* are set; `providerName` is OIDC_PROVIDER_NAME. */
  oidc: { issuer: string; clientId: string; clientSecret: string; providerName: string | undefined } | undefined;
  /** DEV_OIDC=1: the embedded development identity provider (never in production). */
  devOidc: boolean;
  /** RUN_WORKERS=false: this server queues jobs but runs no workers (they run apart with `npm run worker`). */
  runWorkers: boolean;
  /** TEST_CLOCK=1: the browser tests may move the server's clock and run the scheduled tasks (clock.ts; never in production). */
  testClock: boolean;
  /**
   * Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set; otherwise payment on
   * invoice (payments/create-payments.ts). `apiBase` is STRIPE_API_BASE (the tests' local server).
   */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** METRICS_TOKEN: /metrics answers with this bearer token only; without it /metrics is off (http/metrics.ts). */
  metricsToken: string | undefined;
  /**
   * SHUTDOWN_GRACE_SECONDS: on SIGTERM, how long the server keeps answering, each answer with
   * `Connection: close`, before it stops accepting (main.ts), so a balancer stops reusing its connections.
   */
  shutdownGraceSeconds: number;
  /**
   * REQUEST_CONCURRENCY and REQUEST_QUEUE (issue #33): the uncached requests worked on at once and
   * those that may wait for a turn; beyond them the server answers 503 E_OVERLOADED. Unset: sized to
   * the database (http/admission.ts admissionSize).
   */
  admission: { concurrency: number | undefined; queue: number | undefined };
  /** REQUEST_RATE_LIMIT: uncached reads per minute per client address (http/traffic-limit.ts); 0 turns the limit off. */
  requestRateLimit: number;
  /**
   * DOMAIN_DNS: how custom domains' proofs are looked up (dns/create-resolver.ts): 'system' (the
   * system's DNS servers), these servers ('ip' or 'ip:port'), or 'off' (no lookups: nothing is proven,
   * nothing lapses). 'system' in production, 'off' otherwise.
   */
  domainDns: 'system' | 'off' | string[];
}

/** A setting that stops the start: `message` is one line that names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const FLAG_VALUES = ['true', 'false', '1', '0', 'yes', 'no'] as const;
const flag = (fallback: boolean) =>
  v.pipe(
    v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(FLAG_VALUES, 'must be true or false')), fallback ? 'true' : 'false'),
    v.transform((value) => value === 'true' || value === '1' || value === 'yes'),
  );

const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const urlOf = (protocols: string[], example: string) =>
  v.pipe(
    v.string(),
    v.check((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), `must be a URL like ${example}`),
  );

const secret = v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)'));

const SETTINGS = v.object({
  NODE_ENV: v.optional(v.picklist(['production', 'development', 'test'], 'must be production, development or test')),
  PORT: v.optional(wholeNumber(0, 65535), '3000'),
  DATABASE_URL: v.optional(urlOf(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/nordlys')),
  DATABASE_POOL_SIZE: v.optional(wholeNumber(1, 1000), '10'),
  DATABASE_READ_LANES: v.optional(wholeNumber(0, 16), String(DEFAULT_READ_LANES)),
  SHUTDOWN_GRACE_SECONDS: v.optional(wholeNumber(0, 60), '0'),
  REQUEST_CONCURRENCY: v.optional(wholeNumber(1, 1000)),
  REQUEST_QUEUE: v.optional(wholeNumber(0, 10_000)),
  REQUEST_RATE_LIMIT: v.optional(wholeNumber(0, 1_000_000), String(TRAFFIC_LIMIT.max)),
  DATA_DIR: v.optional(v.string(), './data'),
  MAIN_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
      v.minLength(1, 'must name at least one host'),
      v.check((hosts) => hosts.every((h) => /^[a-z0-9.:[\]-]+$/.test(h)), 'must be host names separated by commas'),
    ),
    'localhost,127.0.0.1',
  ),
  PRODUCT_NAME: v.optional(v.string(), DEFAULT_PRODUCT_NAME),
  PUBLIC_URL: v.optional(
    v.pipe(
      urlOf(['http:', 'https:'], 'https://nordlys.example'),
      v.check((value) => ['', '/'].includes(new URL(value).pathname) && !new URL(value).search, 'must be an origin without a path, like https://nordlys.example'),
      v.transform((value) => new URL(value).origin),
    ),
  ),
  TRUST_PROXY: flag(false),
  PRODUCT_HEADHUNTER: flag(false),
  SIGN_UP_DISABLED: flag(false),
  SECRET_KEY: v.optional(secret),
  SMTP_URL: v.optional(urlOf(['smtp:', 'smtps:'], 'smtp://user:password@host:587')),
  MAIL_FROM: v.optional(v.string()),
  TEAM_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address, like team@nordlys.example'), v.maxLength(254, 'must be at most 254 characters'))),
  RECAPTCHA_SITE_KEY: v.optional(v.string()),
  RECAPTCHA_SECRET_KEY: v.optional(v.string()),
  ALTCHA_HMAC_KEY: v.optional(secret),
  ALTCHA_MAX_NUMBER: v.optional(wholeNumber(1, 10_000_000)),
  OIDC_ISSUER: v.optional(urlOf(['https:', 'http:'], 'https://www.linkedin.com/oauth')),
  OIDC_CLIENT_ID: v.optional(v.string()),
  OIDC_CLIENT_SECRET: v.optional(v.string()),
  OIDC_PROVIDER_NAME: v.optional(v.string()),
  DEV_OIDC: flag(false),
  RUN_WORKERS: flag(true),
  TEST_CLOCK: flag(false),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)'))),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.regex(/^whsec_[A-Za-z0-9_]+$/, "must be the webhook endpoint's signing secret (whsec_…)"))),
  STRIPE_API_BASE: v.optional(
    v.pipe(
      urlOf(['https:', 'http:'], 'https://api.stripe.com'),
      v.check((value) => ['', '/'].includes(new URL(value).pathname) && !new URL(value).search, 'must be an origin without a path, like https://api.stripe.com'),
      v.transform((value) => new URL(value).origin),
    ),
  ),
  // Sent as `Authorization: Bearer <token>`: a bearer token's characters (RFC 6750), and long enough not to be guessed.
  DOMAIN_DNS: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.check(
        (value) => value === 'system' || value === 'off' || value.split(',').every((server) => /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/.test(server.trim())),
        'must be system, off, or DNS server addresses separated by commas (1.1.1.1,8.8.8.8:53)',
      ),
    ),
  ),
  METRICS_TOKEN: v.optional(v.pipe(secret, v.regex(/^[A-Za-z0-9._~+/-]+=*$/, 'must be letters, digits and . _ ~ + / - only (e.g. `openssl rand -hex 32`)'))),
});

/** The variables of the settings table; a secret's value is never echoed in an error. */
export const SETTING_NAMES = Object.keys(SETTINGS.entries) as (keyof typeof SETTINGS.entries)[];
const SECRETS = new Set(['SECRET_KEY', 'ALTCHA_HMAC_KEY', 'RECAPTCHA_SECRET_KEY', 'OIDC_CLIENT_SECRET', 'DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'METRICS_TOKEN']);

/**
 * Reads and checks every setting. An empty value counts as unset. Throws a ConfigError whose one-line
 * message names the first bad variable, so main.ts can print it and stop.
 * @example readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example', SECRET_KEY: '…' })
 */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name]?.trim();
    if (value) raw[name] = value;
  }
  // abortPipeEarly: a later step of a pipe may assume the earlier ones passed (a URL parses).
  const parsed = v.safeParse(SETTINGS, raw, { abortPipeEarly: true });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const name = String(issue.path?.[0]?.key ?? 'settings');
    const shown = SECRETS.has(name) || raw[name] === undefined ? '' : ` (got "${raw[name]}")`;
    throw new ConfigError(name, `${name} ${issue.message}${shown}`);
  }
  const s = parsed.output;
  const isProduction = s.NODE_ENV === 'production';

  if (isProduction && !s.PUBLIC_URL) {
    throw new ConfigError('PUBLIC_URL', 'PUBLIC_URL is required in production: the public origin of every link in mails and feeds, e.g. https://nordlys.example');
  }
  if (isProduction && !s.SECRET_KEY && !s.ALTCHA_HMAC_KEY) {
    throw new ConfigError('SECRET_KEY', 'SECRET_KEY (or ALTCHA_HMAC_KEY) is required in production, so every instance signs with the same key: `openssl rand -hex 32`');
  }
  if (isProduction && s.DEV_OIDC) {
    throw new ConfigError('DEV_OIDC', 'DEV_OIDC must be off in production: the development identity provider signs anyone in');
  }
  if (isProduction && s.TEST_CLOCK) {
    throw new ConfigError('TEST_CLOCK', 'TEST_CLOCK must be off in production: it lets anyone move the server\'s clock and run its scheduled tasks');
  }
  all(['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'], s, 'reCAPTCHA');
  all(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'], s, 'provider sign-in');
  all(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], s, 'Stripe Checkout');
  if (isProduction && s.STRIPE_API_BASE && new URL(s.STRIPE_API_BASE).protocol !== 'https:') {
    throw new ConfigError('STRIPE_API_BASE', 'STRIPE_API_BASE must use https in production: payment calls never travel in the clear');
  }

  const publicUrl = s.PUBLIC_URL ?? `http://localhost:${s.PORT}`;
  return {
    port: s.PORT,
    databaseUrl: s.DATABASE_URL,
    databasePoolSize: s.DATABASE_POOL_SIZE,
    databaseReadLanes: s.DATABASE_READ_LANES,
    dataDir: s.DATA_DIR,
    mainHosts: s.MAIN_HOSTS,
    productName: s.PRODUCT_NAME,
    publicUrl,
    isProduction,
    trustProxy: s.TRUST_PROXY,
    products: { headhunter: s.PRODUCT_HEADHUNTER },
    // The defaults without auth parts (router tests); createApp serves the parts' own captcha and provider settings.
    auth: { signUp: !s.SIGN_UP_DISABLED, captcha: { kind: 'altcha', challengeUrl: '/api/captcha/challenge' }, provider: null },
    secretKey: s.SECRET_KEY,
    teamEmail: s.TEAM_EMAIL ?? defaultTeamEmail(publicUrl),
    mail: { smtpUrl: s.SMTP_URL, from: s.MAIL_FROM },
    captcha: {
      recaptcha: s.RECAPTCHA_SITE_KEY && s.RECAPTCHA_SECRET_KEY ? { siteKey: s.RECAPTCHA_SITE_KEY, secretKey: s.RECAPTCHA_SECRET_KEY } : undefined,
      altchaHmacKey: s.ALTCHA_HMAC_KEY,
      altchaMaxNumber: s.ALTCHA_MAX_NUMBER,
    },
    oidc:
      s.OIDC_ISSUER && s.OIDC_CLIENT_ID && s.OIDC_CLIENT_SECRET
        ? { issuer: s.OIDC_ISSUER, clientId: s.OIDC_CLIENT_ID, clientSecret: s.OIDC_CLIENT_SECRET, providerName: s.OIDC_PROVIDER_NAME }
        : undefined,
    devOidc: s.DEV_OIDC,
    runWorkers: s.RUN_WORKERS,
    testClock: s.TEST_CLOCK,
    stripe:
      s.STRIPE_SECRET_KEY && s.STRIPE_WEBHOOK_SECRET
        ? { secretKey: s.STRIPE_SECRET_KEY, webhookSecret: s.STRIPE_WEBHOOK_SECRET, apiBase: s.STRIPE_API_BASE }
        : undefined,
    metricsToken: s.METRICS_TOKEN,
    shutdownGraceSeconds: s.SHUTDOWN_GRACE_SECONDS,
    admission: { concurrency: s.REQUEST_CONCURRENCY, queue: s.REQUEST_QUEUE },
    requestRateLimit: s.REQUEST_RATE_LIMIT,
    domainDns: readDomainDns(s.DOMAIN_DNS, isProduction),
  };
}

/** DOMAIN_DNS as the resolver takes it; unset: the system's DNS in production, none elsewhere (the demo's `.test` domains stay as seeded). */
function readDomainDns(value: string | undefined, isProduction: boolean): Config['domainDns'] {
  if (!value) return isProduction ? 'system' : 'off';
  if (value === 'system' || value === 'off') return value;
  return value.split(',').map((server) => server.trim());
}

/**
 * The team address when TEAM_EMAIL is not set: team@ the public URL's host, without a leading 'www.'.
 * @example defaultTeamEmail('https://www.nordlys.example') // 'team@nordlys.example'
 */
export function defaultTeamEmail(publicUrl: string): string {
  return `team@${new URL(publicUrl).hostname.replace(/^www\./, '')}`;
}

/** A service configured by several variables takes all of them or none: half a setup is a typo, not a fallback. */
function all(names: string[], settings: Record<string, unknown>, what: string): void {
  const set = names.filter((name) => settings[name] !== undefined);
  const missing = names.find((name) => settings[name] === undefined);
  if (set.length > 0 && missing) throw new ConfigError(missing, `${missing} is missing: ${what} needs all of ${names.join(', ')} (or none)`);
}
