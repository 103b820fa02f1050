/**
 * DNS lookups behind a small interface, so the domain check (POST /api/domain-check) and the daily
 * re-check of custom domains (queue/tasks.ts) run against the real resolver (dns/node-resolver.ts),
 * the offline one (dns/offline-resolver.ts) or records a test controls (dns/test-resolver.ts).
 *
 * Every method answers the records found, or an empty list when the name has none of that type or
 * does not exist (NXDOMAIN, NODATA). Anything else (a timeout, a refused or failing server) throws
 * DnsUnavailableError, so a broken lookup is never mistaken for "no record".
 */
export interface DnsResolver {
  /** The CNAME target(s) of a name, without a trailing dot. */
  resolveCname(name: string): Promise<string[]>;
  /** IPv4 addresses (the resolver follows CNAMEs). */
  resolve4(name: string): Promise<string[]>;
  /** IPv6 addresses (the resolver follows CNAMEs). */
  resolve6(name: string): Promise<string[]>;
  /** TXT records of a name, each with its strings joined (a record longer than 255 characters comes in parts). */
  resolveTxt(name: string): Promise<string[]>;
}

/** The lookup could not be answered (timeout, server failure): the check should be tried again later. */
export class DnsUnavailableError extends Error {
  constructor(
    readonly domain: string,
    readonly reason: string,
  ) {
    super(`DNS lookup of ${domain} failed: ${reason}`);
    this.name = 'DnsUnavailableError';
  }
}
