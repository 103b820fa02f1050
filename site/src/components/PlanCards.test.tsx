// @vitest-environment happy-dom
import { PLANS, PRICE_COUNTRIES, planPrice } from '@nordlys/sdk/pricing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanCards } from './PlanCards';

afterEach(cleanup);

/** A card's price as a person reads it: the currency code and the number (whatever the grouping and decimals). */
function readPrice(text: string): { currency: string; amount: number } | 'free' {
  if (text === 'Free of charge') return 'free';
  const currency = text.match(/[A-Z]{3}/)?.[0] ?? '';
  return { currency, amount: Number(text.replace(/[^\d.]/g, '')) };
}

function cardPrices(): Record<string, ReturnType<typeof readPrice>> {
  const cards = screen.getAllByRole('listitem').filter((li) => li.classList.contains('plan-card'));
  return Object.fromEntries(
    cards.map((card) => [within(card).getByRole('heading').textContent!, readPrice(card.querySelector('.plan-card__amount')!.textContent!)]),
  );
}

describe('PlanCards', () => {
  // Every price country of spec 9, a country with the EU price, and one outside Europe.
  for (const country of [...PRICE_COUNTRIES, 'DE', 'US']) {
    it(`shows the figures of planPrice for ${country}`, () => {
      render(<PlanCards countryCode={country} />);
      const expected = Object.fromEntries(
        PLANS.map((plan) => {
          const price = planPrice(plan.id, country);
          return [plan.name, price.amount === 0 ? 'free' : { currency: price.currency, amount: price.amount }];
        }),
      );
      expect(cardPrices()).toEqual(expected);
    });
  }

  it("shows spec 9's job post price as the Boost's: 599 DKK in Denmark, 11500 ISK in Iceland, 79 EUR elsewhere", () => {
    render(<PlanCards countryCode="DK" plans={['boost']} />);
    expect(screen.getByText('DKK 599.00')).toBeTruthy();
    cleanup();
    render(<PlanCards countryCode="IS" plans={['boost']} />);
    expect(screen.getByText('ISK 11,500')).toBeTruthy();
    cleanup();
    render(<PlanCards countryCode="BR" plans={['boost']} />);
    expect(screen.getByText('EUR 79.00')).toBeTruthy();
  });

  it('gives every plan its name, tagline and benefits from the table, in order, with the action', () => {
    render(<PlanCards countryCode="SE" action={(plan) => <button type="button">Choose {plan.name}</button>} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Free', 'Boost', 'Max', 'Headhunter']);
    for (const plan of PLANS) {
      const card = screen.getByRole('heading', { name: plan.name }).closest('li')!;
      expect(within(card).getByText(plan.tagline)).toBeTruthy();
      for (const benefit of plan.benefits) expect(within(card).getByText(benefit)).toBeTruthy();
      expect(within(card).getByRole('button', { name: `Choose ${plan.name}` })).toBeTruthy();
    }
  });

  it('says until when a job going live now is featured, counting from the end of a running Boost', () => {
    const now = new Date('2027-01-01T10:00:00Z');
    render(<PlanCards countryCode="DK" featured={{ now }} />);
    const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
    expect(within(card('Boost')).getByText(/Featured until/).textContent).toBe(' Featured until 15 January 2027');
    expect(within(card('Max')).getByText(/Featured until/).textContent).toBe(' Featured until 31 January 2027');
    expect(card('Free').querySelector('.plan-card__featured')).toBeNull();
    cleanup();
    render(<PlanCards countryCode="DK" plans={['boost']} featured={{ now, boostingExpiresAt: '2027-01-10T10:00:00Z' }} />);
    expect(screen.getByText(/Featured until/).textContent).toBe(' Featured until 24 January 2027');
  });

  it('says how many days without a start date (/pricing, a startup waiting for approval)', () => {
    render(<PlanCards countryCode="DK" plans={['boost']} />);
    expect(screen.getByText(/Featured for/).textContent).toBe(' Featured for 14 days from when it goes live');
  });
});
