/**
 * Issue #32: nordlys_place_key() (0015) is the twin of sdk placeKey, on PGlite and PostgreSQL: the same
 * key for every locality of the demo data, for tricky names, and for random names of Nordic and other
 * Latin letters, capitals, spaces and punctuation. The job search's city filter and the location
 * sitemap rest on it.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeKey } from '@nordlys/sdk/places';
import type { Database } from '../db/client';
import { locations } from '../db/schema';
import { backends, openTestDatabase } from '../testing/database';

const TRICKY = [
  'Malmö', 'MALMÖ', 'malmo', 'Malmö' /* o and a combining diaeresis */, 'Reykjavík', 'REYKJAVÍK', 'København N', 'KØBENHAVN  N.',
  'Ærøskøbing', 'Århus', 'Tromsø', 'Garðabær', 'Þorlákshöfn', 'ÞINGVELLIR', 'Jyväskylä', 'Göteborg', 'Gießen', 'Łódź', 'Œuvre',
  'Đakovo', 'İstanbul', 'Diyarbakır', 'São Paulo', "Val-d'Isère", 'Saint-Étienne', 'new-york', ' New  York ', 'ﬁnse' /* a ligature */,
  'Москва', '東京', '½ Moon Bay', '--', '', 'a\u0301\u0302',
];

/** Letters the generated names are made of: Nordic and other accented Latin ones in both cases, and separators. */
const ALPHABET = [...'abcxyzABCXYZåäöæøðþéíóúýüßÅÄÖÆØÐÞÉÍÓÚÝÜłŁœŒđĐıİ 0-9.,\'’()/'];

describe.each(backends)('the place key on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Each name's key from SQL, in order. */
  const sqlKeys = async (names: string[]): Promise<string[]> => {
    const rows = await database.db
      .select({ key: sql<string>`nordlys_place_key(n.name)` })
      .from(sql`unnest(${sql.param(names)}::text[]) with ordinality as n(name, i)`)
      .orderBy(sql`n.i`);
    return rows.map((row) => row.key);
  };

  it('agrees with sdk placeKey on every locality of the demo data', async () => {
    const rows = await database.db.selectDistinct({ locality: locations.locality }).from(locations);
    const names = rows.flatMap((row) => (row.locality === null ? [] : [row.locality]));
    expect(names).toContain('Malmö');
    expect(names.length).toBeGreaterThan(10);
    expect(await sqlKeys(names)).toEqual(names.map(placeKey));
  });

  it('agrees with sdk placeKey on tricky names', async () => {
    expect(await sqlKeys(TRICKY)).toEqual(TRICKY.map(placeKey));
  });

  it('agrees with sdk placeKey on random names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 24 }), { minLength: 1, maxLength: 40 }), async (names) => {
        expect(await sqlKeys(names)).toEqual(names.map(placeKey));
      }),
      { numRuns: 25 },
    );
  });
});
