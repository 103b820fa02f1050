/** A DnsResolver over records a test writes: no network, answers the test decides. */
import { DnsUnavailableError, type DnsResolver } from './resolver';

export interface TestRecords {
  cname?: string;
  a?: string[];
  aaaa?: string[];
  txt?: string[];
  /** The lookup fails like a server that does not answer. */
  fail?: boolean;
}

/**
 * Names not in the map do not exist (NXDOMAIN). Like a real resolver, A and AAAA lookups follow a
 * name's CNAME chain; resolveCname answers only the name's own CNAME.
 * @example new TestResolver({ 'jobs.acme.test': { cname: 'nordlys.example' }, 'nordlys.example': { a: ['192.0.2.1'] } })
 */
export class TestResolver implements DnsResolver {
  /** Every name asked about, in order, to check that a lookup happened (or did not). */
  readonly asked: string[] = [];

  constructor(readonly records: Record<string, TestRecords> = {}) {}

  private record(name: string): TestRecords | undefined {
    this.asked.push(name);
    const record = this.records[name.toLowerCase()];
    if (record?.fail) throw new DnsUnavailableError(name, 'ETIMEOUT');
    return record;
  }

  async resolveCname(name: string): Promise<string[]> {
    const cname = this.record(name)?.cname;
    return cname ? [cname] : [];
  }

  private addresses(name: string, type: 'a' | 'aaaa'): string[] {
    for (let hop = 0, current = name; hop < 10; hop++) {
      const record = this.record(current);
      if (!record) return [];
      if (!record.cname) return record[type] ?? [];
      current = record.cname;
    }
    return [];
  }

  async resolve4(name: string): Promise<string[]> {
    return this.addresses(name, 'a');
  }

  async resolve6(name: string): Promise<string[]> {
    return this.addresses(name, 'aaaa');
  }

  async resolveTxt(name: string): Promise<string[]> {
    return this.record(name)?.txt ?? [];
  }
}
