/**
 * The startup writes of issue #11: create, save the edit form, submit for review and delete. Each
 * answers the company as GET /companies/{key}/hidden does (with `manage`), except delete (204).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CompanyCreateSchema, CompanyInputSchema, CompanyKeySchema, CompanySchema, DeleteProfileSchema } from '@nordlys/sdk/schemas';
import { currentViewer, requireUser } from '../accounts/guards';
import { notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getManagedCompany } from '../queries/companies';
import { domainSite } from '../queries/domain-claims';
import { createCompany, deleteProfile, submitProfile, updateCompany } from '../queries/profile-writes';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const KeyParam = v.object({ key: CompanyKeySchema });

export function companyAdminRouter({ db, config }: RouterDeps) {
  const site = domainSite(config);
  const managed = async (key: string) => {
    const company = await getManagedCompany(db, key, site);
    if (!company) throw notFound('Company');
    return company;
  };
  const member = managesProfile(db, 'company');

  return new Hono<AppEnv>()
    .post(
      '/companies',
      operation({ summary: 'Create a draft startup, with the caller as its member', access: 'user', response: CompanySchema, status: 201, errors: ['E_CONFLICT'] }),
      privateNoStore,
      requireUser,
      validate('json', CompanyCreateSchema),
      async (c) => {
        const key = await createCompany(db, currentViewer(c).userId, c.req.valid('json'));
        return c.json(await managed(key), 201);
      },
    )
    .put(
      '/companies/:key',
      operation({ summary: 'Save a startup\'s edit form', access: 'company', response: CompanySchema, errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      validate('json', CompanyInputSchema),
      async (c) => {
        const { key } = c.req.valid('param');
        await updateCompany(db, key, c.req.valid('json'), currentViewer(c));
        return c.json(await managed(key));
      },
    )
    .post(
      '/companies/:key/submit',
      operation({ summary: 'Submit a draft startup for review', access: 'company', response: CompanySchema, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      async (c) => {
        const { key } = c.req.valid('param');
        await submitProfile(db, 'company', key);
        return c.json(await managed(key));
      },
    )
    .delete(
      '/companies/:key',
      operation({ summary: 'Delete a startup, confirmed by its key', access: 'company', response: 'empty', errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', KeyParam),
      member,
      validate('json', DeleteProfileSchema),
      async (c) => {
        await deleteProfile(db, 'company', c.req.valid('param').key, c.req.valid('json').confirm);
        return c.body(null, 204);
      },
    );
}
