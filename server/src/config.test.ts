import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, SETTING_NAMES } from './config';
import { findUp } from './paths';

const KEY = 'k'.repeat(32);
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example', SECRET_KEY: KEY };

/** The one line a bad setting stops the start with. */
function failure(env: Record<string, string>): { variable: string; message: string } {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const { variable, message } = error as ConfigError;
    expect(message).not.toContain('\n');
    return { variable, message };
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('the settings', () => {
  it('default to a local development server', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      databasePoolSize: 10,
      databaseReadLanes: 2,
      shutdownGraceSeconds: 0,
      dataDir: './data',
      mainHosts: ['localhost', '127.0.0.1'],
      publicUrl: 'http://localhost:3000',
      isProduction: false,
      trustProxy: false,
      devOidc: false,
      products: { headhunter: false },
      oidc: undefined,
      // No Stripe keys: payment on invoice, the offline default (payments/create-payments.ts).
      stripe: undefined,
      // No METRICS_TOKEN: /metrics is off (http/metrics.ts).
      metricsToken: undefined,
    });
    expect(config.auth.signUp).toBe(true);
    expect(readConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('read every variable, empty ones counting as unset', () => {
    const config = readConfig({
      ...production,
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/nordlys',
      DATABASE_POOL_SIZE: '25',
      DATABASE_READ_LANES: '0',
      SHUTDOWN_GRACE_SECONDS: '5',
      DATA_DIR: '/var/lib/nordlys',
      MAIN_HOSTS: ' Nordlys.example , www.nordlys.example ',
      PRODUCT_NAME: 'Polaris',
      PUBLIC_URL: 'https://nordlys.example/',
      TRUST_PROXY: 'true',
      PRODUCT_HEADHUNTER: '1',
      SIGN_UP_DISABLED: 'yes',
      SMTP_URL: 'smtp://user:pass@mail:587',
      MAIL_FROM: 'Polaris <hi@polaris.example>',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET_KEY: 'secret',
      ALTCHA_HMAC_KEY: KEY,
      ALTCHA_MAX_NUMBER: '1000',
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_PROVIDER_NAME: 'Idp',
      DEV_OIDC: '',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
      STRIPE_API_BASE: 'https://stripe-proxy.example/',
      METRICS_TOKEN: KEY,
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/nordlys',
      databasePoolSize: 25,
      databaseReadLanes: 0,
      shutdownGraceSeconds: 5,
      dataDir: '/var/lib/nordlys',
      mainHosts: ['nordlys.example', 'www.nordlys.example'],
      productName: 'Polaris',
      publicUrl: 'https://nordlys.example',
      isProduction: true,
      trustProxy: true,
      products: { headhunter: true },
      auth: { signUp: false },
      secretKey: KEY,
      mail: { smtpUrl: 'smtp://user:pass@mail:587', from: 'Polaris <hi@polaris.example>' },
      captcha: { recaptcha: { siteKey: 'site', secretKey: 'secret' }, altchaHmacKey: KEY, altchaMaxNumber: 1000 },
      oidc: { issuer: 'https://id.example', clientId: 'id', clientSecret: 'secret', providerName: 'Idp' },
      devOidc: false,
      stripe: { secretKey: 'sk_live_abc123', webhookSecret: 'whsec_def456', apiBase: 'https://stripe-proxy.example' },
      metricsToken: KEY,
    });
    expect(readConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_2' }).stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_2', apiBase: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', /PORT must be a whole number \(got "abc"\)/],
    [{ PORT: '70000' }, 'PORT', /PORT must be at most 65535/],
    [{ TRUST_PROXY: 'ture' }, 'TRUST_PROXY', /TRUST_PROXY must be true or false \(got "ture"\)/],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV', /NODE_ENV must be production, development or test/],
    [{ PUBLIC_URL: 'nordlys.example' }, 'PUBLIC_URL', /PUBLIC_URL must be a URL like https:\/\/nordlys.example/],
    [{ PUBLIC_URL: 'https://nordlys.example/jobs' }, 'PUBLIC_URL', /must be an origin without a path/],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL', /DATABASE_URL must be a URL like postgres:/],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE', /at least 1/],
    [{ DATABASE_READ_LANES: '17' }, 'DATABASE_READ_LANES', /at most 16/],
    [{ SHUTDOWN_GRACE_SECONDS: '61' }, 'SHUTDOWN_GRACE_SECONDS', /at most 60/],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', /SMTP_URL must be a URL like smtp:/],
    [{ ALTCHA_MAX_NUMBER: '-5' }, 'ALTCHA_MAX_NUMBER', /whole number/],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY', /SECRET_KEY must be at least 32 characters/],
    [{ MAIN_HOSTS: 'a.example, b example' }, 'MAIN_HOSTS', /host names separated by commas/],
    [{ RECAPTCHA_SITE_KEY: 'site' }, 'RECAPTCHA_SECRET_KEY', /RECAPTCHA_SECRET_KEY is missing: reCAPTCHA needs all of/],
    [{ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'id' }, 'OIDC_CLIENT_SECRET', /OIDC_CLIENT_SECRET is missing/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET', /STRIPE_WEBHOOK_SECRET is missing: Stripe Checkout needs all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_2' }, 'STRIPE_SECRET_KEY', /STRIPE_SECRET_KEY is missing/],
    [{ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_2' }, 'STRIPE_SECRET_KEY', /must be a Stripe secret key/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'we_2' }, 'STRIPE_WEBHOOK_SECRET', /signing secret \(whsec_…\)/],
    [{ STRIPE_API_BASE: 'ftp://stripe.example' }, 'STRIPE_API_BASE', /must be a URL like https:\/\/api.stripe.com/],
    [{ STRIPE_API_BASE: 'https://stripe.example/v1' }, 'STRIPE_API_BASE', /must be an origin without a path/],
    [{ ...production, STRIPE_API_BASE: 'http://127.0.0.1:12111' }, 'STRIPE_API_BASE', /must use https in production/],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', /METRICS_TOKEN must be at least 32 characters/],
    [{ METRICS_TOKEN: `${KEY} ${KEY}` }, 'METRICS_TOKEN', /METRICS_TOKEN must be letters, digits and/],
  ])('stop the start on a bad value with one line naming it: %j', (env, variable, message) => {
    const error = failure(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(message);
  });

  it('never echo a secret in the error', () => {
    expect(failure({ SECRET_KEY: 'hunter2' }).message).not.toContain('hunter2');
    expect(failure({ DATABASE_URL: 'mysql://root:hunter2@db/x' }).message).not.toContain('hunter2');
    expect(failure({ STRIPE_SECRET_KEY: 'hunter2', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).message).not.toContain('hunter2');
    expect(failure({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'hunter2' }).message).not.toContain('hunter2');
    expect(failure({ METRICS_TOKEN: `hunter2 ${KEY}` }).message).not.toContain('hunter2');
  });

  it('require PUBLIC_URL and a signing key in production, and refuse the development identity provider there', () => {
    expect(failure({ NODE_ENV: 'production', SECRET_KEY: KEY })).toMatchObject({ variable: 'PUBLIC_URL', message: expect.stringMatching(/PUBLIC_URL is required in production/) });
    expect(failure({ NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example' })).toMatchObject({ variable: 'SECRET_KEY' });
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.example', ALTCHA_HMAC_KEY: KEY }).isProduction).toBe(true);
    expect(failure({ ...production, DEV_OIDC: '1' }).variable).toBe('DEV_OIDC');
    expect(readConfig({ DEV_OIDC: '1' }).devOidc).toBe(true);
  });

  it('are all in the README settings table', () => {
    // The repository's README: the one beside the workspace's package-lock.json.
    const readme = readFileSync(`${findUp('.', 'package-lock.json')}/README.md`, 'utf8');
    const table = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 1));
    const listed = new Set([...table.matchAll(/^\| (.+?) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z_]+)`/g)].map((n) => n[1])));
    expect(SETTING_NAMES.filter((name) => !listed.has(name))).toEqual([]);
  });
});
