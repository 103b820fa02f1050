/**
 * A job's salary as the outputs for search engines and aggregators state it: the one home of the
 * mapping from our salary periods (sdk SALARY_PERIODS) to each output's words. JobPosting JSON-LD,
 * Indeed's and LinkedIn's feeds all read it. A range whose period is not known (jobs saved before
 * the form asked for one) is published by none of them: calling it yearly would be a guess.
 */
import type { SalaryPeriod } from '@nordlys/sdk/constants';
import type { Salary } from '@nordlys/sdk/schemas';

/** Each output's word for a salary period. */
export interface SalaryUnit {
  /** schema.org QuantitativeValue unitText (Google's JobPosting: HOUR, DAY, WEEK, MONTH or YEAR). */
  jsonLd: 'YEAR' | 'MONTH' | 'HOUR';
  /** The words after "per" in Indeed's <salary> text ("DKK 40,000–48,000 per month"). */
  indeed: 'year' | 'month' | 'hour';
  /** LinkedIn's <period> of a <salary>. */
  linkedin: 'YEARLY' | 'MONTHLY' | 'HOURLY';
}

export const SALARY_UNITS: Readonly<Record<SalaryPeriod, SalaryUnit>> = {
  year: { jsonLd: 'YEAR', indeed: 'year', linkedin: 'YEARLY' },
  month: { jsonLd: 'MONTH', indeed: 'month', linkedin: 'MONTHLY' },
  hour: { jsonLd: 'HOUR', indeed: 'hour', linkedin: 'HOURLY' },
};

/** A salary range the outputs may publish: a currency, at least one amount, and its period. */
export interface PublishedRange {
  min: number | null;
  max: number | null;
  currency: string;
  unit: SalaryUnit;
}

/**
 * The salary range to publish, or null when the job states none, or states one without a currency,
 * an amount or a period.
 * @example publishedRange({ type: 'range', min: 40000, max: 48000, currency: 'DKK', period: 'month' })?.unit.jsonLd // 'MONTH'
 * @example publishedRange({ type: 'range', min: 40000, max: 48000, currency: 'DKK' }) // null
 */
export function publishedRange(salary: Salary | null | undefined): PublishedRange | null {
  if (salary?.type !== 'range' || !salary.currency || !salary.period) return null;
  if (salary.min === null && salary.max === null) return null;
  return { min: salary.min, max: salary.max, currency: salary.currency, unit: SALARY_UNITS[salary.period] };
}
