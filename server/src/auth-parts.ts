/** The swappable parts of signing in: mail, captcha and the professional-network provider, with their HTTP routes. */
import type { Hono } from 'hono';
import type { AuthSettings } from '@nordlys/sdk/schemas';
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
  /**
   * Runs work after a request has been answered (forgot-password's lookup and mail, so that its answer
   * takes as long for an unknown address as for a known one). By default at once and detached, with
   * failures logged; tests collect the tasks to run them when they choose.
   */
  runLater?: (task: () => Promise<void>) => void;
  /** Stops what the parts started (SMTP pools, the embedded provider). */
  close(): Promise<void>;
}

/** Where the site's provider popup lands (AuthSettings.provider.authorizeUrl). */
export const AUTHORIZE_PATH = '/auth/linkedin';

/**
 * The `auth` part of GET /site/config-base: what the site shows for signing in.
 * @example authSettings(parts, { signUp: env.SIGN_UP_DISABLED !== 'true' })
 */
export function authSettings(parts: Pick<AuthParts, 'captcha' | 'provider'>, { signUp }: { signUp: boolean }): AuthSettings {
  return {
    signUp,
    captcha: parts.captcha.settings,
    provider: parts.provider ? { name: parts.provider.name, authorizeUrl: AUTHORIZE_PATH } : null,
  };
}
