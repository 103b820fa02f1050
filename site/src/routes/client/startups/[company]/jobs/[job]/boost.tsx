/**
 * `/client/startups/{company}/jobs/{job}/boost` (spec 2.4, issue #12): buy a Boost for a live job:
 * what it gives, its price for the startup (sdk pricing.ts) and the checkout link. Without Stripe keys
 * the checkout sends the browser back here with `?plan=boost` for the billing form (an order on invoice).
 * A job that is not live is told why, with the way to its dashboard.
 */
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { exactDate } from '@nordlys/sdk/dates';
import { isBoosted } from '@nordlys/sdk/jobs';
import { paths } from '@nordlys/sdk/routes';
import type { ManagedJob } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../../lib/Link';
import { apiFrom } from '../../../../../../api';
import { initialBilling, type BillingValues } from '../../../../../../components/BillingForm';
import { InvoiceOrder } from '../../../../../../components/InvoiceOrder';
import { useNow } from '../../../../../../components/Now';
import { PlanCards } from '../../../../../../components/PlanCards';
import type { AreaOwner } from '../../../../../../layouts/areas';
import { choosesPlan, managedJob, returnedPlan, startupPriceCountry } from '../../../../../../lib/jobPages';
import { orFallback } from '../../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../../meta';

export interface BoostData {
  owner: AreaOwner;
  job: ManagedJob;
  priceCountry: string | null;
  /** The checkout link for a Boost, returning here when cancelled. */
  checkout: string;
  /** The checkout sent back with `?plan=boost` (no Stripe keys): show the billing form. */
  billingForm: boolean;
  billing: BillingValues | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<BoostData> {
  const { owner, job } = await managedJob(args);
  const api = apiFrom(args.context);
  const here = paths.companyJob(owner.key, job.id, 'boost');
  const billingForm = job.status === 'ACTIVE' && returnedPlan(args.request) === 'boost';
  const [priceCountry, last] = await Promise.all([
    startupPriceCountry(args, owner.key),
    billingForm ? orFallback(api.jobAdmin.lastBilling(owner.key), { billing: null }) : Promise.resolve(null),
  ]);
  return {
    owner,
    job,
    priceCountry,
    checkout: api.jobs.checkoutUrl(job.id, here, 'boost'),
    billingForm,
    billing: last ? initialBilling(last.billing, { name: owner.name, countryCode: priceCountry }) : null,
  };
}

export const handle: RouteHandle<BoostData> = {
  meta: ({ data }) => ({ title: `Boost ${data.job.title} · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner, job, priceCountry, checkout, billingForm, billing } = useLoaderData<typeof loader>();
  const now = useNow();
  const status = JOB_STATUS_DISPLAY[job.status];
  const dashboard = paths.companyJob(owner.key, job.id);
  const boosted = isBoosted(job, { now });

  return (
    <div className="boost">
      <header className="page-head">
        <h1>Boost this job</h1>
        <p className="page-head__lead">
          For <Link to={dashboard}>{job.title}</Link>: more talent sees it, for a while.
        </p>
      </header>
      {job.status !== 'ACTIVE' ? (
        <div className="notice" role="note">
          <p>
            Only a live job can be boosted. This job is <strong>{status.label.toLowerCase()}</strong>: {status.next}
          </p>
          <p>
            {choosesPlan(job) ? (
              <>
                <Link className="button button--primary" to={paths.companyJob(owner.key, job.id, 'monetise')}>
                  Choose a plan
                </Link>{' '}
              </>
            ) : null}
            <Link to={dashboard}>Back to the job</Link>
          </p>
        </div>
      ) : billingForm ? (
        <InvoiceOrder
          owner={owner}
          job={job}
          plan="boost"
          priceCountry={priceCountry}
          billing={billing}
          back={{ to: paths.companyJob(owner.key, job.id, 'boost'), label: 'Back' }}
        />
      ) : (
        <>
          {boosted && job.boostingExpiresAt ? (
            <p className="notice" role="note">
              This job is featured until {exactDate(job.boostingExpiresAt)}. Another Boost adds its days after that.
            </p>
          ) : null}
          <PlanCards
            countryCode={priceCountry}
            plans={['boost']}
            label="The Boost"
            featured={{ now, boostingExpiresAt: job.boostingExpiresAt }}
            action={(plan) => (
              // A real link: the checkout answers with a redirect (Stripe, or the billing form here).
              <a className="button button--primary button--block" href={checkout}>
                Buy a {plan.name}
              </a>
            )}
          />
          <p>
            <Link to={dashboard}>Not now, back to the job</Link>
          </p>
        </>
      )}
    </div>
  );
}
