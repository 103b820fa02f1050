/** Company routes of spec 7, with the platform switch of "Authentication and user". */
import { Hono } from 'hono';
import * as v from 'valibot';
import { jobBrief, selectWidgetJobs } from '@nordlys/sdk/jobs';
import { isCompanyPublic } from '@nordlys/sdk/visibility';
import {
  CompanyKeySchema,
  CompanyListQuerySchema,
  CompanyListSchema,
  CompanySchema,
  DomainSchema,
  EmbedSnippetSchema,
  JobArraySchema,
  JobBriefArraySchema,
  JobBriefQuerySchema,
  PlatformPayloadSchema,
  WhiteLabelFeedSchema,
  type EmbedSnippet,
} from '@nordlys/sdk/schemas';
import { renderIndexableSnippet } from '@nordlys/embed/pages';
import { assertCanManageCompany, requireUser } from '../accounts/guards';
import { siteOrigin } from '../accounts/origin';
import { addPlatform, profileIdByKey } from '../accounts/platforms';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { notFound } from '../errors';
import { privateNoStore, publicRead } from '../http/cache';
import { validate } from '../http/validate';
import { canManageCompany, type AppEnv } from '../http/viewer';
import { domainSite } from '../queries/domain-claims';
import { getCompany, getCompanyBasis, getCompanyByCareersDomain, getManagedCompany, getWhiteLabelFeed, listCompanies } from '../queries/companies';
import { companyJobs } from '../queries/jobs';
import { operation } from './operation';
import { markCompanies, markJobs, perViewer } from './viewer-marks';

const KeyParam = v.object({ key: CompanyKeySchema });
const DomainParam = v.object({ domain: DomainSchema });

export function companiesRouter(db: Db, config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'mainHosts'>>) {
  const site = domainSite(config);
  // Public routes show active companies listed on this platform only (spec 4: profiles are filtered
  // to the {product} platform); drafts and sister-only startups are seen through /hidden by members.
  const loadPublic = async (key: string) => {
    const company = await getCompany(db, key);
    if (!company || !isCompanyPublic(company)) throw notFound('Company');
    return company;
  };
  // A public startup's active jobs: the visibility rule's facts only, not the whole profile, beside
  // the jobs, so one round trip.
  const publicJobs = async (key: string) => {
    const [company, jobs] = await Promise.all([getCompanyBasis(db, key), companyJobs(db, { key })]);
    if (!company || !isCompanyPublic(company)) throw notFound('Company');
    return jobs;
  };

  return new Hono<AppEnv>()
    .get(
      '/companiesProper',
      operation({ summary: 'Search the public startups', access: 'public', response: CompanyListSchema }),
      publicRead(),
      perViewer,
      validate('query', CompanyListQuerySchema),
      async (c) => {
        const list = await listCompanies(db, c.req.valid('query'));
        return c.json({ ...list, companies: await markCompanies(db, c.get('viewer'), list.companies) });
      },
    )
    // spec 2.5: which career page or white-label feed a host serves. Registered before /companies/:key.
    .get(
      '/companies/domain/:domain',
      operation({ summary: 'The startup whose career page a host serves', access: 'public', response: CompanySchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      validate('param', DomainParam),
      async (c) => {
        const company = await getCompanyByCareersDomain(db, c.req.valid('param').domain);
        if (!company) throw notFound('Career page');
        return c.json(company);
      },
    )
    .get(
      '/companies/white-label-feed-domain/:domain',
      operation({ summary: 'The white-label feed a host serves', access: 'public', response: WhiteLabelFeedSchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      validate('param', DomainParam),
      async (c) => {
        const feed = await getWhiteLabelFeed(db, c.req.valid('param').domain);
        if (!feed) throw notFound('White-label feed');
        return c.json(feed);
      },
    )
    .get(
      '/companies/:key',
      operation({ summary: 'A public startup', access: 'public', response: CompanySchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      perViewer,
      validate('param', KeyParam),
      async (c) => c.json((await markCompanies(db, c.get('viewer'), [await loadPublic(c.req.valid('param').key)]))[0]),
    )
    // spec 7: a company in any status or platform, for its members and admins (drafts, previews).
    // Others get the public company or a 404, so the route never reveals that a hidden one exists.
    // Members and admins get it with `manage` (review state, settings); a deleted one is gone for all.
    .get(
      '/companies/:key/hidden',
      operation({
        summary: 'A startup in any status, for its members and admins',
        description: 'Members and admins get it in any status or platform, with `manage` (review state, settings); others get the public startup, or 404 when it is not public.',
        access: 'public',
        response: CompanySchema,
        errors: ['E_NOT_FOUND'],
      }),
      privateNoStore,
      validate('param', KeyParam),
      async (c) => {
        const key = c.req.valid('param').key;
        const company = await getCompany(db, key);
        if (!company) throw notFound('Company');
        if (canManageCompany(c.get('viewer'), company.id)) {
          const managed = await getManagedCompany(db, key, site);
          if (!managed) throw notFound('Company');
          return c.json((await markCompanies(db, c.get('viewer'), [managed]))[0]);
        }
        if (!isCompanyPublic(company)) throw notFound('Company');
        return c.json((await markCompanies(db, c.get('viewer'), [company]))[0]);
      },
    )
    .get(
      '/companies/:key/jobs',
      operation({ summary: 'The public jobs of a public startup', access: 'public', response: JobArraySchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      perViewer,
      validate('param', KeyParam),
      async (c) => c.json({ jobs: await markJobs(db, c.get('viewer'), await publicJobs(c.req.valid('param').key)) }),
    )
    // The job-list widget's data, fetched on every view of a page that embeds it: the jobs it shows
    // (its filters and limit), cut down to what it shows of each (sdk JobBriefSchema).
    .get(
      '/companies/:key/job-briefs',
      operation({ summary: 'The public jobs of a public startup, as the job-list widget shows them', access: 'public', response: JobBriefArraySchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      validate('param', KeyParam),
      validate('query', JobBriefQuerySchema),
      async (c) => c.json({ jobs: selectWidgetJobs(await publicJobs(c.req.valid('param').key), c.req.valid('query')).map(jobBrief) }),
    )
    // #5: the indexable snippet a startup pastes into its site: server-rendered links plus the widget script.
    .get(
      '/companies/:key/embed-snippet',
      operation({ summary: 'The indexable job list and widget script a startup pastes into its site', access: 'public', response: EmbedSnippetSchema, errors: ['E_NOT_FOUND'] }),
      publicRead(),
      validate('param', KeyParam),
      async (c) => {
        const company = await loadPublic(c.req.valid('param').key);
        return c.json({ html: renderIndexableSnippet({ company, jobs: await companyJobs(db, { id: company.id }), origin: siteOrigin(config) }) } satisfies EmbedSnippet);
      },
    )
    // spec 7: list the startup on a platform (the connect-profile modal, spec 2.11).
    .post(
      '/companies/:key/platform',
      operation({ summary: 'List the startup on a platform', access: 'company', response: 'empty', errors: ['E_NOT_FOUND'] }),
      requireUser,
      validate('param', KeyParam),
      validate('json', PlatformPayloadSchema),
      async (c) => {
        const id = await profileIdByKey(db, companies, c.req.valid('param').key);
        if (id === null) throw notFound('Company');
        assertCanManageCompany(c.get('viewer'), id);
        await addPlatform(db, companies, id, c.req.valid('json').platform);
        return c.body(null, 204);
      },
    );
}
