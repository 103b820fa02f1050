/** The swappable parts of signing in: mail, captcha and the professional-network provider, with their HTTP routes. */
import type { Hono } from 'hono';
import type { Captcha } from './captcha/types';
import type { Mailer } from './mail/types';
import type { ProviderSignIn } from './oidc/types';

export interface AuthParts {
  mailer: Mailer;
  captcha: Captcha;
  /** null when no provider is configured (production without OIDC_ISSUER). */
  provider: ProviderSignIn | null;
  /**
   * Routes outside /api that these parts need, mounted at '/' before the pages: the captcha
   * challenge (/api/captcha/challenge), the provider popup (/auth/linkedin, /auth/linkedin/callback)
   * and, in development, the embedded identity provider.
   */
  routes?: Hono<any>;
  /** Stops what the parts started (SMTP pools, the embedded provider). */
  close(): Promise<void>;
}
