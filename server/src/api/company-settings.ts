/**
 * A startup's settings (issue #11): its careers domain, the application e-mail and the connect link
 * (PUT /companies/{key}/settings), and the DNS check of a custom domain (GET /domain-check) that the
 * settings and white-label pages share.
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { CompanyKeySchema, CompanySchema, CompanySettingsInputSchema, DomainCheckQuerySchema, DomainCheckSchema, type DomainCheck } from '@nordlys/sdk/schemas';
import { assertCanManageCompany, currentViewer, requireUser } from '../accounts/guards';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { isUniqueViolation } from '../accounts/users';
import { companies } from '../db/schema';
import { checkDomain } from '../dns/check';
import { nodeResolver } from '../dns/node-resolver';
import { DnsUnavailableError } from '../dns/resolver';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { getManagedCompany } from '../queries/companies';
import { findProfile } from '../queries/team';
import { assertDomainAvailable, domainTaken, siteHosts } from '../queries/white-label-feeds';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

/** DNS checks per user: a person pressing "Check" while waiting for DNS, not a scanner. */
export const DOMAIN_CHECK_LIMIT: Limit = { max: 30, windowMs: 10 * 60_000 };

export const DNS_UNAVAILABLE_MESSAGE = 'The DNS lookup did not answer in time. Please check again in a moment.';

const KeyParam = v.object({ key: CompanyKeySchema });

export function companySettingsRouter({ db, config, resolver = nodeResolver() }: RouterDeps) {
  const hosts = siteHosts(config);
  // The record a startup creates: a CNAME to the host of PUBLIC_URL.
  const target = new URL(config.publicUrl).hostname.toLowerCase();
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
        if (careersDomain) await assertDomainAvailable(db, { domain: careersDomain, field: 'careersDomain', hosts, except: { companyId: company.id } });
        try {
          await db.update(companies).set({ careersDomain, applicationsEmail, connectUrl, updatedAt: new Date() }).where(eq(companies.id, company.id));
        } catch (error) {
          if (isUniqueViolation(error)) throw domainTaken('careersDomain');
          throw error;
        }
        const saved = await getManagedCompany(db, key);
        if (!saved) throw notFound('Company');
        return c.json(saved);
      },
    )
    .get(
      '/domain-check',
      operation({
        summary: 'Whether a domain points at this site, with the DNS record it needs',
        access: 'user',
        response: DomainCheckSchema,
        errors: ['E_RATE_LIMITED', 'E_UNAVAILABLE'],
      }),
      requireUser,
      privateNoStore,
      validate('query', DomainCheckQuerySchema),
      async (c) => {
        const { domain } = c.req.valid('query');
        await checkRateLimits(db, [[domainChecksPerUser, String(currentViewer(c).userId)]]);
        try {
          const { pointsHere, found } = await checkDomain(resolver, domain, target);
          return c.json({ domain, record: { type: 'CNAME', name: domain, value: target }, pointsHere, found } satisfies DomainCheck);
        } catch (error) {
          if (error instanceof DnsUnavailableError) throw new AppError('E_UNAVAILABLE', DNS_UNAVAILABLE_MESSAGE);
          throw error;
        }
      },
    );
}
