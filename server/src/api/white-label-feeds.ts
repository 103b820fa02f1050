/**
 * A startup's white-label feeds (issue #11, spec 2.5): list, create, edit, delete. Each feed serves
 * on its own domain through host routing once its owner proved the domain in DNS (issue #33,
 * queries/domain-claims.ts); a proven domain is unique across feeds and careers domains.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CompanyKeySchema, ManagedFeedListSchema, ManagedFeedSchema, WhiteLabelFeedInputSchema, type FeedFilters } from '@nordlys/sdk/schemas';
import { assertCanManageCompany, currentViewer, requireUser } from '../accounts/guards';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv, Viewer } from '../http/viewer';
import { domainSite } from '../queries/domain-claims';
import { findProfile, type ProfileRef } from '../queries/team';
import {
  assertDomainAvailable,
  deleteFeed,
  insertFeed,
  listManagedFeeds,
  unknownCompanyKeys,
  updateFeed,
  usableImageId,
  type FeedRecord,
} from '../queries/white-label-feeds';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const FeedId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Must be an id'), v.transform(Number), v.maxValue(2_147_483_647, 'Must be an id'));
const KeyParam = v.object({ key: CompanyKeySchema });
const FeedParam = v.object({ key: CompanyKeySchema, id: FeedId });

export const FEED_MESSAGES = {
  logo: 'The logo must be an image uploaded for this startup',
  unknownStartups: (keys: string[]) => `No startup has the address ${keys.join(', ')}`,
};

type FeedInput = v.InferOutput<typeof WhiteLabelFeedInputSchema>;

export function whiteLabelFeedsRouter({ db, config }: RouterDeps) {
  const site = domainSite(config);
  const hosts = site.hosts;

  const managedCompany = async (key: string, viewer: Viewer): Promise<ProfileRef> => {
    const company = await findProfile(db, 'company', key);
    if (!company) throw notFound('Company');
    assertCanManageCompany(viewer, company.id);
    return company;
  };

  /** The row to store from the validated input: domain free, logo usable, startups known (else 400/409 naming the field). */
  const toRecord = async (input: FeedInput, company: ProfileRef, viewer: Viewer, feedId?: number): Promise<FeedRecord> => {
    await assertDomainAvailable(db, { domain: input.domain, field: 'domain', hosts, except: { feedId } });
    let logoImageId: number | null = null;
    if (input.logoImage) {
      logoImageId = await usableImageId(db, input.logoImage, { company, userId: viewer.userId });
      if (logoImageId === null) throw new AppError('E_VALIDATION', FEED_MESSAGES.logo, { logoImage: [FEED_MESSAGES.logo] });
    }
    const { countryCodes, categories, includeRemote, companyKeys } = input.filters;
    const unknown = await unknownCompanyKeys(db, companyKeys ?? []);
    if (unknown.length) throw new AppError('E_VALIDATION', FEED_MESSAGES.unknownStartups(unknown), { filters: [FEED_MESSAGES.unknownStartups(unknown)] });
    // Only what was given, without duplicates: an absent filter means "any".
    const filters: FeedFilters = {
      ...(countryCodes?.length ? { countryCodes: [...new Set(countryCodes)] } : {}),
      ...(categories?.length ? { categories: [...new Set(categories)] } : {}),
      ...(includeRemote !== undefined ? { includeRemote } : {}),
      ...(companyKeys?.length ? { companyKeys: [...new Set(companyKeys)] } : {}),
    };
    return { name: input.name, domain: input.domain, description: input.description ?? null, logoImageId, filters };
  };

  return new Hono<AppEnv>()
    .get(
      '/companies/:key/white-label-feeds',
      operation({ summary: 'A startup\'s white-label feeds', access: 'company', response: ManagedFeedListSchema, errors: ['E_NOT_FOUND'] }),
      requireUser,
      privateNoStore,
      validate('param', KeyParam),
      async (c) => {
        const company = await managedCompany(c.req.valid('param').key, currentViewer(c));
        return c.json({ feeds: await listManagedFeeds(db, site, company.id) });
      },
    )
    .post(
      '/companies/:key/white-label-feeds',
      operation({ summary: 'Create a white-label feed', access: 'company', response: ManagedFeedSchema, status: 201, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
      requireUser,
      validate('param', KeyParam),
      managesProfile(db, 'company'),
      validate('json', WhiteLabelFeedInputSchema),
      async (c) => {
        const viewer = currentViewer(c);
        const company = await managedCompany(c.req.valid('param').key, viewer);
        const record = await toRecord(c.req.valid('json'), company, viewer);
        const id = await insertFeed(db, company.id, record);
        const [feed] = await listManagedFeeds(db, site, company.id, id);
        return c.json(feed!, 201);
      },
    )
    .put(
      '/companies/:key/white-label-feeds/:id',
      operation({ summary: 'Save a white-label feed', access: 'company', response: ManagedFeedSchema, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
      requireUser,
      validate('param', FeedParam),
      managesProfile(db, 'company'),
      validate('json', WhiteLabelFeedInputSchema),
      async (c) => {
        const viewer = currentViewer(c);
        const { key, id } = c.req.valid('param');
        const company = await managedCompany(key, viewer);
        // Another company's feed is no feed of this one: 404 before anything about its input.
        if (!(await listManagedFeeds(db, site, company.id, id)).length) throw notFound('White-label feed');
        const record = await toRecord(c.req.valid('json'), company, viewer, id);
        if (!(await updateFeed(db, company.id, id, record))) throw notFound('White-label feed');
        const [feed] = await listManagedFeeds(db, site, company.id, id);
        return c.json(feed!);
      },
    )
    .delete(
      '/companies/:key/white-label-feeds/:id',
      operation({ summary: 'Delete a white-label feed', access: 'company', response: 'empty', errors: ['E_NOT_FOUND'] }),
      requireUser,
      validate('param', FeedParam),
      async (c) => {
        const { key, id } = c.req.valid('param');
        const company = await managedCompany(key, currentViewer(c));
        if (!(await deleteFeed(db, company.id, id))) throw notFound('White-label feed');
        return c.body(null, 204);
      },
    );
}
