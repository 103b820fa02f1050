/**
 * An order on invoice (issue #12, the default without Stripe keys): the checkout link sent the browser
 * back to /monetise or /boost with `?plan=`, and this shows the billing form. Placing the order
 * (POST /companies/{key}/jobs/{id}/orders) answers the confirmation page to go to.
 */
import { planById, type PaidPlanId } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { BillingInput, ManagedJob } from '@nordlys/sdk/schemas';
import { useNavigate } from 'react-router';
import { Link } from '../lib/Link';
import type { AreaOwner } from '../layouts/areas';
import { useApi } from '../modals/useApi';
import { BillingForm, initialBilling, type BillingValues } from './BillingForm';

/** Where an order's answer sends the browser: its `next` when that is a path of this site, else the job's dashboard. */
export function nextPath(next: string, fallback: string): string {
  return next.startsWith('/') && !next.startsWith('//') ? next : fallback;
}

export interface InvoiceOrderProps {
  owner: Pick<AreaOwner, 'key' | 'name'>;
  job: Pick<ManagedJob, 'id' | 'title'>;
  plan: PaidPlanId;
  priceCountry: string | null;
  /** The prefilled details (the startup's last billing), or null for its name and country only. */
  billing: BillingValues | null;
  /** The way back to the choice, e.g. "Choose another plan". */
  back: { to: string; label: string };
}

export function InvoiceOrder({ owner, job, plan, priceCountry, billing, back }: InvoiceOrderProps) {
  const api = useApi();
  const navigate = useNavigate();

  async function order(values: BillingInput) {
    const placed = await api.jobAdmin.orderOnInvoice(owner.key, job.id, { plan, billing: values });
    await navigate(nextPath(placed.next, paths.companyJob(owner.key, job.id)));
  }

  return (
    <div className="invoice-order">
      <p>
        You chose <strong>{planById(plan).name}</strong>. You pay by invoice: we e-mail it when you place the order, and your job does not wait for the payment.{' '}
        <Link to={back.to}>{back.label}</Link>
      </p>
      <BillingForm
        plan={plan}
        priceCountryCode={priceCountry}
        initial={billing ?? initialBilling(null, { name: owner.name, countryCode: priceCountry })}
        itemLabel={job.title}
        onSubmit={order}
      />
    </div>
  );
}
