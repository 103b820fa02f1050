/**
 * `/client/startups/{company}/invoices/{order}` (issue #12): an order's invoice for the startup's
 * members and the site's admins, with a Print button; the print styles leave only the invoice.
 */
import { companyAdminPath } from '@nordlys/sdk/navigation';
import type { Order } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../lib/Link';
import { apiFrom } from '../../../../../api';
import { Invoice } from '../../../../../components/Invoice';
import { companyArea, type AreaOwner } from '../../../../../layouts/areas';
import { jobIdOf } from '../../../../../lib/jobPages';
import { orRouteError } from '../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../meta';

interface InvoiceData {
  owner: AreaOwner;
  order: Order;
}

export async function loader(args: LoaderFunctionArgs): Promise<InvoiceData> {
  const owner = await companyArea(args);
  // An order id follows the same rule as a job id: a positive whole number, else a 404 without any call.
  const id = jobIdOf(args.params.order);
  const order = await orRouteError(apiFrom(args.context).jobAdmin.order(owner.key, id));
  return { owner, order };
}

export const handle: RouteHandle<InvoiceData> = {
  meta: ({ data }) => ({ title: `Invoice ${data.order.invoiceNumber} · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner, order } = useLoaderData<typeof loader>();
  return (
    <div className="invoice-page">
      <p className="back-link no-print">
        <Link to={`${companyAdminPath(owner.key, 'settings')}#orders`}>Orders and invoices of {owner.name}</Link>
      </p>
      <Invoice order={order} />
      <p className="invoice-page__actions no-print">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </div>
  );
}
