/**
 * The investor writes of issue #11: create, save the edit form, submit for review and delete. Each
 * answers the investor as GET /investors/{key}/hidden does (with `manage`), except delete (204).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { DeleteProfileSchema, InvestorCreateSchema, InvestorInputSchema, InvestorKeySchema, InvestorSchema } from '@nordlys/sdk/schemas';
import { currentViewer, requireUser } from '../accounts/guards';
import { notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getManagedInvestor } from '../queries/investors';
import { createInvestor, deleteProfile, submitProfile, updateInvestor } from '../queries/profile-writes';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const KeyParam = v.object({ key: InvestorKeySchema });

export function investorAdminRouter({ db }: RouterDeps) {
  const managed = async (key: string) => {
    const investor = await getManagedInvestor(db, key);
    if (!investor) throw notFound('Investor');
    return investor;
  };
  const member = managesProfile(db, 'investor');

  return new Hono<AppEnv>()
    .post(
      '/investors',
      operation({ summary: 'Create a draft investor, with the caller as its member', access: 'user', response: InvestorSchema, status: 201, errors: ['E_CONFLICT'] }),
      privateNoStore,
      requireUser,
      validate('json', InvestorCreateSchema),
      async (c) => {
        const key = await createInvestor(db, currentViewer(c).userId, c.req.valid('json'));
        return c.json(await managed(key), 201);
      },
    )
    .put(
      '/investors/:key',
      operation({ summary: 'Save an investor\'s edit form', access: 'investor', response: InvestorSchema, errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      validate('json', InvestorInputSchema),
      async (c) => {
        const { key } = c.req.valid('param');
        await updateInvestor(db, key, c.req.valid('json'), currentViewer(c));
        return c.json(await managed(key));
      },
    )
    .post(
      '/investors/:key/submit',
      operation({ summary: 'Submit a draft investor for review', access: 'investor', response: InvestorSchema, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      async (c) => {
        const { key } = c.req.valid('param');
        await submitProfile(db, 'investor', key);
        return c.json(await managed(key));
      },
    )
    .delete(
      '/investors/:key',
      operation({ summary: 'Delete an investor, confirmed by its key', access: 'investor', response: 'empty', errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      validate('json', DeleteProfileSchema),
      async (c) => {
        await deleteProfile(db, 'investor', c.req.valid('param').key, c.req.valid('json').confirm);
        return c.body(null, 204);
      },
    );
}
