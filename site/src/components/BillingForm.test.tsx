// @vitest-environment happy-dom
import { ApiError } from '@nordlys/sdk/api';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../modals/test-helpers';
import { BillingForm, initialBilling, type BillingValues } from './BillingForm';

afterEach(cleanup);

const filled: BillingValues = {
  name: 'Aurora Labs ApS',
  address: 'Njalsgade 21',
  postalCode: '2300',
  city: 'København S',
  countryCode: 'DK',
  vatNumber: '',
  email: 'billing@aurora.example',
};

function open(initial: BillingValues, onSubmit = vi.fn(async () => undefined), priceCountry = 'DK') {
  render(<BillingForm plan="boost" priceCountryCode={priceCountry} initial={initial} itemLabel="Senior Frontend Engineer" onSubmit={onSubmit} />);
  return { onSubmit };
}

const summary = () => screen.getByRole('complementary', { name: 'Your order' });
/** The summary's rows, as read (Intl puts a no-break space between the currency and the number). */
const figures = () =>
  Object.fromEntries(
    [...summary().querySelectorAll('.billing__totals > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent!.replace(/\u00a0/g, ' ')]),
  );
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('BillingForm', () => {
  it("checks every field with the sdk schema's messages, under each field, and focuses the first", async () => {
    const { onSubmit } = open(initialBilling(null));
    type(/Invoice e-mail/, 'not-an-address');
    type(/VAT number/, '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(document.activeElement).toBe(field(/Company name/)));
    const messageOf = (label: RegExp) => document.getElementById(field(label).getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;
    expect(messageOf(/Company name/)).toBe('Please enter the name to invoice');
    expect(messageOf(/Address/)).toBe('Please enter the street address');
    expect(messageOf(/Postal code/)).toBe('Please enter the postal code');
    expect(messageOf(/City/)).toBe('Please enter the city');
    expect(messageOf(/Country/)).toBe('Please choose the country');
    expect(messageOf(/VAT number/)).toBe('VAT number must start with its country code, like DK12345678');
    expect(messageOf(/Invoice e-mail/)).toBe('Invoice e-mail must be an e-mail address');
    expect(field(/Company name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends what was typed when it is valid', async () => {
    const { onSubmit } = open(filled);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(filled);
  });

  it('sums the invoice live: price, VAT by the billing country and VAT number, total', () => {
    open({ ...filled, countryCode: '' });
    expect(figures()).toEqual({ Price: 'DKK 599.00' });
    expect(within(summary()).getByText('Choose the billing country to see the VAT.')).toBeTruthy();

    type(/Country/, 'DK');
    expect(figures()).toEqual({ Price: 'DKK 599.00', 'VAT 25%': 'DKK 149.75', Total: 'DKK 748.75' });
    expect(within(summary()).getByText('Danish VAT 25%')).toBeTruthy();

    // An EU business abroad: Danish VAT without a VAT number, reverse charge with one.
    type(/Country/, 'DE');
    expect(figures()).toEqual({ Price: 'DKK 599.00', 'VAT 25%': 'DKK 149.75', Total: 'DKK 748.75' });
    type(/VAT number/, 'DE123456789');
    expect(figures()).toEqual({ Price: 'DKK 599.00', 'VAT 0%': 'DKK 0.00', Total: 'DKK 599.00' });
    expect(within(summary()).getByText(/^Reverse charge/)).toBeTruthy();

    // Outside the EU: no VAT.
    type(/Country/, 'NO');
    expect(figures()).toEqual({ Price: 'DKK 599.00', 'VAT 0%': 'DKK 0.00', Total: 'DKK 599.00' });
    expect(within(summary()).getByText('Outside the scope of EU VAT')).toBeTruthy();
  });

  it("prices in the startup's currency, whatever the billing country", () => {
    open({ ...filled, countryCode: 'SE' }, undefined, 'SE');
    expect(figures()).toEqual({ Price: 'SEK 849.00', 'VAT 25%': 'SEK 212.25', Total: 'SEK 1,061.25' });
  });

  it('keeps what was typed when the order fails, with the busy button meanwhile and the message after', async () => {
    const answer = deferred<undefined>();
    open({ ...filled, vatNumber: 'dk 1234 5678' }, vi.fn(() => answer.promise));
    type(/City/, 'Aarhus');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const busy = await screen.findByRole('button', { name: 'Placing the order…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    answer.reject(new ApiError('Invoices are down, try again later', { status: 503 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invoices are down, try again later');
    expect(field(/City/).value).toBe('Aarhus');
    expect(field(/VAT number/).value).toBe('dk 1234 5678');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });

  it("shows the server's field messages (a 400 on 'billing') in the alert", async () => {
    open(
      filled,
      vi.fn(async () => {
        throw new ApiError('Invalid input', { status: 400, body: { errors: { billing: ['Please enter the city'] } } });
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the city');
    expect(field(/Company name/).value).toBe('Aurora Labs ApS');
  });

  it('prefills from the last billing details, else the startup name and its country', () => {
    expect(initialBilling({ ...filled, vatNumber: null })).toEqual(filled);
    expect(initialBilling(null, { name: 'Aurora Labs', countryCode: 'SE' })).toMatchObject({ name: 'Aurora Labs', countryCode: 'SE', email: '' });
    // A country the form does not list starts unchosen.
    expect(initialBilling(null, { name: 'Aurora Labs', countryCode: 'FR' }).countryCode).toBe('FR');
    expect(initialBilling(null, { name: 'Aurora Labs', countryCode: 'ZZ' }).countryCode).toBe('');
  });
});
