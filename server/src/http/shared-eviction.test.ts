/**
 * Evictions shared by the instances on one PostgreSQL (http/shared-eviction.ts): an announcement on one
 * empties the others' caches and not its own twice, a worker's reaches every instance, a listener that
 * loses its connection says so, comes back by itself and empties its cache for what it missed, and a
 * burst of announcements is coalesced: on PostgreSQL only (TEST_DATABASE_URL, as in CI), since
 * LISTEN/NOTIFY is what is proven and PGlite is one process. A listener that cannot connect at all is
 * checked everywhere.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';
import { adminQuery } from '../testing/postgres';
import { announceEviction, shareEvictions, type SharedEviction } from './shared-eviction';

// Everywhere, PostgreSQL or not: a listener that cannot connect leaves the instance serving.
describe('an eviction listener that cannot connect', () => {
  it('says so once, keeps trying without emptying the cache, and stops trying when closed', async () => {
    const database = await openTestDatabase('pglite');
    const lines: string[] = [];
    const evicted = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Port 1 on the loopback: refused at once.
      const shared = await shareEvictions({ url: 'postgres://nordlys@127.0.0.1:1/none', db: database.db, onEvict: evicted, log: (line) => lines.push(line) });
      expect(shared.listening).toBe(false);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[cache\] the eviction listener cannot connect \(.+\): trying again$/);
      // The next try, refused again: no new line, nothing emptied, another try scheduled.
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(500);
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
      expect(lines).toHaveLength(1);
      expect(evicted).not.toHaveBeenCalled();
      await shared.close();
      expect(vi.getTimerCount()).toBe(0);
      expect(shared.listening).toBe(false);
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });
});

for (const url of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
  describe('answer-cache evictions shared over PostgreSQL', () => {
    let database: Database;
    const counts = { a: 0, b: 0 };
    const states: Record<'a' | 'b', boolean[]> = { a: [], b: [] };
    let a: SharedEviction;
    let b: SharedEviction;
    const quiet = () => {};

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      const open = (name: 'a' | 'b') =>
        shareEvictions({ url: database.url!, db: database.db, onEvict: () => counts[name]++, onListening: (listening) => states[name].push(listening), log: quiet });
      [a, b] = await Promise.all([open('a'), open('b')]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await database?.close();
    });

    it('listens once connected, and empties the cache once for what was announced before', () => {
      expect(a.listening).toBe(true);
      expect(b.listening).toBe(true);
      expect(counts).toEqual({ a: 1, b: 1 });
      expect(states).toEqual({ a: [true], b: [true] });
    });

    it("empties the other instance's cache on an announcement, not the announcer's own", async () => {
      const before = { ...counts };
      a.announce();
      await a.settled();
      await vi.waitFor(() => expect(counts.b).toBe(before.b + 1));
      b.announce();
      await b.settled();
      await vi.waitFor(() => expect(counts.a).toBe(before.a + 1));
      expect(counts).toEqual({ a: before.a + 1, b: before.b + 1 });
    });

    it("empties every instance's cache on a worker's announcement", async () => {
      const before = { ...counts };
      await announceEviction(database.db, 'worker');
      await vi.waitFor(() => expect(counts).toEqual({ a: before.a + 1, b: before.b + 1 }));
    });

    it('coalesces a burst: one announcement in flight, one more after it', async () => {
      const before = counts.b;
      for (let i = 0; i < 20; i++) a.announce();
      await a.settled();
      await vi.waitFor(() => expect(counts.b).toBeGreaterThan(before));
      // A round trip more, so a third would have arrived by now.
      await announceEviction(database.db, 'probe');
      await vi.waitFor(() => expect(counts.b).toBeGreaterThanOrEqual(before + 2));
      expect(counts.b - before).toBeLessThanOrEqual(3);
    });

    it('says when its connection is cut, comes back by itself, and empties the cache for what it missed', async () => {
      const before = { ...counts };
      // Both listeners' connections, as a PostgreSQL restart or a cut network would.
      await adminQuery(url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'nordlys answer cache' AND datname = '${new URL(database.url!).pathname.slice(1)}'`);
      await vi.waitFor(() => expect(states.b.at(-1)).toBe(false), { timeout: 5_000 });
      // An announcement while b is deaf: b hears nothing of it, but empties its cache when it is back.
      a.announce();
      await a.settled();
      await vi.waitFor(() => expect(a.listening && b.listening).toBe(true), { timeout: 20_000 });
      expect(states.b.slice(-2)).toEqual([false, true]);
      expect(counts.b).toBeGreaterThan(before.b);
      // And it hears the next one.
      const now = counts.b;
      a.announce();
      await a.settled();
      await vi.waitFor(() => expect(counts.b).toBe(now + 1));
    }, 30_000);
  });
}
