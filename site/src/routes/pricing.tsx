/**
 * `/pricing` (spec 2.1, 9; issue #12): the plans and the job post price per country, in the local
 * currency, from the one table in sdk pricing.ts. The visitor's country is preselected: the one they
 * chose (`?country=` of the switcher without JavaScript, then the 'preferred-country-code' cookie),
 * else the country the server detects (GET /site/ip-country). The switcher stores the choice in the
 * cookie (REMOTE never). The connect banner of spec 2.9 shows here through the layout.
 */
import { COUNTRIES, countryName, SITE_COUNTRY_CODE } from '@nordlys/sdk/constants';
import { EU_COUNTRY_CODES, formatMoney, PAID_PLAN_IDS, PLANS, PRICE_COUNTRIES, planPrice, priceCountry, toMinor, type PriceCountry } from '@nordlys/sdk/pricing';
import { linkTo } from '@nordlys/sdk/routes';
import { useEffect, useState } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../lib/Link';
import { apiFrom } from '../api';
import { PlanCards, planPriceLabel } from '../components/PlanCards';
import { domId } from '../lib/domId';
import { countryCodeOf, preferredCountryCookie, preferredCountryOf, writePreferredCountry } from '../lib/preferredCountry';
import { orFallback } from '../lib/routeErrors';
import type { RouteHandle } from '../meta';

export interface PricingData {
  /** The visitor's country (chosen or detected), upper case. */
  country: string;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The switcher's form without JavaScript: the choice is in the query, and stored like the script stores it.
  // "Another country" (an empty value) shows everyone else's prices, as the script does, not a stored or detected country.
  const raw = url.searchParams.get('country');
  const chosen = raw === null ? undefined : raw.trim() === '' ? '' : countryCodeOf(raw);
  const country =
    chosen ??
    preferredCountryOf(request) ??
    countryCodeOf((await orFallback(apiFrom(context).site.ipCountry(), null))?.ipDetectedCountryCode) ??
    SITE_COUNTRY_CODE;
  const headers = new Headers({ Vary: 'Cookie', 'Cache-Control': 'private, no-cache' });
  if (chosen !== undefined) headers.append('Set-Cookie', preferredCountryCookie(chosen));
  return data<PricingData>({ country }, { headers });
}

/** The rows of the price table: each price country of spec 9, then everyone else (who pays the EU price). */
export const PRICE_ROWS: readonly { key: PriceCountry | 'other'; label: string; prices: PriceCountry }[] = [
  ...PRICE_COUNTRIES.map((code) => ({ key: code, label: code === 'EU' ? 'Other EU countries' : countryName(code), prices: code })),
  { key: 'other', label: 'Everywhere else', prices: 'EU' },
];

/** The row a country's prices are on. */
export function priceRowOf(country: string): PriceCountry | 'other' {
  const row = priceCountry(country);
  // priceCountry sends every unlisted country to the EU row; say "everywhere else" for the non-EU ones.
  return row === 'EU' && !isEuCountry(country) ? 'other' : row;
}

const isEuCountry = (code: string) => (EU_COUNTRY_CODES as readonly string[]).includes(code.toUpperCase());

const money = (row: PriceCountry, plan: (typeof PAID_PLAN_IDS)[number]) => {
  const price = planPrice(plan, row);
  return formatMoney(toMinor(price.amount, price.currency), price.currency);
};

export const handle: RouteHandle<PricingData> = {
  meta: ({ productName }) => ({
    title: 'Pricing',
    description: `Post a job on ${productName} for free, or boost it: ${PRICE_COUNTRIES.map((c) => `${money(c, 'boost')} in ${c === 'EU' ? 'the rest of Europe' : countryName(c)}`).join(', ')}.`,
    canonicalPath: '/pricing',
  }),
};

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const id = domId('pricing');
  const [country, setCountry] = useState(loaded.country);
  // Without JavaScript the switcher submits its form; with it, the choice applies at once.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => setCountry(loaded.country), [loaded.country]);

  const listed = COUNTRIES.some((c) => c.value === country);
  const row = priceRowOf(country);
  const where = listed ? countryName(country) : row === 'EU' ? 'your country in the EU' : 'your country';
  const joinPath = linkTo('startupsJoin');

  function choose(value: string) {
    const code = countryCodeOf(value);
    writePreferredCountry(code);
    setCountry(code ?? '');
  }

  return (
    <div className="page container pricing">
      <header className="page-head">
        <h1>Pricing</h1>
        <p className="page-head__lead">Post a job for free. Pay per job only for more reach: featured placement, the job alerts, or a recruiter.</p>
      </header>

      <form
        className="pricing__country"
        method="get"
        action="/pricing"
        onSubmit={(event) => {
          event.preventDefault();
          choose(new FormData(event.currentTarget).get('country')?.toString() ?? '');
        }}
      >
        <div className="field form-field">
          <label htmlFor={`${id}-country`}>Prices for</label>
          <select
            id={`${id}-country`}
            name="country"
            className="form-input form-select"
            value={listed ? country : ''}
            onChange={(event) => choose(event.currentTarget.value)}
          >
            {COUNTRIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.text}
              </option>
            ))}
            <option value="">Another country</option>
          </select>
        </div>
        {/* Hidden, not removed, once the script applies the choice at once: a form keeps its submit button (WCAG H32, pa11y). */}
        <button type="submit" className="button button--ghost" hidden={scripted}>
          Show prices
        </button>
      </form>

      <section aria-labelledby={`${id}-plans`} className="pricing__plans">
        <h2 id={`${id}-plans`}>Plans in {where}</h2>
        <PlanCards countryCode={country} headingLevel={3} label={`Plans in ${where}`} wide />
        <p className="muted">Prices are per job and exclude VAT, which the invoice adds by your billing country.</p>
      </section>

      <section aria-labelledby={`${id}-table`} className="pricing__table">
        <h2 id={`${id}-table`}>Prices by country</h2>
        <p>Each startup pays in the currency of its country. Posting a job is free everywhere.</p>
        <table className="price-table">
          <caption className="visually-hidden">Price per job by country and plan, excluding VAT</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              {PAID_PLAN_IDS.map((plan) => (
                <th key={plan} scope="col">
                  {PLANS.find((p) => p.id === plan)!.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PRICE_ROWS.map((r) => (
              <tr key={r.key} className={r.key === row ? 'price-table__row--current' : undefined}>
                <th scope="row">
                  {r.label}
                  {r.key === row ? <span className="badge price-table__yours">Your prices</span> : null}
                </th>
                {PAID_PLAN_IDS.map((plan) => (
                  <td key={plan} data-label={PLANS.find((p) => p.id === plan)!.name}>
                    {money(r.prices, plan)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="pricing__cta" aria-labelledby={`${id}-cta`}>
        <h2 id={`${id}-cta`}>Hiring?</h2>
        <p>Create your startup&rsquo;s page, post the job for free, and choose a plan when you publish it. {planPriceLabel('boost', country)} gets it featured.</p>
        {joinPath ? (
          <p>
            <Link className="button button--primary" to={joinPath}>
              Post a job
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
