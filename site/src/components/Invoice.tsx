/**
 * An order's invoice (issue #12), on screen and on paper: the seller (sdk SELLER), the buyer's billing
 * details, the number and dates, the one line, net, VAT with its note, and the total. Every figure is
 * the order's own (the server worked them out with the sdk's invoiceTotals when the order was made);
 * nothing is recomputed here, so the page says what the mail said.
 */
import { countryName } from '@nordlys/sdk/constants';
import { exactDate } from '@nordlys/sdk/dates';
import { formatMoney, planById, SELLER } from '@nordlys/sdk/pricing';
import type { Order } from '@nordlys/sdk/schemas';
import { OrderStatusBadge } from './OrderList';

const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** The invoice's one line: "Boost plan for “Backend Engineer”". */
export function invoiceLine(order: Pick<Order, 'plan' | 'job'>): string {
  const plan = `${planById(order.plan).name} plan`;
  return order.job ? `${plan} for “${order.job.title}”` : plan;
}

export function Invoice({ order }: { order: Order }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const billing = order.billing;
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <header className="invoice__head">
        <div className="invoice__seller">
          <p className="invoice__seller-name">{SELLER.name}</p>
          <address>
            {SELLER.address}
            <br />
            {SELLER.postalCode} {SELLER.city}
            <br />
            {SELLER.country}
          </address>
          <p>
            CVR {SELLER.cvr} · VAT {SELLER.vatNumber}
          </p>
        </div>
        <div className="invoice__title">
          <h1 id="invoice-title">
            Invoice <span className="invoice__number">{order.invoiceNumber}</span>
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
      </header>

      <div className="invoice__parties">
        <section aria-labelledby="invoice-buyer">
          <h2 id="invoice-buyer">Billed to</h2>
          {billing ? (
            <address>
              {billing.name}
              <br />
              {billing.address}
              <br />
              {billing.postalCode} {billing.city}
              <br />
              {countryName(billing.countryCode)}
              {billing.vatNumber ? (
                <>
                  <br />
                  VAT {billing.vatNumber}
                </>
              ) : null}
              <br />
              {billing.email}
            </address>
          ) : (
            <address>{order.company.name}</address>
          )}
        </section>
        <dl className="invoice__dates">
          <div>
            <dt>Invoice number</dt>
            <dd>{order.invoiceNumber}</dd>
          </div>
          <div>
            <dt>Invoice date</dt>
            <dd>
              <time dateTime={order.createdAt}>{exactDate(order.createdAt)}</time>
            </dd>
          </div>
          {order.dueAt ? (
            <div>
              <dt>Due date</dt>
              <dd>
                <time dateTime={order.dueAt}>{exactDate(order.dueAt)}</time>
              </dd>
            </div>
          ) : null}
          {order.paidAt ? (
            <div>
              <dt>Paid on</dt>
              <dd>
                <time dateTime={order.paidAt}>{exactDate(order.paidAt)}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Payment</dt>
            <dd>{order.provider === 'stripe' ? 'Card, through Stripe' : 'Bank transfer'}</dd>
          </div>
        </dl>
      </div>

      <table className="invoice__lines">
        <caption className="visually-hidden">What the invoice is for, and its totals</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="invoice__amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              {invoiceLine(order)}
              <span className="invoice__line-note">{planById(order.plan).tagline}</span>
            </td>
            <td className="invoice__amount">{money(order.netMinor)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Net</th>
            <td className="invoice__amount">{money(order.netMinor)}</td>
          </tr>
          <tr>
            <th scope="row">
              VAT {percent.format(order.vatRate)}%<span className="invoice__line-note">{order.vatNote}</span>
            </th>
            <td className="invoice__amount">{money(order.vatMinor)}</td>
          </tr>
          <tr className="invoice__total">
            <th scope="row">Total</th>
            <td className="invoice__amount">{money(order.totalMinor)}</td>
          </tr>
        </tfoot>
      </table>

      {order.status === 'awaiting_payment' ? (
        <p className="invoice__terms">
          Please pay {money(order.totalMinor)}
          {order.dueAt ? <> by {exactDate(order.dueAt)}</> : null} to IBAN {SELLER.iban} (BIC {SELLER.bic}), quoting {order.invoiceNumber}.
        </p>
      ) : null}
      {order.status === 'paid' ? <p className="invoice__terms">Paid in full. Thank you.</p> : null}
      {order.status === 'cancelled' ? <p className="invoice__terms">This order was cancelled; nothing is due.</p> : null}
    </article>
  );
}
