/**
 * The job writes of issue #12 for a startup's members: the form (create a DRAFT, update, delete a
 * draft), the plan, what the form loads back (`manage`), the startup's jobs table, and the applications
 * mailed again. The routers check who may call them; these check the job's state, and every status
 * change goes through the machine (queries/job-status.ts).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JobStatus, PipelineStage } from '@nordlys/sdk/constants';
import { allowedEvents } from '@nordlys/sdk/job-status';
import { isPaidPlan, type PlanId } from '@nordlys/sdk/pricing';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import {
  jobMissing,
  type JobInputValues,
  type JobLocationInput,
  type JobManage,
  type ManagedJob,
  type ManagedJobList,
  type ManagedJobRow,
} from '@nordlys/sdk/schemas';
import { isCompanyLive } from '@nordlys/sdk/visibility';
import { jobPlace } from '@nordlys/sdk/jobs';
import type { Db } from '../db/client';
import { applications, companies, companyStages, jobDailyStats, jobs, locations, users, type CompanyAddressRow } from '../db/schema';
import { AppError, notFound } from '../errors';
import { fireJobEvent } from './job-status';
import { getJob } from './jobs';
import { paymentDue } from './orders';
import { membersOf } from './reviews';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who is acting: a member fires the members' events; an admin may fire any. */
export type JobActor = 'member' | 'admin';

/** The startup facts the job writes need. */
interface CompanyFacts {
  id: number;
  status: string;
  /** The addresses the startup's form shows, in its order (the job form picks one by index). */
  addresses: CompanyAddressRow[];
}

async function companyFacts(db: Db, companyId: number): Promise<CompanyFacts> {
  const [row] = await db
    .select({ id: companies.id, status: companies.status, addresses: companies.addresses, countryCodes: companies.countryCodes })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  // As getManagedCompany shows them (queries/companies.ts): startups from before the edit form have countries without addresses.
  const addresses = row.addresses.length ? row.addresses : row.countryCodes.map((countryCode) => ({ countryCode, address: null }));
  return { id: row.id, status: row.status, addresses };
}

// ---------------------------------------------------------------------------------------------------
// The location

type LocationRow = { locality: string | null; countryCode: string | null; address: string | null };

export interface StoredLocation {
  kind: 'address' | 'place' | 'remote';
  isRemote: boolean;
  remoteCountryCode: string | null;
  /** The locations row to point at; null for a remote job or none. */
  row: LocationRow | null;
}

/** The form's location as stored: an address is copied from the startup's list (400 on an index it does not have). */
function storedLocation(input: JobLocationInput | null, company: CompanyFacts): StoredLocation {
  // The rule (an address is copied from the startup's list) is the sdk's jobPlace, which the form's preview uses too.
  const place = jobPlace(input, company.addresses);
  if (!place) {
    const message = 'Please choose one of your addresses';
    throw new AppError('E_VALIDATION', `Invalid input. location: ${message}`, { location: [message] });
  }
  const { location } = place;
  return {
    kind: input?.kind ?? 'place',
    isRemote: place.isRemote,
    remoteCountryCode: place.remoteCountryCode,
    row: location ? { locality: location.locality, countryCode: location.country, address: location.address } : null,
  };
}

/** The location row a job should point at: its current one when it already says this, else a new one. */
async function locationId(db: Db, current: number | null, wanted: LocationRow | null): Promise<number | null> {
  if (!wanted) return null;
  if (current !== null) {
    const [row] = await db.select().from(locations).where(eq(locations.id, current));
    if (row && row.locality === wanted.locality && row.countryCode === wanted.countryCode && row.address === wanted.address) return current;
  }
  const [created] = await db.insert(locations).values(wanted).returning({ id: locations.id });
  return created!.id;
}

/** Deletes a location row no job points at any more (rows are shared: the seed pools them). */
async function dropOrphanLocation(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  await db.delete(locations).where(and(eq(locations.id, id), sql`not exists (select 1 from ${jobs} where ${jobs.locationId} = ${id})`));
}

/** The form's location again, from what was stored (an address by its place in the startup's current list). */
function formLocation(
  job: { isRemote: boolean; locationKind: 'address' | 'place' | 'remote'; remoteCountryCode: string | null },
  row: LocationRow | null,
  company: CompanyFacts,
): JobLocationInput | null {
  if (job.isRemote) return { kind: 'remote', countryCode: job.remoteCountryCode };
  if (!row?.countryCode) return null;
  if (job.locationKind === 'address') {
    // One address per country (the startup form's rule), so the country finds it.
    const addressIndex = company.addresses.findIndex((a) => a.countryCode === row.countryCode);
    if (addressIndex >= 0) return { kind: 'address', addressIndex };
  }
  // A place, or an address the startup no longer lists: the form shows it as a place to check.
  return { kind: 'place', locality: row.locality ?? '', countryCode: row.countryCode, address: row.address };
}

// ---------------------------------------------------------------------------------------------------
// The form

/** The job columns of the form's values (description sanitized with the one policy). */
function formColumns(input: JobInputValues, location: StoredLocation, locationRowId: number | null) {
  return { ...jobColumns(input, location, locationRowId), expirationDate: new Date(input.expirationDate) } satisfies Partial<typeof jobs.$inferInsert>;
}

/**
 * The job columns of the form's values but the expiration date: the one mapping of what a user
 * typed to a row, which the demo seed writes its jobs with too (their expiry is in the past for
 * some, so the seed sets it itself).
 */
export function jobColumns(input: Omit<JobInputValues, 'expirationDate'>, location: StoredLocation, locationRowId: number | null) {
  const salary = input.salary;
  const equity = input.equity;
  const apply = input.apply;
  return {
    title: input.title,
    description: input.description ? sanitizeUserHtml(input.description) : '',
    categories: input.categories,
    positionType: input.positionType,
    perks: input.perks,
    locationKind: location.kind,
    isRemote: location.isRemote,
    remoteCountryCode: location.remoteCountryCode,
    locationId: locationRowId,
    salaryType: salary.type,
    salaryMin: salary.type === 'range' ? salary.min : null,
    salaryMax: salary.type === 'range' ? salary.max : null,
    salaryCurrency: salary.type === 'range' ? salary.currency : null,
    salaryPeriod: salary.type === 'range' ? salary.period : null,
    equityType: equity.type,
    equityMin: equity.type === 'percentage' ? equity.min : null,
    equityMax: equity.type === 'percentage' ? equity.max : null,
    applyMethod: apply.method,
    applyUrl: apply.method === 'url' ? apply.url : null,
    applyEmail: apply.method === 'email' ? apply.email : null,
    screeningQuestions: input.screeningQuestions,
  } satisfies Partial<typeof jobs.$inferInsert>;
}

/** POST /companies/{key}/jobs: a new DRAFT of the startup; answers its id. */
export async function createJob(db: Db, companyId: number, input: JobInputValues, now = new Date()): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const location = storedLocation(input.location, await companyFacts(tx, companyId));
    const rowId = await locationId(tx, null, location.row);
    const [job] = await tx
      .insert(jobs)
      .values({ ...formColumns(input, location, rowId), companyId, status: 'DRAFT', createdAt: now, updatedAt: now })
      .returning({ id: jobs.id });
    return job!.id;
  });
}

/** 400 with the field messages of what a job lacks (sdk jobMissing), when it lacks anything. */
function assertComplete(input: Pick<JobInputValues, 'description' | 'categories' | 'location'>, why: string): void {
  const missing = jobMissing(input);
  if (!Object.keys(missing).length) return;
  const errors = Object.fromEntries(Object.entries(missing).map(([field, message]) => [field, [message]]));
  throw new AppError('E_VALIDATION', `${why}: ${Object.values(missing).join('; ')}`, errors);
}

/**
 * PUT /companies/{key}/jobs/{id}: the whole form, through the machine's `edit` (409 for an EXPIRED
 * job), in one conditional UPDATE. A job past DRAFT stays complete: an edit that empties a required
 * field of a published job is refused with its field messages. A new expiration date gets its own
 * expiry notice (applyJobEvent clears the mark).
 */
export async function updateJob(db: Db, companyId: number, jobId: number, input: JobInputValues, now = new Date()): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [current] = await tx
      .select({ status: jobs.status, locationId: jobs.locationId })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    if (!current) throw notFound('Job');
    if (current.status !== 'DRAFT' && current.status !== 'EXPIRED') assertComplete(input, 'A published job must stay complete');
    const location = storedLocation(input.location, await companyFacts(tx, companyId));
    const rowId = await locationId(tx, current.locationId, location.row);
    await fireJobEvent(tx, jobId, 'edit', now, { companyId, set: formColumns(input, location, rowId) });
    if (current.locationId !== rowId) await dropOrphanLocation(tx, current.locationId);
  });
}

/** DELETE /companies/{key}/jobs/{id}: drafts only (409 E_ILLEGAL_TRANSITION otherwise). */
export async function deleteDraft(db: Db, companyId: number, jobId: number): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [gone] = await tx
      .delete(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId), eq(jobs.status, 'DRAFT')))
      .returning({ locationId: jobs.locationId });
    if (gone) return dropOrphanLocation(tx, gone.locationId);
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    if (!job) throw notFound('Job');
    throw new AppError('E_ILLEGAL_TRANSITION', `Only a draft can be deleted; pause this job or let it expire instead (the job is ${job.status.toLowerCase().replaceAll('_', ' ')})`);
  });
}

/** The statuses in which the plan may still change: before anything is paid for the job. */
const PLAN_STATUSES = ['DRAFT', 'PENDING_PAYMENT'] as const satisfies readonly JobStatus[];

/** PUT /companies/{key}/jobs/{id}/plan: the plan of a DRAFT or PENDING_PAYMENT job (409 otherwise). */
export async function setJobPlan(db: Db, companyId: number, jobId: number, plan: PlanId, now = new Date()): Promise<void> {
  const [updated] = await db
    .update(jobs)
    .set({ plan, updatedAt: now })
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId), inArray(jobs.status, [...PLAN_STATUSES])))
    .returning({ id: jobs.id });
  if (updated) return;
  const [job] = await db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (!job) throw notFound('Job');
  throw new AppError('E_CONFLICT', 'The plan can be chosen only before the job is paid for and live; buy a Boost for a live job instead');
}

// ---------------------------------------------------------------------------------------------------
// Reads

/**
 * GET /companies/{key}/jobs/{id} for members and admins: the job in any status with `manage` (the
 * form's values, plan, review state, what `actor` may fire, what it lacks, its applicants and apply
 * clicks). Null when the startup has no such job.
 */
export async function getManagedJob(db: Db, companyId: number, jobId: number, actor: JobActor, now = new Date()): Promise<ManagedJob | null> {
  const job = await getJob(db, jobId);
  if (!job || job.company.id !== companyId) return null;
  const [[row], company, [applied], [clicks]] = await Promise.all([
    db
      .select({
        plan: jobs.plan,
        description: jobs.description,
        reviewNote: jobs.reviewNote,
        heldAt: jobs.heldAt,
        publishedAt: jobs.publishedAt,
        locationKind: jobs.locationKind,
        isRemote: jobs.isRemote,
        remoteCountryCode: jobs.remoteCountryCode,
        salaryType: jobs.salaryType,
        salaryMin: jobs.salaryMin,
        salaryMax: jobs.salaryMax,
        salaryCurrency: jobs.salaryCurrency,
        salaryPeriod: jobs.salaryPeriod,
        equityType: jobs.equityType,
        equityMin: jobs.equityMin,
        equityMax: jobs.equityMax,
        applyMethod: jobs.applyMethod,
        applyUrl: jobs.applyUrl,
        applyEmail: jobs.applyEmail,
        screeningQuestions: jobs.screeningQuestions,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId)),
    companyFacts(db, companyId),
    db.select({ n: count() }).from(applications).where(eq(applications.jobId, jobId)),
    db.select({ n: sql<number>`coalesce(sum(${jobDailyStats.applyClicks}), 0)`.mapWith(Number) }).from(jobDailyStats).where(eq(jobDailyStats.jobId, jobId)),
  ]);
  if (!row) return null;
  const due = await paymentDue(db, { id: jobId, plan: row.plan });
  const location = formLocation(row, job.location ? { locality: job.location.locality, countryCode: job.location.country, address: job.location.address } : null, company);
  const form: JobManage['form'] = {
    title: job.title,
    // Sanitized on write; the render pass again for the editor, whatever an older writer stored.
    description: sanitizeUserHtml(row.description),
    categories: job.categories,
    positionType: job.positionType,
    location,
    salary:
      row.salaryType === 'range'
        ? {
            type: 'range',
            min: row.salaryMin ?? 0,
            max: row.salaryMax ?? row.salaryMin ?? 0,
            currency: (row.salaryCurrency ?? 'EUR') as Extract<JobManage['form']['salary'], { type: 'range' }>['currency'],
            period: row.salaryPeriod ?? 'year',
          }
        : { type: row.salaryType },
    equity: row.equityType === 'percentage' ? { type: 'percentage', min: row.equityMin ?? 0, max: row.equityMax ?? row.equityMin ?? 0 } : { type: row.equityType },
    apply:
      row.applyMethod === 'url' && row.applyUrl
        ? { method: 'url', url: row.applyUrl }
        : row.applyMethod === 'email' && row.applyEmail
          ? { method: 'email', email: row.applyEmail }
          : { method: 'nordlys' },
    perks: job.perks,
    expirationDate: job.expirationDate,
    screeningQuestions: row.screeningQuestions,
  };
  const { companyStatus, ...publicJob } = job;
  const facts = { status: job.status, expirationDate: job.expirationDate };
  return {
    ...publicJob,
    manage: {
      form,
      plan: row.plan,
      paymentDue: due,
      reviewNote: row.reviewNote,
      heldAt: iso(row.heldAt),
      publishedAt: iso(row.publishedAt),
      allowedEvents: allowedEvents(facts, { companyApproved: isCompanyLive({ status: companyStatus }), paymentDue: due, actor, now }),
      missing: jobMissing({ description: form.description, categories: job.categories, location }),
      applicants: applied?.n ?? 0,
      applyClicks: clicks?.n ?? 0,
    },
  };
}

/** The statuses whose next events depend on whether payment is due (publish). */
const PAYMENT_STATUSES: readonly JobStatus[] = ['DRAFT', 'PENDING_PAYMENT'];

/**
 * GET /companies/{key}/managed-jobs: the startup's jobs for its table, newest first, optionally of one
 * status, with the members' next events; and how many jobs each status holds.
 */
export async function listManagedJobs(db: Db, companyId: number, status?: JobStatus, now = new Date()): Promise<ManagedJobList> {
  const applicants = sql<number>`(select count(*) from ${applications} where ${applications.jobId} = ${jobs.id})`.mapWith(Number);
  const [rows, counts, company] = await Promise.all([
    db
      .select({
        id: jobs.id,
        title: jobs.title,
        status: jobs.status,
        plan: jobs.plan,
        views: jobs.views,
        applicants,
        createdAt: jobs.createdAt,
        approvedAt: jobs.approvedAt,
        expirationDate: jobs.expirationDate,
        boostingExpiresAt: jobs.boostingExpiresAt,
      })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), status ? eq(jobs.status, status) : undefined))
      .orderBy(desc(jobs.createdAt), desc(jobs.id)),
    db.select({ status: jobs.status, n: count() }).from(jobs).where(eq(jobs.companyId, companyId)).groupBy(jobs.status),
    companyFacts(db, companyId),
  ]);
  const companyApproved = isCompanyLive(company);
  const jobsOut: ManagedJobRow[] = [];
  for (const row of rows) {
    // Payment matters only to publish, so only a draft or unpaid job on a paid plan asks the orders.
    const due = PAYMENT_STATUSES.includes(row.status) && isPaidPlan(row.plan) ? await paymentDue(db, row) : false;
    const expirationDate = iso(row.expirationDate);
    jobsOut.push({
      ...row,
      createdAt: row.createdAt.toISOString(),
      approvedAt: iso(row.approvedAt),
      expirationDate,
      boostingExpiresAt: iso(row.boostingExpiresAt),
      allowedEvents: allowedEvents({ status: row.status, expirationDate }, { companyApproved, paymentDue: due, actor: 'member', now }),
    });
  }
  return { jobs: jobsOut, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

/** A job's title and startup, for routes that act on a job by id (the admins' decisions). */
export async function jobRef(db: Db, jobId: number): Promise<{ id: number; title: string; company: { id: number; key: string; name: string } } | null> {
  const [row] = await db
    .select({ id: jobs.id, title: jobs.title, companyId: companies.id, companyKey: companies.key, companyName: companies.name })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, jobId));
  return row ? { id: row.id, title: row.title, company: { id: row.companyId, key: row.companyKey, name: row.companyName } } : null;
}

export interface JobApplicationLine {
  /** The application's id (the board opens its card with paths.companyApplicants(key, { job, open: id })). */
  id: number;
  name: string;
  email: string;
  appliedAt: Date;
  stage: PipelineStage;
  /** The company's stage, when stage is 'custom'. */
  stageId: number | null;
  /** That stage's name. */
  customStage: string | null;
}

/** A job's applications for the resend mail: who, their e-mail, when and where in the pipeline; oldest first. */
export async function jobApplications(db: Db, jobId: number): Promise<JobApplicationLine[]> {
  const rows = await db
    .select({
      id: applications.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      appliedAt: applications.createdAt,
      stage: applications.stage,
      stageId: applications.stageId,
      customStage: companyStages.name,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(companyStages, eq(companyStages.id, applications.stageId))
    .where(eq(applications.jobId, jobId))
    .orderBy(applications.createdAt, applications.id);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    appliedAt: r.appliedAt,
    stage: r.stage,
    stageId: r.stage === 'custom' ? r.stageId : null,
    customStage: r.stage === 'custom' ? r.customStage : null,
  }));
}

/** Where a startup's application mail goes: its applications address, else every member's (in the order they joined). */
export async function applicationRecipients(db: Db, companyId: number): Promise<string[]> {
  const [company] = await db.select({ email: companies.applicationsEmail }).from(companies).where(eq(companies.id, companyId));
  if (company?.email) return [company.email];
  return ((await membersOf(db, 'company', [companyId])).get(companyId) ?? []).map((m) => m.email);
}
