/**
 * A search's total (issue #16): counted up to its cap by whichever index fits the search (countMatches
 * in jobs.ts, a walk of jobs_listed_words_idx block by block for words), it is the plain count of the
 * matches, exact up to the cap and "cap+" past it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSearchParams } from '@nordlys/sdk/schemas';
import type { Database } from '../db/client';
import { growJobs } from '../seed/index';
import { backends, openTestDatabase, seedNow } from '../testing/database';
import { countJobsSince, searchJobs } from './jobs';

/** Searches that walk the word blocks (words alone) and some that do not (words with a filter, filters alone). */
const SEARCHES: JobSearchParams[] = [
  { search: 'engineer' },
  { search: 'senior product' },
  { search: 'design' },
  { search: 'eng dev' },
  { search: 'engineer', countryCode: 'REMOTE' },
  { search: 'senior', positionTypes: ['FULL_TIME', 'INTERNSHIP'] },
  { search: 'developer', categories: ['backend', 'frontend'] },
  { search: 'engineer', countryCode: 'SE' },
  { search: 'northwind' },
  { search: 'zzzqx' },
  {},
  { positionTypes: ['INTERNSHIP'] },
  { countryCode: 'REMOTE' },
];

describe.each(backends)('search totals on %s', (backend) => {
  let database: Database;
  const now = seedNow();
  const rowsOf = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    // Jobs in three blocks of 32,768 ids: the demo's (block 0), none in block 1, new ones in block 2.
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from jobs`);
    await database.db.execute(sql`select setval(pg_get_serial_sequence('jobs', 'id'), 70000)`);
    await growJobs(database.db, n + 300, { now });
  });
  afterAll(() => database?.close());

  /** The number of matches, without a cap worth the name: countJobsSince's plain count, from the epoch. */
  const plainCount = (params: JobSearchParams) => countJobsSince(database.db, params, new Date(0), { now, countCap: 1_000_000 });

  it('spreads the public jobs over more than one block', async () => {
    const rows = await rowsOf<{ block: number }>(sql`select distinct id >> 15 as block from jobs where status = 'ACTIVE' order by 1`);
    expect(rows.map((r) => Number(r.block))).toEqual([0, 2]);
  });

  it.each(SEARCHES.map((params) => [new URLSearchParams(params as Record<string, string>).toString() || '(none)', params] as const))(
    'counts %s as the plain count, exact up to the cap and a lower bound past it',
    async (_label, params) => {
      const n = await plainCount(params);
      for (const countCap of [1, 7, 60, n, 5000]) {
        const found = await searchJobs(database.db, { ...params, pageSize: 5 }, { now, countCap });
        expect({ countCap, total: found.total, exact: found.totalExact }).toEqual({ countCap, total: Math.min(n, countCap), exact: n <= countCap });
      }
    },
  );

  it('finds matches in both blocks for the words the searches use', async () => {
    const [row] = await rowsOf<{ blocks: number }>(
      sql`select count(distinct id >> 15)::int as blocks from jobs where status = 'ACTIVE' and search_vector @@ to_tsquery('simple', 'senior:* & product:*')`,
    );
    expect(row?.blocks).toBe(2);
  });

  it('answers a block query as @@ answers the plain one, prefixes and quoted lexemes included', async () => {
    const cases: [vector: string, query: string][] = [
      [`'senior':1A 'product':2A 'manager':3A`, `'senior':* & 'prod':*`],
      [`'senior':1A 'product':2A`, `'senior' & 'manager':*`],
      [`'it''s':1 'o''neil':2`, `'it''s' & 'o''ne':*`],
      [`'it''s':1`, `'it':*`],
      [`'abc':1`, `'ab':* | 'zz'`],
      [`'abc':1`, `!'abc'`],
    ];
    for (const [vector, query] of cases) {
      const [row] = await rowsOf<{ plain: boolean; block: boolean; other: boolean }>(
        sql`select (${vector}::tsvector @@ ${query}::tsquery) as plain, (nordlys_block_words(${vector}::tsvector, 5) @@ nordlys_block_query(${query}::tsquery, 5)) as block, (nordlys_block_words(${vector}::tsvector, 5) @@ nordlys_block_query(${query}::tsquery, 6)) as other`,
      );
      expect({ vector, query, block: row?.block }).toEqual({ vector, query, block: row?.plain });
      // Another block's query finds none of this block's words (a negation finds everything).
      expect({ vector, query, other: row?.other }).toEqual({ vector, query, other: query.startsWith('!') });
    }
  });
});
