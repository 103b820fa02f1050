/** Investor routes of spec 7, with the platform switch of "Authentication and user". */
import { Hono } from 'hono';
import * as v from 'valibot';
import { isInvestorPublic } from '@nordlys/sdk/visibility';
import { InvestorKeySchema, InvestorListQuerySchema, InvestorListSchema, InvestorSchema, PlatformPayloadSchema } from '@nordlys/sdk/schemas';
import { assertCanManageInvestor, requireUser } from '../accounts/guards';
import { addPlatform, profileIdByKey } from '../accounts/platforms';
import type { Db } from '../db/client';
import { investors } from '../db/schema';
import { notFound } from '../errors';
import { privateNoStore, publicRead } from '../http/cache';
import { validate } from '../http/validate';
import { canManageInvestor, type AppEnv } from '../http/viewer';
import { getInvestor, getManagedInvestor, listInvestors } from '../queries/investors';
import { operation } from './operation';

// Investor keys follow the same slug rule as company keys.
const KeyParam = v.object({ key: InvestorKeySchema });

export function investorsRouter(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/investors',
      operation({ summary: 'Search the public investors', access: 'public', response: InvestorListSchema }),
      publicRead(),
      validate('query', InvestorListQuerySchema),
      async (c) => c.json(await listInvestors(db, c.req.valid('query'))),
    )
    .get(
      '/investors/:key',
      operation({ summary: 'A public investor', access: 'public', response: InvestorSchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      validate('param', KeyParam),
      async (c) => {
        const investor = await getInvestor(db, c.req.valid('param').key);
        // spec 4: only investors listed on this platform are public here.
        if (!investor || !isInvestorPublic(investor)) throw notFound('Investor');
        return c.json(investor);
      },
    )
    // An investor in any status, for its members and admins (with `manage`: the review state); others
    // get the public investor or a 404, so the route never reveals that a hidden one exists.
    .get(
      '/investors/:key/hidden',
      operation({
        summary: 'An investor in any status, for its members and admins',
        description: 'Members and admins get it in any status or platform, with `manage` (the review state); anyone else gets the public investor, or 404 when it is not public.',
        access: 'public',
        response: InvestorSchema,
        errors: ['E_NOT_FOUND'],
      }),
      privateNoStore,
      validate('param', KeyParam),
      async (c) => {
        const key = c.req.valid('param').key;
        const investor = await getInvestor(db, key);
        if (!investor) throw notFound('Investor');
        if (canManageInvestor(c.get('viewer'), investor.id)) {
          const managed = await getManagedInvestor(db, key);
          if (!managed) throw notFound('Investor');
          return c.json(managed);
        }
        if (!isInvestorPublic(investor)) throw notFound('Investor');
        return c.json(investor);
      },
    )
    // spec 7: list the investor on a platform (the connect-profile modal, spec 2.11).
    .post(
      '/investors/:key/platform',
      operation({ summary: 'List the investor on a platform', access: 'investor', response: 'empty', errors: ['E_NOT_FOUND'] }),
      requireUser,
      validate('param', KeyParam),
      validate('json', PlatformPayloadSchema),
      async (c) => {
        const id = await profileIdByKey(db, investors, c.req.valid('param').key);
        if (id === null) throw notFound('Investor');
        assertCanManageInvestor(c.get('viewer'), id);
        await addPlatform(db, investors, id, c.req.valid('json').platform);
        return c.body(null, 204);
      },
    );
}
