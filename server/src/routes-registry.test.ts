/** The URL registry (sdk routes.ts) held to the server: the API's fixed words beside keys are reserved, and no seeded key is one. */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservedKeys, type KeyKind } from '@nordlys/sdk/routes';
import { CompanyKeySchema, InvestorKeySchema } from '@nordlys/sdk/schemas';
import { companiesRouter } from './api/companies';
import { investorsRouter } from './api/investors';
import type { Database } from './db/client';
import { companies, investors } from './db/schema';
import { openTestDatabase } from './testing/database';

describe('reserved key words and the API router', () => {
  it.each([
    ['company', companiesRouter(null as never, { publicUrl: 'http://localhost' }).routes, '/companies/:key'],
    ['investor', investorsRouter(null as never).routes, '/investors/:key'],
  ] as [KeyKind, { path: string }[], string][])('every fixed word beside a %s key is reserved', (kind, routes, keyRoute) => {
    const [, base] = keyRoute.split('/');
    expect(routes.some((r) => r.path.startsWith(keyRoute))).toBe(true);
    const words = routes
      .map((r) => r.path.split('/'))
      .filter((parts) => parts[1] === base && parts[2] && !parts[2].startsWith(':'))
      .map((parts) => parts[2]!);
    for (const word of words) expect(reservedKeys(kind).has(word), `${base}/${word}`).toBe(true);
    if (kind === 'company') expect(words).toEqual(expect.arrayContaining(['domain', 'white-label-feed-domain']));
  });
});

describe('the demo seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  it('gives every company and investor a key the key schemas accept (no reserved word)', async () => {
    const companyKeys = (await database.db.select({ key: companies.key }).from(companies)).map((r) => r.key);
    const investorKeys = (await database.db.select({ key: investors.key }).from(investors)).map((r) => r.key);
    expect(companyKeys.length).toBeGreaterThan(10);
    expect(investorKeys.length).toBeGreaterThan(3);
    expect(companyKeys.filter((key) => !v.is(CompanyKeySchema, key))).toEqual([]);
    expect(investorKeys.filter((key) => !v.is(InvestorKeySchema, key))).toEqual([]);
  });
});
