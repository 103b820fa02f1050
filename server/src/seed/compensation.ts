/**
 * Salary and equity of a generated job, as the job form sends them (sdk SalaryInput, EquityInput):
 * ranges in the job country's currency, realistic per role, each with the period it is paid per.
 */
import type { EquityType, PositionType, SALARY_CURRENCIES, SalaryPeriod, SalaryType } from '@nordlys/sdk/constants';
import type { EquityInput, SalaryInput } from '@nordlys/sdk/schemas';
import { CURRENCIES, type NordicCountryCode } from './places';
import type { Random } from './random';
import { seniorityFactor, type Role } from './roles';

export interface Compensation {
  salary: SalaryInput;
  equity: EquityInput;
}

/** Hours in a working year, to quote a freelancer's yearly pay per hour. */
const HOURS_PER_YEAR = 1_650;
/**
 * The period a range is quoted per: freelancers by the hour; in Denmark, Sweden, Norway and Iceland
 * by the month, as ads there do; in Finland by the year. Chosen without a draw, so the demo's other
 * data stays as it was.
 */
function salaryPeriod(positionType: PositionType, country: NordicCountryCode): SalaryPeriod {
  if (positionType === 'FREELANCE') return 'hour';
  return country === 'FI' ? 'year' : 'month';
}
const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { year: 1, month: 12, hour: HOURS_PER_YEAR };

/** Salary level of each country relative to Denmark. */
const COUNTRY_LEVEL: Record<NordicCountryCode, number> = { DK: 1, SE: 0.85, NO: 1.1, FI: 0.8, IS: 0.95 };
/** Units of the currency per euro, and the step ranges are rounded to. */
const EXCHANGE: Record<string, { rate: number; step: number }> = {
  DKK: { rate: 7.46, step: 5_000 },
  SEK: { rate: 11.3, step: 5_000 },
  NOK: { rate: 11.6, step: 5_000 },
  EUR: { rate: 1, step: 1_000 },
  ISK: { rate: 148, step: 100_000 },
};

function isNordic(code: string): code is NordicCountryCode {
  return code in CURRENCIES;
}

/** Only co-founder seats and some internships are unpaid. */
function salaryType(random: Random, positionType: PositionType): SalaryType {
  if (positionType === 'COFOUNDER') return random.weighted([['unpaid', 50], ['competitive', 50]] as const);
  if (positionType === 'INTERNSHIP') return random.weighted([['unpaid', 25], ['range', 45], ['competitive', 30]] as const);
  return random.weighted([['range', 45], ['competitive', 55]] as const);
}

function percentage(random: Random, min: number, max: number): [number, number] {
  const low = Math.round((min + random.next() * (max - min)) * 100) / 100;
  const high = Math.round((low + random.next() * (max - min)) * 100) / 100;
  return [low, Math.min(high, 99.99)];
}

/**
 * The compensation of a job in the given country ('DK', 'SE', …).
 * @example compensation(random, { role: ROLES.backend, title: 'Senior Backend Engineer (Go)', positionType: 'FULL_TIME', countryCode: 'DK' })
 * // e.g. { salary: { type: 'range', min: 56500, max: 72000, currency: 'DKK', period: 'month' }, equity: { type: 'negotiated' } }
 */
export function compensation(
  random: Random,
  job: { role: Role; title: string; positionType: PositionType; countryCode: string; isLeadership: boolean },
): Compensation {
  const type = salaryType(random, job.positionType);
  let salary: SalaryInput = type === 'unpaid' ? { type } : { type: 'competitive' };
  if (type === 'range') {
    const country = isNordic(job.countryCode) ? job.countryCode : 'DK';
    const currency = CURRENCIES[country];
    const period = salaryPeriod(job.positionType, country);
    const perYear = PERIODS_PER_YEAR[period];
    const exchange = EXCHANGE[currency] ?? { rate: 1, step: 1_000 };
    // The yearly step shrinks with the period (DKK 5,000 a year, 500 a month, 5 an hour), never below 1.
    const step = Math.max(1, exchange.step / (period === 'year' ? 1 : period === 'month' ? 10 : 1_000));
    const partTime = job.positionType === 'PART_TIME' ? 0.5 : 1;
    const euros = job.role.salary * seniorityFactor(job.title) * COUNTRY_LEVEL[country] * partTime * (0.9 + random.next() * 0.2);
    const amount = (euros * exchange.rate) / perYear;
    const min = Math.max(step, Math.round((amount * 0.9) / step) * step);
    const max = Math.max(min + step, Math.round((amount * 1.15) / step) * step);
    salary = { type, min, max, currency: currency as (typeof SALARY_CURRENCIES)[number], period };
  }
  let equityType: EquityType;
  let equity: [number, number] | null = null;
  if (job.positionType === 'COFOUNDER') {
    equityType = 'percentage';
    equity = percentage(random, 5, 15);
  } else if (job.isLeadership) {
    equityType = random.weighted([['percentage', 50], ['negotiated', 40], ['undisclosed', 10]] as const);
    if (equityType === 'percentage') equity = percentage(random, 0.5, 1.5);
  } else {
    equityType = random.weighted([['undisclosed', 60], ['negotiated', 25], ['percentage', 15]] as const);
    if (equityType === 'percentage') equity = percentage(random, 0.05, 0.25);
  }
  return { salary, equity: equity ? { type: 'percentage', min: equity[0], max: equity[1] } : { type: equityType as Exclude<EquityType, 'percentage'> } };
}
