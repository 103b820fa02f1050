/**
 * Sample answers of the job admin calls (issue #12) for the site's tests: jobs table rows, a job with
 * `manage`, its figures, orders and the admins' job queue. Each is typed by the sdk, and
 * job-admin.test.ts parses them with the sdk schemas, so they cannot drift from what the server sends.
 */
import type { JobStatus } from '@nordlys/sdk/constants';
import { allowedEvents } from '@nordlys/sdk/job-status';
import type { AdminJobItem, JobStats, ManagedJob, ManagedJobList, ManagedJobRow, Order, User } from '@nordlys/sdk/schemas';
import { frontendJob } from '@nordlys/sdk/testing';
import type { FakeRequest } from './accounts';

const DAY = 86_400_000;
const at = (now: number, days: number) => new Date(now + days * DAY).toISOString();

/** A row of the jobs table in a status, with the events a member may fire in it (as the server works them out). */
export function jobRow(id: number, title: string, status: JobStatus, now = Date.now(), more: Partial<ManagedJobRow> = {}): ManagedJobRow {
  const live = status === 'ACTIVE' || status === 'STOPPED' || status === 'EXPIRED';
  const expirationDate = more.expirationDate !== undefined ? more.expirationDate : status === 'EXPIRED' ? at(now, -3) : at(now, 30);
  return {
    id,
    title,
    status,
    plan: 'free',
    views: 0,
    applicants: 0,
    createdAt: at(now, -40),
    approvedAt: live ? at(now, -30) : null,
    expirationDate,
    boostingExpiresAt: null,
    allowedEvents: allowedEvents({ status, expirationDate }, { companyApproved: true, actor: 'member', now: new Date(now) }),
    ...more,
  };
}

/** Northwind Labs' jobs as the table gets them: every status once, newest first. */
export function northwindJobs(now = Date.now()): ManagedJobList {
  const jobs = [
    jobRow(11, 'Backend Engineer', 'ACTIVE', now, { views: 1234, applicants: 12, approvedAt: at(now, -2.5), boostingExpiresAt: at(now, 12), plan: 'boost' }),
    jobRow(12, 'Product Designer', 'STOPPED', now, { views: 87, applicants: 3, approvedAt: at(now, -10) }),
    jobRow(13, 'Customer Success Lead', 'DRAFT', now, { createdAt: at(now, -1) }),
    jobRow(14, 'Data Scientist', 'EXPIRED', now, { views: 5400, applicants: 40, approvedAt: at(now, -70) }),
    jobRow(15, 'Sales Manager', 'PENDING_PAYMENT', now, { plan: 'max', createdAt: at(now, -3) }),
    jobRow(16, 'DevOps Engineer', 'PENDING_COMPANY_APPROVAL', now, { createdAt: at(now, -4) }),
  ];
  const counts: Record<string, number> = {};
  for (const job of jobs) counts[job.status] = (counts[job.status] ?? 0) + 1;
  return { jobs, counts };
}

/** A job with `manage`, as GET companies/{key}/jobs/{id} answers a member. */
export function managedJob(status: JobStatus, now = Date.now(), more: Partial<ManagedJob['manage']> = {}): ManagedJob {
  const expirationDate = status === 'EXPIRED' ? at(now, -3) : at(now, 30);
  return {
    ...frontendJob,
    company: { ...frontendJob.company, key: 'northwind-labs', name: 'Northwind Labs' },
    id: 11,
    title: 'Backend Engineer',
    status,
    approvedAt: status === 'ACTIVE' || status === 'STOPPED' || status === 'EXPIRED' ? at(now, -2) : null,
    expirationDate,
    boostingExpiresAt: null,
    views: 321,
    manage: {
      form: {
        title: 'Backend Engineer',
        description: '<p>Build our APIs.</p>',
        categories: ['backend'],
        positionType: 'FULL_TIME',
        location: { kind: 'address', addressIndex: 0 },
        salary: { type: 'range', min: 50000, max: 60000, currency: 'DKK', period: 'month' },
        equity: { type: 'undisclosed' },
        apply: { method: 'nordlys' },
        perks: ['coffee'],
        expirationDate,
        screeningQuestions: ['Why us?'],
      },
      plan: 'free',
      paymentDue: false,
      reviewNote: null,
      heldAt: null,
      publishedAt: null,
      allowedEvents: allowedEvents({ status, expirationDate }, { companyApproved: true, actor: 'member', now: new Date(now) }),
      missing: {},
      applicants: 4,
      applyClicks: 9,
      ...more,
    },
  };
}

/** 30 days of figures ending today: the site and one white-label feed, with a few days that have any. */
export function jobStats(now = Date.now(), surfaces: JobStats['surfaces'] | null = null): JobStats {
  const days = Array.from({ length: 30 }, (_, i) => at(now, i - 29).slice(0, 10));
  const zeros = () => days.map(() => 0);
  const site = { surface: 'site', label: 'Nordlys', views: zeros(), applyClicks: zeros(), applications: zeros() };
  site.views[27] = 5;
  site.views[29] = 9;
  site.applyClicks[29] = 2;
  site.applications[29] = 1;
  const feed = { surface: 'feed:3', label: 'Copenhagen Tech Jobs', views: zeros(), applyClicks: zeros(), applications: zeros() };
  feed.views[28] = 4;
  const list = surfaces ?? [site, feed];
  const sum = (key: 'views' | 'applyClicks' | 'applications') => list.reduce((n, s) => n + s[key].reduce((a, b) => a + b, 0), 0);
  return { days, surfaces: list, totals: { views: sum('views'), applyClicks: sum('applyClicks'), applications: sum('applications') } };
}

/** An invoice order of a Boost for a Danish startup: 599 DKK + 25% VAT, awaiting payment. */
export function invoiceOrder(now = Date.now(), more: Partial<Order> = {}): Order {
  return {
    id: 7,
    invoiceNumber: 'NL-2026-7',
    plan: 'boost',
    status: 'awaiting_payment',
    provider: 'invoice',
    currency: 'DKK',
    netMinor: 59_900,
    vatRate: 25,
    vatMinor: 14_975,
    totalMinor: 74_875,
    vatNote: 'Danish VAT 25%',
    job: { id: 11, title: 'Backend Engineer' },
    company: { key: 'northwind-labs', name: 'Northwind Labs' },
    billing: {
      name: 'Northwind Labs ApS',
      address: 'Nørrebrogade 1',
      postalCode: '2200',
      city: 'København N',
      countryCode: 'DK',
      vatNumber: 'DK12345678',
      email: 'billing@northwind.dk',
    },
    createdAt: at(now, -1),
    dueAt: at(now, 13),
    paidAt: null,
    ...more,
  };
}

/** Jobs in the admins' queue: one held by an admin at a live startup, one waiting for its startup's review. */
export function jobQueue(now = Date.now()): AdminJobItem[] {
  return [
    {
      id: 21,
      title: 'Suspicious Crypto Role',
      status: 'PENDING_COMPANY_APPROVAL',
      plan: 'boost',
      company: { key: 'northwind-labs', name: 'Northwind Labs', status: 'ACTIVE' },
      heldAt: at(now, -0.5),
      publishedAt: at(now, -2.5),
    },
    {
      id: 22,
      title: 'First Hire',
      status: 'PENDING_COMPANY_APPROVAL',
      plan: 'free',
      company: { key: 'draft-startup', name: 'Draft Startup', status: 'DRAFT' },
      heldAt: null,
      publishedAt: at(now, -1),
    },
  ];
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The whole-site fake of a startup's jobs table and orders (GET companies/{key}/managed-jobs and
 * GET companies/{key}/orders), for members of the startup and admins, as the server; null for any
 * other call. Northwind Labs has the jobs of northwindJobs() and one invoice; other startups none.
 */
export function answerJobAdmin(user: User | null, request: Request, path: string, requests: FakeRequest[]): Response | null {
  const method = request.method.toUpperCase();
  const m = path.match(/^companies\/([^/]+)\/(managed-jobs|orders)$/);
  if (!m || method !== 'GET') return null;
  requests.push({ method, path, body: undefined });
  const [, key, what] = m;
  if (!user) return json({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401);
  if (!user.isAdmin && !user.companies.some((c) => c.key === key)) return json({ message: 'Only members of this startup can do this', code: 'E_FORBIDDEN' }, 403);
  const northwind = key === 'northwind-labs';
  if (what === 'orders') return json({ orders: northwind ? [invoiceOrder()] : [] });
  const list = northwind ? northwindJobs() : { jobs: [], counts: {} };
  const status = new URL(request.url).searchParams.get('status');
  return json({ jobs: list.jobs.filter((job) => !status || job.status === status), counts: list.counts });
}
