/** Investor routes of spec 7. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CompanyKeySchema, InvestorListQuerySchema } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { publicRead } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getInvestor, listInvestors } from '../queries/investors';

// Investor keys follow the same slug rule as company keys.
const KeyParam = v.object({ key: CompanyKeySchema });

export function investorsRouter(db: Db) {
  return new Hono<AppEnv>()
    .get('/investors', publicRead(), validate('query', InvestorListQuerySchema), async (c) =>
      c.json(await listInvestors(db, c.req.valid('query'))),
    )
    .get('/investors/:key', publicRead(), validate('param', KeyParam), async (c) => {
      const investor = await getInvestor(db, c.req.valid('param').key);
      if (!investor || investor.status !== 'ACTIVE') throw notFound('Investor');
      return c.json(investor);
    });
}
