/**
 * The shipped nginx config's per-client limits (issue #33, examples/deploy/nginx.conf): a burst of
 * searches from one address is cut to the zone's burst and answered 429 in the instances' error
 * shape; other requests are not limited by it; and one address cannot open more than its share of
 * connections. A real nginx (Debian's) runs the shipped file in front of a stand-in instance.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';
import { startNginx, type TestNginx } from './testing/nginx';

describe('the shipped nginx config under a burst from one address', () => {
  let upstream: Server;
  let nginx: TestNginx;
  /** Requests to /slow wait here until the test lets them go. */
  const held: (() => void)[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const answer = () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      if (req.url?.startsWith('/slow')) held.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    nginx = await startNginx({ port: await freePort(), upstreams: [`127.0.0.1:${(upstream.address() as AddressInfo).port}`] });
  });
  afterAll(async () => {
    for (const release of held.splice(0)) release();
    await nginx?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const statuses = (answers: Response[]) => answers.map((a) => a.status).sort();

  it('lets a burst of searches through up to the zone\'s burst, and answers the rest 429 with Retry-After in the instances\' shape', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => fetch(`${nginx.url}/jobs?search=burst-${i}`)));
    const passed = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(statuses(answers).every((s) => s === 200 || s === 429), String(statuses(answers))).toBe(true);
    // burst=20 with nodelay: the first and 20 more at once; the rate (5 a second) may free one or two while they arrive.
    expect(passed).toBeGreaterThanOrEqual(21);
    expect(passed).toBeLessThanOrEqual(25);
    expect(refused.length).toBe(60 - passed);
    expect(refused[0]!.headers.get('Retry-After')).toBe('1');
    expect(await refused[0]!.json()).toEqual({ code: 'E_RATE_LIMITED', message: 'Too many requests from your address. Please try again in a moment.' });
  });

  it('does not count requests without a search', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => fetch(`${nginx.url}/jobs/${i}`)));
    expect(statuses(answers)).toEqual(Array(60).fill(200));
  });

  it('refuses an address\'s connections past 64 at once', async () => {
    const answers = Array.from({ length: 80 }, (_, i) => fetch(`${nginx.url}/slow/${i}`));
    // 64 reach the instance and wait there; nginx refuses the other 16 at once.
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(64);
    for (const release of held.splice(0)) release();
    const all = await Promise.all(answers);
    expect(all.filter((a) => a.status === 200).length).toBe(64);
    expect(all.filter((a) => a.status === 429).length).toBe(16);
  });
});
