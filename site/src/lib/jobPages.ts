/**
 * The loaders' side of a job's pages in the startup area (issue #12: /monetise, /boost, the
 * confirmation pages, /hh-steps): the startup (its layout's guards), the job as members see it, and
 * the country the startup pays in.
 */
import { companyPriceCountry, PAID_PLAN_IDS, type PaidPlanId } from '@nordlys/sdk/pricing';
import type { ManagedJob } from '@nordlys/sdk/schemas';
import type { LoaderFunctionArgs } from 'react-router';
import { apiFrom } from '../api';
import { companyArea, type AreaOwner } from '../layouts/areas';
import { notFound, orFallback, orRouteError } from './routeErrors';

type Args = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>;

const MAX_ID = 2_147_483_647;

/** A job id of a path segment, or a 404 without any call. */
export function jobIdOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) notFound();
  return Number(raw);
}

export interface ManagedJobData {
  owner: AreaOwner;
  job: ManagedJob;
}

/** The startup of the path (guarded) and its job with `manage` (GET /companies/{key}/jobs/{id}); 404 for another startup's job. */
export async function managedJob(args: Args): Promise<ManagedJobData> {
  const owner = await companyArea(args);
  const id = jobIdOf(args.params.job);
  const job = await orRouteError(apiFrom(args.context).jobAdmin.get(owner.key, id));
  // Members and admins get `manage`; without it the answer is the public job of someone else's view.
  if (!job.manage || job.company.key !== owner.key) notFound();
  return { owner, job };
}

/** The country whose prices the startup pays (sdk companyPriceCountry of its admin record); null: the EU price. */
export async function startupPriceCountry(args: Args, key: string): Promise<string | null> {
  const api = apiFrom(args.context);
  const company = await orFallback(
    api.companies.hidden(key).catch(() => api.companies.get(key)),
    null,
  );
  return company ? companyPriceCountry(company) : null;
}

/** The paid plan of the `?plan=` the checkout link returns with when it sends to the billing form (no Stripe keys), or null. */
export function returnedPlan(request: Request): PaidPlanId | null {
  const plan = new URL(request.url).searchParams.get('plan');
  return (PAID_PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as PaidPlanId) : null;
}

/** A job a plan can still be chosen for: a draft, or one waiting for its payment (the server's PUT …/plan agrees). */
export function choosesPlan(job: Pick<ManagedJob, 'status'>): boolean {
  return job.status === 'DRAFT' || job.status === 'PENDING_PAYMENT';
}
