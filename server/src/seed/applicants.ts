/**
 * Northwind Labs' applicant board (issue #13): twelve demo candidates (no sign-in: they have no
 * password) with talent profiles and CVs, their applications across Northwind's ACTIVE jobs in every
 * stage, founder@'s ratings and internal notes, and every application's history ('applied', each move,
 * the rejection mail), with last_activity_at at the latest of them.
 *
 * Two ACTIVE Northwind jobs (OPEN_JOB_INDEXES) ask a screening question and have no application from
 * talent@, so the browser tests can apply to them as talent@.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CategoryValue, PipelineStage } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { applicantProfiles, applicationEvents, applicationNotes, applicationRatings, applications, companyStages, jobs, storedFiles, users } from '../db/schema';
import { insertAll, insertReturningIds } from './batch';
import { createRandom } from './random';
import { daysBefore } from './time';

/** The seed of the CV paths' random part. */
const CANDIDATES_SEED = 13_013;

/** Northwind's ACTIVE jobs (oldest id first) that ask a screening question and that talent@ has not applied to. */
export const OPEN_JOB_INDEXES = [4, 5] as const;
/** Their questions, in order. */
export const DEMO_SCREENING_QUESTIONS: readonly (readonly string[])[] = [
  ['Why would you like to join Northwind Labs?'],
  ['Why would you like to join Northwind Labs?', 'When could you start?'],
];

export interface DemoCandidate {
  email: string;
  firstName: string;
  lastName: string;
  headline: string;
  preferredCountryCode: string | null;
  categories: CategoryValue[];
  linkedin: string | null;
  /** Whether a CV was uploaded (the two without one applied before CVs were asked for). */
  cv: boolean;
}

/** The demo candidates: applicants without a sign-in, on Northwind's board only. */
export const DEMO_CANDIDATES: readonly DemoCandidate[] = [
  { email: 'lars.eriksen@candidates.nordlys.test', firstName: 'Lars', lastName: 'Eriksen', headline: 'Backend engineer: Go, PostgreSQL and calm on-call weeks', preferredCountryCode: 'DK', categories: ['backend'], linkedin: 'lars-eriksen-demo', cv: true },
  { email: 'maja.lindgren@candidates.nordlys.test', firstName: 'Maja', lastName: 'Lindgren', headline: 'Frontend developer who cares about accessible interfaces', preferredCountryCode: 'SE', categories: ['frontend', 'ux-ui-designer'], linkedin: 'maja-lindgren-demo', cv: true },
  { email: 'oskar.nieminen@candidates.nordlys.test', firstName: 'Oskar', lastName: 'Nieminen', headline: 'Data scientist: demand forecasting and MLOps', preferredCountryCode: 'FI', categories: ['data-science'], linkedin: null, cv: true },
  { email: 'ingrid.haugen@candidates.nordlys.test', firstName: 'Ingrid', lastName: 'Haugen', headline: 'Product manager from Nordic fintech', preferredCountryCode: 'NO', categories: ['product-management'], linkedin: 'ingrid-haugen-demo', cv: true },
  { email: 'emil.sorensen@candidates.nordlys.test', firstName: 'Emil', lastName: 'Sørensen', headline: 'DevOps engineer: Kubernetes, Terraform and cost control', preferredCountryCode: 'DK', categories: ['devops'], linkedin: 'emil-sorensen-demo', cv: true },
  { email: 'freja.johansson@candidates.nordlys.test', firstName: 'Freja', lastName: 'Johansson', headline: 'UX/UI designer building design systems', preferredCountryCode: 'SE', categories: ['ux-ui-designer', 'design'], linkedin: 'freja-johansson-demo', cv: true },
  { email: 'priya.raman@candidates.nordlys.test', firstName: 'Priya', lastName: 'Raman', headline: 'Full-stack developer moving to Copenhagen', preferredCountryCode: 'DK', categories: ['fullstack'], linkedin: 'priya-raman-demo', cv: true },
  { email: 'jonas.virtanen@candidates.nordlys.test', firstName: 'Jonas', lastName: 'Virtanen', headline: 'B2B SaaS sales lead for the Nordics', preferredCountryCode: 'FI', categories: ['sales', 'business-development'], linkedin: 'jonas-virtanen-demo', cv: true },
  { email: 'sara.olafsdottir@candidates.nordlys.test', firstName: 'Sara', lastName: 'Ólafsdóttir', headline: 'Backend developer: Kotlin and event sourcing', preferredCountryCode: 'IS', categories: ['backend'], linkedin: null, cv: true },
  { email: 'mateo.garcia@candidates.nordlys.test', firstName: 'Mateo', lastName: 'García', headline: 'Mobile and frontend engineer', preferredCountryCode: null, categories: ['mobile', 'frontend'], linkedin: 'mateo-garcia-demo', cv: false },
  { email: 'hanna.berg@candidates.nordlys.test', firstName: 'Hanna', lastName: 'Berg', headline: 'Junior data analyst with a taste for SQL', preferredCountryCode: 'SE', categories: ['analyst', 'data-science'], linkedin: null, cv: false },
  { email: 'tobias.lund@candidates.nordlys.test', firstName: 'Tobias', lastName: 'Lund', headline: 'Engineering manager for platform teams', preferredCountryCode: 'DK', categories: ['backend', 'cxo'], linkedin: 'tobias-lund-demo', cv: true },
];

/** Where a demo card goes: the fixed stages, or Northwind's two custom stages. */
type DemoStage = Exclude<PipelineStage, 'custom'> | 'First interview' | 'Take-home task';

interface DemoApplication {
  /** Index into Northwind's ACTIVE jobs. */
  job: number;
  /** Index into DEMO_CANDIDATES. */
  who: number;
  appliedDaysAgo: number;
  /** The moves after applying, oldest first: [stage, days ago]. The last one is where the card is. */
  moves?: readonly (readonly [DemoStage, number])[];
  /** founder@'s rating. */
  rating?: number;
  /** founder@'s notes: [text, days ago]. */
  notes?: readonly (readonly [string, number])[];
  message?: string;
  surface?: string;
  /** The kind rejection mail went with the (last) move to 'rejected'. */
  mailed?: boolean;
}

const WHY = [
  'Your mission to cut factory waste is the kind of problem I want to spend my days on.',
  'I have followed Northwind since your seed round and I love how you ship.',
  'A small team with real customers in heavy industry: that is where I learn most.',
  'I want my work to lower emissions, and your product does that every day.',
  'Friends at Northwind speak warmly of the team and the way you plan.',
];

const APPLICATIONS: readonly DemoApplication[] = [
  { job: 0, who: 0, appliedDaysAgo: 14, moves: [['First interview', 9]], rating: 4, notes: [['Strong on databases; asked good questions about our ingestion pipeline.', 8]], message: 'I have run Go services at scale for six years and would love to help with your data platform.' },
  { job: 0, who: 6, appliedDaysAgo: 2, surface: 'widget', message: 'Relocating to Copenhagen in the spring, and excited about climate tech.' },
  { job: 0, who: 11, appliedDaysAgo: 20, moves: [['First interview', 16], ['Take-home task', 10]], rating: 5, notes: [['Great first interview. Sent the task on Monday.', 10], ['Task is in: clear code and a good write-up.', 4]] },
  { job: 0, who: 4, appliedDaysAgo: 26, moves: [['toreject', 20], ['rejected', 18]], rating: 2, mailed: true, notes: [['We went on with candidates with more on-call experience in production.', 20]] },
  { job: 1, who: 1, appliedDaysAgo: 11, moves: [['First interview', 6]], rating: 4, surface: 'careers', message: 'Accessibility is my favourite part of frontend work: I would love to bring it to your dashboards.' },
  { job: 1, who: 9, appliedDaysAgo: 5 },
  { job: 1, who: 5, appliedDaysAgo: 9, moves: [['toreject', 3]], rating: 3, notes: [['Lovely portfolio, but we need more frontend engineering than design here. Maybe for the design role later?', 3]] },
  { job: 2, who: 3, appliedDaysAgo: 18, moves: [['First interview', 13], ['Take-home task', 7]], rating: 5, notes: [['Knows B2B product discovery very well.', 12]], message: 'I led two product teams in Oslo and would love to build for industry.' },
  { job: 2, who: 10, appliedDaysAgo: 4, surface: 'widget' },
  { job: 3, who: 2, appliedDaysAgo: 8, moves: [['First interview', 2]], rating: 4, message: 'Forecasting energy use is exactly what I did in my thesis.' },
  { job: 3, who: 10, appliedDaysAgo: 22, moves: [['rejected', 15]] },
  { job: OPEN_JOB_INDEXES[0], who: 7, appliedDaysAgo: 3, surface: 'careers' },
  { job: OPEN_JOB_INDEXES[0], who: 8, appliedDaysAgo: 10, moves: [['First interview', 5]], rating: 3, notes: [['Good backend depth; check her notice period.', 5]] },
  { job: OPEN_JOB_INDEXES[0], who: 6, appliedDaysAgo: 1 },
  { job: OPEN_JOB_INDEXES[1], who: 5, appliedDaysAgo: 6, message: 'Design systems are my thing, and your product deserves one.' },
  { job: OPEN_JOB_INDEXES[1], who: 11, appliedDaysAgo: 12, moves: [['toreject', 4]], rating: 2 },
  { job: 6, who: 4, appliedDaysAgo: 40, moves: [['First interview', 35], ['Take-home task', 30], ['hired', 24]], rating: 5, notes: [['Offer accepted! Starts on the first of next month.', 24]] },
  { job: 6, who: 8, appliedDaysAgo: 7, surface: 'widget' },
  { job: 6, who: 0, appliedDaysAgo: 15, moves: [['Take-home task', 8]], rating: 4 },
];

/** A one-page PDF (standard font, Latin-1 text) with the candidate's name, headline and a few lines. */
export function demoCvPdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`);
  const text = ['BT', '/F1 20 Tf', '72 760 Td', `(${escape(lines[0] ?? '')}) Tj`, '/F1 12 Tf', ...lines.slice(1).flatMap((l) => ['0 -24 Td', `(${escape(l)}) Tj`]), 'ET'].join('\n');
  const stream = Buffer.from(text, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    if (body === null) {
      push(Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'));
      push(stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
    }
  });
  const xref = length;
  const table = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  push(Buffer.from(`${table}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

export interface ApplicantLinks {
  northwindId: number;
  /** Northwind's ACTIVE jobs, oldest id first. */
  northwindJobIds: readonly number[];
  /** founder@, who rated, noted and moved. */
  founderId: number;
  now: Date;
}

function jobAt(ids: readonly number[], i: number): number {
  const id = ids[i];
  if (id === undefined) throw new Error(`Not enough Northwind jobs for the demo applicants (need index ${i})`);
  return id;
}

/**
 * Seeds the candidates, their applications, ratings, notes and history, and the history of the
 * applications seeded before (talent@'s and multi@'s: 'applied', then one move to where they are).
 * Runs after seedActivity, which creates Northwind's custom stages.
 */
export async function seedApplicants(db: Db, links: ApplicantLinks): Promise<void> {
  const { now, founderId } = links;
  const random = createRandom(CANDIDATES_SEED);
  const stageRows = await db.select({ id: companyStages.id, name: companyStages.name }).from(companyStages).where(eq(companyStages.companyId, links.northwindId));
  const stageId = (name: string) => {
    const row = stageRows.find((s) => s.name === name);
    if (!row) throw new Error(`Northwind has no stage named ${name}`);
    return row.id;
  };
  const refOf = (stage: DemoStage): { stage: PipelineStage; stageId: number | null; name: string | null } =>
    stage === 'First interview' || stage === 'Take-home task' ? { stage: 'custom', stageId: stageId(stage), name: stage } : { stage, stageId: null, name: null };

  // The open jobs ask their screening questions.
  const questions = OPEN_JOB_INDEXES.map((i, n) => ({ id: jobAt(links.northwindJobIds, i), questions: DEMO_SCREENING_QUESTIONS[n]! }));
  for (const q of questions) await db.update(jobs).set({ screeningQuestions: [...q.questions] }).where(eq(jobs.id, q.id));

  const userIds = await insertReturningIds(
    db,
    users,
    DEMO_CANDIDATES.map((c, i) => ({
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      passwordHash: null,
      isEmailVerified: true,
      createdAt: daysBefore(now, 60 + i),
      updatedAt: daysBefore(now, 30),
    })),
  );
  const cvPaths = DEMO_CANDIDATES.map((c) => (c.cv ? `cv/demo-${Array.from({ length: 24 }, () => random.int(0, 35).toString(36)).join('')}.pdf` : null));
  await insertAll(
    db,
    storedFiles,
    DEMO_CANDIDATES.flatMap((c, i) => {
      const path = cvPaths[i];
      if (!path) return [];
      const bytes = demoCvPdf([`${c.firstName} ${c.lastName}`, c.headline, c.email, 'Demo CV: the candidate is fictional.']);
      return [
        {
          path,
          ownerUserId: userIds[i]!,
          kind: 'cv',
          fileName: `${c.firstName} ${c.lastName} CV.pdf`,
          contentType: 'application/pdf',
          sizeBytes: bytes.length,
          etag: createHash('sha256').update(bytes).digest('hex'),
          bytes,
          createdAt: daysBefore(now, 50),
        },
      ];
    }),
  );
  await insertAll(
    db,
    applicantProfiles,
    DEMO_CANDIDATES.map((c, i) => ({
      userId: userIds[i]!,
      enabled: true,
      headline: c.headline,
      preferredCountryCode: c.preferredCountryCode,
      categories: c.categories,
      linkedinUrl: c.linkedin ? `https://www.linkedin.com/in/${c.linkedin}` : null,
      cvPath: cvPaths[i],
      discoverable: i % 3 !== 2,
      createdAt: daysBefore(now, 60 + i),
      updatedAt: daysBefore(now, 30),
    })),
  );

  const questionsOf = new Map(questions.map((q) => [q.id, q.questions]));
  const planned = APPLICATIONS.map((a, i) => {
    const jobId = jobAt(links.northwindJobIds, a.job);
    const createdAt = daysBefore(now, a.appliedDaysAgo);
    const moves = (a.moves ?? []).map(([stage, ago]) => ({ ...refOf(stage), at: daysBefore(now, ago) }));
    const last = moves.at(-1);
    const notes = (a.notes ?? []).map(([body, ago]) => ({ body, at: daysBefore(now, ago) }));
    const ratedAt = a.rating ? (last?.at ?? createdAt) : null;
    const activity = [createdAt, ...moves.map((m) => m.at), ...notes.map((n) => n.at), ...(ratedAt ? [ratedAt] : [])];
    const answers = (questionsOf.get(jobId) ?? []).map((question, n) => ({ question, answer: n === 0 ? WHY[i % WHY.length]! : 'After one month of notice.' }));
    return {
      a,
      moves,
      notes,
      ratedAt,
      row: {
        jobId,
        userId: userIds[a.who]!,
        stage: last?.stage ?? 'applied',
        stageId: last?.stageId ?? null,
        message: a.message ?? null,
        answers,
        cvPath: cvPaths[a.who] ?? null,
        surface: a.surface ?? 'site',
        rejectionMailedAt: a.mailed ? (last?.at ?? null) : null,
        createdAt,
        updatedAt: last?.at ?? createdAt,
        lastActivityAt: new Date(Math.max(...activity.map((d) => d.getTime()))),
      } satisfies typeof applications.$inferInsert,
    };
  });
  const applicationIds = await insertReturningIds(db, applications, planned.map((p) => p.row));

  const events: (typeof applicationEvents.$inferInsert)[] = [];
  const notes: (typeof applicationNotes.$inferInsert)[] = [];
  const ratings: (typeof applicationRatings.$inferInsert)[] = [];
  planned.forEach((p, i) => {
    const applicationId = applicationIds[i]!;
    events.push({ applicationId, actorId: null, kind: 'applied', fromStage: null, toStage: 'applied', createdAt: p.row.createdAt });
    let from: { stage: PipelineStage; name: string | null } = { stage: 'applied', name: null };
    for (const m of p.moves) {
      events.push({ applicationId, actorId: founderId, kind: 'moved', fromStage: from.stage, toStage: m.stage, stageName: m.name ?? from.name, createdAt: m.at });
      from = { stage: m.stage, name: m.name };
    }
    if (p.a.mailed) events.push({ applicationId, actorId: founderId, kind: 'rejection-mailed', createdAt: p.row.rejectionMailedAt! });
    for (const n of p.notes) notes.push({ applicationId, authorId: founderId, body: n.body, createdAt: n.at });
    if (p.a.rating && p.ratedAt) ratings.push({ applicationId, userId: founderId, rating: p.a.rating, updatedAt: p.ratedAt });
  });

  // The applications seeded before (talent@'s and multi@'s) get their history too: applied, then one move.
  const earlier = await db
    .select({ id: applications.id, stage: applications.stage, stageId: applications.stageId, createdAt: applications.createdAt, updatedAt: applications.updatedAt })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(jobs.companyId, links.northwindId), inArray(applications.userId, await earlierApplicants(db, userIds))))
    .orderBy(asc(applications.id));
  for (const e of earlier) {
    events.push({ applicationId: e.id, actorId: null, kind: 'applied', fromStage: null, toStage: 'applied', createdAt: e.createdAt });
    if (e.stage !== 'applied') {
      const name = e.stage === 'custom' ? (stageRows.find((s) => s.id === e.stageId)?.name ?? null) : null;
      events.push({ applicationId: e.id, actorId: founderId, kind: 'moved', fromStage: 'applied', toStage: e.stage, stageName: name, createdAt: e.updatedAt });
    }
    await db.update(applications).set({ lastActivityAt: e.updatedAt }).where(eq(applications.id, e.id));
  }

  await insertAll(db, applicationEvents, events);
  await insertAll(db, applicationNotes, notes);
  await insertAll(db, applicationRatings, ratings);
}

/** The users with applications other than the demo candidates (the sign-in accounts). */
async function earlierApplicants(db: Db, candidateIds: readonly number[]): Promise<number[]> {
  const rows = await db.selectDistinct({ userId: applications.userId }).from(applications);
  const candidates = new Set(candidateIds);
  return rows.map((r) => r.userId).filter((id) => !candidates.has(id));
}
