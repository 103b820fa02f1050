/**
 * `/client/startups/{company}/jobs/{job}/monetise` (spec 2.4, issue #12): the plans for this job, with
 * the startup's prices (sdk pricing.ts). Free publishes at once; a paid plan follows the checkout link
 * (a full navigation): Stripe Checkout when the server has its keys, else the server sends the browser
 * back here with `?plan=`, and the page shows the billing form of an order on invoice. The page never
 * needs to know which: the server's redirect decides.
 */
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { PAID_PLAN_IDS, planById, type PaidPlanId, type Plan } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { ManagedJob } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../../lib/Link';
import { apiFrom } from '../../../../../../api';
import { initialBilling, type BillingValues } from '../../../../../../components/BillingForm';
import { InvoiceOrder } from '../../../../../../components/InvoiceOrder';
import { failureMessage } from '../../../../../../components/form';
import { PlanCards } from '../../../../../../components/PlanCards';
import { useNow } from '../../../../../../components/Now';
import type { AreaOwner } from '../../../../../../layouts/areas';
import { choosesPlan, managedJob, returnedPlan, startupPriceCountry } from '../../../../../../lib/jobPages';
import { orFallback } from '../../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../../meta';
import { FormAlert } from '../../../../../../modals/fields';
import { useApi } from '../../../../../../modals/useApi';
import { useGuardedSubmit } from '../../../../../../modals/useGuardedSubmit';

export interface MonetiseData {
  owner: AreaOwner;
  job: ManagedJob;
  /** The country the startup pays in (sdk companyPriceCountry), null for the EU price. */
  priceCountry: string | null;
  /** Each paid plan's checkout link, returning here when cancelled. */
  checkout: Record<PaidPlanId, string>;
  /** The paid plan the checkout sent back for the billing form, or null for the plans. */
  billingPlan: PaidPlanId | null;
  billing: BillingValues | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<MonetiseData> {
  const { owner, job } = await managedJob(args);
  const api = apiFrom(args.context);
  const here = paths.companyJob(owner.key, job.id, 'monetise');
  const open = choosesPlan(job);
  const billingPlan = open ? returnedPlan(args.request) : null;
  const [priceCountry, last] = await Promise.all([
    startupPriceCountry(args, owner.key),
    billingPlan ? orFallback(api.jobAdmin.lastBilling(owner.key), { billing: null }) : Promise.resolve(null),
  ]);
  const checkout = Object.fromEntries(PAID_PLAN_IDS.map((plan) => [plan, api.jobs.checkoutUrl(job.id, here, plan)])) as Record<PaidPlanId, string>;
  return {
    owner,
    job,
    priceCountry,
    checkout,
    billingPlan,
    billing: last ? initialBilling(last.billing, { name: owner.name, countryCode: priceCountry }) : null,
  };
}

export const handle: RouteHandle<MonetiseData> = {
  meta: ({ data }) => ({ title: `Choose a plan for ${data.job.title} · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { owner, job } = data;
  const status = JOB_STATUS_DISPLAY[job.status];
  return (
    <div className="monetise">
      <header className="page-head">
        <h1>Choose a plan</h1>
        <p className="page-head__lead">
          For <Link to={paths.companyJob(owner.key, job.id)}>{job.title}</Link>. Every plan lists the job; the paid ones put it in front of more
          talent.
        </p>
      </header>
      {!choosesPlan(job) ? (
        <div className="notice" role="note">
          <p>
            This job is <strong>{status.label.toLowerCase()}</strong>: {status.next}
          </p>
          {job.status === 'ACTIVE' ? (
            <p>
              <Link className="button button--primary" to={paths.companyJob(owner.key, job.id, 'boost')}>
                Boost this job
              </Link>{' '}
              <Link to={paths.companyJob(owner.key, job.id)}>Back to the job</Link>
            </p>
          ) : (
            <p>
              <Link to={paths.companyJob(owner.key, job.id)}>Back to the job</Link>
            </p>
          )}
        </div>
      ) : data.billingPlan ? (
        <InvoiceOrder
          owner={owner}
          job={job}
          plan={data.billingPlan}
          priceCountry={data.priceCountry}
          billing={data.billing}
          back={{ to: paths.companyJob(owner.key, job.id, 'monetise'), label: 'Choose another plan' }}
        />
      ) : (
        <Plans data={data} />
      )}
    </div>
  );
}

function Plans({ data }: { data: MonetiseData }) {
  const { owner, job, priceCountry, checkout } = data;
  const api = useApi();
  const navigate = useNavigate();
  const now = useNow();
  const { busy, submit } = useGuardedSubmit();
  const [alert, setAlert] = useState<string | null>(null);
  const missing = Object.values(job.manage.missing);
  const waiting = job.status === 'PENDING_PAYMENT' ? planById(job.manage.plan) : null;

  async function postFree() {
    setAlert(null);
    try {
      const result = await submit(async () => {
        await api.jobAdmin.choosePlan(owner.key, job.id, 'free');
        return api.jobAdmin.fire(owner.key, job.id, 'publish');
      });
      if (!result.ignored) await navigate(paths.companyJob(owner.key, job.id, 'posted'));
    } catch (error) {
      setAlert(failureMessage(error, 'The job could not be posted. Please try again.'));
    }
  }

  function action(plan: Plan) {
    if (missing.length) return null;
    if (plan.id === 'free') {
      return (
        <button type="button" className="button button--ghost button--block" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={() => void postFree()}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Posting…
            </>
          ) : (
            'Post for free'
          )}
        </button>
      );
    }
    // A real link: the checkout answers with a redirect to the payment page (or the billing form), a full navigation.
    return (
      <a className="button button--primary button--block" href={checkout[plan.id]}>
        Choose {plan.name}
      </a>
    );
  }

  return (
    <>
      {waiting ? (
        <p className="notice" role="note">
          This job waits for the payment of its {waiting.name} plan. Pay for it below, or choose another plan.
        </p>
      ) : null}
      {missing.length ? (
        <div className="notice" role="note">
          <p>Before the job can be posted:</p>
          <ul>
            {missing.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <p>
            <Link className="button button--primary" to={paths.companyJob(owner.key, job.id, 'edit')}>
              Finish the job
            </Link>
          </p>
        </div>
      ) : null}
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <PlanCards
        countryCode={priceCountry}
        label={`Plans for ${job.title}`}
        // Featured days start when the job goes live: at once for an approved startup.
        featured={owner.status === 'ACTIVE' ? { now, boostingExpiresAt: job.boostingExpiresAt } : null}
        action={action}
      />
      {owner.status === 'ACTIVE' ? null : (
        <p className="muted">Your startup is waiting for approval: the job goes live, and its featured days start, once we have approved it.</p>
      )}
    </>
  );
}
