/** Picks job locations from existing location rows, weighted by city size, so rows are reused. */
import { CITIES } from './places';
import type { Random } from './random';

export interface PooledLocation {
  id: number;
  locality: string | null;
  countryCode: string | null;
}

export interface LocationPool {
  /** A location in the country, or null when the pool has none there. */
  pick(random: Random, countryCode: string): PooledLocation | null;
  byId(id: number): PooledLocation | undefined;
}

/** A pool over the given rows; a city's weight is shared among its streets. */
export function locationPool(rows: readonly PooledLocation[]): LocationPool {
  const streetsPerCity = new Map<string, number>();
  for (const row of rows) streetsPerCity.set(`${row.countryCode}/${row.locality}`, (streetsPerCity.get(`${row.countryCode}/${row.locality}`) ?? 0) + 1);
  const byCountry = new Map<string, (readonly [PooledLocation, number])[]>();
  for (const row of rows) {
    if (!row.countryCode) continue;
    const cityWeight = CITIES.find((c) => c.locality === row.locality && c.countryCode === row.countryCode)?.weight ?? 1;
    const entries = byCountry.get(row.countryCode) ?? [];
    entries.push([row, cityWeight / (streetsPerCity.get(`${row.countryCode}/${row.locality}`) ?? 1)]);
    byCountry.set(row.countryCode, entries);
  }
  const ids = new Map(rows.map((row) => [row.id, row]));
  return {
    pick(random, countryCode) {
      const entries = byCountry.get(countryCode);
      return entries && entries.length > 0 ? random.weighted(entries) : null;
    },
    byId: (id) => ids.get(id),
  };
}
