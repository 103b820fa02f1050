/** The real DnsResolver: node:dns/promises with a per-query timeout and an overall deadline. */
import { Resolver } from 'node:dns/promises';
import { DnsUnavailableError, type DnsResolver } from './resolver';

/** Error codes of node:dns meaning "no such record": the name does not exist, or has no record of that type. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

export interface NodeResolverOptions {
  /** Milliseconds per query attempt (c-ares' own timeout). */
  timeoutMs?: number;
  /** Attempts per server before giving up. */
  tries?: number;
  /** A deadline for the whole lookup, whatever the servers do. */
  deadlineMs?: number;
  /** DNS servers ('ip' or 'ip:port'); the system's by default. */
  servers?: string[];
}

export function nodeResolver({ timeoutMs = 2000, tries = 2, deadlineMs = 5000, servers }: NodeResolverOptions = {}): DnsResolver {
  const lookup = async (name: string, run: (resolver: Resolver) => Promise<string[]>, clean = (record: string) => record.replace(/\.$/, '').toLowerCase()): Promise<string[]> => {
    // One Resolver per lookup, so cancelling on the deadline cancels only this lookup's queries.
    const resolver = new Resolver({ timeout: timeoutMs, tries });
    if (servers) resolver.setServers(servers);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        resolver.cancel();
        reject(new DnsUnavailableError(name, 'no answer in time'));
      }, deadlineMs);
    });
    try {
      return (await Promise.race([run(resolver), deadline])).map(clean);
    } catch (error) {
      if (error instanceof DnsUnavailableError) throw error;
      const code = (error as { code?: string }).code;
      if (code && NO_RECORD.has(code)) return [];
      throw new DnsUnavailableError(name, code ?? String(error));
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    resolveCname: (name) => lookup(name, (r) => r.resolveCname(name)),
    resolve4: (name) => lookup(name, (r) => r.resolve4(name)),
    resolve6: (name) => lookup(name, (r) => r.resolve6(name)),
    // A TXT value is text, not a name: kept as written.
    resolveTxt: (name) =>
      lookup(
        name,
        async (r) => (await r.resolveTxt(name)).map((parts) => parts.join('')),
        (record) => record,
      ),
  };
}
