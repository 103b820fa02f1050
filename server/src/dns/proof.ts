/**
 * The proof of a custom domain (issue #33, sdk/domains.ts): its owner controls its DNS when
 * `_nordlys.{domain}` has a TXT record with the claim's token, or when the domain's CNAME chain
 * reaches the startup's own target. A CNAME to the site's shared host routes the domain here but
 * proves nothing: a record left behind by a former owner would otherwise hand the domain to anyone.
 */
import { domainProofName } from '@nordlys/sdk/domains';
import { cnameChain } from './check';
import type { DnsResolver } from './resolver';

export type DomainProof = 'TXT' | 'CNAME';

/**
 * Which record proves the claim, or null when neither does. `cnameTarget` null: only the TXT record
 * can. Throws DnsUnavailableError when DNS does not answer (never taken for "no proof").
 */
export async function findProof(resolver: DnsResolver, claim: { domain: string; token: string; cnameTarget: string | null }): Promise<DomainProof | null> {
  const [txt, chain] = await Promise.all([resolver.resolveTxt(domainProofName(claim.domain)), claim.cnameTarget ? cnameChain(resolver, claim.domain) : ([] as string[])]);
  if (txt.some((value) => value.trim() === claim.token)) return 'TXT';
  if (claim.cnameTarget && chain.includes(claim.cnameTarget.toLowerCase())) return 'CNAME';
  return null;
}
