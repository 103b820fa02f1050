/**
 * One home for what a job costs (issue #12): the plans, their prices by country (spec 9 and the
 * extra plans beside it), money in minor units, VAT on invoices and the page a paid plan ends on.
 * `/monetise`, `/boost`, `/pricing`, checkout, orders and invoices all read this table.
 *
 * The spec's "job price by country" (spec 9) is the price of a Boost: the post that is featured and
 * first in the alert e-mails. A Free post is listed like any other and costs nothing; Max and
 * Headhunter are the extra plans, their prices constants here in the same currencies.
 */
import type { OrderStatus } from './constants';

// spec 9's price table lives in job-prices.ts (constants.ts names it too); part of this module's surface.
import { JOB_PRICES, PRICE_COUNTRIES, priceCountry, type Money, type PriceCountry } from './job-prices';
export { JOB_PRICES, PRICE_COUNTRIES, priceCountry, jobPrice, type Money, type PriceCountry } from './job-prices';

export const PLAN_IDS = ['free', 'boost', 'max', 'headhunter'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PAID_PLAN_IDS = ['boost', 'max', 'headhunter'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** One line under the name. */
  tagline: string;
  /** Days the job is featured (boostingExpiresAt, spec 3) from the day it goes live or the Boost is paid; 0 for none. */
  featuredDays: number;
  /** Whether the job is placed first in the matching alert e-mails (digests put boosted jobs first). */
  alertPlacement: boolean;
  /** Weeks a recruiter screens and grades the applicants; 0 for none. */
  recruiterWeeks: number;
  /** What the plan gives, in words, in the order pages list them. */
  benefits: readonly string[];
  /** Prices by price country, in that country's currency (free plans: 0). */
  prices: Readonly<Record<PriceCountry, Money>>;
}

const free = (): Record<PriceCountry, Money> =>
  Object.fromEntries(PRICE_COUNTRIES.map((c) => [c, { amount: 0, currency: JOB_PRICES[c].currency }])) as Record<PriceCountry, Money>;

/** The plans, cheapest first. Max and Headhunter prices are ours (spec 9 gives only the job post price). */
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    tagline: 'List the job for talent searching Nordlys.',
    featuredDays: 0,
    alertPlacement: false,
    recruiterWeeks: 0,
    benefits: ['Listed in search, on your startup page, your widget and career page', 'Applicants in your pipeline'],
    // Pure: bundles that import nothing of the plans (the widget, through constants) drop them.
    prices: /* @__PURE__ */ free(),
  },
  {
    id: 'boost',
    name: 'Boost',
    tagline: 'Featured, and first in the job alerts.',
    featuredDays: 14,
    alertPlacement: true,
    recruiterWeeks: 0,
    benefits: ['Everything in Free', 'Featured on the front page and above search results for 14 days', 'First in the matching job alert e-mails'],
    prices: JOB_PRICES,
  },
  {
    id: 'max',
    name: 'Max',
    tagline: 'The longest reach: a month featured.',
    featuredDays: 30,
    alertPlacement: true,
    recruiterWeeks: 0,
    benefits: ['Everything in Boost', 'Featured for 30 days', 'In the partner feeds of the featured jobs'],
    prices: {
      DK: { amount: 1499, currency: 'DKK' },
      NO: { amount: 2199, currency: 'NOK' },
      SE: { amount: 2149, currency: 'SEK' },
      FI: { amount: 199, currency: 'EUR' },
      IS: { amount: 28900, currency: 'ISK' },
      EU: { amount: 199, currency: 'EUR' },
    },
  },
  {
    id: 'headhunter',
    name: 'Headhunter',
    tagline: 'A recruiter screens and grades your candidates.',
    featuredDays: 30,
    alertPlacement: true,
    recruiterWeeks: 12,
    benefits: ['Everything in Max', 'A recruiter screens and grades candidates for 12 weeks', 'A shortlist in your pipeline'],
    prices: {
      DK: { amount: 24900, currency: 'DKK' },
      NO: { amount: 36500, currency: 'NOK' },
      SE: { amount: 35900, currency: 'SEK' },
      FI: { amount: 3290, currency: 'EUR' },
      IS: { amount: 479000, currency: 'ISK' },
      EU: { amount: 3290, currency: 'EUR' },
    },
  },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan '${id}'`);
  return plan;
}

export const isPaidPlan = (id: PlanId): id is PaidPlanId => id !== 'free';

/**
 * Issue #15: Scout, the recruiter paid per successful hire (/scout, /scout-terms), beside the Headhunter
 * plan's fixed fee: a share of the hired person's first-year gross base salary, at least the minimum of
 * the startup's price country, invoiced when the person signs. The search runs as many weeks as a
 * Headhunter search (its plan's recruiterWeeks).
 */
export const SCOUT_FEE = {
  percentOfFirstYearSalary: 15,
  minimum: {
    DK: { amount: 30000, currency: 'DKK' },
    NO: { amount: 44000, currency: 'NOK' },
    SE: { amount: 43000, currency: 'SEK' },
    FI: { amount: 4000, currency: 'EUR' },
    IS: { amount: 580000, currency: 'ISK' },
    EU: { amount: 4000, currency: 'EUR' },
  },
  /** A hire who leaves within this many days of starting is replaced with a new search at no fee. */
  replacementDays: 90,
  /** A candidate Scout presented and the startup hires within this many months still counts as Scout's hire. */
  introductionMonths: 12,
} as const satisfies { percentOfFirstYearSalary: number; minimum: Readonly<Record<PriceCountry, Money>>; replacementDays: number; introductionMonths: number };

/** A plan's price for a country (the company's, see companyPriceCountry), in its currency. */
export function planPrice(id: PlanId, countryCode: string | null | undefined): Money {
  return { ...planById(id).prices[priceCountry(countryCode)] };
}

const DAY_MS = 86_400_000;

/**
 * Until when a plan bought now keeps a job featured: its featuredDays from now, or from the end of a
 * Boost still running (the same rule as the server's applySettledOrders, queries/orders.ts); null for
 * a plan that features nothing. What /monetise and /boost promise before the order.
 * @example featuredUntil('boost', new Date('2027-01-01T10:00:00Z')) // 2027-01-15T10:00:00.000Z
 */
export function featuredUntil(id: PlanId, now: Date = new Date(), boostingExpiresAt?: string | null): Date | null {
  const days = planById(id).featuredDays;
  if (days <= 0) return null;
  const running = boostingExpiresAt ? Date.parse(boostingExpiresAt) : Number.NaN;
  const from = running > now.getTime() ? running : now.getTime();
  return new Date(from + days * DAY_MS);
}

/** The country a startup pays in: its first address's country, else the first country it hires in. */
export function companyPriceCountry(company: {
  addresses?: readonly { countryCode: string }[] | null;
  countries?: readonly { countryCode: string }[] | null;
}): string | null {
  return company.addresses?.[0]?.countryCode ?? company.countries?.[0]?.countryCode ?? null;
}

/** ISO 4217 minor units: ISK has none, the others two (Stripe's zero-decimal list agrees for these). */
const ZERO_DECIMAL = new Set(['ISK', 'JPY', 'KRW']);
export const currencyDecimals = (currency: string): number => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);
/** Whole units to minor units (599 DKK → 59900 øre; 11500 ISK → 11500). */
export const toMinor = (amount: number, currency: string): number => Math.round(amount * 10 ** currencyDecimals(currency));
export const fromMinor = (minor: number, currency: string): number => minor / 10 ** currencyDecimals(currency);

/**
 * Money for people: "DKK 599.00" style per locale, no decimals where the currency has none.
 * @example formatMoney(59900, 'DKK', 'en') // 'DKK 599.00'
 */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const digits = currencyDecimals(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    fromMinor(minor, currency),
  );
}

/** The seller: Nordlys invoices from Denmark. */
export const SELLER_COUNTRY = 'DK';
/** Days an invoice gives to pay. */
export const INVOICE_DUE_DAYS = 14;

/**
 * Who invoices (issue #12): the seller block of every invoice, on the invoice page and in the invoice
 * mail. The address and the CVR number are the demo's own choice (CVR 43218765), not a registered company.
 */
export const SELLER = {
  name: 'Nordlys ApS',
  address: 'Store Kongensgade 40',
  postalCode: '1264',
  city: 'København K',
  countryCode: SELLER_COUNTRY,
  country: 'Denmark',
  /** The Danish company registration number. */
  cvr: '43218765',
  /** The EU VAT number: the CVR with the country prefix. */
  vatNumber: 'DK43218765',
  /** Where an invoice is paid by bank transfer (the IBAN registry's example Danish account). */
  iban: 'DK50 0040 0440 1162 43',
  bic: 'NDEADKKK',
} as const;

/** How an order's status reads (the orders list, the invoice page, the admin queue), with the tone of its badge. */
export const ORDER_STATUS_DISPLAY: Readonly<Record<OrderStatus, { label: string; tone: 'success' | 'info' | 'warning' | 'neutral' | 'muted' }>> = {
  open: { label: 'Checkout started', tone: 'neutral' },
  awaiting_payment: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

/** EU member states (for VAT); Norway and Iceland are not. */
export const EU_COUNTRY_CODES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** The countries an invoice can be made out to: the EU, the rest of the Nordics and the usual others. */
export const BILLING_COUNTRY_CODES = [...EU_COUNTRY_CODES, 'NO', 'IS', 'GB', 'CH', 'US', 'CA', 'AU'] as const;

/** The billing form's country list, by name (Intl's English names, the site's language). */
export function billingCountries(locale = 'en'): { value: string; text: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return BILLING_COUNTRY_CODES.map((value) => ({ value, text: names.of(value) ?? value })).sort((a, b) => a.text.localeCompare(b.text, locale));
}

export interface VatRule {
  /** Percent, e.g. 25. */
  rate: number;
  /** The line the invoice prints under the VAT figure. */
  note: string;
}

/**
 * VAT on an invoice by the buyer's country (a business buyer of an electronic service from a Danish
 * seller): Danish buyers pay Danish VAT; EU businesses with a VAT number reverse-charge it; EU buyers
 * without one pay Danish VAT; buyers outside the EU (Norway, Iceland, the UK) pay none here.
 */
export function vatFor(countryCode: string, vatNumber: string | null | undefined): VatRule {
  const country = countryCode.toUpperCase();
  if (country === SELLER_COUNTRY) return { rate: 25, note: 'Danish VAT 25%' };
  if ((EU_COUNTRY_CODES as readonly string[]).includes(country)) {
    return vatNumber?.trim()
      ? { rate: 0, note: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)' }
      : { rate: 25, note: 'Danish VAT 25%' };
  }
  return { rate: 0, note: 'Outside the scope of EU VAT' };
}

export interface InvoiceTotals {
  netMinor: number;
  vatRate: number;
  vatMinor: number;
  totalMinor: number;
  currency: string;
  vatNote: string;
}

/** The figures of an invoice for a plan bought by a company in `priceCountryCode`, billed to `billingCountry`. */
export function invoiceTotals(plan: PlanId, priceCountryCode: string | null | undefined, billingCountry: string, vatNumber?: string | null): InvoiceTotals {
  const price = planPrice(plan, priceCountryCode);
  const netMinor = toMinor(price.amount, price.currency);
  const vat = vatFor(billingCountry, vatNumber);
  const vatMinor = Math.round((netMinor * vat.rate) / 100);
  return { netMinor, vatRate: vat.rate, vatMinor, totalMinor: netMinor + vatMinor, currency: price.currency, vatNote: vat.note };
}
