/** An investor's portfolio (issue #11): GET|POST /investors/{key}/investments and DELETE …/{id}, for its members and admins. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { InvestmentInputSchema, InvestmentListSchema, InvestmentSchema, InvestorKeySchema } from '@nordlys/sdk/schemas';
import { requireUser } from '../accounts/guards';
import { notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { addInvestment, removeInvestment } from '../queries/investments';
import { listInvestments } from '../queries/investors';
import { findLiveProfile } from '../queries/profile-writes';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const KeyParam = v.object({ key: InvestorKeySchema });
const EntryParam = v.object({
  key: InvestorKeySchema,
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/, 'Investment id must be a number'), v.transform(Number)),
});

export function investmentsRouter({ db }: RouterDeps) {
  const member = managesProfile(db, 'investor');
  const investorId = async (key: string) => (await findLiveProfile(db, 'investor', key)).id;

  return new Hono<AppEnv>()
    .get(
      '/investors/:key/investments',
      operation({ summary: 'An investor\'s portfolio', access: 'investor', response: InvestmentListSchema, errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      async (c) => c.json({ investments: await listInvestments(db, await investorId(c.req.valid('param').key)) }),
    )
    .post(
      '/investors/:key/investments',
      operation({
        summary: 'Add a startup on the site, or one by name, to an investor\'s portfolio',
        access: 'investor',
        response: InvestmentSchema,
        status: 201,
        errors: ['E_NOT_FOUND', 'E_CONFLICT'],
      }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      validate('json', InvestmentInputSchema),
      async (c) => {
        const id = await investorId(c.req.valid('param').key);
        return c.json(await addInvestment(db, id, c.req.valid('json')), 201);
      },
    )
    .delete(
      '/investors/:key/investments/:id',
      operation({ summary: 'Remove an entry from an investor\'s portfolio', access: 'investor', response: 'empty', errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', EntryParam),
      member,
      async (c) => {
        const { key, id } = c.req.valid('param');
        if (!(await removeInvestment(db, await investorId(key), id))) throw notFound('Investment');
        return c.body(null, 204);
      },
    );
}
