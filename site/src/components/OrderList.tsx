/**
 * Orders as a table that turns into cards on narrow screens (issue #12): a startup's orders and
 * invoices under its settings (number, job, plan, total, status, date), and the admins' invoices
 * awaiting payment (number, startup, plan, total, due date, an action). Each number links to the
 * invoice page.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { formatMoney, ORDER_STATUS_DISPLAY, planById } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { Order } from '@nordlys/sdk/schemas';
import type { ReactNode } from 'react';
import { Link } from '../lib/Link';
import { useNow } from './Now';

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { label, tone } = ORDER_STATUS_DISPLAY[status];
  return <span className={`badge tone-badge tone-badge--${tone}`}>{label}</span>;
}

/** Whether an invoice is past its due date and still unpaid. */
export const isOverdue = (order: Pick<Order, 'status' | 'dueAt'>, now: Date) =>
  order.status === 'awaiting_payment' && order.dueAt !== null && Date.parse(order.dueAt) < now.getTime();

export interface OrderListProps {
  orders: readonly Order[];
  /** 'company': a startup's own orders; 'admin': invoices of every startup, with `action` per row. */
  variant: 'company' | 'admin';
  /** What the table is, for screen readers. */
  caption: string;
  /** The admin's action on a row (Mark paid). */
  action?: (order: Order) => ReactNode;
}

const DateCell = ({ iso }: { iso: string | null }) => (iso ? <time dateTime={iso}>{exactDate(iso)}</time> : <span className="muted">None</span>);

export function OrderList({ orders, variant, caption, action }: OrderListProps) {
  const now = useNow();
  return (
    <div className="data-table-wrap">
      <table className="data-table order-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">{variant === 'company' ? 'Job' : 'Startup'}</th>
            <th scope="col">Plan</th>
            <th scope="col" className="data-table__num">
              Total
            </th>
            {variant === 'company' ? (
              <>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </>
            ) : (
              <>
                <th scope="col">Due</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" className="data-table__title">
                <Link to={paths.companyInvoice(order.company.key, order.id)}>
                  <span className="visually-hidden">Invoice </span>
                  {order.invoiceNumber}
                </Link>
              </th>
              <td data-label={variant === 'company' ? 'Job' : 'Startup'}>
                {variant === 'company' ? (order.job ? order.job.title : <span className="muted">Job deleted</span>) : order.company.name}
              </td>
              <td data-label="Plan">{planById(order.plan).name}</td>
              <td data-label="Total" className="data-table__num">
                {formatMoney(order.totalMinor, order.currency)}
              </td>
              {variant === 'company' ? (
                <>
                  <td data-label="Status">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td data-label="Date">
                    <DateCell iso={order.createdAt} />
                  </td>
                </>
              ) : (
                <>
                  <td data-label="Due">
                    <DateCell iso={order.dueAt} />
                    {isOverdue(order, now) ? <span className="badge tone-badge tone-badge--warning order-table__overdue">Overdue</span> : null}
                  </td>
                  <td className="data-table__actions">{action?.(order)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
