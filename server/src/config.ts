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
  /**
   * Behind a reverse proxy (TRUST_PROXY=true): the client's address is the first entry of
   * X-Forwarded-For. Otherwise that header is ignored, as any client can send it.
   */
  trustProxy: boolean;
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
    trustProxy: env.TRUST_PROXY === 'true',
    products: { headhunter: env.PRODUCT_HEADHUNTER === 'true' },
    // The defaults without auth parts (router tests); createApp serves the parts' own captcha and provider settings.
    auth: { signUp: env.SIGN_UP_DISABLED !== 'true', captcha: { kind: 'altcha', challengeUrl: '/api/captcha/challenge' }, provider: null },
  };
}
