/**
 * Deals for startups (spec 3 Deal, issue #15). Everyone reads the deals and their terms; a signed-in
 * member of a startup (or an admin, spec 6) claims one for the startup, which reveals an EXTENDED
 * deal's code and redeem link, or a DOWNLOAD deal's document. A claim is recorded once per deal and
 * startup, and only the startup's members and admins read its claims.
 *
 *   GET  /deals                                   every deal (public, cacheable; no codes)
 *   GET  /deals/{key}                             one deal
 *   POST /deals/{key}/claim {company}             claim it for a startup: 200 ClaimedDeal
 *   GET  /companies/{key}/deals                   the startup's claimed deals
 *   GET  /companies/{key}/deals/{deal}            one claimed deal (404 when not claimed)
 *   GET  /companies/{key}/deals/{deal}/document   its document, as a private inline PDF
 */
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { paths } from '@nordlys/sdk/routes';
import {
  ClaimedDealListSchema,
  ClaimedDealSchema,
  CompanyKeySchema,
  DEAL_MESSAGES,
  DealClaimInputSchema,
  DealListSchema,
  DealSchema,
  DirectoryKeySchema,
  type ClaimedDealList,
  type DealList,
} from '@nordlys/sdk/schemas';
import { assertCanManageCompany, currentViewer, requireUser } from '../accounts/guards';
import { now } from '../clock';
import { AppError, notFound } from '../errors';
import { databaseFileStore, type FileStore } from '../files/index';
import { storedFileResponse } from '../files/serve';
import { privateNoStore, publicRead } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { findLiveProfile } from '../queries/profile-kind';
import { claimDeal, claimedDocumentPath, getClaim, getDeal, listClaims, listDeals } from '../queries/deals';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const CompanyParam = v.object({ key: CompanyKeySchema });
const ClaimParam = v.object({ key: CompanyKeySchema, deal: DirectoryKeySchema });

/** After requireUser: deals are for startups, so a user with none (and not an admin) is refused before anything else (403). */
const requireStartup: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = currentViewer(c);
  if (!viewer.isAdmin && viewer.companyIds.length === 0) throw new AppError('E_FORBIDDEN', DEAL_MESSAGES.noStartup, undefined, undefined, paths.startupsJoin());
  await next();
};

export function dealsRouter({ db, fileStore }: RouterDeps) {
  const files: FileStore = fileStore ?? databaseFileStore();

  return (
    new Hono<AppEnv>()
      .get(
        '/deals',
        operation({ summary: 'Every deal for startups, without codes', access: 'public', response: DealListSchema }),
        publicRead(),
        async (c) => c.json({ deals: await listDeals(db) } satisfies DealList),
      )
      .get('/deals/:key', operation({ summary: 'One deal and its terms', access: 'public', response: DealSchema, errors: ['E_NOT_FOUND'] }), publicRead(), async (c) => {
        const deal = await getDeal(db, c.req.param('key'));
        if (!deal) throw notFound('Deal');
        return c.json(deal);
      })
      .post(
        '/deals/:key/claim',
        operation({
          summary: 'Claim a deal for a startup, which reveals its code or document',
          description: 'The startup named in the body must be one the caller manages and not a draft (403 otherwise); a user in no startup gets 403 before the body is read.',
          access: 'startup',
          response: ClaimedDealSchema,
          errors: ['E_NOT_FOUND'],
        }),
        privateNoStore,
        requireUser,
        requireStartup,
        validate('json', DealClaimInputSchema),
        async (c) => {
          const viewer = currentViewer(c);
          const deal = await getDeal(db, c.req.param('key'));
          if (!deal) throw notFound('Deal');
          const company = await findLiveProfile(db, 'company', c.req.valid('json').company);
          assertCanManageCompany(viewer, company.id);
          // A draft is not on the site yet, and its admin area shows only the edit form (spec 2.12).
          if (company.status === 'DRAFT') throw new AppError('E_FORBIDDEN', DEAL_MESSAGES.draft, undefined, undefined, paths.companyAdmin(company.key, 'edit'));
          await claimDeal(db, { dealId: deal.id, companyId: company.id, userId: viewer.userId, at: now() });
          return c.json((await getClaim(db, company.id, deal.key))!);
        },
      )
      // The startup's side: members and admins only (401, 403, 404 for an unknown startup).
      .get(
        '/companies/:key/deals',
        operation({ summary: "The startup's claimed deals, with their codes and documents", access: 'company', response: ClaimedDealListSchema, errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', CompanyParam),
        managesProfile(db, 'company'),
        async (c) => {
          const company = await findLiveProfile(db, 'company', c.req.valid('param').key);
          return c.json({ claims: await listClaims(db, company.id) } satisfies ClaimedDealList);
        },
      )
      .get(
        '/companies/:key/deals/:deal',
        operation({ summary: 'One deal the startup has claimed', access: 'company', response: ClaimedDealSchema, errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', ClaimParam),
        managesProfile(db, 'company'),
        async (c) => {
          const { key, deal } = c.req.valid('param');
          const company = await findLiveProfile(db, 'company', key);
          const claim = await getClaim(db, company.id, deal);
          if (!claim) throw new AppError('E_NOT_FOUND', DEAL_MESSAGES.notClaimed);
          return c.json(claim);
        },
      )
      .get(
        '/companies/:key/deals/:deal/document',
        operation({ summary: "A claimed deal's document (PDF)", access: 'company', response: 'file', errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', ClaimParam),
        managesProfile(db, 'company'),
        async (c) => {
          const { key, deal } = c.req.valid('param');
          const company = await findLiveProfile(db, 'company', key);
          const path = await claimedDocumentPath(db, company.id, deal);
          const file = path ? await files.get(db, path) : null;
          if (!file) throw new AppError('E_NOT_FOUND', path ? DEAL_MESSAGES.noDocument : DEAL_MESSAGES.notClaimed);
          return storedFileResponse(file);
        },
      )
  );
}
