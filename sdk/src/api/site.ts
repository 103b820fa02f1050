/** Site calls of spec 7. */
import type { Transport } from './transport';
import type { IpCountry, SiteConfig } from '../schemas/site';

export function siteApi(http: Transport) {
  return {
    /** GET /site/config-base. */
    config: () => http.get('site/config-base').json<SiteConfig>(),
    /** GET /site/configuration-cached (spec 7, an older call): the same configuration as config(). */
    configurationCached: () => http.get('site/configuration-cached').json<SiteConfig>(),
    /** GET /site/ip-country. */
    ipCountry: () => http.get('site/ip-country').json<IpCountry>(),
  };
}
export type SiteApi = ReturnType<typeof siteApi>;
