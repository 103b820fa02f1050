/** Server settings, read once from the environment. */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import type { AuthSettings } from '@nordlys/sdk/schemas';

export interface Config {
  port: number;
  /** PostgreSQL URL; without it the server runs PGlite on `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Hosts that serve the main site (spec 2.5); others are career or white-label hosts. */
  mainHosts: string[];
  productName: string;
  /** The site's public origin (https://nordlys.example) for absolute links in feeds; the request's own origin when unset. */
  publicUrl?: string;
  isProduction: boolean;
  /** Product switches of the site config, e.g. headhunter for the Scout nav item. */
  products: { headhunter: boolean };
  /** How signing in works, as the site is told in config-base (`auth`). */
  auth: AuthSettings;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    mainHosts: (env.MAIN_HOSTS ?? 'localhost,127.0.0.1').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    productName: env.PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    isProduction: env.NODE_ENV === 'production',
    products: { headhunter: env.PRODUCT_HEADHUNTER === 'true' },
    auth: {
      signUp: env.SIGN_UP_DISABLED !== 'true',
      captcha: env.RECAPTCHA_SITE_KEY
        ? { kind: 'recaptcha', siteKey: env.RECAPTCHA_SITE_KEY }
        : { kind: 'altcha', challengeUrl: '/api/captcha/challenge' },
      provider: { name: env.OIDC_PROVIDER_NAME ?? 'LinkedIn', authorizeUrl: '/auth/linkedin' },
    },
  };
}
