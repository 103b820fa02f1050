import { describe, expect, it } from 'vitest';
import { formatMoney } from '@nordlys/sdk/pricing';
import type { Order } from '@nordlys/sdk/schemas';
import { invoiceMail, receiptMail } from './order-mails';

const order: Order = {
  id: 12,
  invoiceNumber: 'NL-2026-1012',
  plan: 'boost',
  status: 'awaiting_payment',
  provider: 'invoice',
  currency: 'SEK',
  netMinor: 84_900,
  vatRate: 25,
  vatMinor: 21_225,
  totalMinor: 106_125,
  vatNote: 'Danish VAT 25%',
  job: { id: 7, title: 'Backend <script>alert(1)</script> engineer' },
  company: { key: 'fjord-ab', name: 'Fjord & Co' },
  billing: { name: 'Fjord AB', address: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', countryCode: 'SE', vatNumber: null, email: 'ap@fjord.test' },
  createdAt: '2026-11-20T10:00:00.000Z',
  dueAt: '2026-12-04T10:00:00.000Z',
  paidAt: null,
};
const input = { to: 'ap@fjord.test', firstName: '', productName: 'Nordlys', order, invoiceLink: 'https://nordlys.example/client/startups/fjord-ab/invoices/12' };

describe('the order mails', () => {
  it('invoice: the number, who is billed, the line, VAT with its note, the total, the due date and the invoice page', () => {
    const mail = invoiceMail({ ...input, jobNote: 'The job: Talent can find it and apply until it expires.' });
    expect(mail.to).toBe('ap@fjord.test');
    expect(mail.subject).toBe(`Invoice NL-2026-1012 from Nordlys: ${formatMoney(106_125, 'SEK')}, due 4 December 2026`);
    for (const line of [
      'This is invoice NL-2026-1012, dated 20 November 2026.',
      'Billed to: Fjord AB, Storgatan 1, 111 22 Stockholm, Sweden',
      `Boost for "Backend <script>alert(1)</script> engineer": ${formatMoney(84_900, 'SEK')}`,
      `VAT 25%: ${formatMoney(21_225, 'SEK')} (Danish VAT 25%)`,
      `Total: ${formatMoney(106_125, 'SEK')}`,
      'Please pay by 4 December 2026, quoting the invoice number NL-2026-1012.',
      'The job: Talent can find it and apply until it expires.',
      input.invoiceLink,
    ]) {
      expect(mail.text).toContain(line);
    }
    // The job title is the startup's text: escaped in the HTML body.
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain(`href="${input.invoiceLink}"`);
    expect(mail.text).toMatch(/^Hi,\n/);
  });

  it('receipt: the amount and date paid, the same lines, greeting the member by name', () => {
    const mail = receiptMail({ ...input, to: 'mads@fjord.test', firstName: 'Mads', order: { ...order, status: 'paid', paidAt: '2026-11-21T09:00:00.000Z', billing: null } });
    expect(mail.subject).toBe('Receipt NL-2026-1012: payment received by Nordlys');
    expect(mail.text).toMatch(/^Hi Mads,\n/);
    expect(mail.text).toContain(`we received your payment of ${formatMoney(106_125, 'SEK')} on 21 November 2026 for order NL-2026-1012.`);
    expect(mail.text).toContain(`Total: ${formatMoney(106_125, 'SEK')}`);
    expect(mail.text).not.toContain('Billed to');
  });
});
