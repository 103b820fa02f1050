/**
 * A startup's settings (issue #11): its careers domain, the application e-mail and the connect link
 * (PUT /companies/{key}/settings), and "Check now" for a custom domain (POST /domain-check) that the
 * settings and white-label pages share: it looks up the proof of a domain the caller's startups claim
 * and records it (issue #33, queries/domain-claims.ts).
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { CompanyKeySchema, CompanySchema, CompanySettingsInputSchema, DomainCheckInputSchema, DomainCheckSchema, type DomainCheck } from '@nordlys/sdk/schemas';
import { assertCanManageCompany, currentViewer, requireUser } from '../accounts/guards';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { companies } from '../db/schema';
import { checkDomain } from '../dns/check';
import { findProof } from '../dns/proof';
import { DNS_OFF_REASON, offlineResolver } from '../dns/offline-resolver';
import { DnsUnavailableError } from '../dns/resolver';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { inTransaction } from '../queue/queue';
import { getManagedCompany } from '../queries/companies';
import { careersClaimColumns, domainSite, listClaims, ownCnameTarget, recordCheck, toDomainClaim } from '../queries/domain-claims';
import { findProfile } from '../queries/team';
import { assertDomainAvailable, domainTaken } from '../queries/white-label-feeds';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

/** DNS checks per user: a person pressing "Check now" while waiting for DNS, not a scanner. */
export const DOMAIN_CHECK_LIMIT: Limit = { max: 30, windowMs: 10 * 60_000 };

export const DNS_UNAVAILABLE_MESSAGE = 'The DNS lookup did not answer in time. Please check again in a moment.';
export const DNS_OFF_MESSAGE = 'Domain checks are off on this server (DOMAIN_DNS=off). The domain keeps its state.';
export const NOT_CLAIMED_MESSAGE = 'None of your startups or feeds uses this domain. Save it on a career page or a feed first.';

const KeyParam = v.object({ key: CompanyKeySchema });

export function companySettingsRouter({ db, config, resolver = offlineResolver() }: RouterDeps) {
  const site = domainSite(config);
  const domainChecksPerUser = rateLimiter('domainChecksPerUser', DOMAIN_CHECK_LIMIT);

  return new Hono<AppEnv>()
    .put(
      '/companies/:key/settings',
      operation({
        summary: 'Save a startup\'s settings: careers domain, application e-mail and connect link',
        access: 'company',
        response: CompanySchema,
        errors: ['E_NOT_FOUND', 'E_CONFLICT'],
      }),
      requireUser,
      validate('param', KeyParam),
      managesProfile(db, 'company'),
      validate('json', CompanySettingsInputSchema),
      async (c) => {
        const { key } = c.req.valid('param');
        const company = await findProfile(db, 'company', key);
        if (!company) throw notFound('Company');
        assertCanManageCompany(currentViewer(c), company.id);
        // The whole settings form: a field left out or blank is cleared.
        const input = c.req.valid('json');
        const careersDomain = input.careersDomain ?? null;
        const applicationsEmail = input.applicationsEmail ?? null;
        const connectUrl = input.connectUrl ?? null;
        if (careersDomain) await assertDomainAvailable(db, { domain: careersDomain, field: 'careersDomain', hosts: site.hosts, except: { companyId: company.id } });
        // A new domain is a new claim (a new token, pending its proof); the same one keeps its state.
        const [current] = await db.select({ careersDomain: companies.careersDomain }).from(companies).where(eq(companies.id, company.id));
        const sameDomain = (current?.careersDomain ?? null) === careersDomain;
        await db
          .update(companies)
          .set({ ...(sameDomain ? {} : careersClaimColumns(careersDomain)), applicationsEmail, connectUrl, updatedAt: new Date() })
          .where(eq(companies.id, company.id));
        const saved = await getManagedCompany(db, key, site);
        if (!saved) throw notFound('Company');
        return c.json(saved);
      },
    )
    .post(
      '/domain-check',
      operation({
        summary: 'Check now: look up the DNS proof of a domain your startups claim, and record its state',
        access: 'user',
        response: DomainCheckSchema,
        errors: ['E_NOT_FOUND', 'E_CONFLICT', 'E_RATE_LIMITED', 'E_UNAVAILABLE'],
      }),
      requireUser,
      privateNoStore,
      validate('json', DomainCheckInputSchema),
      async (c) => {
        const { domain } = c.req.valid('json');
        const viewer = currentViewer(c);
        await checkRateLimits(db, [[domainChecksPerUser, String(viewer.userId)]]);
        // Only the caller's own claims (spec 6: an admin's too, any startup's): no lookups for arbitrary hostnames.
        const claims = await listClaims(db, viewer.isAdmin ? { domain } : { domain, companyIds: viewer.companyIds });
        if (!claims.length) throw new AppError('E_NOT_FOUND', NOT_CLAIMED_MESSAGE, { domain: [NOT_CLAIMED_MESSAGE] });
        try {
          const [routing, ...proofs] = await Promise.all([
            checkDomain(resolver, domain, site.host),
            ...claims.map((claim) => findProof(resolver, { domain, token: claim.token, cnameTarget: ownCnameTarget(site, claim.company.key) })),
          ]);
          const now = new Date();
          const outcomes = await inTransaction(db, async (tx) => {
            const done = [];
            for (const [i, claim] of claims.entries()) done.push(await recordCheck(tx, claim, proofs[i] !== null, now));
            return done;
          });
          // The answer is about the caller's claim that came out best: a verified one, else the first.
          const best = Math.max(0, outcomes.findIndex((o) => o.state === 'verified'));
          const claim = claims[best]!;
          if (outcomes[best]!.taken) throw domainTaken('domain');
          const recorded = { ...claim, state: outcomes[best]!.state, checkedAt: now, verifiedAt: proofs[best] ? now : claim.verifiedAt };
          return c.json({ ...toDomainClaim(recorded, claim.company.key, site), proof: proofs[best] ?? null, pointsHere: routing.pointsHere, found: routing.found } satisfies DomainCheck);
        } catch (error) {
          if (error instanceof DnsUnavailableError) throw new AppError('E_UNAVAILABLE', error.reason === DNS_OFF_REASON ? DNS_OFF_MESSAGE : DNS_UNAVAILABLE_MESSAGE);
          throw error;
        }
      },
    );
}
