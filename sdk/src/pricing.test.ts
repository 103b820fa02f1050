import { describe, expect, it } from 'vitest';
import { JOB_PRICES as CONSTANTS_JOB_PRICES, jobPrice as constantsJobPrice } from './constants';
import {
  companyPriceCountry,
  currencyDecimals,
  featuredUntil,
  formatMoney,
  fromMinor,
  invoiceTotals,
  isPaidPlan,
  JOB_PRICES,
  PLAN_IDS,
  PLANS,
  planById,
  planPrice,
  priceCountry,
  toMinor,
  vatFor,
  billingCountries,
} from './pricing';

describe('job prices (spec 9)', () => {
  it.each([
    ['DK', 599, 'DKK'],
    ['NO', 879, 'NOK'],
    ['SE', 849, 'SEK'],
    ['FI', 79, 'EUR'],
    ['IS', 11500, 'ISK'],
    ['EU', 79, 'EUR'],
    ['DE', 79, 'EUR'],
    ['US', 79, 'EUR'],
    ['dk', 599, 'DKK'],
    [null, 79, 'EUR'],
  ] as const)('%s pays %d %s for the job post (the Boost)', (country, amount, currency) => {
    expect(planPrice('boost', country)).toEqual({ amount, currency });
    expect(constantsJobPrice(country)).toEqual({ amount, currency });
  });

  it('has one table: constants re-exports the pricing module', () => {
    expect(CONSTANTS_JOB_PRICES).toBe(JOB_PRICES);
    expect(priceCountry('no')).toBe('NO');
    expect(priceCountry('GB')).toBe('EU');
  });
});

describe('plans', () => {
  it('offers Free, Boost, Max and Headhunter, cheapest first, each priced in every price country in its currency', () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PLAN_IDS]);
    for (const country of Object.keys(JOB_PRICES) as (keyof typeof JOB_PRICES)[]) {
      const prices = PLANS.map((p) => p.prices[country]);
      for (const price of prices) expect(price.currency).toBe(JOB_PRICES[country].currency);
      expect(prices.map((p) => p.amount)).toEqual([...prices.map((p) => p.amount)].sort((a, b) => a - b));
      expect(prices[0]!.amount).toBe(0);
    }
  });

  it('gives featured days, alert placement and, for Headhunter, a recruiter for 12 weeks', () => {
    expect(planById('free')).toMatchObject({ featuredDays: 0, alertPlacement: false, recruiterWeeks: 0 });
    expect(planById('boost')).toMatchObject({ featuredDays: 14, alertPlacement: true });
    expect(planById('max').featuredDays).toBeGreaterThan(planById('boost').featuredDays);
    expect(planById('headhunter').recruiterWeeks).toBe(12);
    expect(isPaidPlan('free')).toBe(false);
    expect(isPaidPlan('max')).toBe(true);
    expect(() => planById('gold' as never)).toThrow(/Unknown plan/);
  });

  it('prices a startup by its first address, else the first country it hires in', () => {
    expect(companyPriceCountry({ addresses: [{ countryCode: 'SE' }], countries: [{ countryCode: 'DK' }] })).toBe('SE');
    expect(companyPriceCountry({ addresses: [], countries: [{ countryCode: 'NO' }] })).toBe('NO');
    expect(companyPriceCountry({})).toBeNull();
  });
});

describe('money', () => {
  it('uses ISO 4217 minor units: none for ISK, two for the others', () => {
    expect(currencyDecimals('ISK')).toBe(0);
    expect(currencyDecimals('dkk')).toBe(2);
    expect(toMinor(599, 'DKK')).toBe(59_900);
    expect(toMinor(11_500, 'ISK')).toBe(11_500);
    expect(fromMinor(7_900, 'EUR')).toBe(79);
    expect(formatMoney(59_900, 'DKK')).toMatch(/^DKK\s?599\.00$/);
    expect(formatMoney(11_500, 'ISK')).toMatch(/^ISK\s?11,500$/);
  });
});

describe('VAT on invoices (seller in Denmark)', () => {
  it('charges Danish VAT to Danish buyers and to EU buyers without a VAT number', () => {
    expect(vatFor('DK', 'DK12345678').rate).toBe(25);
    expect(vatFor('se', null).rate).toBe(25);
  });
  it('reverse-charges EU businesses with a VAT number, and charges none outside the EU', () => {
    expect(vatFor('SE', 'SE556677889901')).toMatchObject({ rate: 0, note: expect.stringMatching(/Reverse charge/) });
    expect(vatFor('NO', null)).toMatchObject({ rate: 0, note: expect.stringMatching(/Outside/) });
    expect(vatFor('IS', 'IS12345')).toMatchObject({ rate: 0 });
  });
  it('adds it up in minor units', () => {
    expect(invoiceTotals('boost', 'DK', 'DK')).toEqual({ netMinor: 59_900, vatRate: 25, vatMinor: 14_975, totalMinor: 74_875, currency: 'DKK', vatNote: 'Danish VAT 25%' });
    expect(invoiceTotals('max', 'IS', 'IS')).toMatchObject({ netMinor: 28_900, vatMinor: 0, totalMinor: 28_900, currency: 'ISK' });
    expect(invoiceTotals('boost', 'FI', 'FI', 'FI12345678')).toMatchObject({ netMinor: 7_900, vatMinor: 0, totalMinor: 7_900, currency: 'EUR' });
  });
});

describe('featuredUntil (what /monetise and /boost promise)', () => {
  const now = new Date('2027-01-01T10:00:00Z');
  it("counts the plan's featured days from now", () => {
    expect(featuredUntil('boost', now)?.toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(featuredUntil('max', now)?.toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });
  it('counts from the end of a Boost still running, and ignores one that has ended', () => {
    expect(featuredUntil('boost', now, '2027-01-05T10:00:00Z')?.toISOString()).toBe('2027-01-19T10:00:00.000Z');
    expect(featuredUntil('boost', now, '2026-12-20T10:00:00Z')?.toISOString()).toBe('2027-01-15T10:00:00.000Z');
  });
  it('is null for a plan that features nothing', () => {
    expect(featuredUntil('free', now)).toBeNull();
  });
});

describe('billing countries', () => {
  it('lists the EU, the other Nordics and a few more by name, so an EU business anywhere can be invoiced', () => {
    const list = billingCountries();
    expect(list.find((c) => c.value === 'FR')?.text).toBe('France');
    expect(list.find((c) => c.value === 'NO')?.text).toBe('Norway');
    expect(list.map((c) => c.text)).toEqual([...list.map((c) => c.text)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(vatFor('FR', 'FR12345678901').rate).toBe(0);
  });
});
