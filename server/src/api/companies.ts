/** Company routes of spec 7. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CompanyKeySchema, CompanyListQuerySchema } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { publicCache } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getCompany, listCompanies } from '../queries/companies';
import { companyJobs } from '../queries/jobs';

const KeyParam = v.object({ key: CompanyKeySchema });

export function companiesRouter(db: Db) {
  // Public routes show active companies only; drafts are seen through the startup area (#4 onwards).
  const loadPublic = async (key: string) => {
    const company = await getCompany(db, key);
    if (!company || company.status !== 'ACTIVE') throw notFound('Company');
    return company;
  };

  return new Hono<AppEnv>()
    .get('/companiesProper', publicCache(), validate('query', CompanyListQuerySchema), async (c) =>
      c.json(await listCompanies(db, c.req.valid('query'))),
    )
    .get('/companies/:key', publicCache(), validate('param', KeyParam), async (c) =>
      c.json(await loadPublic(c.req.valid('param').key)),
    )
    .get('/companies/:key/jobs', publicCache(), validate('param', KeyParam), async (c) => {
      const company = await loadPublic(c.req.valid('param').key);
      return c.json({ jobs: await companyJobs(db, company.id) });
    });
}
