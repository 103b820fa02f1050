/**
 * Custom domains with proof (issue #33): a career domain or a white-label feed's domain is served only
 * once its owner proved control of it in DNS. One home for the rule: the states and their moves, the
 * name of the TXT record, and the startup's own CNAME target. The server checks by them (dns/proof.ts,
 * the daily re-check); the site shows the same records.
 *
 * - claimed: set on a profile, waiting for its proof; not served.
 * - verified: proven; served, and no other profile may claim it.
 * - lapsed: its proof was gone at a re-check; not served, and another profile that proves control may take it.
 */

export const DOMAIN_STATES = ['claimed', 'verified', 'lapsed'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** The label of the TXT record that proves a claim: `_nordlys.{domain}`. */
export const DOMAIN_PROOF_LABEL = '_nordlys';

/** The name of the TXT record that carries a claim's token. */
export function domainProofName(domain: string): string {
  return `${DOMAIN_PROOF_LABEL}.${domain}`;
}

/**
 * The startup's own CNAME target: its key under the site's host (`northwind-labs.nordlys.example`),
 * so a CNAME to it names the startup; a CNAME to the site's shared host proves nothing.
 */
export function domainCnameTarget(companyKey: string, siteHost: string): string {
  return `${companyKey}.${siteHost.replace(/\.$/, '').toLowerCase()}`;
}

/** The state after a check: a proof verifies (or keeps verified), its absence lapses a verified domain and leaves the others as they were. */
export function nextDomainState(current: DomainState, proven: boolean): DomainState {
  if (proven) return 'verified';
  return current === 'verified' ? 'lapsed' : current;
}

/** Whether host routing serves a domain in this state. */
export function isDomainServed(state: DomainState | null | undefined): boolean {
  return state === 'verified';
}
