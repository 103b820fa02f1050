/**
 * The embedded default (issue #12): payment on invoice. The startup enters its billing details, the
 * order is invoiced with a number, VAT by country and a due date, the job goes on at once, and an
 * admin marks the invoice paid when the money arrives. Nothing here reaches the network.
 */
import { INVOICE_DUE_DAYS } from '@nordlys/sdk/pricing';
import type { InvoicePayments } from './provider';

const DAY_MS = 86_400_000;

export function createInvoicePayments(): InvoicePayments {
  return {
    kind: 'invoice',
    summary: `payments: on invoice (due in ${INVOICE_DUE_DAYS} days, marked paid by an admin); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe Checkout`,
    dueDate: (now) => new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS),
  };
}
