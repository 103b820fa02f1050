/** The captcha's HTTP route: the altcha widget fetches a fresh challenge from GET /api/captcha/challenge. */
import { Hono } from 'hono';
import { CaptchaChallengeSchema, type ErrorBody } from '@nordlys/sdk/schemas';
import { operation } from '../api/operation';
import { ALTCHA_CHALLENGE_URL } from './altcha';
import type { Captcha } from './types';

/**
 * Serves `GET /api/captcha/challenge` (never cached: each answer is a new challenge); 404 JSON when
 * the captcha issues no challenges (reCAPTCHA). Mount at '/' before the /api router's catch-all.
 */
export function captchaRoutes(captcha: Captcha): Hono {
  return new Hono().get(
    ALTCHA_CHALLENGE_URL,
    operation({ summary: 'A fresh captcha challenge for the altcha widget', access: 'public', response: CaptchaChallengeSchema, errors: ['E_NOT_FOUND'] }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      if (!captcha.challenge) {
        return c.json({ message: 'This site does not issue captcha challenges', code: 'E_NOT_FOUND' } satisfies ErrorBody, 404);
      }
      return c.json(await captcha.challenge());
    },
  );
}
