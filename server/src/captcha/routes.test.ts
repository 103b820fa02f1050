import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';
import { createAltchaCaptcha } from './altcha';
import { createRecaptchaCaptcha } from './recaptcha';
import { databaseUsedAnswers } from './used-answers';
import { captchaRoutes } from './routes';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => database?.close());

describe('captchaRoutes', () => {
  it('serves a fresh, uncached altcha challenge that the widget can solve and the server accepts', async () => {
    const captcha = createAltchaCaptcha({ hmacKey: 'k', maxNumber: 20, cost: 50, usedAnswers: databaseUsedAnswers(database.db) });
    const app = captchaRoutes(captcha);

    const res = await app.request('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const challenge = (await res.json()) as Challenge;
    expect(Object.keys(challenge).sort()).toEqual(['parameters', 'signature']);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 50, keyLength: 32 });
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);

    const again = (await (await app.request('/api/captcha/challenge')).json()) as Challenge;
    expect(again.signature).not.toBe(challenge.signature);

    const solution = await solveChallenge({ challenge, deriveKey });
    expect(await captcha.verify(btoa(JSON.stringify({ challenge, solution })))).toBe(true);
  });

  it('answers 404 JSON when the captcha is reCAPTCHA', async () => {
    const app = captchaRoutes(createRecaptchaCaptcha({ siteKey: 's', secretKey: 'x' }));
    const res = await app.request('/api/captcha/challenge');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ message: 'This site does not issue captcha challenges', code: 'E_NOT_FOUND' });
  });
});
