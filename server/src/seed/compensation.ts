/** Salary and equity of a generated job: ranges in the job country's currency, realistic per role. */
import type { EquityType, PositionType, SalaryType } from '@nordlys/sdk/constants';
import { CURRENCIES, type NordicCountryCode } from './places';
import type { Random } from './random';
import { seniorityFactor, type Role } from './roles';

export interface Compensation {
  salaryType: SalaryType;
  /** Yearly, gross, in salaryCurrency. */
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  equityType: EquityType;
  /** Percentages. */
  equityMin: number | null;
  equityMax: number | null;
}

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
 * // e.g. { salaryType: 'range', salaryMin: 675000, salaryMax: 865000, salaryCurrency: 'DKK', equityType: 'negotiated', … }
 */
export function compensation(
  random: Random,
  job: { role: Role; title: string; positionType: PositionType; countryCode: string; isLeadership: boolean },
): Compensation {
  const type = salaryType(random, job.positionType);
  let salaryMin: number | null = null;
  let salaryMax: number | null = null;
  let salaryCurrency: string | null = null;
  if (type === 'range') {
    const country = isNordic(job.countryCode) ? job.countryCode : 'DK';
    salaryCurrency = CURRENCIES[country];
    const { rate, step } = EXCHANGE[salaryCurrency] ?? { rate: 1, step: 1_000 };
    const partTime = job.positionType === 'PART_TIME' ? 0.5 : 1;
    const euros = job.role.salary * seniorityFactor(job.title) * COUNTRY_LEVEL[country] * partTime * (0.9 + random.next() * 0.2);
    salaryMin = Math.max(step, Math.round((euros * rate * 0.9) / step) * step);
    salaryMax = Math.max(salaryMin + step, Math.round((euros * rate * 1.15) / step) * step);
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
  return {
    salaryType: type,
    salaryMin,
    salaryMax,
    salaryCurrency,
    equityType,
    equityMin: equity?.[0] ?? null,
    equityMax: equity?.[1] ?? null,
  };
}
