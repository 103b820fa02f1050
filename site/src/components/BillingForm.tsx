/**
 * The billing details of an order on invoice (issue #12, the default without Stripe keys): name,
 * address, postal code, city, country, VAT number and the e-mail the invoice goes to, checked with the
 * sdk's BillingInputSchema, beside a live summary of the invoice (sdk invoiceTotals: net, VAT with its
 * note, total). What was typed stays through a failure.
 */
import { isApiError } from '@nordlys/sdk/api';
import { billingCountries, BILLING_COUNTRY_CODES, formatMoney, invoiceTotals, planById, planPrice, toMinor, type PaidPlanId } from '@nordlys/sdk/pricing';

/** The invoice's country choices, named once per bundle. */
const BILLING_COUNTRIES = billingCountries();
import { BillingInputSchema, type BillingInput, type LastBilling } from '@nordlys/sdk/schemas';
import { useRef, useState, type FormEvent } from 'react';
import { failureMessage, fieldErrorsOf, focusFirstInvalidIn, Select, TextField, type FormErrors } from './form';
import { domId } from '../lib/domId';
import { FormAlert, SubmitButton } from '../modals/fields';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';

/** The form's values: every field as typed. */
export interface BillingValues {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  vatNumber: string;
  email: string;
}

const FIELDS = ['name', 'address', 'postalCode', 'city', 'countryCode', 'vatNumber', 'email'] as const;
type BillingField = (typeof FIELDS)[number];

/** The starting values: the startup's last billing details, else its name and price country. */
export function initialBilling(last: LastBilling['billing'], fallback: { name?: string; countryCode?: string | null } = {}): BillingValues {
  if (last) return { ...last, vatNumber: last.vatNumber ?? '' };
  const country = fallback.countryCode && (BILLING_COUNTRY_CODES as readonly string[]).includes(fallback.countryCode) ? fallback.countryCode : '';
  return { name: fallback.name ?? '', address: '', postalCode: '', city: '', countryCode: country, vatNumber: '', email: '' };
}

/** The plan's price before VAT, e.g. "DKK 599.00". */
export function netPriceLabel(plan: PaidPlanId, priceCountryCode: string | null): string {
  const price = planPrice(plan, priceCountryCode);
  return formatMoney(toMinor(price.amount, price.currency), price.currency);
}

/** The invoice's figures as the summary shows them, or null until a country is chosen (VAT depends on it). */
export function billingSummary(plan: PaidPlanId, priceCountryCode: string | null, values: Pick<BillingValues, 'countryCode' | 'vatNumber'>) {
  if (!values.countryCode) return null;
  const totals = invoiceTotals(plan, priceCountryCode, values.countryCode, values.vatNumber);
  const money = (minor: number) => formatMoney(minor, totals.currency);
  return { net: money(totals.netMinor), vat: money(totals.vatMinor), total: money(totals.totalMinor), vatRate: totals.vatRate, vatNote: totals.vatNote };
}

/**
 * A failed order's field messages: the server names the top-level field (`billing`), so its messages
 * go to the alert; a message keyed by a billing field goes under that field.
 */
function serverErrors(error: unknown): { fields: FormErrors; alert: string | null } {
  if (!isApiError(error) || !error.errors) return { fields: {}, alert: null };
  const fields: FormErrors = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.replace(/^billing\./, '');
    if ((FIELDS as readonly string[]).includes(field) && messages[0]) fields[field] = messages[0];
    else rest.push(...messages);
  }
  return { fields, alert: rest.length ? rest.join(' ') : null };
}

export interface BillingFormProps {
  plan: PaidPlanId;
  /** The country the startup pays in (sdk companyPriceCountry): the price's currency. */
  priceCountryCode: string | null;
  initial: BillingValues;
  /** What the order is for, e.g. the job's title. */
  itemLabel: string;
  /** Places the order; a rejection is shown and the values stay. */
  onSubmit: (billing: BillingInput) => Promise<unknown>;
  submitLabel?: string;
}

export function BillingForm({ plan, priceCountryCode, initial, itemLabel, onSubmit, submitLabel = 'Place order' }: BillingFormProps) {
  // Once per page (the order page): a fixed name.
  const id = domId('billing');
  const form = useRef<HTMLFormElement>(null);
  const { busy, submit } = useGuardedSubmit();
  const [values, setValues] = useState<BillingValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const set = (field: BillingField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const summary = billingSummary(plan, priceCountryCode, values);
  const planName = planById(plan).name;

  function show(found: FormErrors) {
    setErrors(found);
    // After React has marked the fields invalid.
    requestAnimationFrame(() => focusFirstInvalidIn(form.current));
  }

  async function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const checked = fieldErrorsOf(BillingInputSchema, values);
    if (!checked.ok) return show(checked.errors);
    setErrors({});
    try {
      await submit(() => onSubmit(values));
    } catch (error) {
      const found = serverErrors(error);
      if (Object.keys(found.fields).length) show(found.fields);
      setAlert(found.alert ?? (Object.keys(found.fields).length ? null : failureMessage(error, 'The order could not be placed. Please try again.')));
    }
  }

  const field = (name: BillingField) => `${id}-${name}`;
  return (
    <div className="billing">
      <form ref={form} className="billing__form admin-form" onSubmit={onFormSubmit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Billing details</h2>
        <p className="muted">The invoice is made out to these details and e-mailed to the address below.</p>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField id={field('name')} label="Company name" required autoComplete="organization" value={values.name} onChange={set('name')} error={errors.name} maxLength={150} />
        <TextField id={field('address')} label="Address" required autoComplete="street-address" value={values.address} onChange={set('address')} error={errors.address} maxLength={200} />
        <div className="form-row">
          <TextField
            id={field('postalCode')}
            label="Postal code"
            required
            autoComplete="postal-code"
            value={values.postalCode}
            onChange={set('postalCode')}
            error={errors.postalCode}
            maxLength={20}
          />
          <TextField id={field('city')} label="City" required autoComplete="address-level2" value={values.city} onChange={set('city')} error={errors.city} maxLength={100} />
        </div>
        <Select id={field('countryCode')} label="Country" required value={values.countryCode} onChange={set('countryCode')} options={BILLING_COUNTRIES} error={errors.countryCode} />
        <TextField
          id={field('vatNumber')}
          label="VAT number"
          value={values.vatNumber}
          onChange={set('vatNumber')}
          error={errors.vatNumber}
          maxLength={20}
          hint="Optional. The VAT on the invoice depends on it and on the country: see your order."
        />
        <TextField
          id={field('email')}
          label="Invoice e-mail"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          maxLength={254}
        />
        <div className="admin-form__actions">
          <SubmitButton busy={busy} busyLabel="Placing the order…" className="button button--primary">
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
      <aside className="billing__summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`}>Your order</h2>
        <p>
          {planName} for {itemLabel}
        </p>
        <div aria-live="polite">
          {summary ? (
            <dl className="billing__totals">
              <div>
                <dt>Price</dt>
                <dd>{summary.net}</dd>
              </div>
              <div>
                <dt>VAT {summary.vatRate}%</dt>
                <dd>{summary.vat}</dd>
              </div>
              <div className="billing__total">
                <dt>Total</dt>
                <dd>{summary.total}</dd>
              </div>
            </dl>
          ) : (
            <dl className="billing__totals">
              <div>
                <dt>Price</dt>
                <dd>{netPriceLabel(plan, priceCountryCode)}</dd>
              </div>
            </dl>
          )}
          <p className="muted billing__note">{summary ? summary.vatNote : 'Choose the billing country to see the VAT.'}</p>
        </div>
      </aside>
    </div>
  );
}
