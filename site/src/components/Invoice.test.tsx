// @vitest-environment happy-dom
/** The invoice page and the orders list: the seller, the buyer, the dates, the line, net, VAT with its note and total, as the order holds them. */
import { formatMoney, invoiceTotals, SELLER } from '@nordlys/sdk/pricing';
import { OrderSchema } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage } from '../modals/test-helpers';
import * as invoicePage from '../routes/client/startups/[company]/invoices/[order]';
import { demoUsers } from '../testing/fixtures';
import { invoiceOrder } from '../testing/job-admin';
import { invoiceLine } from './Invoice';
import { OrderList } from './OrderList';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOW = Date.parse('2026-06-10T12:00:00Z');

function open(order = invoiceOrder(NOW), url = '/client/startups/northwind-labs/invoices/7') {
  return renderPage(invoicePage, '/client/startups/:company/invoices/:order', url, {
    'GET users/me': () => jsonAnswer(demoUsers.founder),
    'GET companies/northwind-labs/orders/7': () => jsonAnswer(order),
  });
}

/** Text with Intl's no-break spaces ("DKK\u00a0599.00") as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
/** The amount cell of a totals row, by its label. */
const amount = (label: RegExp) => plain(screen.getByRole('rowheader', { name: label }).closest('tr')!.querySelector('.invoice__amount')!.textContent);

describe('the invoice page', () => {
  it('shows the seller, the buyer, the number and dates, the line, net, VAT with its note and the total', async () => {
    const order = invoiceOrder(NOW);
    expect(v.safeParse(OrderSchema, order).success).toBe(true);
    // The sample is what the sdk's one price table gives a Danish Boost.
    expect(invoiceTotals('boost', 'DK', 'DK', 'DK12345678')).toMatchObject({ netMinor: order.netMinor, vatMinor: order.vatMinor, totalMinor: order.totalMinor, vatNote: order.vatNote });
    open(order);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Invoice NL-2026-7');
    const article = screen.getByRole('article', { name: 'Invoice NL-2026-7' });
    expect(article.textContent).toContain(`${SELLER.name}${SELLER.address}${SELLER.postalCode} ${SELLER.city}Denmark`);
    expect(article.textContent).toContain('CVR 43218765 · VAT DK43218765');
    const buyer = screen.getByRole('region', { name: 'Billed to' });
    expect(buyer.textContent).toBe('Billed toNorthwind Labs ApSNørrebrogade 12200 København NDenmarkVAT DK12345678billing@northwind.dk');
    const dates = Object.fromEntries(Array.from(article.querySelectorAll('.invoice__dates > div')).map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));
    expect(dates).toEqual({ 'Invoice number': 'NL-2026-7', 'Invoice date': '9 June 2026', 'Due date': '23 June 2026', Payment: 'Bank transfer' });
    expect(screen.getByRole('cell', { name: /^Boost plan for “Backend Engineer”/ })).toBeTruthy();
    expect(amount(/^Net/)).toBe('DKK 599.00');
    expect(screen.getByRole('rowheader', { name: /^VAT/ }).textContent).toBe('VAT 25%Danish VAT 25%');
    expect(amount(/^VAT/)).toBe('DKK 149.75');
    expect(amount(/^Total/)).toBe('DKK 748.75');
    expect(plain(article.textContent)).toContain('Please pay DKK 748.75 by 23 June 2026 to IBAN DK50 0040 0440 1162 43 (BIC NDEADKKK), quoting NL-2026-7.');
    expect(within(article).getByText('Awaiting payment')).toBeTruthy();
  });

  it('prints with the Print button', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('shows a reverse-charged EU invoice with no VAT, in a currency without decimals, and a paid card order without billing details', async () => {
    open(
      invoiceOrder(NOW, {
        currency: 'ISK',
        netMinor: 11_500,
        vatRate: 0,
        vatMinor: 0,
        totalMinor: 11_500,
        vatNote: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)',
        status: 'paid',
        paidAt: new Date(NOW).toISOString(),
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(amount(/^Total/)).toBe(plain(formatMoney(11_500, 'ISK')));
    expect(amount(/^Total/)).toBe('ISK 11,500');
    expect(screen.getByRole('rowheader', { name: /^VAT/ }).textContent).toContain('VAT 0%Reverse charge');
    expect(screen.getByText('Paid in full. Thank you.')).toBeTruthy();
    cleanup();

    open(invoiceOrder(NOW, { provider: 'stripe', billing: null, status: 'paid', dueAt: null, paidAt: new Date(NOW).toISOString() }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('region', { name: 'Billed to' }).textContent).toBe('Billed toNorthwind Labs');
    expect(document.querySelector('.invoice__dates')!.textContent).toContain('PaymentCard, through Stripe');
    expect(document.querySelector('.invoice__dates')!.textContent).not.toContain('Due date');
  });

  it('is a 404 for an order id that is not a number', async () => {
    open(invoiceOrder(NOW), '/client/startups/northwind-labs/invoices/seven');
    expect(await screen.findByText('Error page')).toBeTruthy();
  });

  it("names the line after the plan, and the job when it still exists", () => {
    expect(invoiceLine({ plan: 'headhunter', job: { id: 1, title: 'CTO' } })).toBe('Headhunter plan for “CTO”');
    expect(invoiceLine({ plan: 'max', job: null })).toBe('Max plan');
  });
});

describe('OrderList', () => {
  it("lists a startup's orders: number linking to the invoice, job, plan, total, status and date", () => {
    const orders = [invoiceOrder(NOW), invoiceOrder(NOW, { id: 8, invoiceNumber: 'NL-2026-8', status: 'paid', plan: 'max', job: null })];
    const router = createMemoryRouter([{ path: '*', element: <OrderList orders={orders} variant="company" caption="Orders" /> }]);
    render(<RouterProvider router={router} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Number', 'Job', 'Plan', 'Total', 'Status', 'Date']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Invoice NL-2026-7' }).getAttribute('href')).toBe('/client/startups/northwind-labs/invoices/7');
    expect(Array.from(first!.querySelectorAll('td')).map((td) => plain(td.textContent))).toEqual(['Backend Engineer', 'Boost', 'DKK 748.75', 'Awaiting payment', '9 June 2026']);
    expect(Array.from(second!.querySelectorAll('td')).map((td) => plain(td.textContent))).toEqual(['Job deleted', 'Max', 'DKK 748.75', 'Paid', '9 June 2026']);
  });
});
