/** One generated job row: title, categories, place, pay, perks, text and the timestamps of its status. */
import {
  CATEGORY_VALUES,
  PERK_VALUES,
  type CategoryValue,
  type JobStatus,
  type PerkValue,
  type PositionType,
} from '@nordlys/sdk/constants';
import { JobInputSchema, type JobInput, type JobInputValues } from '@nordlys/sdk/schemas';
import * as v from 'valibot';
import type { jobs } from '../db/schema';
import { jobColumns, type StoredLocation } from '../queries/job-writes';
import { compensation } from './compensation';
import { jobDescription } from './job-descriptions';
import type { LocationPool, PooledLocation } from './location-pool';
import type { Random } from './random';
import { ROLES } from './roles';
import { daysAfter, daysBefore } from './time';

export type JobInsert = typeof jobs.$inferInsert;

/** The company a job is generated for. */
export interface JobCompany {
  id: number;
  name: string;
  whatWeDo: string | null;
  countryCodes: readonly string[];
  /** Its office, where most of its jobs are; null when unknown. */
  officeLocationId: number | null;
  /** Categories it hires for more than others (its industry's), if known. */
  focus?: readonly string[];
}

/** spec 4 statuses of the demo, ≈80% ACTIVE. */
export const JOB_STATUS_WEIGHTS: readonly (readonly [JobStatus, number])[] = [
  ['ACTIVE', 84],
  ['STOPPED', 4],
  ['EXPIRED', 5],
  ['DRAFT', 3],
  ['PENDING_PAYMENT', 2],
  ['PENDING_COMPANY_APPROVAL', 2],
];

const POSITION_WEIGHTS: readonly (readonly [PositionType, number])[] = [
  ['FULL_TIME', 76],
  ['PART_TIME', 8],
  ['INTERNSHIP', 7],
  ['FREELANCE', 6],
  ['COFOUNDER', 3],
];

/** Startups hire engineers, sellers and product people most. */
const COMMON: ReadonlySet<string> = new Set(['backend', 'frontend', 'fullstack', 'sales', 'marketing', 'product-management']);

/** The ≈5% of ACTIVE jobs that are boosted. */
const BOOSTED_SHARE = 0.05;
const REMOTE_SHARE = 0.12;

function category(random: Random, focus: readonly string[] | undefined): CategoryValue {
  return random.weighted(CATEGORY_VALUES.map((c) => [c, focus?.includes(c) ? 4 : COMMON.has(c) ? 2.5 : 1] as const));
}

function title(random: Random, primary: CategoryValue, positionType: PositionType): string {
  const role = ROLES[primary];
  if (positionType === 'INTERNSHIP') return role.intern;
  if (positionType === 'COFOUNDER') return role.cofounder;
  const base = random.pick(role.titles);
  const kind = positionType === 'PART_TIME' ? 'part-time' : positionType === 'FREELANCE' ? 'freelance' : null;
  if (!kind) return base;
  return base.endsWith(')') ? `${base.slice(0, -1)}, ${kind})` : `${base} (${kind})`;
}

function location(random: Random, company: JobCompany, pool: LocationPool, isRemote: boolean): PooledLocation | null {
  const office = company.officeLocationId === null ? undefined : pool.byId(company.officeLocationId);
  if (isRemote && random.chance(0.5)) return null;
  if (office && random.chance(0.75)) return office;
  return pool.pick(random, random.pick(company.countryCodes.length > 0 ? company.countryCodes : ['DK']));
}

/**
 * The job form's schema but the expiration date: a demo job's expiry was chosen when it was created,
 * and lies in the past for the expired ones, which the form (checking against today) would refuse.
 */
const DemoJobInputSchema = /* @__PURE__ */ v.omit(JobInputSchema, ['expirationDate']);

/**
 * A demo job's form, checked with the job form's own schema as a user's typing would be; throws
 * naming the job and the field messages when the generator makes something the form refuses.
 */
export function demoJobInput(input: Omit<JobInput, 'expirationDate'>): Omit<JobInputValues, 'expirationDate'> {
  const result = v.safeParse(DemoJobInputSchema, input);
  if (result.success) return result.output;
  const messages = result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
  throw new Error(`Demo job ${JSON.stringify(input.title)} fails the job form's schema: ${messages.join('; ')}`);
}

function perks(random: Random, isRemote: boolean, hasEquity: boolean): PerkValue[] {
  const chosen = new Set(random.sample(PERK_VALUES, random.int(2, 6)));
  if (isRemote) chosen.add('remote');
  if (hasEquity && random.chance(0.6)) chosen.add('equity');
  return PERK_VALUES.filter((p) => chosen.has(p));
}

/** createdAt, approvedAt, expirationDate and boostingExpiresAt as the status implies (spec 4). */
function timestamps(random: Random, status: JobStatus, now: Date) {
  const age = (min: number, max: number) => min + (max - min) * random.next() ** 1.4;
  const createdAt = daysBefore(
    now,
    status === 'ACTIVE' || status === 'STOPPED' ? age(0.1, 58) : status === 'EXPIRED' ? age(35, 60) : age(0, 14),
  );
  const approved = status === 'ACTIVE' || status === 'STOPPED' || status === 'EXPIRED';
  const approvedAt = approved ? new Date(Math.min(now.getTime(), daysAfter(createdAt, 0.05 + random.next()).getTime())) : null;
  // Listings run 60 days (so ACTIVE ones end in the future); EXPIRED ones ran 30 days and ended in the past.
  const expirationDate = !approved ? null : status === 'EXPIRED' ? daysAfter(createdAt, 30) : daysAfter(createdAt, 60 + random.int(0, 30));
  let boostingExpiresAt: Date | null = null;
  if (status === 'ACTIVE' && random.chance(BOOSTED_SHARE)) boostingExpiresAt = daysAfter(now, 1 + random.next() * 13);
  else if (approved && random.chance(0.04)) boostingExpiresAt = daysAfter(createdAt, 7); // a boost that has run out
  if (boostingExpiresAt && status !== 'ACTIVE' && boostingExpiresAt > now) boostingExpiresAt = null;
  const updatedAt = new Date(Math.min(now.getTime(), daysAfter(createdAt, random.next() * 3).getTime()));
  const days = (now.getTime() - createdAt.getTime()) / 86_400_000;
  const views = approved ? Math.floor(days * (3 + random.next() * 40) * (boostingExpiresAt ? 3 : 1)) : random.int(0, 3);
  // Issue #12: every job but a draft was published once; one waiting for payment chose a paid plan.
  const publishedAt = status === 'DRAFT' ? null : new Date(Math.min(now.getTime(), daysAfter(createdAt, 0.02).getTime()));
  const plan = status === 'PENDING_PAYMENT' ? ('boost' as const) : ('free' as const);
  return { createdAt, updatedAt, approvedAt, expirationDate, boostingExpiresAt, views, publishedAt, plan };
}

/**
 * A job of the company with the given status; the primary category is drawn unless given.
 * ACTIVE jobs should only go to ACTIVE companies; the caller decides.
 */
export function buildJob(
  random: Random,
  input: { company: JobCompany; status: JobStatus; now: Date; pool: LocationPool; category?: CategoryValue },
): JobInsert {
  const { company, status, now, pool } = input;
  const primary = input.category ?? category(random, company.focus);
  const role = ROLES[primary];
  const secondary = random.chance(0.4) ? random.pick(role.related) : null;
  const categories = secondary && secondary !== primary ? [primary, secondary] : [primary];
  const positionType = random.weighted(POSITION_WEIGHTS);
  const jobTitle = title(random, primary, positionType);
  const isRemote = random.chance(REMOTE_SHARE);
  const place = location(random, company, pool, isRemote);
  const countryCode = place?.countryCode ?? company.countryCodes[0] ?? 'DK';
  const pay = compensation(random, { role, title: jobTitle, positionType, countryCode, isLeadership: primary === 'cxo' });
  const jobPerks = perks(random, isRemote, pay.equity.type !== 'undisclosed');
  const description = jobDescription(random, {
    title: jobTitle,
    companyName: company.name,
    city: place?.locality ?? null,
    isRemote,
    role,
    whatWeDo: company.whatWeDo,
    perks: jobPerks,
  });
  // What a user would type in the job form: a remote job names the country it hires in (the place
  // drawn for it), an on-site one its city; the form's schema checks it, and the API's own mapping
  // (jobColumns) makes the row, sanitizing the description with the one policy.
  const form = demoJobInput({
    title: jobTitle,
    description,
    categories,
    positionType,
    location: isRemote ? { kind: 'remote', countryCode: place?.countryCode ?? null } : place ? { kind: 'place', locality: place.locality ?? '', countryCode: place.countryCode ?? countryCode } : null,
    ...pay,
    apply: { method: 'nordlys' },
    perks: jobPerks,
  });
  const stored: StoredLocation = form.location?.kind === 'remote'
    ? { kind: 'remote', isRemote: true, remoteCountryCode: form.location.countryCode, row: null }
    : { kind: 'place', isRemote: false, remoteCountryCode: null, row: null };
  return {
    ...jobColumns(form, stored, isRemote ? null : (place?.id ?? null)),
    companyId: company.id,
    status,
    board: 'nordlys',
    ...timestamps(random, status, now),
  };
}
