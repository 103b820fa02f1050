/** Job queries: public search, latest, featured, a single job and related jobs. */
import { and, arrayOverlaps, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS, REMOTE } from '@nordlys/sdk/constants';
import type { Job, JobList, JobSearchParams, JobSummary } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, images, jobs, locations } from '../db/schema';
import { toImage } from '../images';

const logo = alias(images, 'logo');

/** A job anyone may see: active, approved, not past its expiry, at an active company. */
export function isPublicJob(now: Date): SQL {
  return and(
    eq(jobs.status, 'ACTIVE'),
    isNotNull(jobs.approvedAt),
    or(isNull(jobs.expirationDate), gt(jobs.expirationDate, now)),
    eq(companies.status, 'ACTIVE'),
  )!;
}

const summaryColumns = {
  id: jobs.id,
  title: jobs.title,
  status: jobs.status,
  isRemote: jobs.isRemote,
  categories: jobs.categories,
  positionType: jobs.positionType,
  salaryType: jobs.salaryType,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  equityType: jobs.equityType,
  equityMin: jobs.equityMin,
  equityMax: jobs.equityMax,
  createdAt: jobs.createdAt,
  approvedAt: jobs.approvedAt,
  boostingExpiresAt: jobs.boostingExpiresAt,
  expirationDate: jobs.expirationDate,
  views: jobs.views,
  board: jobs.board,
  companyId: companies.id,
  companyKey: companies.key,
  companyName: companies.name,
  companyLogo: logo.path,
  locality: locations.locality,
  country: locations.countryCode,
  address: locations.address,
};

const detailColumns = {
  ...summaryColumns,
  description: jobs.description,
  perks: jobs.perks,
  companyStatus: companies.status,
  companyWebsite: companies.website,
  companyWhatWeDo: companies.whatWeDo,
  companyCountries: companies.countryCodes,
};

/** Jobs joined with their company, location and company logo. */
function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(logo, eq(logo.id, companies.logoImageId));
}

/** The same joins with the columns of the job page. */
function selectDetails(db: Db) {
  return db
    .select(detailColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(logo, eq(logo.id, companies.logoImageId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(row: SummaryRow): JobSummary {
  const hasLocation = row.locality !== null || row.country !== null || row.address !== null;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    company: { id: row.companyId, key: row.companyKey, name: row.companyName, logoImage: toImage(row.companyLogo) },
    location: hasLocation ? { locality: row.locality, country: row.country, address: row.address } : null,
    isRemote: row.isRemote,
    categories: row.categories,
    positionType: row.positionType,
    salary:
      row.salaryType === 'competitive' && row.salaryMin === null
        ? null
        : { type: row.salaryType, min: row.salaryMin, max: row.salaryMax, currency: row.salaryCurrency },
    equity:
      row.equityType === 'undisclosed' ? null : { type: row.equityType, min: row.equityMin, max: row.equityMax },
    createdAt: row.createdAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    boostingExpiresAt: iso(row.boostingExpiresAt),
    expirationDate: iso(row.expirationDate),
    views: row.views,
    board: row.board,
  };
}

/**
 * Turns free text into a prefix tsquery: every word must match the start of a word in the job
 * ('eng dev' finds 'Engineering developer'). Only letters and digits pass, so it never fails to parse.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.slice(0, 8).map((w) => `${w}:*`).join(' & ') : null;
}

/** The filters of a search as SQL, REMOTE already turned into isRemote by the caller or here. */
function searchConditions(params: JobSearchParams, now: Date): { where: SQL; tsquery: string | null } {
  const conditions: (SQL | undefined)[] = [isPublicJob(now)];
  const countryCode = params.countryCode === REMOTE ? undefined : params.countryCode;
  const isRemote = params.isRemote || params.countryCode === REMOTE;
  if (countryCode) conditions.push(eq(locations.countryCode, countryCode));
  if (params.city) conditions.push(sql`lower(${locations.locality}) = lower(${params.city})`);
  if (isRemote) conditions.push(eq(jobs.isRemote, true));
  if (params.categories?.length) conditions.push(arrayOverlaps(jobs.categories, params.categories));
  if (params.positionTypes?.length) conditions.push(inArray(jobs.positionType, params.positionTypes));
  const tsquery = params.search ? toPrefixQuery(params.search) : null;
  if (params.search) {
    // The tsquery finds words; the trigram match forgives typos in titles ('enginer').
    conditions.push(
      tsquery
        ? or(sql`${jobs.searchVector} @@ to_tsquery('simple', ${tsquery})`, sql`${params.search} <% ${jobs.title}`)
        : sql`${params.search} <% ${jobs.title}`,
    );
  }
  return { where: and(...conditions)!, tsquery };
}

/** GET /v2/jobs: one page of public jobs matching the filters, with the total. */
export async function searchJobs(db: Db, params: JobSearchParams, now = new Date()): Promise<JobList> {
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? LIMITS.jobsPageSize;
  const { where, tsquery } = searchConditions(params, now);
  const sort = params.sort ?? (params.search ? 'relevance' : 'newest');
  const order =
    sort === 'oldest'
      ? [asc(jobs.createdAt), asc(jobs.id)]
      : sort === 'relevance' && params.search
        ? [
            desc(
              sql`ts_rank(${jobs.searchVector}, to_tsquery('simple', ${tsquery ?? ''})) + word_similarity(${params.search}, ${jobs.title})`,
            ),
            desc(jobs.createdAt),
          ]
        : [desc(jobs.createdAt), desc(jobs.id)];

  const [rows, [totalRow]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(locations, eq(locations.id, jobs.locationId))
      .where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { jobs: rows.map(toSummary), total, page, pageSize, pages: Math.ceil(total / pageSize) };
}

/** GET /v2/jobs/latest/{n}: the newest public jobs. */
export async function latestJobs(db: Db, limit: number, now = new Date()): Promise<JobSummary[]> {
  const rows = await selectSummaries(db).where(isPublicJob(now)).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(limit);
  return rows.map(toSummary);
}

/** GET /v2/featuredjobs: public jobs boosted right now, soonest-ending first (the site shows them reversed, spec 9). */
export async function featuredJobs(db: Db, now = new Date(), limit = 12): Promise<JobSummary[]> {
  const rows = await selectSummaries(db)
    .where(and(isPublicJob(now), gt(jobs.boostingExpiresAt, now)))
    .orderBy(asc(jobs.boostingExpiresAt), asc(jobs.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** A job's full record, whatever its status; the caller decides who may see it. */
export async function getJob(db: Db, id: number): Promise<(Job & { companyStatus: string }) | null> {
  const [row] = await selectDetails(db).where(eq(jobs.id, id));
  if (!row) return null;
  const [active] = await db
    .select({ n: count() })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.companyId, row.companyId), isPublicJob(new Date())));
  const summary = toSummary(row);
  return {
    ...summary,
    company: {
      ...summary.company,
      website: row.companyWebsite,
      whatWeDo: row.companyWhatWeDo,
      countries: row.companyCountries.map((countryCode) => ({ countryCode })),
      numberOfActiveJobs: active?.n ?? 0,
    },
    description: row.description,
    perks: row.perks,
    companyStatus: row.companyStatus,
  };
}

/** Whether a job is shown to the public (the same rule as isPublicJob, on a loaded job). */
export function isJobPublic(job: Pick<Job, 'status' | 'approvedAt' | 'expirationDate'> & { companyStatus: string }, now = new Date()) {
  return (
    job.status === 'ACTIVE' &&
    job.approvedAt !== null &&
    (job.expirationDate === null || Date.parse(job.expirationDate) > now.getTime()) &&
    job.companyStatus === 'ACTIVE'
  );
}

/** GET /v2/jobs/{id}/related: public jobs sharing a category, same company first, then newest. */
export async function relatedJobs(
  db: Db,
  job: { id: number; categories: string[]; company: { id: number } },
  limit: number = LIMITS.relatedJobsCount,
  now = new Date(),
): Promise<JobSummary[]> {
  const rows = await selectSummaries(db)
    .where(
      and(
        isPublicJob(now),
        ne(jobs.id, job.id),
        job.categories.length
          ? or(arrayOverlaps(jobs.categories, job.categories), eq(jobs.companyId, job.company.id))
          : eq(jobs.companyId, job.company.id),
      ),
    )
    .orderBy(desc(sql`${jobs.companyId} = ${job.company.id}`), desc(jobs.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** GET /companies/{key}/jobs: a company's public jobs, newest first. */
export async function companyJobs(db: Db, companyId: number, now = new Date()): Promise<JobSummary[]> {
  const rows = await selectSummaries(db)
    .where(and(isPublicJob(now), eq(jobs.companyId, companyId)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  return rows.map(toSummary);
}
