/** Site routes of spec 7: the configuration and the visitor's country. */
import { Hono } from 'hono';
import { IpCountrySchema, SiteConfigSchema, type IpCountry } from '@nordlys/sdk/schemas';
import type { Config } from '../config';
import { privateNoStore, publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { ipCountry, siteConfig } from '../site-config';
import { operation } from './operation';

export function siteRouter(config: Pick<Config, 'productName' | 'products' | 'auth'>) {
  return (
    new Hono<AppEnv>()
      // The cached config carries the site country; the visitor's own comes from ip-country.
      .get(
        '/site/config-base',
        operation({ summary: 'The site configuration, with the site\'s country', access: 'public', response: SiteConfigSchema }),
        publicRead({ maxAge: 60, sMaxAge: 3600 }),
        (c) => c.json(siteConfig(config, 'DK')),
      )
      .get(
        '/site/configuration-cached',
        operation({ summary: 'The site configuration (the same as /site/config-base)', access: 'public', response: SiteConfigSchema }),
        publicRead({ maxAge: 60, sMaxAge: 3600 }),
        (c) => c.json(siteConfig(config, 'DK')),
      )
      .get('/site/ip-country', operation({ summary: 'The visitor\'s country, from the CDN\'s headers', access: 'public', response: IpCountrySchema }), privateNoStore, (c) => {
        c.header('Vary', 'CF-IPCountry, CloudFront-Viewer-Country, X-Vercel-IP-Country');
        return c.json({ ipDetectedCountryCode: ipCountry(c.req.raw.headers) } satisfies IpCountry);
      })
  );
}
