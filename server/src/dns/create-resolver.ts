/** The resolver DOMAIN_DNS asks for (README "Settings"): the real one on node:dns, or the honest offline one. */
import type { Config } from '../config';
import { nodeResolver } from './node-resolver';
import { offlineResolver } from './offline-resolver';
import type { DnsResolver } from './resolver';

export function createResolver(config: Pick<Config, 'domainDns'>): DnsResolver {
  if (config.domainDns === 'off') return offlineResolver();
  return nodeResolver(config.domainDns === 'system' ? {} : { servers: config.domainDns });
}
