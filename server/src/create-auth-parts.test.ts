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
import { readConfig } from './config';
import type { Database } from './db/client';
import { serveOnRandomPort } from './oidc/test-support';
import { openTestDatabase } from './testing/database';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp';

let dir: string;
let database: Database;
const opened: CreatedAuthParts[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nordlys-auth-parts-'));
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await Promise.all(opened.map((parts) => parts.close()));
  await rm(dir, { recursive: true, force: true });
  await database?.close();
});

/** The parts for these settings, read through config.ts as the server reads them; `production` adds what production requires besides. */
async function parts(env: Record<string, string>, overrides: Partial<Omit<CreateAuthPartsOptions, 'settings'>> & { production?: boolean } = {}) {
  const { production, ...options } = overrides;
  const settings = readConfig(production ? { NODE_ENV: 'production', PUBLIC_URL: 'https://nordlys.dk', ...env } : env);
  const created = await createAuthParts({
    settings,
    db: database.db,
    publicOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    outboxDir: join(dir, 'outbox'),
    log: () => {},
    ...options,
  });
  opened.push(created);
  return created;
}

const mail = { to: 'ada@example.com', subject: 'Hello', text: 'Hi https://x.dk/a', html: '<p>Hi</p>' };
const KEY = 'k'.repeat(32);
const LINKEDIN = { OIDC_ISSUER: 'https://www.linkedin.com/oauth', OIDC_CLIENT_ID: 'li-id', OIDC_CLIENT_SECRET: 'li-secret' };

async function solvedPayload(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
}

describe('createAuthParts in development', () => {
  it('uses the outbox and altcha, and no provider sign-in unless DEV_OIDC turns the embedded one on', async () => {
    const created = await parts({ ALTCHA_MAX_NUMBER: '20' });
    expect(created.mailer.kind).toBe('outbox');
    expect(created.captcha.settings).toEqual({ kind: 'altcha', challengeUrl: '/api/captcha/challenge' });
    expect(created.provider).toBeNull();
    expect(authSettings(created, { signUp: true }).provider).toBeNull();
    expect((await created.routes!.request('/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
    expect((await created.routes!.request('/auth/linkedin')).status).toBe(404);
    expect(created.summary).toContain('provider sign-in: none');
    expect((await parts({ DEV_OIDC: '0' })).provider).toBeNull();
    await expect(parts({ DEV_OIDC: 'maybe' })).rejects.toThrow(/DEV_OIDC/);
  });

  it('with DEV_OIDC=1 uses the outbox, altcha and the embedded LinkedIn (demo), which never connects a password account', async () => {
    const created = await parts({ ALTCHA_MAX_NUMBER: '20', DEV_OIDC: '1' });
    expect(created.mailer.kind).toBe('outbox');
    await created.mailer.send(mail);
    expect((await readdir(join(dir, 'outbox'))).some((file) => file.endsWith('-ada@example.com.eml'))).toBe(true);

    expect(created.captcha.settings).toEqual({ kind: 'altcha', challengeUrl: '/api/captcha/challenge' });
    expect(created.provider?.name).toBe('LinkedIn (demo)');
    expect(created.provider?.issuer).toBe('http://localhost:3000/dev-oidc');
    expect(created.provider?.connectsPasswordAccounts).toBe(false);
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
      created = await parts({ ALTCHA_MAX_NUMBER: '20', DEV_OIDC: '1' }, { publicOrigins: [origin] });
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

  it('signs challenges with ALTCHA_HMAC_KEY or a key derived from SECRET_KEY, so they survive a restart; without either they do not', async () => {
    const before = await parts({ ALTCHA_HMAC_KEY: 'a-shared-altcha-key-of-thirty-two-chars', ALTCHA_MAX_NUMBER: '20' });
    const after = await parts({ ALTCHA_HMAC_KEY: 'a-shared-altcha-key-of-thirty-two-chars', ALTCHA_MAX_NUMBER: '20' });
    expect(await after.captcha.verify(await solvedPayload((await before.captcha.challenge!()) as Challenge))).toBe(true);

    const secretBefore = await parts({ SECRET_KEY: 'a-long-server-secret-of-32-characters', ALTCHA_MAX_NUMBER: '20' });
    const secretAfter = await parts({ SECRET_KEY: 'a-long-server-secret-of-32-characters', ALTCHA_MAX_NUMBER: '20' });
    const signed = await solvedPayload((await secretBefore.captcha.challenge!()) as Challenge);
    expect(await secretAfter.captcha.verify(signed)).toBe(true);
    // The derived key is not the secret itself: a challenge signed with SECRET_KEY as the key is refused.
    const rawSecret = await parts({ ALTCHA_HMAC_KEY: 'a-long-server-secret-of-32-characters', ALTCHA_MAX_NUMBER: '20' });
    expect(await secretAfter.captcha.verify(await solvedPayload((await rawSecret.captcha.challenge!()) as Challenge))).toBe(false);

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
  it('refuses to start without SECRET_KEY or ALTCHA_HMAC_KEY, and with DEV_OIDC', async () => {
    // config.ts is where these are refused; the parts are never built from such settings.
    await expect(parts({}, { production: true })).rejects.toThrow(/SECRET_KEY \(or ALTCHA_HMAC_KEY\) is required in production/);
    await expect(parts({ SECRET_KEY: KEY, DEV_OIDC: '1' }, { production: true })).rejects.toThrow(/DEV_OIDC must be off in production/);
    expect((await parts({ ALTCHA_HMAC_KEY: KEY }, { production: true })).captcha.settings.kind).toBe('altcha');
  });

  it('offers no provider sign-in without OIDC_ISSUER, and no embedded provider', async () => {
    const lines: string[] = [];
    const created = await parts({ SECRET_KEY: KEY }, { production: true, log: (line) => lines.push(line) });
    expect(created.provider).toBeNull();
    expect(authSettings(created, { signUp: true }).provider).toBeNull();
    expect((await created.routes!.request('/auth/linkedin')).status).toBe(404);
    expect((await created.routes!.request('/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
    expect(created.summary).toContain('provider sign-in: none');
    expect(lines).toEqual([]);
  });

  it('requires an https issuer', async () => {
    await expect(parts({ ...LINKEDIN, ALTCHA_HMAC_KEY: KEY, OIDC_ISSUER: 'http://keycloak.internal/realms/x' }, { production: true })).rejects.toThrow(/must use https/);
    expect((await parts({ ...LINKEDIN, OIDC_ISSUER: 'http://localhost:8080/realms/x' })).provider?.issuer).toBe('http://localhost:8080/realms/x');
  });

  it('builds the redirect URI on the canonical public origin, whatever host the request came through', async () => {
    const created = await parts({ ...LINKEDIN, ALTCHA_HMAC_KEY: KEY }, { production: true, publicOrigins: ['https://nordlys.dk'] });
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
