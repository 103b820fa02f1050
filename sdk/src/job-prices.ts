/**
 * spec 9's job price by country, the table the plans of pricing.ts are priced from. Its own module
 * because constants.ts names it too, and every page loads constants.ts: the plans stay off that load.
 */

/** spec 9: job price by country; anything else pays the EU price. It is the Boost's price (see above). */
export const JOB_PRICES = {
  DK: { amount: 599, currency: 'DKK' },
  NO: { amount: 879, currency: 'NOK' },
  SE: { amount: 849, currency: 'SEK' },
  FI: { amount: 79, currency: 'EUR' },
  IS: { amount: 11500, currency: 'ISK' },
  EU: { amount: 79, currency: 'EUR' },
} as const;

/** The countries with their own price; the rest pay the EU price ("other", spec 9). */
export type PriceCountry = keyof typeof JOB_PRICES;
export const PRICE_COUNTRIES = Object.keys(JOB_PRICES) as PriceCountry[];

export interface Money {
  /** Whole currency units, as prices are written (599 DKK). */
  amount: number;
  currency: string;
}

/** The price table's row for a country: its own, or the EU price for any other country. */
export function priceCountry(countryCode: string | null | undefined): PriceCountry {
  const key = (countryCode ?? '').toUpperCase();
  return key in JOB_PRICES ? (key as PriceCountry) : 'EU';
}

/** spec 9: the job post price for a country. */
export function jobPrice(countryCode: string | null | undefined): Money {
  return { ...JOB_PRICES[priceCountry(countryCode)] };
}
