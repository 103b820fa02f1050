import { describe, expect, it, vi } from 'vitest';
import { createConfigCache } from './config-cache';

function clock(start = '2026-11-22T12:00:00Z') {
  let at = Date.parse(start);
  return { now: () => new Date(at), advance: (seconds: number) => void (at += seconds * 1000) };
}

/** A load that answers version 1, 2, 3... */
function versions() {
  let n = 0;
  return vi.fn(async () => ({ version: ++n }));
}

describe('site configuration cache (spec 9)', () => {
  it('answers from the cache for 60 seconds, then loads again', async () => {
    const time = clock();
    const load = versions();
    const cache = createConfigCache(load, time);
    expect(await cache.get()).toEqual({ version: 1 });
    time.advance(59.999);
    expect(await cache.get()).toEqual({ version: 1 });
    expect(load).toHaveBeenCalledOnce();
    time.advance(0.001);
    expect(await cache.get()).toEqual({ version: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load in flight between concurrent callers', async () => {
    const load = versions();
    const cache = createConfigCache(load, clock());
    const answers = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(answers).toEqual([{ version: 1 }, { version: 1 }, { version: 1 }]);
    expect(load).toHaveBeenCalledOnce();
  });

  it('does not cache a failed load: every waiter gets the error, the next get loads again', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('Service unavailable');
      return { version: 1 };
    });
    const cache = createConfigCache(load, clock());
    const waiters = [cache.get(), cache.get()];
    await expect(waiters[0]).rejects.toThrow('Service unavailable');
    await expect(waiters[1]).rejects.toThrow('Service unavailable');
    expect(load).toHaveBeenCalledOnce();
    fail = false;
    expect(await cache.get()).toEqual({ version: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('turns a load that throws at once into a rejection', async () => {
    const cache = createConfigCache<{ version: number }>(() => {
      throw new Error('no network');
    }, clock());
    await expect(cache.get()).rejects.toThrow('no network');
  });

  it('counts the 60 seconds from when the load completed', async () => {
    const time = clock();
    let finish!: (value: { version: number }) => void;
    const load = vi.fn(() => new Promise<{ version: number }>((resolve) => (finish = resolve)));
    const cache = createConfigCache(load, time);
    const first = cache.get();
    await Promise.resolve();
    time.advance(10);
    finish({ version: 1 });
    await first;
    time.advance(55);
    await cache.get();
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets the value on clear, and a load in flight at clear time is not stored', async () => {
    const load = versions();
    const cache = createConfigCache(load, clock());
    await cache.get();
    cache.clear();
    const during = cache.get();
    cache.clear();
    expect(await during).toEqual({ version: 2 });
    expect(await cache.get()).toEqual({ version: 3 });
  });
});
