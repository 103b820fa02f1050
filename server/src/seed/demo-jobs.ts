/** The ~1,500 jobs of the demo: Northwind Labs' own, then the rest spread over startups by how much they hire. */
import { CATEGORY_VALUES, type CategoryValue, type JobStatus } from '@nordlys/sdk/constants';
import { DRAFT_STARTUP_KEY, NORTHWIND_KEY, type CompanySeed } from './companies';
import { buildJob, JOB_STATUS_WEIGHTS, type JobCompany, type JobInsert } from './jobs';
import type { LocationPool } from './location-pool';
import type { Random } from './random';

/** How many jobs seedDemo creates. */
export const DEMO_JOB_COUNT = 1_500;

/** Northwind Labs' jobs: seven ACTIVE, one paused, one draft. */
const NORTHWIND_JOBS: readonly (readonly [CategoryValue, JobStatus])[] = [
  ['backend', 'ACTIVE'],
  ['frontend', 'ACTIVE'],
  ['product-management', 'ACTIVE'],
  ['data-science', 'ACTIVE'],
  ['sales', 'ACTIVE'],
  ['ux-ui-designer', 'ACTIVE'],
  ['devops', 'ACTIVE'],
  ['marketing', 'STOPPED'],
  ['customer-success', 'DRAFT'],
];

export type PlacedCompany = CompanySeed & { id: number; officeLocationId: number | null };

/** The status of a job of this company: ACTIVE only for ACTIVE companies. */
function statusFor(random: Random, company: PlacedCompany): JobStatus {
  if (company.row.status === 'ACTIVE') return random.weighted(JOB_STATUS_WEIGHTS);
  if (company.row.status === 'INACTIVE') return random.weighted([['STOPPED', 1], ['EXPIRED', 2]] as const);
  return random.weighted([['DRAFT', 3], ['PENDING_PAYMENT', 1], ['PENDING_COMPANY_APPROVAL', 1]] as const);
}

function jobCompany(company: PlacedCompany): JobCompany {
  return {
    id: company.id,
    name: company.row.name,
    whatWeDo: company.row.whatWeDo ?? null,
    countryCodes: company.row.countryCodes ?? [],
    officeLocationId: company.officeLocationId,
    focus: company.industry.categories,
  };
}

/** All demo jobs, oldest first, so ids grow with createdAt. */
export function buildDemoJobs(random: Random, placed: readonly PlacedCompany[], pool: LocationPool, now: Date): JobInsert[] {
  const rows: JobInsert[] = [];
  const northwind = placed.find((c) => c.row.key === NORTHWIND_KEY);
  if (northwind) {
    for (const [category, status] of NORTHWIND_JOBS) rows.push(buildJob(random, { company: jobCompany(northwind), status, now, pool, category }));
  }
  const draft = placed.find((c) => c.row.key === DRAFT_STARTUP_KEY);
  if (draft) rows.push(buildJob(random, { company: jobCompany(draft), status: 'DRAFT', now, pool, category: 'fullstack' }));

  const hiring = placed.filter((c) => c.hiring > 0).map((c) => [c, c.hiring] as const);
  for (let i = 0; rows.length < DEMO_JOB_COUNT; i++) {
    const company = random.weighted(hiring);
    // The first jobs go through every category once, so each has jobs whatever the draw.
    const category = i < CATEGORY_VALUES.length ? CATEGORY_VALUES[i] : undefined;
    rows.push(buildJob(random, { company: jobCompany(company), status: statusFor(random, company), now, pool, category }));
  }
  // A stable sort: equal times keep their generated order.
  return rows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
}
