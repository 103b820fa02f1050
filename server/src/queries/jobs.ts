/** Job queries: public search, latest, featured, a single job and related jobs. */
import { and, asc, count, desc, eq, gt, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS, REMOTE } from '@nordlys/sdk/constants';
import type { JobSort } from '@nordlys/sdk/constants';
import type { Job, JobList, JobSearchParams, JobSummary } from '@nordlys/sdk/schemas';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { companies, images, jobs, locations } from '../db/schema';
import { toImage } from '../images';
import { activeJobCount, backersOf } from './companies';
import { inCity } from './places';
import { jobIsPublic, jobMatchesFilter } from './visibility';

const logo = alias(images, 'logo');

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
  salaryPeriod: jobs.salaryPeriod,
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
  // "Backed by" on the card, read in the same query.
  backers: backersOf(jobs.companyId, 'card'),
};

/** The job page's columns: the card's, the page's own and the startup's open jobs (a correlated count, in the same query). */
const detailColumns = (now: Date | Placeholder) => ({
  ...summaryColumns,
  description: jobs.description,
  perks: jobs.perks,
  applyMethod: jobs.applyMethod,
  applyUrl: jobs.applyUrl,
  applyEmail: jobs.applyEmail,
  remoteCountryCode: jobs.remoteCountryCode,
  screeningQuestions: jobs.screeningQuestions,
  companyStatus: companies.status,
  companyWebsite: companies.website,
  companyWhatWeDo: companies.whatWeDo,
  companyCountries: companies.countryCodes,
  numberOfActiveJobs: activeJobCount(now),
});

/** Jobs joined with their company, location and company logo (and `extra` columns, for a union's ordering). */
function selectSummaries<Extra extends Record<string, SQL.Aliased> = Record<never, never>>(db: Db, extra?: Extra) {
  return db
    .select({ ...summaryColumns, ...(extra as Extra) })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(logo, eq(logo.id, companies.logoImageId));
}

/** The same joins with the columns of the job page. */
function selectDetails(db: Db, now: Date | Placeholder) {
  return db
    .select(detailColumns(now))
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(logo, eq(logo.id, companies.logoImageId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

/** The card rows of `ids`, in no order: one prepared statement for every list of jobs. */
function summariesByIds(db: Db, ids: readonly number[]): Promise<SummaryRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return prepared(db, 'nordlys_job_summaries', (db, name) =>
    selectSummaries(db).where(sql`${jobs.id} = any(${sql.placeholder('ids')})`).prepare(name),
  ).execute({ ids: [...new Set(ids)] });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(row: SummaryRow): JobSummary {
  const hasLocation = row.locality !== null || row.country !== null || row.address !== null;
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    company: {
      id: row.companyId,
      key: row.companyKey,
      name: row.companyName,
      logoImage: toImage(row.companyLogo),
      // ui.md, job card: "Backed by" when public investors back it; left out otherwise.
      ...(row.backers.length ? { backedBy: row.backers } : {}),
    },
    location: hasLocation ? { locality: row.locality, country: row.country, address: row.address } : null,
    isRemote: row.isRemote,
    categories: row.categories,
    positionType: row.positionType,
    salary:
      row.salaryType === 'competitive' && row.salaryMin === null
        ? null
        : {
            type: row.salaryType,
            min: row.salaryMin,
            max: row.salaryMax,
            currency: row.salaryCurrency,
            // Issue #12: a range's period (per year, month or hour); ranges from before it have none.
            ...(row.salaryType === 'range' && row.salaryPeriod ? { period: row.salaryPeriod } : {}),
          },
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
 * Turns free text into a prefix tsquery: every word must start a word of the job ('eng dev' finds
 * "Engineering developer"). Only letters and digits pass, so it never fails to parse. With a weight,
 * the words must match there: 'A' is the title.
 */
export function toPrefixQuery(text: string, weight = ''): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.slice(0, 8).map((w) => `${w}:*${weight}`).join(' & ') : null;
}

/**
 * How a search's text matches, tried in this order until one finds jobs: the words in the title,
 * startup name or categories; the words in the description; a title similar to the text (a typo).
 */
type TextMatch =
  | { kind: 'none' }
  | { kind: 'words'; text: string }
  | { kind: 'description'; text: string }
  | { kind: 'similar'; text: string };

const tsquery = (text: string, weight = '') => sql`to_tsquery('simple', ${toPrefixQuery(text, weight) ?? ''})`;

/** The filters of a search as SQL (REMOTE means isRemote), and its text match apart. */
function searchConditions(params: JobSearchParams, match: TextMatch, now: Date): { filters: SQL; text: SQL | undefined } {
  const countryCode = params.countryCode === REMOTE ? undefined : params.countryCode;
  const isRemote = params.isRemote || params.countryCode === REMOTE;
  // A feed's countries (spec 2.5), startups and categories: the feed-membership rule (sdk isJobInFeed).
  const countries = [...new Set([...(countryCode ? [countryCode] : []), ...(params.countryCodes ?? [])])];
  const conditions: (SQL | undefined)[] = [
    jobIsPublic(now),
    jobMatchesFilter({
      countryCodes: countries,
      includeRemote: params.includeRemote || undefined,
      companyKeys: params.companyKeys,
      categories: params.categories,
    }),
  ];
  // Issue #32: the city by its place key, so 'malmo' finds Malmö's jobs (places.ts).
  if (params.city) conditions.push(inCity(params.city));
  if (isRemote) conditions.push(eq(jobs.isRemote, true));
  if (params.positionTypes?.length) conditions.push(inArray(jobs.positionType, params.positionTypes));
  const text =
    match.kind === 'words'
      ? sql`${jobs.searchVector} @@ ${tsquery(match.text)}`
      : match.kind === 'description'
        ? sql`${jobs.descriptionVector} @@ ${tsquery(match.text)}`
        : match.kind === 'similar'
          ? sql`${match.text} <% ${jobs.title}`
          : undefined;
  return { filters: and(...conditions)!, text };
}

/**
 * The date a job shows as posted, and sorts by: `coalesce(approved_at, created_at)`, the SQL twin of
 * the sdk's postedAt (sdk/src/dates.ts); jobs-posted.test.ts proves the two orders agree. The public
 * list's indexes, jobs_listed_idx and jobs_listed_place_idx (0005, 0012), are on this expression.
 */
export const POSTED_AT = sql<Date>`coalesce(${jobs.approvedAt}, ${jobs.createdAt})`;

const newestFirst = [desc(POSTED_AT), desc(jobs.id)];

type PageQuery = { filters: SQL; text: SQL | undefined; sort: JobSort; match: TextMatch; offset: number; limit: number };

/** A job of a page, with its company so that "Backed by" is read beside the page's cards. */
type PageJob = { id: number; companyId: number };

function newestIds(db: Db, where: SQL, order: SQL[], offset: number, limit: number): Promise<PageJob[]> {
  return db
    .select({ id: jobs.id, companyId: jobs.companyId })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * The jobs of one page, in order. `total` reads the number of matches (Infinity past the count cap);
 * it lets a ranked search skip a tier it knows to be empty. It is a function, not a promise, so a
 * branch that never needs it leaves no promise behind: an unawaited one that failed (a NUL byte in
 * the search, once) was an unhandled rejection, and that ended the process.
 */
async function pageIds(db: Db, { filters, text, sort, match, offset, limit }: PageQuery, total: () => Promise<number>): Promise<PageJob[]> {
  if (sort === 'relevance' && match.kind === 'words') {
    // Title matches first, then startup-name and category matches, each newest first. Each tier
    // walks the newest-first index and stops after a page, rather than ranking every match (a word
    // like "engineer" matches a fifth of all jobs).
    // A title match implies the general one, so tier 1 leaves that out: one index condition less
    // lets the planner walk the newest-first index instead of rechecking a bitmap.
    const inTitle = sql`${jobs.searchVector} @@ ${tsquery(match.text, 'A')}`;
    const first = await newestIds(db, and(filters, inTitle)!, newestFirst, 0, offset + limit);
    if (first.length === offset + limit) return first.slice(offset);
    // Fewer title matches than the page needs: `first` holds them all. The rest come from tier 2,
    // unless the count says there is nothing more (a full walk of the index would find nothing).
    if ((await total()) <= first.length) return first.slice(offset);
    const skip = Math.max(0, offset - first.length);
    const second = await newestIds(db, and(filters, text, sql`not (${inTitle})`)!, newestFirst, skip, offset + limit - first.length - skip);
    return [...first.slice(offset), ...second];
  }
  const order =
    sort === 'oldest'
      ? [asc(POSTED_AT), asc(jobs.id)]
      : sort === 'relevance' && match.kind === 'similar'
        ? [desc(sql`word_similarity(${match.text}, ${jobs.title})`), ...newestFirst]
        : newestFirst;
  return newestIds(db, and(filters, text)!, order, offset, limit);
}

/** Job ids per block of jobs_listed_words_idx (0013): a job's block is `id >> 15`. */
const BLOCK_BITS = sql.raw('15');

/**
 * How many jobs match, counted up to `cap + 1` (past the cap the answer is "2,000+"), reading about
 * as many index entries as it counts. Filters alone walk the public list's indexes (0012, 0013), which
 * stop at the cap. Words alone walk jobs_listed_words_idx block by block, newest first, and stop there
 * too: one GIN index scan over the whole table reads every match of two common words before the first
 * one counts (5,800 at 300,000 jobs), and that grows with the table. Words with a filter keep the
 * planner's plan: a block holds the words only, so a narrow filter (a place, internships, remote jobs)
 * would be checked in the heap for every match of the words, several times the pages.
 */
function countMatches(db: Db, params: JobSearchParams, match: TextMatch, where: SQL, filters: SQL, cap: number): Promise<number> {
  const filtered =
    params.countryCode ||
    params.countryCodes?.length ||
    params.city ||
    params.isRemote ||
    params.positionTypes?.length ||
    params.categories?.length ||
    params.companyKeys?.length;
  if (match.kind === 'words' && !filtered) {
    const blocks = sql`generate_series((select max(${jobs.id}) from ${jobs}) >> ${BLOCK_BITS}, 0, -1) as blocks(block)`;
    const inBlock = db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(locations, eq(locations.id, jobs.locationId))
      .where(
        and(
          filters,
          sql`nordlys_block_words(${jobs.searchVector}, ${jobs.id} >> ${BLOCK_BITS}) @@ nordlys_block_query(${tsquery(match.text)}, blocks.block)`,
        ),
      )
      .as('in_block');
    const found = db.select({ id: inBlock.id }).from(blocks).crossJoinLateral(inBlock).limit(cap + 1).as('found');
    return db
      .select({ n: count() })
      .from(found)
      .then(([row]) => row?.n ?? 0);
  }
  const found = db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .where(where)
    .limit(cap + 1)
    .as('found');
  return db
    .select({ n: count() })
    .from(found)
    .then(([row]) => row?.n ?? 0);
}

export interface SearchOptions {
  now?: Date;
  /** Counting stops here (default LIMITS.searchCountCap). */
  countCap?: number;
}

async function runSearch(
  db: Db,
  params: JobSearchParams,
  match: TextMatch,
  { now = new Date(), countCap = LIMITS.searchCountCap }: SearchOptions,
): Promise<JobList> {
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? LIMITS.jobsPageSize;
  const { filters, text } = searchConditions(params, match, now);
  const where = and(filters, text)!;
  const sort = params.sort ?? (match.kind === 'none' ? 'newest' : 'relevance');
  // Counting stops at the cap: an exact count of every match costs as much as reading them all.
  const counted = countMatches(db, params, match, where, filters, countCap);
  const [pageJobs, n] = await Promise.all([
    pageIds(
      db,
      { filters, text, sort, match, offset: (page - 1) * pageSize, limit: pageSize },
      async () => {
        const n = await counted;
        return n <= countCap ? n : Number.POSITIVE_INFINITY;
      },
    ),
    counted,
  ]);
  // The cards, with their "Backed by".
  const ids = pageJobs.map((job) => job.id);
  const rows = await summariesByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const total = Math.min(n, countCap);
  return {
    jobs: ids.flatMap((id) => (byId.has(id) ? [toSummary(byId.get(id)!)] : [])),
    total,
    page,
    pageSize,
    pages: Math.ceil(total / pageSize),
    totalExact: n <= countCap,
    fuzzy: match.kind === 'similar',
  };
}

/**
 * GET /v2/jobs: one page of public jobs matching the filters, with the total.
 * Text matches word prefixes ('engin' finds "Engineer") in the title, the startup's name and the
 * categories; failing that, in the description; failing that, titles similar to the text, marked
 * `fuzzy` (a typo such as 'enginer').
 */
export async function searchJobs(db: Db, params: JobSearchParams, options: SearchOptions = {}): Promise<JobList> {
  const text = params.search;
  if (!text) return runSearch(db, params, { kind: 'none' }, options);
  if (toPrefixQuery(text)) {
    for (const kind of ['words', 'description'] as const) {
      const found = await runSearch(db, params, { kind, text }, options);
      if (found.total > 0) return found;
    }
  }
  return runSearch(db, params, { kind: 'similar', text }, options);
}

/**
 * Issue #14 (jobs/count/bulk): how many of the jobs a search shows were posted since `since` (sdk
 * postedAt, after it), counted up to `countCap`. The same filters and text tiers as searchJobs: the
 * first tier that finds any job at all is the one the search shows, so a tier with matches, none of
 * them new, answers 0 rather than falling through to the next.
 */
export async function countJobsSince(
  db: Db,
  params: JobSearchParams,
  since: Date,
  { now = new Date(), countCap = LIMITS.searchCountCap }: SearchOptions = {},
): Promise<number> {
  const matching = (where: SQL) =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .leftJoin(locations, eq(locations.id, jobs.locationId))
      .where(where);
  const countNew = async (match: TextMatch) => {
    const { filters, text } = searchConditions(params, match, now);
    const found = matching(and(filters, text, sql`${POSTED_AT} > ${since.toISOString()}::timestamptz`)!).limit(countCap + 1).as('found');
    const [row] = await db.select({ n: count() }).from(found);
    return Math.min(row?.n ?? 0, countCap);
  };
  const anyMatch = async (match: TextMatch) => {
    const { filters, text } = searchConditions(params, match, now);
    return (await matching(and(filters, text)!).limit(1)).length > 0;
  };
  const text = params.search;
  if (!text) return countNew({ kind: 'none' });
  if (toPrefixQuery(text)) {
    for (const kind of ['words', 'description'] as const) {
      const n = await countNew({ kind, text });
      if (n > 0 || (await anyMatch({ kind, text }))) return n;
    }
  }
  return countNew({ kind: 'similar', text });
}

/** GET /v2/jobs/latest/{n}: the newest public jobs. */
export async function latestJobs(db: Db, limit: number, now = new Date()): Promise<JobSummary[]> {
  const rows = await selectSummaries(db).where(jobIsPublic(now)).orderBy(...newestFirst).limit(limit);
  return rows.map(toSummary);
}

/**
 * GET /v2/featuredjobs: public jobs boosted right now. With more Boosts running than places, the
 * `limit` with the most time left win (a Boost just paid for is shown at once); they are answered
 * soonest-ending first, and the site shows them reversed (spec 9), the newest Boost first.
 */
export async function featuredJobs(db: Db, now = new Date(), limit = 12): Promise<JobSummary[]> {
  // Beside every unfiltered /jobs page: prepared once.
  const rows = await prepared(db, 'nordlys_featured_jobs', (db, name) => {
    const at = sql.placeholder('now');
    return selectSummaries(db)
      .where(and(jobIsPublic(at), gt(jobs.boostingExpiresAt, at)))
      .orderBy(desc(jobs.boostingExpiresAt), desc(jobs.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }).execute({ now, limit });
  return rows.reverse().map(toSummary);
}

/** A job's full record, whatever its status; the caller decides who may see it. */
export async function getJob(db: Db, id: number, now = new Date()): Promise<(Job & { companyStatus: string }) | null> {
  // One prepared statement, as every job page asks: PostgreSQL plans it once per connection, and the
  // startup's open jobs and backers come in the same round trip.
  const [row] = await prepared(db, 'nordlys_job_details', (db, name) =>
    selectDetails(db, sql.placeholder('now')).where(eq(jobs.id, sql.placeholder('id'))).prepare(name),
  ).execute({ id, now });
  return row ? toJob(row) : null;
}

/** What the visibility rules and relatedJobs read of a job (GET /v2/jobs/{id}/related), in one query: its status, dates, categories and company. */
export interface JobBasis {
  id: number;
  status: Job['status'];
  approvedAt: string | null;
  expirationDate: string | null;
  categories: string[];
  company: { id: number };
  companyStatus: string;
}

export async function getJobBasis(db: Db, id: number): Promise<JobBasis | null> {
  const [row] = await prepared(db, 'nordlys_job_basis', (db, name) =>
    db
      .select({ id: jobs.id, status: jobs.status, approvedAt: jobs.approvedAt, expirationDate: jobs.expirationDate, categories: jobs.categories, companyId: jobs.companyId, companyStatus: companies.status })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(jobs.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  if (!row) return null;
  return { id: row.id, status: row.status, approvedAt: iso(row.approvedAt), expirationDate: iso(row.expirationDate), categories: row.categories, company: { id: row.companyId }, companyStatus: row.companyStatus };
}

/**
 * Several jobs' full records by id, whatever their status (the caller decides who may see what), in
 * the order of `ids`; unknown ids are left out. The same answer as getJob, in one query for any
 * number of jobs (the candidate's lists, issue #13).
 */
export async function getJobs(db: Db, ids: readonly number[], now = new Date()): Promise<(Job & { companyStatus: string })[]> {
  if (!ids.length) return [];
  const rows = await selectDetails(db, now).where(inArray(jobs.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, toJob(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof selectDetails>['execute']>>[number];

/** The job page's record of a row: the summary, the company's facts and open jobs count, "Backed by", the sanitized description. */
function toJob(row: DetailRow): Job & { companyStatus: string } {
  const summary = toSummary(row);
  const { backedBy, ...company } = summary.company;
  return {
    ...summary,
    company: {
      ...company,
      website: row.companyWebsite,
      whatWeDo: row.companyWhatWeDo,
      countries: row.companyCountries.map((countryCode) => ({ countryCode })),
      numberOfActiveJobs: row.numberOfActiveJobs,
      ...(backedBy ? { backedBy } : {}),
    },
    // The render-time pass over stored HTML: a description leaves the database only here (summaries
    // carry none), so /api (site, widget), the careers and white-label hosts and JSON-LD all get
    // the policy's output, whatever an older writer stored.
    description: sanitizeUserHtml(row.description),
    perks: row.perks,
    // Issue #12: how to apply, a remote job's country requirement and the screening questions.
    apply: { method: row.applyMethod, url: row.applyUrl, email: row.applyEmail },
    remoteCountryCode: row.remoteCountryCode,
    screeningQuestions: row.screeningQuestions,
    companyStatus: row.companyStatus,
  };
}

/**
 * GET /v2/jobs/{id}/related: public jobs sharing a category with the job `id`, same company first,
 * then newest. The job's company and categories are read inside the query, so it runs beside the
 * caller's own reading of the job (one round trip for the whole answer).
 */
export async function relatedJobs(db: Db, id: number, limit: number = LIMITS.relatedJobsCount, now = new Date()): Promise<JobSummary[]> {
  // The startup's own jobs first, then jobs sharing a category, each newest first: two selects that
  // each walk an index and stop at `limit`, where one ordered by "same startup" first would sort every
  // job sharing a category (tens of thousands at 100,000 jobs). One prepared statement (every job page
  // asks): the two as a union, ordered by side, then newest, by the columns the union names.
  // Inside each subquery "jobs" is the subquery's own table: the job `id` itself.
  const job = (column: SQL) => sql`(select ${column} from ${jobs} where ${jobs.id} = ${sql.placeholder('id')})`;
  const side = (db: Db, n: number) =>
    selectSummaries(db, { relatedSide: sql<number>`${sql.raw(String(n))}`.as('related_side'), relatedPosted: sql<Date>`${POSTED_AT}`.as('related_posted'), relatedId: sql<number>`${jobs.id}`.as('related_id') });
  const rows = await prepared(db, 'nordlys_related_jobs', (db, name) =>
    side(db, 0)
      .where(and(jobIsPublic(sql.placeholder('now')), ne(jobs.id, sql.placeholder('id')), eq(jobs.companyId, job(sql`${jobs.companyId}`))))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .unionAll(
        side(db, 1)
          .where(and(jobIsPublic(sql.placeholder('now')), ne(jobs.companyId, job(sql`${jobs.companyId}`)), sql`${jobs.categories} && ${job(sql`${jobs.categories}`)}`))
          .orderBy(...newestFirst)
          .limit(sql.placeholder('limit')),
      )
      .orderBy(sql`related_side`, sql`related_posted desc`, sql`related_id desc`)
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ now, id, limit });
  return rows.map(toSummary);
}

/** GET /companies/{key}/jobs: a company's public jobs, newest first, by its id or its key. */
export async function companyJobs(db: Db, company: { id: number } | { key: string }, now = new Date()): Promise<JobSummary[]> {
  const rows =
    'id' in company
      ? await prepared(db, 'nordlys_company_jobs', (db, name) =>
          selectSummaries(db)
            .where(and(jobIsPublic(sql.placeholder('now')), eq(jobs.companyId, sql.placeholder('companyId'))))
            .orderBy(...newestFirst)
            .prepare(name),
        ).execute({ now, companyId: company.id })
      : await prepared(db, 'nordlys_company_jobs_by_key', (db, name) =>
          selectSummaries(db)
            .where(and(jobIsPublic(sql.placeholder('now')), eq(companies.key, sql.placeholder('key'))))
            .orderBy(...newestFirst)
            .prepare(name),
        ).execute({ now, key: company.key });
  return rows.map(toSummary);
}

/**
 * Issue #14 (digests): a search's filters without text, as SQL over `jobs` joined with `companies`
 * and left-joined with `locations`: the job search's own rule (public jobs, countries, remote,
 * categories), for queries that rank the matches their own way.
 */
export function jobSearchFilters(params: JobSearchParams, now: Date): SQL {
  return searchConditions(params, { kind: 'none' }, now).filters;
}

/**
 * Issue #14 (digests): the job cards of `ids`, in that order, with "Backed by" unless `backers` is
 * false (a mail does not show it); unknown ids are left out.
 */
export async function jobSummariesByIds(db: Db, ids: readonly number[], { backers = true }: { backers?: boolean } = {}): Promise<JobSummary[]> {
  const rows = await summariesByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
  const list = ids.flatMap((id) => byId.get(id) ?? []);
  return backers ? list : list.map(({ company: { backedBy: _, ...company }, ...job }) => ({ ...job, company }));
}
