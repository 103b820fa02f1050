/**
 * The hiring side of issue #13 (spec 2.4 /applicants, spec 4 pipeline, spec 7 GET /companies/{key}/applicants):
 * a startup's applicant board, an opened card, moves with their history, ratings, internal notes, bulk
 * actions, and the company's own (custom) stages.
 *
 * Every query takes the company's id and reaches applications only through `jobs.company_id`, so a
 * candidate's data never leaves the companies they applied to. The pipeline's rules (column order,
 * allowed moves, names) come from the sdk (pipeline.ts); this file only applies them in SQL.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { boardColumns, canMove, columnKey, parseColumnKey, type StageRef } from '@nordlys/sdk/pipeline';
import type { PipelineStage } from '@nordlys/sdk/constants';
import type {
  Applicant,
  ApplicantDetail,
  ApplicantList,
  ApplicantNote,
  ApplicationEvent,
  CompanyStage,
  StageInput,
} from '@nordlys/sdk/schemas';
import { isUniqueViolation } from '../accounts/users';
import type { Db } from '../db/client';
import {
  applicantProfiles,
  applicationEvents,
  applicationNotes,
  applicationRatings,
  applications,
  companies,
  companyStages,
  images,
  jobs,
  storedFiles,
  users,
} from '../db/schema';
import { AppError } from '../errors';
import { toImage } from '../images';
import { containsPattern } from './contains';

export const HIRING_MESSAGES = {
  locked: 'A rejected application stays rejected: it cannot move to another stage',
  changed: 'The application changed while you moved it. Reload the board and try again.',
  notOurStage: "Choose one of this startup's stages",
  needsStageId: 'A custom stage needs its stageId, and only a custom stage takes one',
  tooManyStages: (max: number) => `A startup can have at most ${max} stages of its own. Delete one before adding another.`,
  duplicateStage: 'This startup already has a stage with this name',
  notOurJob: "Choose one of this startup's jobs",
  mailUnavailable: 'Rejection e-mails cannot be sent right now: this server has no mail set up.',
  mailFailed: 'The rejection e-mail could not be sent, so nothing was changed. Please try again.',
} as const;

/** What the board's ORDER BY follows: the fixed stages in the sdk's column order ('custom' stands for every custom column). */
const STAGE_ORDER: readonly PipelineStage[] = boardColumns([{ id: 1, name: 'custom', color: '', position: 0 }]).map((c) => c.ref.stage);
const stageRank = sql`(CASE ${applications.stage} ${sql.join(
  STAGE_ORDER.map((stage, i) => sql`WHEN ${stage} THEN ${sql.raw(String(i))}`),
  sql` `,
)} END)`;

/** The team's average rating of the application, or null (one decimal, as text from PostgreSQL's numeric). */
const ratingAverage = sql<string | null>`(SELECT round(avg(${applicationRatings.rating}), 1) FROM ${applicationRatings} WHERE ${applicationRatings.applicationId} = ${applications.id})`;
const notesCount = sql<number>`(SELECT count(*)::int FROM ${applicationNotes} WHERE ${applicationNotes.applicationId} = ${applications.id})`;
const myRatingOf = (viewerId: number) =>
  sql<number | null>`(SELECT ${applicationRatings.rating} FROM ${applicationRatings} WHERE ${applicationRatings.applicationId} = ${applications.id} AND ${applicationRatings.userId} = ${viewerId})`;

/** The columns of a card, as selected. */
function cardColumns(viewerId: number) {
  return {
    id: applications.id,
    jobId: jobs.id,
    jobTitle: jobs.title,
    userId: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    headline: applicantProfiles.headline,
    imagePath: images.path,
    stage: applications.stage,
    stageId: applications.stageId,
    createdAt: applications.createdAt,
    updatedAt: applications.updatedAt,
    rating: ratingAverage,
    myRating: myRatingOf(viewerId),
    notesCount,
    cvPath: applications.cvPath,
    rejectionMailedAt: applications.rejectionMailedAt,
  };
}
type CardRow = {
  id: number;
  jobId: number;
  jobTitle: string;
  userId: number;
  firstName: string;
  lastName: string;
  headline: string | null;
  imagePath: string | null;
  stage: PipelineStage;
  stageId: number | null;
  createdAt: Date;
  updatedAt: Date;
  rating: string | number | null;
  myRating: number | null;
  notesCount: number;
  cvPath: string | null;
  rejectionMailedAt: Date | null;
};

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

function toCard(row: CardRow): Applicant {
  return {
    id: row.id,
    job: { id: row.jobId, title: row.jobTitle },
    applicant: {
      id: row.userId,
      fullName: fullName(row.firstName, row.lastName),
      headline: row.headline,
      imageUrl: toImage(row.imagePath)?.sizes.thumbnail ?? null,
    },
    stage: row.stage,
    stageId: row.stage === 'custom' ? row.stageId : null,
    appliedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rating: row.rating === null ? null : Number(row.rating),
    myRating: row.myRating === null ? null : Number(row.myRating),
    notesCount: Number(row.notesCount),
    hasCv: row.cvPath !== null,
    rejectionMailed: row.rejectionMailedAt !== null,
  };
}

/** The cards of `where` (which must include the company), joined as a card needs them. */
function selectCards(db: Db, viewerId: number) {
  return db
    .select(cardColumns(viewerId))
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.userId))
    .leftJoin(images, eq(images.id, users.imageId))
    .leftJoin(companyStages, eq(companyStages.id, applications.stageId));
}

/** Cards of the company by id, in the order of `ids`. */
export async function cardsByIds(db: Db, companyId: number, ids: readonly number[], viewerId: number): Promise<Applicant[]> {
  if (!ids.length) return [];
  const rows = await selectCards(db, viewerId).where(and(eq(jobs.companyId, companyId), inArray(applications.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, toCard(r as CardRow)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** One card of the company, or null (unknown, or another company's: the same answer). */
export async function getCard(db: Db, companyId: number, id: number, viewerId: number): Promise<Applicant | null> {
  return (await cardsByIds(db, companyId, [id], viewerId))[0] ?? null;
}

/** The company's custom stages in board order. */
export async function companyStagesOf(db: Db, companyId: number): Promise<CompanyStage[]> {
  return db
    .select({ id: companyStages.id, name: companyStages.name, color: companyStages.color, position: companyStages.position })
    .from(companyStages)
    .where(eq(companyStages.companyId, companyId))
    .orderBy(asc(companyStages.position), asc(companyStages.id));
}

export interface ApplicantFilters {
  job?: number;
  /** A column key: 'applied' | 'hired' | 'toreject' | 'rejected' | 'custom:{id}'. */
  stage?: string;
  /** The team's average rating at least this. */
  rating?: number;
  search?: string;
  page: number;
  pageSize: number;
}

/** The shortest search the trigram indexes serve (pg_trgm needs three characters); shorter ones scan the company's rows. */
const TRIGRAM_MIN = 3;

/**
 * Name, e-mail, headline, the candidate's note to the startup, or one of the team's internal notes
 * contains `text` (any case, wildcards literal). From three characters on, each part is found through
 * its trigram index (0009_applications.sql) and the company's rows are matched by id; a shorter text is
 * checked row by row on the company's applications, which the trigram indexes cannot serve.
 */
function searchCondition(text: string): SQL {
  const p = containsPattern(text);
  const name = sql`(${users.firstName} || ' ' || ${users.lastName})`;
  if ([...text].length >= TRIGRAM_MIN) {
    return sql`(
      ${applications.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${name} ILIKE ${p} OR ${users.email} ILIKE ${p})
      OR ${applications.userId} IN (SELECT ${applicantProfiles.userId} FROM ${applicantProfiles} WHERE ${applicantProfiles.headline} ILIKE ${p})
      OR ${applications.id} IN (SELECT m.id FROM ${applications} m WHERE m.message ILIKE ${p})
      OR ${applications.id} IN (SELECT ${applicationNotes.applicationId} FROM ${applicationNotes} WHERE ${applicationNotes.body} ILIKE ${p})
    )`;
  }
  return sql`(
    ${applications.message} ILIKE ${p}
    OR EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${applications.userId} AND (${name} ILIKE ${p} OR ${users.email} ILIKE ${p}))
    OR EXISTS (SELECT 1 FROM ${applicantProfiles} WHERE ${applicantProfiles.userId} = ${applications.userId} AND ${applicantProfiles.headline} ILIKE ${p})
    OR EXISTS (SELECT 1 FROM ${applicationNotes} WHERE ${applicationNotes.applicationId} = ${applications.id} AND ${applicationNotes.body} ILIKE ${p})
  )`;
}

/** The company's applications (of one job, when given) whose team's average rating is at least `min`: one aggregate over the company's ratings. */
function ratingCondition(companyId: number, job: number | undefined, min: number): SQL {
  return sql`${applications.id} IN (
    SELECT r.application_id FROM ${applicationRatings} r
    JOIN ${applications} ra ON ra.id = r.application_id
    JOIN ${jobs} rj ON rj.id = ra.job_id
    WHERE rj.company_id = ${companyId}${job === undefined ? sql`` : sql` AND ra.job_id = ${job}`}
    GROUP BY r.application_id
    HAVING avg(r.rating) >= ${min}
  )`;
}

/**
 * GET /companies/{key}/applicants (spec 7): the page of cards, ordered by board column (applied, the
 * custom stages by position, hired, toreject, rejected), then newest application first (id breaks ties);
 * the counts per column for the whole filter (every column of the board, zeros included); the company's
 * stages; and its jobs that have applications (newest job first), each with its number of applications.
 *
 * The filters touch only `applications` and `jobs` (the search and the rating through id lists), so the
 * counts and the page's ids come from those two tables; the cards are then read for the page's ids alone.
 */
export async function listApplicants(db: Db, companyId: number, filters: ApplicantFilters, viewerId: number): Promise<ApplicantList> {
  const where: SQL[] = [eq(jobs.companyId, companyId)];
  if (filters.job !== undefined) where.push(eq(applications.jobId, filters.job));
  if (filters.stage !== undefined) {
    const ref = parseColumnKey(filters.stage);
    if (!ref) throw new AppError('E_VALIDATION', `Invalid input. stage: ${HIRING_MESSAGES.notOurStage}`, { stage: [HIRING_MESSAGES.notOurStage] });
    where.push(eq(applications.stage, ref.stage));
    if (ref.stage === 'custom') where.push(eq(applications.stageId, ref.stageId!));
  }
  if (filters.rating !== undefined) where.push(ratingCondition(companyId, filters.job, filters.rating));
  if (filters.search !== undefined) where.push(searchCondition(filters.search));
  const condition = and(...where)!;

  const countsQuery = db
    .select({ stage: applications.stage, stageId: applications.stageId, n: count() })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(condition)
    .groupBy(applications.stage, applications.stageId);
  const pageQuery = db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(companyStages, eq(companyStages.id, applications.stageId))
    .where(condition)
    .orderBy(stageRank, asc(companyStages.position), asc(companyStages.id), desc(applications.createdAt), desc(applications.id))
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
  const jobsQuery = db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status, applications: count() })
    .from(jobs)
    .innerJoin(applications, eq(applications.jobId, jobs.id))
    .where(eq(jobs.companyId, companyId))
    .groupBy(jobs.id)
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  const [countRows, pageRows, stages, jobRows] = await Promise.all([countsQuery, pageQuery, companyStagesOf(db, companyId), jobsQuery]);
  const cards = await cardsByIds(
    db,
    companyId,
    pageRows.map((r) => r.id),
    viewerId,
  );

  const counts: Record<string, number> = Object.fromEntries(boardColumns(stages).map((c) => [c.key, 0]));
  let total = 0;
  for (const row of countRows) {
    const key = columnKey({ stage: row.stage, stageId: row.stage === 'custom' ? row.stageId : null });
    counts[key] = (counts[key] ?? 0) + row.n;
    total += row.n;
  }
  return {
    applicants: cards,
    page: { total, page: filters.page, pageSize: filters.pageSize, pages: Math.ceil(total / filters.pageSize) },
    counts,
    stages,
    jobs: jobRows,
  };
}

/** A person as history and notes name them, or null when the account is gone. */
const person = (id: number | null, first: string | null, last: string | null) => (id === null ? null : { id, fullName: fullName(first ?? '', last ?? '') });

/**
 * GET /companies/{key}/applicants/{id}: the card with the candidate's profile, note, answers, CV link,
 * every member's rating (highest first), the internal notes (oldest first, as a thread) and the history
 * (oldest first). Null when the application is not the company's.
 */
export async function getApplicantDetail(db: Db, companyId: number, id: number, viewerId: number): Promise<ApplicantDetail | null> {
  const card = await getCard(db, companyId, id, viewerId);
  if (!card) return null;
  const [profileRows, ratingRows, noteRows, eventRows] = await Promise.all([
    db
      .select({
        email: users.email,
        linkedinUrl: applicantProfiles.linkedinUrl,
        categories: applicantProfiles.categories,
        preferredCountryCode: applicantProfiles.preferredCountryCode,
        message: applications.message,
        answers: applications.answers,
        surface: applications.surface,
        cvPath: storedFiles.path,
        cvFileName: storedFiles.fileName,
        cvSize: storedFiles.sizeBytes,
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.userId))
      .leftJoin(storedFiles, eq(storedFiles.path, applications.cvPath))
      .where(eq(applications.id, id)),
    db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, rating: applicationRatings.rating })
      .from(applicationRatings)
      .innerJoin(users, eq(users.id, applicationRatings.userId))
      .where(eq(applicationRatings.applicationId, id))
      .orderBy(desc(applicationRatings.rating), asc(users.firstName), asc(users.id)),
    db
      .select({ id: applicationNotes.id, body: applicationNotes.body, createdAt: applicationNotes.createdAt, authorId: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(applicationNotes)
      .leftJoin(users, eq(users.id, applicationNotes.authorId))
      .where(eq(applicationNotes.applicationId, id))
      .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id)),
    db
      .select({
        id: applicationEvents.id,
        kind: applicationEvents.kind,
        fromStage: applicationEvents.fromStage,
        toStage: applicationEvents.toStage,
        stageName: applicationEvents.stageName,
        createdAt: applicationEvents.createdAt,
        actorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(applicationEvents)
      .leftJoin(users, eq(users.id, applicationEvents.actorId))
      .where(eq(applicationEvents.applicationId, id))
      .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id)),
  ]);
  const p = profileRows[0]!;
  return {
    ...card,
    email: p.email,
    linkedinUrl: p.linkedinUrl ?? null,
    categories: p.categories ?? [],
    preferredCountryCode: p.preferredCountryCode ?? null,
    message: p.message,
    answers: p.answers ?? [],
    surface: p.surface,
    cv: p.cvPath ? { url: applicationCvUrl(id), fileName: p.cvFileName!, sizeBytes: p.cvSize! } : null,
    ratings: ratingRows.map((r) => ({ user: { id: r.userId, fullName: fullName(r.firstName, r.lastName) }, rating: r.rating })),
    notes: noteRows.map((n) => toNote(n)),
    history: eventRows.map(
      (e): ApplicationEvent => ({
        id: e.id,
        kind: e.kind as ApplicationEvent['kind'],
        fromStage: e.fromStage,
        toStage: e.toStage,
        stageName: e.stageName,
        actor: person(e.actorId, e.firstName, e.lastName),
        createdAt: e.createdAt.toISOString(),
      }),
    ),
  };
}

/** Where members read the CV sent with an application (helper B's route: members of the company, admins and the candidate). */
export const applicationCvUrl = (id: number) => `/api/applications/${id}/cv`;

function toNote(n: { id: number; body: string; createdAt: Date; authorId: number | null; firstName: string | null; lastName: string | null }): ApplicantNote {
  return { id: n.id, author: person(n.authorId, n.firstName, n.lastName), body: n.body, createdAt: n.createdAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Writes. Each runs inside the caller's transaction (`tx`), after the caller checked membership.
// ---------------------------------------------------------------------------------------------

/** What a move needs to know of a locked application, and what its rejection mail says. */
export interface LockedApplication {
  id: number;
  stage: PipelineStage;
  stageId: number | null;
  rejectionMailedAt: Date | null;
  jobId: number;
  jobTitle: string;
  candidate: { id: number; email: string; firstName: string; lastName: string };
}

/**
 * The company's applications among `ids`, locked (FOR UPDATE) until the transaction ends, so two moves
 * of one card run one after the other and the second sees the first's stage.
 */
export async function lockApplications(tx: Db, companyId: number, ids: readonly number[]): Promise<LockedApplication[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: applications.id,
      stage: applications.stage,
      stageId: applications.stageId,
      rejectionMailedAt: applications.rejectionMailedAt,
      jobId: jobs.id,
      jobTitle: jobs.title,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(and(eq(jobs.companyId, companyId), inArray(applications.id, [...ids])))
    .orderBy(asc(applications.id))
    .for('update', { of: applications });
  return rows.map((r) => ({
    id: r.id,
    stage: r.stage,
    stageId: r.stage === 'custom' ? r.stageId : null,
    rejectionMailedAt: r.rejectionMailedAt,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    candidate: { id: r.userId, email: r.email, firstName: r.firstName, lastName: r.lastName },
  }));
}

/**
 * The target of a move, checked: a custom stage must be one of the company's (400 on stageId), and
 * stageId goes with 'custom' only (400). Answers the ref and the custom stage's name.
 */
export async function resolveTarget(tx: Db, companyId: number, stage: PipelineStage, stageId: number | null | undefined): Promise<{ ref: StageRef; name: string | null }> {
  if ((stage === 'custom') !== (stageId != null)) {
    throw new AppError('E_VALIDATION', `Invalid input. stageId: ${HIRING_MESSAGES.needsStageId}`, { stageId: [HIRING_MESSAGES.needsStageId] });
  }
  if (stage !== 'custom') return { ref: { stage, stageId: null }, name: null };
  const [row] = await tx
    .select({ id: companyStages.id, name: companyStages.name })
    .from(companyStages)
    .where(and(eq(companyStages.id, stageId!), eq(companyStages.companyId, companyId)));
  if (!row) throw new AppError('E_VALIDATION', `Invalid input. stageId: ${HIRING_MESSAGES.notOurStage}`, { stageId: [HIRING_MESSAGES.notOurStage] });
  return { ref: { stage: 'custom', stageId: row.id }, name: row.name };
}

export interface MoveOptions {
  to: StageRef;
  /** The custom stage's name (the history's snapshot), when `to` is custom. */
  toName: string | null;
  actorId: number;
  /** Queue the kind rejection mail, when `to` is 'rejected' and none went before. */
  sendRejectionMail: boolean;
  now: Date;
  /** The company's stage names by id, when the caller has them (bulk moves), to name a custom source. */
  stageNames?: ReadonlyMap<number, string>;
}

/** A custom stage's name, for the history of a move out of it. */
async function stageNameOf(tx: Db, stageId: number | null): Promise<string | null> {
  if (stageId === null) return null;
  const [row] = await tx.select({ name: companyStages.name }).from(companyStages).where(eq(companyStages.id, stageId));
  return row?.name ?? null;
}

export interface MoveOutcome {
  /** The applications that moved (rejected ones never do, and a card already at the target stays). */
  moved: LockedApplication[];
  /** Those whose kind rejection mail is due now: the caller queues each in the same transaction. */
  mailed: LockedApplication[];
  /** Those refused because they are rejected (spec 4: locked) and the target is another stage. */
  locked: LockedApplication[];
}

/**
 * Moves locked applications (see lockApplications) to `to` as sdk canMove allows, set-based: one UPDATE
 * of the movable cards that also claims their rejection mail (rejection_mailed_at is set where it was
 * null), one conditional UPDATE claiming the mail of cards already rejected without one, and their
 * history in one INSERT ('moved' with the actor and the custom stage's name; 'rejection-mailed').
 * The rows are locked, so what they were is what they are, and a second request sees the first's
 * stage and mark: two requests never mail twice.
 */
export async function moveApplications(tx: Db, apps: readonly LockedApplication[], options: MoveOptions): Promise<MoveOutcome> {
  const { to, now, actorId } = options;
  const wantsMail = options.sendRejectionMail && to.stage === 'rejected';
  const moved = apps.filter((app) => canMove(app, to));
  const locked = apps.filter((app) => app.stage === 'rejected' && to.stage !== 'rejected');
  const mailedIds = new Set<number>();

  if (moved.length) {
    const claim = wantsMail ? { rejectionMailedAt: sql`coalesce(${applications.rejectionMailedAt}, ${now})` } : {};
    const updated = await tx
      .update(applications)
      .set({ stage: to.stage, stageId: to.stageId, updatedAt: now, lastActivityAt: now, ...claim })
      .where(and(inArray(applications.id, moved.map((a) => a.id)), sql`${applications.stage} <> 'rejected'`))
      .returning({ id: applications.id });
    if (updated.length !== moved.length) throw new AppError('E_CONFLICT', HIRING_MESSAGES.changed);
    if (wantsMail) for (const app of moved) if (app.rejectionMailedAt === null) mailedIds.add(app.id);
  }
  // Already rejected without the mail: it may still go, once.
  const late = wantsMail ? apps.filter((app) => app.stage === 'rejected' && app.rejectionMailedAt === null) : [];
  if (late.length) {
    const claimed = await tx
      .update(applications)
      .set({ rejectionMailedAt: now, lastActivityAt: now })
      .where(and(inArray(applications.id, late.map((a) => a.id)), sql`${applications.rejectionMailedAt} IS NULL`))
      .returning({ id: applications.id });
    for (const row of claimed) mailedIds.add(row.id);
  }

  const sourceName = async (app: LockedApplication) =>
    app.stage === 'custom' ? (options.stageNames?.get(app.stageId!) ?? (await stageNameOf(tx, app.stageId))) : null;
  const events: (typeof applicationEvents.$inferInsert)[] = [];
  for (const app of moved) {
    const stageName = to.stage === 'custom' ? options.toName : await sourceName(app);
    events.push({ applicationId: app.id, actorId, kind: 'moved', fromStage: app.stage, toStage: to.stage, stageName, createdAt: now });
  }
  const mailed = apps.filter((app) => mailedIds.has(app.id));
  for (const app of mailed) events.push({ applicationId: app.id, actorId, kind: 'rejection-mailed', createdAt: now });
  if (events.length) await tx.insert(applicationEvents).values(events);
  return { moved, mailed, locked };
}

/** The viewer's 1–5 rating of an application (null removes it); counts as activity. */
export async function rateApplication(tx: Db, applicationId: number, userId: number, rating: number | null, now: Date): Promise<void> {
  if (rating === null) {
    await tx.delete(applicationRatings).where(and(eq(applicationRatings.applicationId, applicationId), eq(applicationRatings.userId, userId)));
  } else {
    await tx
      .insert(applicationRatings)
      .values({ applicationId, userId, rating, updatedAt: now })
      .onConflictDoUpdate({ target: [applicationRatings.applicationId, applicationRatings.userId], set: { rating, updatedAt: now } });
  }
  await tx.update(applications).set({ lastActivityAt: now }).where(eq(applications.id, applicationId));
}

/** An internal note by `authorId` on an application of the company (the caller checked it is); counts as activity. */
export async function addNote(tx: Db, applicationId: number, authorId: number, body: string, now: Date): Promise<ApplicantNote> {
  const [note] = await tx.insert(applicationNotes).values({ applicationId, authorId, body, createdAt: now }).returning({ id: applicationNotes.id });
  await tx.update(applications).set({ lastActivityAt: now }).where(eq(applications.id, applicationId));
  const [row] = await tx
    .select({ id: applicationNotes.id, body: applicationNotes.body, createdAt: applicationNotes.createdAt, authorId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.id, note!.id));
  return toNote(row!);
}

/** Whether the job is the company's (the board's job filter takes only the company's jobs). */
export async function isCompanyJob(db: Db, companyId: number, jobId: number): Promise<boolean> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  return !!row;
}

// ---------------------------------------------------------------------------------------------
// Custom stages: at most MAX_CUSTOM_STAGES per company, names unique per company (any case).
// Writes lock the company's row first, so two requests never both take the last place or one name.
// ---------------------------------------------------------------------------------------------

async function lockCompany(tx: Db, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

const duplicateName = () => new AppError('E_CONFLICT', HIRING_MESSAGES.duplicateStage, { name: [HIRING_MESSAGES.duplicateStage] });

async function assertNameFree(tx: Db, companyId: number, name: string, except?: number): Promise<void> {
  const [row] = await tx
    .select({ id: companyStages.id })
    .from(companyStages)
    .where(and(eq(companyStages.companyId, companyId), sql`lower(${companyStages.name}) = lower(${name})`, except ? sql`${companyStages.id} <> ${except}` : undefined));
  if (row) throw duplicateName();
}

/** Writes positions 0..n-1 in the order of `ids` (only rows whose position changes). */
async function renumber(tx: Db, companyId: number, ids: readonly number[]): Promise<void> {
  const current = await companyStagesOf(tx, companyId);
  const position = new Map(current.map((s) => [s.id, s.position]));
  for (const [i, id] of ids.entries()) {
    if (position.get(id) !== i) await tx.update(companyStages).set({ position: i }).where(eq(companyStages.id, id));
  }
}

/** `id` moved to `position` (clamped) among the company's stages; the others keep their order. */
async function placeStage(tx: Db, companyId: number, id: number, position: number | undefined): Promise<void> {
  const order = (await companyStagesOf(tx, companyId)).map((s) => s.id).filter((s) => s !== id);
  const at = position === undefined ? order.length : Math.min(Math.max(position, 0), order.length);
  order.splice(at, 0, id);
  await renumber(tx, companyId, order);
}

async function stageById(tx: Db, companyId: number, id: number): Promise<CompanyStage | null> {
  return (await companyStagesOf(tx, companyId)).find((s) => s.id === id) ?? null;
}

/** POST /companies/{key}/stages: a new stage, last unless `position` says where. */
export async function createStage(tx: Db, companyId: number, input: StageInput & { name: string }, max: number): Promise<CompanyStage> {
  await lockCompany(tx, companyId);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(companyStages).where(eq(companyStages.companyId, companyId));
  if (n >= max) throw new AppError('E_CONFLICT', HIRING_MESSAGES.tooManyStages(max));
  await assertNameFree(tx, companyId, input.name);
  const [row] = await withUniqueName(() =>
    tx.insert(companyStages).values({ companyId, name: input.name, color: input.color, position: n }).returning({ id: companyStages.id }),
  );
  await placeStage(tx, companyId, row!.id, input.position);
  return (await stageById(tx, companyId, row!.id))!;
}

/** PUT /companies/{key}/stages/{id}: name, colour and (with `position`) place; null when not the company's. */
export async function updateStage(tx: Db, companyId: number, id: number, input: StageInput & { name: string }): Promise<CompanyStage | null> {
  await lockCompany(tx, companyId);
  if (!(await stageById(tx, companyId, id))) return null;
  await assertNameFree(tx, companyId, input.name, id);
  await withUniqueName(() => tx.update(companyStages).set({ name: input.name, color: input.color }).where(eq(companyStages.id, id)));
  if (input.position !== undefined) await placeStage(tx, companyId, id, input.position);
  return stageById(tx, companyId, id);
}

/**
 * DELETE /companies/{key}/stages/{id}: its cards go back to 'applied' first (each with a 'moved' event
 * naming the stage, by the actor), then the stage goes and the others close the gap. Answers how many
 * cards moved, or null when the stage is not the company's.
 */
export async function deleteStage(tx: Db, companyId: number, id: number, actorId: number, now: Date): Promise<number | null> {
  await lockCompany(tx, companyId);
  const stage = await stageById(tx, companyId, id);
  if (!stage) return null;
  const moved = await tx
    .update(applications)
    .set({ stage: 'applied', stageId: null, updatedAt: now, lastActivityAt: now })
    .where(and(eq(applications.stageId, id), eq(applications.stage, 'custom')))
    .returning({ id: applications.id });
  if (moved.length) {
    await tx.insert(applicationEvents).values(
      moved.map((m) => ({ applicationId: m.id, actorId, kind: 'moved', fromStage: 'custom' as const, toStage: 'applied' as const, stageName: stage.name, createdAt: now })),
    );
  }
  await tx.delete(companyStages).where(eq(companyStages.id, id));
  await renumber(
    tx,
    companyId,
    (await companyStagesOf(tx, companyId)).map((s) => s.id),
  );
  return moved.length;
}

/** A unique_violation of the name index (a race the lock should prevent) is the same 409 as the check. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}
