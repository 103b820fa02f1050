/** A small seeded pseudo-random generator (mulberry32), so the demo data is the same on every run. */

/** Picks and draws from one deterministic stream of numbers in [0, 1). */
export interface Random {
  /** The next number in [0, 1). */
  next(): number;
  /** An integer between min and max, both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** n distinct items, in random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[];
  /** One value of [value, weight] pairs, proportionally to the weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

/**
 * A Random seeded with a 32-bit integer.
 * @example createRandom(42).int(1, 6) // the same die roll on every run
 */
export function createRandom(seed: number): Random {
  let state = seed | 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    sample<T>(items: readonly T[], n: number): T[] {
      const copy = [...items];
      const count = Math.min(n, copy.length);
      for (let i = 0; i < count; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, count);
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
  };
}
