/** The default captcha: altcha, a self-hosted proof of work (PoW v2, PBKDF2), which the altcha v3 widget solves. */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaSettings } from '@nordlys/sdk/schemas';
import type { Captcha } from './types';
import type { UsedAnswers } from './used-answers';

export const ALTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface AltchaOptions {
  /** Signs challenges; challenges survive a restart (and work across replicas) only with the same key. */
  hmacKey: string;
  /** Where accepted answers are remembered (the database, so every instance refuses a replay). */
  usedAnswers: UsedAnswers;
  /**
   * The highest counter the solver may have to reach; each challenge picks one between half of it and
   * it. The work is about `maxNumber × 0.75` key derivations of `cost` PBKDF2 rounds (altcha recommends
   * 10 000 × 5 000: a few seconds in a browser).
   */
  maxNumber?: number;
  /** PBKDF2 rounds per attempt. */
  cost?: number;
  /** How long a challenge may be solved and submitted. */
  expiresInSeconds?: number;
}

export interface AltchaCaptcha extends Captcha {
  readonly settings: Extract<CaptchaSettings, { kind: 'altcha' }>;
  /** A signed, expiring challenge, as the widget fetches it from `settings.challengeUrl`. */
  challenge(): Promise<Challenge>;
}

/** The longest payload we bother to parse; a real one is about 600 characters. */
const MAX_PAYLOAD_LENGTH = 10_000;

/**
 * Creates the altcha captcha. `verify` takes the base64 JSON payload the widget submits
 * (`{ challenge, solution }`) and accepts each solved challenge once: used signatures are remembered
 * in `usedAnswers` until their challenge expires.
 * @example const captcha = createAltchaCaptcha({ hmacKey: process.env.ALTCHA_HMAC_KEY!, usedAnswers: databaseUsedAnswers(db) })
 */
export function createAltchaCaptcha({ hmacKey, usedAnswers, maxNumber = 10_000, cost = 5_000, expiresInSeconds = 600 }: AltchaOptions): AltchaCaptcha {
  if (!hmacKey) throw new TypeError('createAltchaCaptcha: option "hmacKey" must be a non-empty string');
  for (const [name, value] of Object.entries({ maxNumber, cost, expiresInSeconds })) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`createAltchaCaptcha: option "${name}" must be a positive integer, got ${value}`);
  }
  const hmacSignatureSecret = hmacKey;
  // A second secret signs the expected key, so verifying is one HMAC instead of a key derivation.
  const hmacKeySignatureSecret = createHmac('sha256', hmacKey).update('nordlys altcha key signature').digest('hex');

  return {
    settings: { kind: 'altcha', challengeUrl: ALTCHA_CHALLENGE_URL },
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        // Deterministic mode: the server knows the answer, so the work is predictable.
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(response) {
      const payload = parsePayload(response);
      if (!payload) return false;
      const { challenge, solution } = payload;
      const expiresAt = challenge.parameters.expiresAt;
      // Our challenges always expire; a signed one without expiry was not made here.
      if (typeof expiresAt !== 'number' || typeof challenge.signature !== 'string') return false;
      try {
        const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      return usedAnswers.claim(challenge.signature, new Date(expiresAt * 1000));
    },
  };
}

function parsePayload(response: unknown): Payload | null {
  if (typeof response !== 'string' || !response || response.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    if (!isObject(payload) || !isObject(payload.challenge) || !isObject(payload.solution)) return null;
    if (!isObject(payload.challenge.parameters)) return null;
    const { nonce, salt, keyPrefix } = payload.challenge.parameters;
    if (typeof nonce !== 'string' || typeof salt !== 'string' || typeof keyPrefix !== 'string') return null;
    return payload as unknown as Payload;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
