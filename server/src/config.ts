/** Server settings, read once from the environment. */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';

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
  };
}
