/** Site routes of spec 7: the configuration and the visitor's country. */
import { Hono } from 'hono';
import type { IpCountry } from '@nordlys/sdk/schemas';
import type { Config } from '../config';
import { privateNoStore, publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { ipCountry, siteConfig } from '../site-config';

export function siteRouter(config: Pick<Config, 'productName' | 'products' | 'auth'>) {
  return (
    new Hono<AppEnv>()
      // The cached config carries the site country; the visitor's own comes from ip-country.
      .get('/site/config-base', publicRead({ maxAge: 60, sMaxAge: 3600 }), (c) => c.json(siteConfig(config, 'DK')))
      .get('/site/configuration-cached', publicRead({ maxAge: 60, sMaxAge: 3600 }), (c) => c.json(siteConfig(config, 'DK')))
      .get('/site/ip-country', privateNoStore, (c) => {
        c.header('Vary', 'CF-IPCountry, CloudFront-Viewer-Country, X-Vercel-IP-Country');
        return c.json({ ipDetectedCountryCode: ipCountry(c.req.raw.headers) } satisfies IpCountry);
      })
  );
}
