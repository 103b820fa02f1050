/**
 * The plans of sdk pricing.ts as cards, on /monetise, /boost and /pricing: name, tagline, the price in
 * a country's currency, how long the job is featured and the benefits. Every figure and word comes
 * from the one table (PLANS, planPrice); nothing about a plan is written here.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { featuredUntil, formatMoney, PLANS, planPrice, toMinor, type Plan, type PlanId } from '@nordlys/sdk/pricing';
import type { ReactNode } from 'react';
import { Icon } from './Icon';

/**
 * A plan's price for a country as the cards show it: "DKK 599.00", "ISK 11,500"; "Free of charge" for 0.
 * @example planPriceLabel('boost', 'DK') // 'DKK 599.00'
 */
export function planPriceLabel(id: PlanId, countryCode: string | null | undefined): string {
  const price = planPrice(id, countryCode);
  return price.amount === 0 ? 'Free of charge' : formatMoney(toMinor(price.amount, price.currency), price.currency);
}

/** For a job: when its featured days would start (now, for a job that goes live at once) and its running Boost. */
export interface FeaturedFrom {
  now: Date;
  boostingExpiresAt?: string | null;
}

/** "Featured until 15 January 2027" for a job that goes live now; "Featured for 14 days" otherwise; null for none. */
export function featuredLine(plan: Plan, from: FeaturedFrom | null): string | null {
  if (plan.featuredDays <= 0) return null;
  const until = from ? featuredUntil(plan.id, from.now, from.boostingExpiresAt) : null;
  return until ? `Featured until ${exactDate(until.toISOString())}` : `Featured for ${plan.featuredDays} days from when it goes live`;
}

export interface PlanCardsProps {
  /** Whose prices: a startup's companyPriceCountry, or the visitor's country; any other country pays the EU price. */
  countryCode: string | null;
  /** Which plans, in the table's order (all by default). */
  plans?: readonly PlanId[];
  /** For a job that goes live at once: the featured date is worked out from this. */
  featured?: FeaturedFrom | null;
  /** Each card's action: a button, or a checkout link. */
  action?: (plan: Plan) => ReactNode;
  /** The level of each card's heading under the page's own headings. */
  headingLevel?: 2 | 3;
  /** A label for the list, e.g. "Plans for this job". */
  label?: string;
  /** Four in a row on wide screens (a full-width page such as /pricing); two otherwise. */
  wide?: boolean;
}

export function PlanCards({ countryCode, plans, featured = null, action, headingLevel = 2, label = 'Plans', wide = false }: PlanCardsProps) {
  const shown = plans ? PLANS.filter((plan) => plans.includes(plan.id)) : PLANS;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={`plan-cards plan-cards--${shown.length}${wide ? ' plan-cards--wide' : ''}`} aria-label={label}>
      {shown.map((plan) => {
        const line = featuredLine(plan, featured);
        return (
          <li key={plan.id} className={`plan-card plan-card--${plan.id}`}>
            <Heading className="plan-card__name">
              {plan.name}
            </Heading>
            <p className="plan-card__tagline">{plan.tagline}</p>
            <p className="plan-card__price">
              <span className="plan-card__amount" data-plan-price={plan.id}>
                {planPriceLabel(plan.id, countryCode)}
              </span>
              {planPrice(plan.id, countryCode).amount > 0 ? <span className="plan-card__unit">per job, excluding VAT</span> : null}
            </p>
            {line ? (
              <p className="plan-card__featured">
                <Icon name="star" /> {line}
              </p>
            ) : null}
            <ul className="plan-card__benefits">
              {plan.benefits.map((benefit) => (
                <li key={benefit}>
                  <Icon name="check" /> {benefit}
                </li>
              ))}
            </ul>
            {action ? <div className="plan-card__action">{action(plan)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
