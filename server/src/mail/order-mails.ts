/**
 * The order mails of issue #12, in the shared layout (mail/layout.ts): the invoice (the embedded
 * default, to the billing e-mail) and the receipt (a paid order: Stripe's, to the startup's members;
 * an invoice an admin marked paid, to the billing e-mail). Each names the number, the line, the VAT
 * with its note and the total, and links to the invoice page.
 */
import { countryName } from '@nordlys/sdk/constants';
import { exactDate } from '@nordlys/sdk/dates';
import { formatMoney, planById } from '@nordlys/sdk/pricing';
import type { Order } from '@nordlys/sdk/schemas';
import { greeting, layout } from './layout';
import type { MailMessage } from './types';

export interface OrderMailInput {
  to: string;
  /** The reader's first name, or '' (an invoice address has none). */
  firstName: string;
  productName: string;
  order: Order;
  /** Absolute: the order's invoice page. */
  invoiceLink: string;
  /** One sentence on what happens to the job now (live, in review…), or none. */
  jobNote?: string;
}

/** The invoice's figures, one line each, as both bodies print them. */
export function orderLines(order: Order): string[] {
  const plan = planById(order.plan);
  const money = (minor: number) => formatMoney(minor, order.currency);
  const what = order.job ? `${plan.name} for "${order.job.title}"` : plan.name;
  return [
    `${what}: ${money(order.netMinor)}`,
    `VAT ${order.vatRate}%: ${money(order.vatMinor)} (${order.vatNote})`,
    `Total: ${money(order.totalMinor)}`,
  ];
}

function billedTo(order: Order): string | null {
  const b = order.billing;
  if (!b) return null;
  const vat = b.vatNumber ? `, VAT number ${b.vatNumber}` : '';
  return `Billed to: ${b.name}, ${b.address}, ${b.postalCode} ${b.city}, ${countryName(b.countryCode)}${vat}`;
}

function message(input: OrderMailInput, subject: string, paragraphs: string[], button: string): MailMessage {
  const { to, firstName, productName, order, invoiceLink } = input;
  const footer = `You get this e-mail because an order was placed for ${order.company.name} on ${productName}.`;
  return {
    to,
    subject,
    text: [greeting(firstName), '', ...paragraphs.flatMap((p) => [p, '']), `${button}: ${invoiceLink}`, '', footer, '', `— ${productName}`].join('\n'),
    html: layout({ productName, greeting: greeting(firstName), paragraphs, button, link: invoiceLink, footer }),
  };
}

/** POST /companies/{key}/jobs/{id}/orders: the invoice, with what to pay by when. */
export function invoiceMail(input: OrderMailInput): MailMessage {
  const { order, productName } = input;
  const due = order.dueAt ? exactDate(order.dueAt) : null;
  const billed = billedTo(order);
  return message(
    input,
    `Invoice ${order.invoiceNumber} from ${productName}: ${formatMoney(order.totalMinor, order.currency)}${due ? `, due ${due}` : ''}`,
    [
      `Thank you for your order. This is invoice ${order.invoiceNumber}, dated ${exactDate(order.createdAt)}.`,
      ...(billed ? [billed] : []),
      ...orderLines(order),
      ...(due ? [`Please pay by ${due}, quoting the invoice number ${order.invoiceNumber}.`] : []),
      ...(input.jobNote ? [input.jobNote] : []),
    ],
    'View the invoice',
  );
}

/** A paid order: the Stripe webhook, or an admin marking an invoice paid. */
export function receiptMail(input: OrderMailInput): MailMessage {
  const { order, productName } = input;
  const paid = exactDate(order.paidAt ?? order.createdAt);
  return message(
    input,
    `Receipt ${order.invoiceNumber}: payment received by ${productName}`,
    [
      `Thank you: we received your payment of ${formatMoney(order.totalMinor, order.currency)} on ${paid} for order ${order.invoiceNumber}.`,
      ...orderLines(order),
      ...(input.jobNote ? [input.jobNote] : []),
    ],
    'View the receipt',
  );
}
