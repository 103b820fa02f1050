import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSettingsSchema } from '@nordlys/sdk/schemas';
import { authSettings, createAuthParts, type CreateAuthPartsOptions, type CreatedAuthParts } from './create-auth-parts';
import { serveOnRandomPort } from './oidc/test-support';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp';

let dir: string;
const opened: CreatedAuthParts[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nordlys-auth-parts-'));
});
afterAll(async () => {
  await Promise.all(opened.map((parts) => parts.close()));
  await rm(dir, { recursive: true, force: true });
});

async function parts(env: Record<string, string>, overrides: Partial<CreateAuthPartsOptions> = {}) {
  const created = await createAuthParts({
    env,
    publicOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    outboxDir: join(dir, 'outbox'),
    isProduction: false,
    log: () => {},
    ...overrides,
  });
  opened.push(created);
  return created;
}

const mail = { to: 'ada@example.com', subject: 'Hello', text: 'Hi https://x.dk/a', html: '<p>Hi</p>' };
const LINKEDIN = { OIDC_ISSUER: 'https://www.linkedin.com/oauth', OIDC_CLIENT_ID: 'li-id', OIDC_CLIENT_SECRET: 'li-secret' };

async function solvedPayload(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
}

describe('createAuthParts in development with nothing configured', () => {
  it('uses the outbox, altcha and the embedded LinkedIn (demo)', async () => {
    const created = await parts({ ALTCHA_MAX_NUMBER: '20' });
    expect(created.mailer.kind).toBe('outbox');
    await created.mailer.send(mail);
    expect((await readdir(join(dir, 'outbox'))).some((file) => file.endsWith('-ada@example.com.eml'))).toBe(true);

    expect(created.captcha.settings).toEqual({ kind: 'altcha', challengeUrl: '/api/captcha/challenge' });
    expect(created.provider?.name).toBe('LinkedIn (demo)');
    expect(created.provider?.issuer).toBe('http://localhost:3000/dev-oidc');
    expect(created.summary).toBe(`mail: outbox in ${join(dir, 'outbox')}; captcha: altcha; provider sign-in: LinkedIn (demo) at http://localhost:3000/dev-oidc`);

    const settings = authSettings(created, { signUp: true });
    expect(settings).toEqual({
      signUp: true,
      captcha: { kind: 'altcha', challengeUrl: '/api/captcha/challenge' },
      provider: { name: 'LinkedIn (demo)', authorizeUrl: '/auth/linkedin' },
    });
    expect(v.is(AuthSettingsSchema, settings)).toBe(true);
    expect(authSettings(created, { signUp: false }).signUp).toBe(false);
  });

  it('serves the captcha challenge, the popup and the embedded provider from its routes, on a real server', async () => {
    let created!: CreatedAuthParts;
    const server = await serveOnRandomPort(async (origin) => {
      created = await parts({ ALTCHA_MAX_NUMBER: '20' }, { publicOrigins: [origin] });
      return new Hono().route('/', created.routes!);
    });
    try {
      const challengeRes = await fetch(`${server.origin}/api/captcha/challenge`);
      expect(challengeRes.status).toBe(200);
      expect(await created.captcha.verify(await solvedPayload((await challengeRes.json()) as Challenge))).toBe(true);

      const discovery = await fetch(`${server.origin}/dev-oidc/.well-known/openid-configuration`);
      expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${server.origin}/dev-oidc`);

      // The popup finds the embedded provider through discovery of our own server.
      const popup = await fetch(`${server.origin}/auth/linkedin`, { redirect: 'manual' });
      expect(popup.status).toBe(302);
      const authorize = new URL(popup.headers.get('location')!);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${server.origin}/dev-oidc/auth`);
      expect(authorize.searchParams.get('client_id')).toBe('nordlys-dev');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.origin}/auth/linkedin/callback`);
    } finally {
      await server.close();
    }
  });

  it('signs challenges with ALTCHA_HMAC_KEY, so they survive a restart; without it they do not', async () => {
    const before = await parts({ ALTCHA_HMAC_KEY: 'shared-key', ALTCHA_MAX_NUMBER: '20' });
    const after = await parts({ ALTCHA_HMAC_KEY: 'shared-key', ALTCHA_MAX_NUMBER: '20' });
    expect(await after.captcha.verify(await solvedPayload((await before.captcha.challenge!()) as Challenge))).toBe(true);

    const randomBefore = await parts({ ALTCHA_MAX_NUMBER: '20' });
    const randomAfter = await parts({ ALTCHA_MAX_NUMBER: '20' });
    const payload = await solvedPayload((await randomBefore.captcha.challenge!()) as Challenge);
    expect(await randomAfter.captcha.verify(payload)).toBe(false);
    expect(await randomBefore.captcha.verify(payload)).toBe(true);
  });
});

describe('createAuthParts with services configured', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  it('sends mail over SMTP_URL from MAIL_FROM', async () => {
    const created = await parts({ SMTP_URL: smtp.url, MAIL_FROM: 'Nordlys DK <hello@nordlys.dk>' });
    expect(created.mailer.kind).toBe('smtp');
    await created.mailer.send(mail);
    const received = await smtp.waitForMessage((m) => m.to.includes('ada@example.com'));
    expect(received.headers.from).toBe('Nordlys DK <hello@nordlys.dk>');
    expect(created.summary).toContain(`mail: SMTP at 127.0.0.1:${smtp.port};`);
  });

  it('uses reCAPTCHA when both keys are set, and then serves no challenge', async () => {
    const created = await parts({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' });
    expect(created.captcha.settings).toEqual({ kind: 'recaptcha', siteKey: 'site' });
    expect(authSettings(created, { signUp: true }).captcha).toEqual({ kind: 'recaptcha', siteKey: 'site' });
    expect((await created.routes!.request('/api/captcha/challenge')).status).toBe(404);
  });

  it('refuses half a reCAPTCHA or half a provider configuration', async () => {
    await expect(parts({ RECAPTCHA_SITE_KEY: 'site' })).rejects.toThrow(/RECAPTCHA_SECRET_KEY/);
    await expect(parts({ RECAPTCHA_SECRET_KEY: 'secret' })).rejects.toThrow(/RECAPTCHA_SITE_KEY/);
    await expect(parts({ OIDC_ISSUER: 'https://www.linkedin.com/oauth', OIDC_CLIENT_ID: 'id' })).rejects.toThrow(/OIDC_CLIENT_SECRET/);
  });

  it('uses the configured OpenID provider under its name, without the embedded one', async () => {
    const created = await parts({ ...LINKEDIN, OIDC_PROVIDER_NAME: 'LinkedIn Nordic' });
    expect(created.provider?.name).toBe('LinkedIn Nordic');
    expect(created.provider?.issuer).toBe('https://www.linkedin.com/oauth');
    expect(authSettings(created, { signUp: true }).provider).toEqual({ name: 'LinkedIn Nordic', authorizeUrl: '/auth/linkedin' });
    expect((await created.routes!.request('/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
    expect((await parts(LINKEDIN)).provider?.name).toBe('LinkedIn');
  });
});

describe('createAuthParts in production', () => {
  it('offers no provider sign-in without OIDC_ISSUER, and no embedded provider', async () => {
    const lines: string[] = [];
    const created = await parts({}, { isProduction: true, log: (line) => lines.push(line) });
    expect(created.provider).toBeNull();
    expect(authSettings(created, { signUp: true }).provider).toBeNull();
    expect((await created.routes!.request('/auth/linkedin')).status).toBe(404);
    expect((await created.routes!.request('/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
    expect(created.summary).toContain('provider sign-in: none');
    // A per-process captcha key is worth a warning in production.
    expect(lines).toEqual([expect.stringMatching(/ALTCHA_HMAC_KEY is not set/)]);
  });

  it('requires an https issuer', async () => {
    await expect(parts({ ...LINKEDIN, OIDC_ISSUER: 'http://keycloak.internal/realms/x' }, { isProduction: true })).rejects.toThrow(/must use https/);
    expect((await parts({ ...LINKEDIN, OIDC_ISSUER: 'http://localhost:8080/realms/x' })).provider?.issuer).toBe('http://localhost:8080/realms/x');
  });

  it('builds the redirect URI on the canonical public origin, whatever host the request came through', async () => {
    const created = await parts({ ...LINKEDIN, ALTCHA_HMAC_KEY: 'k' }, { isProduction: true, publicOrigins: ['https://nordlys.dk'] });
    let redirectUri = '';
    created.provider!.startAuthorization = async (uri) => {
      redirectUri = uri;
      throw new Error('stop here');
    };
    // The routes were built with the provider object, so the stub above is what they call.
    await created.routes!.request('http://10.0.0.7:3000/auth/linkedin');
    expect(redirectUri).toBe('https://nordlys.dk/auth/linkedin/callback');
  });
});
