import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';
import { createAltchaCaptcha, type AltchaCaptcha } from './altcha';
import { captchaAnswers } from '../db/schema';
import { databaseUsedAnswers, type UsedAnswers } from './used-answers';

let database: Database;
let usedAnswers: UsedAnswers;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
  usedAnswers = databaseUsedAnswers(database.db);
});
afterAll(async () => database?.close());

// Small work so the test solves in milliseconds; the algorithm is the one the widget runs.
const FAST = {
  hmacKey: 'test-hmac-key',
  maxNumber: 30,
  cost: 50,
  get usedAnswers() {
    return usedAnswers;
  },
};

/** Solves like the altcha v3 widget and encodes its payload the same way (base64 JSON). */
async function solve(captcha: AltchaCaptcha, edit?: (challenge: Challenge) => void): Promise<string> {
  const challenge = await captcha.challenge();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('the test could not solve the challenge');
  edit?.(challenge);
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

afterEach(() => {
  vi.useRealTimers();
});

describe('createAltchaCaptcha', () => {
  it('tells the site to show the altcha widget with our challenge URL', () => {
    expect(createAltchaCaptcha(FAST).settings).toEqual({ kind: 'altcha', challengeUrl: '/api/captcha/challenge' });
  });

  it('issues signed PBKDF2 challenges that expire, with altcha’s recommended work by default', async () => {
    const before = Date.now() / 1000;
    const challenge = await createAltchaCaptcha({ hmacKey: 'k', usedAnswers }).challenge();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5000 });
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(Math.floor(before + 600));
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000 + 600));
  });

  it('accepts a solved challenge once, and refuses the same solution again', async () => {
    const captcha = createAltchaCaptcha(FAST);
    const payload = await solve(captcha);
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(payload)).toBe(false);
    // A second challenge is a new answer.
    expect(await captcha.verify(await solve(captcha))).toBe(true);
  });

  it('accepts only one of two concurrent submissions of the same solution', async () => {
    const captcha = createAltchaCaptcha(FAST);
    const payload = await solve(captcha);
    const results = await Promise.all([captcha.verify(payload), captcha.verify(payload), captcha.verify(payload)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a challenge whose parameters were changed after signing', async () => {
    const captcha = createAltchaCaptcha(FAST);
    expect(await captcha.verify(await solve(captcha, (c) => (c.parameters.cost = 1)))).toBe(false);
    expect(await captcha.verify(await solve(captcha, (c) => (c.parameters.expiresAt = c.parameters.expiresAt! + 3600)))).toBe(false);
  });

  it('refuses a wrong solution and a challenge signed with another key', async () => {
    const captcha = createAltchaCaptcha(FAST);
    const challenge = await captcha.challenge();
    const wrong = { counter: 1, derivedKey: '00'.repeat(32) };
    expect(await captcha.verify(encode({ challenge, solution: wrong }))).toBe(false);

    const other = createAltchaCaptcha({ ...FAST, hmacKey: 'another-key' });
    expect(await captcha.verify(await solve(other))).toBe(false);
  });

  it('refuses a solution submitted after the challenge expired', async () => {
    const captcha = createAltchaCaptcha({ ...FAST, expiresInSeconds: 60 });
    const payload = await solve(captcha);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await captcha.verify(payload)).toBe(false);
  });

  it('answers false for missing or garbage input and never throws', async () => {
    const captcha = createAltchaCaptcha(FAST);
    const challenge = await captcha.challenge();
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      '',
      'not base64 at all %%%',
      btoa('not json'),
      encode({}),
      encode([]),
      // The widget's test mode.
      encode({ challenge: null, solution: null, test: true }),
      encode({ challenge: { parameters: 'x' }, solution: {} }),
      encode({ challenge: { parameters: { ...challenge.parameters, nonce: 42 }, signature: challenge.signature }, solution: { counter: 1, derivedKey: 'zz' } }),
      encode({ challenge, solution: { counter: -1, derivedKey: 'abc' } }),
      encode({ challenge: { parameters: challenge.parameters }, solution: { counter: 1, derivedKey: '00' } }),
      'A'.repeat(20_000),
    ];
    for (const input of garbage) {
      await expect(captcha.verify(input as string), `input ${String(input).slice(0, 40)}`).resolves.toBe(false);
    }
  });

  it('refuses a key that would sign nothing', () => {
    expect(() => createAltchaCaptcha({ hmacKey: '', usedAnswers })).toThrow(/hmacKey/);
    expect(() => createAltchaCaptcha({ hmacKey: 'k', usedAnswers, maxNumber: 0 })).toThrow(/maxNumber/);
  });
});

describe('databaseUsedAnswers', () => {
  it('claims an answer once, and deletes answers whose challenge expired when claiming another', async () => {
    let now = Date.now();
    const store = databaseUsedAnswers(database.db, () => now);
    expect(await store.claim('sig-old', new Date(now + 1_000))).toBe(true);
    expect(await store.claim('sig-old', new Date(now + 1_000))).toBe(false);
    const signatures = async () => (await database.db.select().from(captchaAnswers)).map((row) => row.signature);
    expect(await signatures()).toContain('sig-old');
    now += 2_000;
    expect(await store.claim('sig-new', new Date(now + 60_000))).toBe(true);
    expect(await signatures()).not.toContain('sig-old');
    expect(await signatures()).toContain('sig-new');
  });
});
