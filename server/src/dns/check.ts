/**
 * The domain check of the settings and white-label pages (issue #11): does a domain already point at
 * this site? Yes when its CNAME chain reaches the site's host, or when every address it resolves to
 * is one of the host's own (an apex domain cannot have a CNAME, so A/AAAA records are the other way).
 */
import { isIP } from 'node:net';
import type { DnsResolver } from './resolver';

/** Longer CNAME chains than this are not followed (real resolvers stop around 8-16). */
const MAX_CNAME_HOPS = 8;

export interface DomainCheckResult {
  pointsHere: boolean;
  /** The CNAME targets met on the way, then the addresses the domain resolves to. */
  found: string[];
}

const normal = (name: string) => name.replace(/\.$/, '').toLowerCase();

async function addresses(resolver: DnsResolver, name: string): Promise<string[]> {
  if (isIP(name)) return [name.toLowerCase()];
  const [v4, v6] = await Promise.all([resolver.resolve4(name), resolver.resolve6(name)]);
  return [...v4, ...v6].map((a) => a.toLowerCase());
}

/** The CNAME targets met from `domain` on, in order, until a name without one (a loop or MAX_CNAME_HOPS ends it). */
export async function cnameChain(resolver: DnsResolver, domain: string): Promise<string[]> {
  const chain: string[] = [];
  let current = normal(domain);
  for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
    const [next] = await resolver.resolveCname(current);
    if (!next) break;
    current = normal(next);
    if (chain.includes(current)) break; // a loop
    chain.push(current);
  }
  return chain;
}

/** Checks `domain` against `targetHost` (the host of PUBLIC_URL). Throws DnsUnavailableError when DNS does not answer. */
export async function checkDomain(resolver: DnsResolver, domain: string, targetHost: string): Promise<DomainCheckResult> {
  const target = normal(targetHost);
  if (normal(domain) === target) return { pointsHere: true, found: [target] };
  const chain = await cnameChain(resolver, domain);
  const reached = chain.indexOf(target);
  if (reached >= 0) return { pointsHere: true, found: chain.slice(0, reached + 1) };
  const found = [...chain];
  const [own, ours] = await Promise.all([addresses(resolver, normal(domain)), addresses(resolver, target)]);
  found.push(...own.filter((a) => !found.includes(a)));
  const pointsHere = own.length > 0 && own.every((a) => ours.includes(a));
  return { pointsHere, found };
}
