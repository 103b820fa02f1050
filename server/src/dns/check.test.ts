import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDomain } from './check';
import { nodeResolver } from './node-resolver';
import { DnsUnavailableError } from './resolver';
import { TestResolver } from './test-resolver';

const HOST = 'nordlys.example';

describe('checkDomain (a resolver the test controls)', () => {
  const resolver = new TestResolver({
    [HOST]: { a: ['192.0.2.10', '192.0.2.11'], aaaa: ['2001:db8::10'] },
    'jobs.acme.test': { cname: `${HOST}.` },
    'careers.chain.test': { cname: 'edge.chain.test' },
    'edge.chain.test': { cname: HOST },
    'jobs.elsewhere.test': { cname: 'ghs.hosting.test' },
    'ghs.hosting.test': { a: ['198.51.100.7'] },
    'acme.test': { a: ['192.0.2.11'] },
    'v6.acme.test': { aaaa: ['2001:DB8::10'] },
    'half.acme.test': { a: ['192.0.2.10', '198.51.100.7'] },
    'loop-a.test': { cname: 'loop-b.test' },
    'loop-b.test': { cname: 'loop-a.test' },
    'down.test': { fail: true },
  });

  it('a domain that does not exist (NXDOMAIN) does not point here and shows nothing found', async () => {
    expect(await checkDomain(resolver, 'nothing.test', HOST)).toEqual({ pointsHere: false, found: [] });
  });

  it('a CNAME to the host points here, with or without the trailing dot and in any case', async () => {
    expect(await checkDomain(resolver, 'jobs.acme.test', HOST)).toEqual({ pointsHere: true, found: [HOST] });
    expect(await checkDomain(resolver, 'JOBS.acme.test', 'Nordlys.Example.')).toEqual({ pointsHere: true, found: [HOST] });
  });

  it('a CNAME chain that reaches the host points here', async () => {
    expect(await checkDomain(resolver, 'careers.chain.test', HOST)).toEqual({ pointsHere: true, found: ['edge.chain.test', HOST] });
  });

  it('a CNAME elsewhere does not point here, and names what it found', async () => {
    expect(await checkDomain(resolver, 'jobs.elsewhere.test', HOST)).toEqual({ pointsHere: false, found: ['ghs.hosting.test', '198.51.100.7'] });
  });

  it("A or AAAA records that are the host's own addresses point here (an apex domain)", async () => {
    expect(await checkDomain(resolver, 'acme.test', HOST)).toEqual({ pointsHere: true, found: ['192.0.2.11'] });
    expect(await checkDomain(resolver, 'v6.acme.test', HOST)).toEqual({ pointsHere: true, found: ['2001:db8::10'] });
  });

  it("addresses only partly the host's do not point here", async () => {
    expect((await checkDomain(resolver, 'half.acme.test', HOST)).pointsHere).toBe(false);
  });

  it('a CNAME loop ends without pointing here', async () => {
    expect((await checkDomain(resolver, 'loop-a.test', HOST)).pointsHere).toBe(false);
  });

  it('a host given as an IP address is compared by that address', async () => {
    expect((await checkDomain(resolver, 'acme.test', '192.0.2.11')).pointsHere).toBe(true);
    expect((await checkDomain(resolver, 'half.acme.test', '192.0.2.10')).pointsHere).toBe(false);
  });

  it('a lookup that fails throws DnsUnavailableError (never "no record")', async () => {
    await expect(checkDomain(resolver, 'down.test', HOST)).rejects.toBeInstanceOf(DnsUnavailableError);
  });
});

/**
 * A tiny DNS server on 127.0.0.1: answers A queries for known names, NXDOMAIN for the rest, and
 * nothing at all for names starting with 'silent'.
 */
function startDnsServer(records: Record<string, string>): Promise<{ socket: Socket; port: number }> {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    // Header (12 bytes), then the question: labels, a zero byte, QTYPE, QCLASS.
    let offset = 12;
    const labels: string[] = [];
    while (query[offset]! > 0) {
      const length = query[offset]!;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const name = labels.join('.').toLowerCase();
    const qtype = query.readUInt16BE(offset + 1);
    if (name.startsWith('silent')) return;
    const address = records[name];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    const answer = address !== undefined && qtype === 1;
    header.writeUInt16BE(0x8180 | (address === undefined ? 3 : 0), 2); // QR, RD, RA; RCODE NXDOMAIN when unknown
    header.writeUInt16BE(1, 4); // QDCOUNT
    header.writeUInt16BE(answer ? 1 : 0, 6); // ANCOUNT
    const parts = [header, query.subarray(12, questionEnd)];
    if (answer) {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the question's name
      rr.writeUInt16BE(1, 2); // A
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6); // TTL
      rr.writeUInt16BE(4, 10);
      address.split('.').forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
      parts.push(rr);
    }
    socket.send(Buffer.concat(parts), peer.port, peer.address);
  });
  return new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve({ socket, port: socket.address().port })));
}

describe('nodeResolver (node:dns against a local server)', () => {
  let server: { socket: Socket; port: number };
  beforeAll(async () => {
    server = await startDnsServer({ 'jobs.acme.test': '192.0.2.10' });
  });
  afterAll(() => server.socket.close());

  const resolver = () => nodeResolver({ servers: [`127.0.0.1:${server.port}`], timeoutMs: 200, tries: 1, deadlineMs: 1000 });

  it('answers the records found', async () => {
    expect(await resolver().resolve4('jobs.acme.test')).toEqual(['192.0.2.10']);
  });

  it('answers an empty list for a name that does not exist (NXDOMAIN)', async () => {
    expect(await resolver().resolve4('nothing.acme.test')).toEqual([]);
    expect(await resolver().resolveCname('nothing.acme.test')).toEqual([]);
  });

  it('answers an empty list for a name without records of that type (NODATA)', async () => {
    expect(await resolver().resolveCname('jobs.acme.test')).toEqual([]);
  });

  it('throws DnsUnavailableError when the server does not answer, within its deadline', async () => {
    const started = performance.now();
    await expect(resolver().resolve4('silent.acme.test')).rejects.toBeInstanceOf(DnsUnavailableError);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
