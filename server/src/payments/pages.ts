/**
 * Where a purchase sends the buyer on the site (issue #12): the plan's confirmation page after paying,
 * and, without Stripe, the page that shows the billing form.
 */
import type { PaidPlanId } from '@nordlys/sdk/pricing';
import { paths, type CompanyJobPage } from '@nordlys/sdk/routes';

/** The confirmation page each paid plan ends on (/posted is the Free plan's, which the site sends to itself). */
export const CONFIRMATION_PAGES = {
  boost: 'boosted',
  max: 'max-posted',
  headhunter: 'headhunter-posted',
} as const satisfies Record<PaidPlanId, CompanyJobPage>;

/** The site path of a plan's confirmation page for a job. */
export const confirmationPath = (key: string, jobId: number, plan: PaidPlanId): string => paths.companyJob(key, jobId, CONFIRMATION_PAGES[plan]);

/**
 * The invoice default's "payment page": the job's /monetise (a job being posted) or /boost (a live job
 * buying a Boost), with `?plan=`, where the site shows the billing form for that plan.
 */
export const billingFormPath = (key: string, jobId: number, purchase: { kind: 'post' | 'boost'; plan: PaidPlanId }): string =>
  `${paths.companyJob(key, jobId, purchase.kind === 'boost' ? 'boost' : 'monetise')}?${new URLSearchParams({ plan: purchase.plan })}`;
