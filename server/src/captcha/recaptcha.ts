/** Google reCAPTCHA (v2 checkbox), used instead of altcha when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set. */
import type { CaptchaSettings } from '@nordlys/sdk/schemas';
import type { Captcha } from './types';

export interface RecaptchaOptions {
  /** Public key the widget is rendered with. */
  siteKey: string;
  /** Server-side secret sent to siteverify. */
  secretKey: string;
  verifyUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** How long to wait for siteverify. */
  timeoutMs?: number;
  /** Where a failed siteverify call is reported; console.warn by default. */
  log?: (line: string) => void;
}

export interface RecaptchaCaptcha extends Captcha {
  readonly settings: Extract<CaptchaSettings, { kind: 'recaptcha' }>;
}

const MAX_RESPONSE_LENGTH = 10_000;

/**
 * Creates the reCAPTCHA captcha: `verify` posts secret, response (and remoteip) to siteverify and
 * trusts its `success`. A missing answer, a refusal or an unreachable siteverify is `false`.
 * @example createRecaptchaCaptcha({ siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY })
 */
export function createRecaptchaCaptcha({
  siteKey,
  secretKey,
  verifyUrl = 'https://www.google.com/recaptcha/api/siteverify',
  fetch = globalThis.fetch,
  timeoutMs = 10_000,
  log = console.warn,
}: RecaptchaOptions): RecaptchaCaptcha {
  if (!siteKey || !secretKey) throw new TypeError('createRecaptchaCaptcha: options "siteKey" and "secretKey" must be non-empty strings');
  return {
    settings: { kind: 'recaptcha', siteKey },
    async verify(response, remoteIp) {
      if (typeof response !== 'string' || !response || response.length > MAX_RESPONSE_LENGTH) return false;
      const body = new URLSearchParams({ secret: secretKey, response });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await fetch(verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) {
          log(`[captcha] reCAPTCHA siteverify answered ${res.status}`);
          return false;
        }
        const answer: unknown = await res.json();
        return typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === true;
      } catch (error) {
        log(`[captcha] reCAPTCHA siteverify failed: ${(error as Error).message}`);
        return false;
      }
    },
  };
}
