/** Company routes of spec 7. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CompanyKeySchema, CompanyListQuerySchema, DomainSchema } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { publicRead } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getCompany, getCompanyByCareersDomain, getWhiteLabelFeed, listCompanies } from '../queries/companies';
import { companyJobs } from '../queries/jobs';

const KeyParam = v.object({ key: CompanyKeySchema });
const DomainParam = v.object({ domain: DomainSchema });

export function companiesRouter(db: Db) {
  // Public routes show active companies only; drafts are seen through the startup area (#4 onwards).
  const loadPublic = async (key: string) => {
    const company = await getCompany(db, key);
    if (!company || company.status !== 'ACTIVE') throw notFound('Company');
    return company;
  };

  return new Hono<AppEnv>()
    .get('/companiesProper', publicRead(), validate('query', CompanyListQuerySchema), async (c) =>
      c.json(await listCompanies(db, c.req.valid('query'))),
    )
    // spec 2.5: which career page or white-label feed a host serves. Registered before /companies/:key.
    .get('/companies/domain/:domain', publicRead(), validate('param', DomainParam), async (c) => {
      const company = await getCompanyByCareersDomain(db, c.req.valid('param').domain);
      if (!company) throw notFound('Career page');
      return c.json(company);
    })
    .get('/companies/white-label-feed-domain/:domain', publicRead(), validate('param', DomainParam), async (c) => {
      const feed = await getWhiteLabelFeed(db, c.req.valid('param').domain);
      if (!feed) throw notFound('White-label feed');
      return c.json(feed);
    })
    .get('/companies/:key', publicRead(), validate('param', KeyParam), async (c) =>
      c.json(await loadPublic(c.req.valid('param').key)),
    )
    .get('/companies/:key/jobs', publicRead(), validate('param', KeyParam), async (c) => {
      const company = await loadPublic(c.req.valid('param').key);
      return c.json({ jobs: await companyJobs(db, company.id) });
    });
}
