/**
 * The resolver of DOMAIN_DNS=off (the default outside production): it asks no server and answers every
 * lookup with DnsUnavailableError. Honest rather than hopeful: a domain is never proven without DNS,
 * and a verified one never lapses for lack of it (the re-check leaves each state as it was).
 */
import { DnsUnavailableError, type DnsResolver } from './resolver';

export const DNS_OFF_REASON = 'DNS lookups are off on this server (DOMAIN_DNS=off)';

export function offlineResolver(): DnsResolver {
  const refuse = async (name: string): Promise<string[]> => {
    throw new DnsUnavailableError(name, DNS_OFF_REASON);
  };
  return { resolveCname: refuse, resolve4: refuse, resolve6: refuse, resolveTxt: refuse };
}
