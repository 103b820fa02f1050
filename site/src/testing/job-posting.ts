/**
 * Test support for the job posting pages of issue #12 (/monetise, /boost, the confirmations,
 * /hh-steps, /jobs/{id}/welcome, /jobs/{id}/resend-applicants, /pricing): a startup, its member, a job
 * as members get it, and the fake /api answers those pages call. Every fixture is checked against its
 * sdk schema, so the pages are tested on answers the real server could give.
 */
import { auroraLabs, frontendJob, makeUser } from '@nordlys/sdk/testing';
import { CompanySchema, ManagedJobSchema, OrderSchema, type Company, type ManagedJob, type Order, type User } from '@nordlys/sdk/schemas';
import type { JobStatus } from '@nordlys/sdk/constants';
import type { PlanId } from '@nordlys/sdk/pricing';
import * as v from 'valibot';
import { jsonAnswer, type Handlers } from '../modals/test-helpers';

export const STARTUP_KEY = auroraLabs.key;
export const JOB_ID = frontendJob.id;

/** The startup, paying in `countryCode` (its first address). */
export function startupIn(countryCode: string, more: Partial<Company> = {}): Company {
  return v.parse(CompanySchema, { ...auroraLabs, addresses: [{ countryCode, address: 'Main street 1' }], ...more });
}

/** A member of the startup (or, with `admin`, a site admin who is not). */
export function memberOf(company: Pick<Company, 'id' | 'key' | 'name' | 'status' | 'countries'>, { admin = false } = {}): User {
  if (admin) return makeUser({ id: 99, email: 'admin@nordlys.test', isAdmin: true });
  return makeUser({
    companies: [
      {
        id: company.id,
        key: company.key,
        name: company.name,
        status: company.status,
        countries: company.countries,
        adminUrl: `/client/startups/${company.key}`,
        logoImage: null,
        platform: { nordlys: true },
      },
    ],
  });
}

/** The job as its members get it, in a status and on a plan. */
export function managedJob(
  status: JobStatus = 'DRAFT',
  { plan = 'free', missing = {}, ...more }: Partial<ManagedJob> & { plan?: PlanId; missing?: Record<string, string> } = {},
): ManagedJob {
  const live = status === 'ACTIVE';
  return v.parse(ManagedJobSchema, {
    ...frontendJob,
    status,
    approvedAt: live ? frontendJob.approvedAt : null,
    boostingExpiresAt: null,
    ...more,
    manage: {
      form: {
        title: frontendJob.title,
        description: frontendJob.description,
        categories: frontendJob.categories,
        positionType: 'FULL_TIME',
        location: { kind: 'place', locality: 'Copenhagen', countryCode: 'DK', address: null },
        salary: { type: 'competitive' },
        equity: { type: 'undisclosed' },
        apply: { method: 'nordlys' },
        perks: [],
        expirationDate: frontendJob.expirationDate,
        screeningQuestions: [],
      },
      plan,
      paymentDue: false,
      reviewNote: null,
      heldAt: null,
      publishedAt: null,
      allowedEvents: [],
      missing,
      applicants: 0,
      applyClicks: 0,
    },
  });
}

/** An order on invoice, as POST …/orders answers it. */
export function invoiceOrder(more: Partial<Order> = {}): Order {
  return v.parse(OrderSchema, {
    id: 41,
    invoiceNumber: 'NL-2027-41',
    plan: 'boost',
    status: 'awaiting_payment',
    provider: 'invoice',
    currency: 'SEK',
    netMinor: 84900,
    vatRate: 25,
    vatMinor: 21225,
    totalMinor: 106125,
    vatNote: 'Danish VAT 25%',
    job: { id: JOB_ID, title: frontendJob.title },
    company: { key: STARTUP_KEY, name: auroraLabs.name },
    billing: null,
    createdAt: new Date().toISOString(),
    dueAt: null,
    paidAt: null,
    ...more,
  });
}

/** The answers a job page of the startup area reads: the viewer, the startup's record, the job, the snippet. */
export function jobPageHandlers({
  user,
  company = startupIn('DK'),
  job = managedJob(),
  more = {},
}: {
  user: User | null;
  company?: Company;
  job?: ManagedJob;
  more?: Handlers;
}): Handlers {
  const at = `companies/${company.key}`;
  return {
    'GET users/me': () => (user ? jsonAnswer(user) : jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401)),
    [`GET ${at}/hidden`]: () => jsonAnswer(company),
    [`GET ${at}/jobs/${job.id}`]: () => jsonAnswer(job),
    [`GET ${at}/embed-snippet`]: () => jsonAnswer({ html: '<div class="nordlys-jobs"><a href="/jobs/1">Senior Frontend Engineer</a></div>' }),
    [`GET ${at}/billing`]: () => jsonAnswer({ billing: null }),
    ...more,
  };
}
