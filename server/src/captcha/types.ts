/** The sign-up captcha (spec 5): altcha proof of work by default, reCAPTCHA when keys are configured. */
import type { CaptchaSettings } from '@nordlys/sdk/schemas';

export interface Captcha {
  /** What the site needs to show the widget; served in GET /site/config-base as `auth.captcha`. */
  readonly settings: CaptchaSettings;
  /**
   * Checks the widget's answer (the sign-up field `reCaptchaResponse`). False for a missing, wrong,
   * expired or already used answer; never throws for bad input.
   */
  verify(response: string, remoteIp?: string): Promise<boolean>;
  /**
   * A fresh challenge for the widget, served at `settings.challengeUrl` (GET /api/captcha/challenge);
   * only captchas the server issues challenges for (altcha) have it.
   */
  challenge?(): Promise<object>;
}
