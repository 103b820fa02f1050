/**
 * The load mix of issue #17, in one place for `npm run bench:load` (scripts/bench-load.ts) and the
 * restart test under load (db/outage-load.test.ts): what a busy day sends (searches, job and startup
 * pages, the widget's data, the search feeds, sign-ins, saves, applies and pipeline moves, reads
 * dominating), the world the writes need (prepareWorld), and a ledger of every write the server
 * acknowledged (2xx), checked against the database afterwards (checkLedger).
 *
 * One autocannon instance sends the whole mix: each request's kind is drawn from a fixed deck built
 * from the weights, so the kinds' shares of requests are the weights (one instance per kind would give
 * each kind the requests its connections manage: sign-in's argon2 would take far more than its share).
 * autocannon measures latency for the instance as a whole; the mix keeps each kind's own figures from
 * the instance's `response` events (the client's pending request names the kind).
 *
 * The server must run with TRUST_PROXY=true: each request carries its own X-Forwarded-For, so the
 * per-address limits (sign-in: ACCOUNT_LIMITS.signInPerIp) see many visitors, as in production, and
 * sign-ins are spread over the prepared accounts (signInPerEmail). No limit is raised.
 */
import { createRequire } from 'node:module';
import { hash } from '@node-rs/argon2';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { WIDGET_DEFAULT_JOBS } from '@nordlys/sdk/constants';
import { hashToken, randomToken } from '../accounts/tokens';
import { SESSION_COOKIE } from '../accounts/sessions';
import type { Db } from '../db/client';
import { applicationEvents, applications, companies, jobs, jobUserFlags, sessions, storedFiles, users } from '../db/schema';
import { companyIsPublic, jobIsPublic } from '../queries/visibility';
import { demoCvPdf } from '../seed/applicants';
import { insertAll, insertReturningIds } from '../seed/batch';
import { NORTHWIND_KEY } from '../seed/companies';

/** What a widget with its default options loads for a startup (embed/src/load-jobs.ts): the first WIDGET_DEFAULT_JOBS briefs. */
export const widgetDataPath = (companyKey: string) => `/api/companies/${companyKey}/job-briefs?limit=${WIDGET_DEFAULT_JOBS}`;

export type MixKind = 'search' | 'job page' | 'startup page' | 'widget data' | 'feed' | 'sign-in' | 'save' | 'apply' | 'pipeline move';

export interface MixEntry {
  kind: MixKind;
  /** Requests of this kind per 1,000 of the mix. */
  weight: number;
  /** Reads have the p99 target; writes go to the ledger. */
  read: boolean;
}

/**
 * The mix: 94 % reads. Visitors search and open pages far more often than anyone writes; among writes,
 * saving a job is commoner than applying, and a startup moves each applicant a few times.
 */
export const LOAD_MIX: readonly MixEntry[] = [
  { kind: 'search', weight: 300, read: true },
  { kind: 'job page', weight: 250, read: true },
  { kind: 'startup page', weight: 100, read: true },
  { kind: 'widget data', weight: 200, read: true },
  { kind: 'feed', weight: 90, read: true },
  { kind: 'sign-in', weight: 10, read: false },
  { kind: 'save', weight: 25, read: false },
  { kind: 'apply', weight: 10, read: false },
  { kind: 'pipeline move', weight: 15, read: false },
];

/** The password of every prepared account (hashed once: argon2 is slow on purpose). */
export const LOAD_PASSWORD = 'Nordlys-load-17!';

/** What a browser sends: `node` is a bot to the view counter, and a browser takes brotli. */
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/** Typical searches of /jobs (the same filters the feeds take). */
const SEARCHES = [
  '',
  'search=engineer',
  'search=developer&countryCode=DK',
  'search=designer',
  'search=product%20manager',
  'search=data&countryCode=SE',
  'countryCode=FI',
  'countryCode=NO&page=2',
  'categories=backend',
  'categories=frontend&positionTypes=FULL_TIME',
  'isRemote=true',
  'search=sales&sort=newest',
  'page=3',
  'search=engineer&page=2',
  'city=Copenhagen',
  'search=marketing',
];
const FEEDS = ['rss', 'atom', 'json'];

export interface LoadUser {
  id: number;
  email: string;
  /** `nordlys_session=…` of the user's prepared session. */
  cookie: string;
  /** The user's own CV (stored_files), which an application names. */
  cvPath: string;
}

/** What the mix reads and writes: ids and keys found or made by prepareWorld. */
export interface LoadWorld {
  /** Public jobs: job pages and saves. */
  jobIds: number[];
  /** Public startups: their pages and the widget's data. */
  companyKeys: string[];
  users: LoadUser[];
  /** Public jobs that take applications on Nordlys without screening questions, none of the member's startup. */
  applyJobIds: number[];
  /** A member of the startup whose applicants are moved. */
  member: { cookie: string; companyKey: string };
  /** Applications to that startup, each in 'applied' at the start. */
  applicationIds: number[];
  /**
   * Where the writes are, kept across runs (a warm-up, then the measured run): the next sign-in, save
   * and apply, and the applications free to move with the stage each is in. An application being
   * moved is not free; one whose move had an unclear answer (a 503 may have committed) never returns,
   * so each move's target stays the stage the application is not in.
   */
  cursor: { signIns: number; saves: number; applies: number; freeApplications: { id: number; stage: MoveStage }[] };
}

export interface WorldOptions {
  /** Accounts to create, each with a session and a CV (default 10,000). */
  users?: number;
  /** Applications to the member's startup to move about (default 2,000, at most one per account). */
  applications?: number;
  now?: Date;
}

/** The prepared accounts' e-mails, on a domain no demo account uses. */
const emailOf = (i: number) => `load-${i}@load.nordlys.test`;

/**
 * Creates what the writes need, with direct inserts (fast: one password hash for every account):
 * accounts with a session and a CV each, a session for founder@ (a member of Northwind Labs), and
 * applications to Northwind's public jobs to move. Reads the public jobs and startups the reads use.
 */
export async function prepareWorld(db: Db, { users: userCount = 10_000, applications: applicationCount = 2_000, now = new Date() }: WorldOptions = {}): Promise<LoadWorld> {
  const passwordHash = await hash(LOAD_PASSWORD);
  const userIds = await insertReturningIds(
    db,
    users,
    Array.from({ length: userCount }, (_, i) => ({ firstName: 'Load', lastName: `Tester ${i}`, email: emailOf(i), passwordHash, isEmailVerified: true })),
  );
  const tokens = userIds.map(() => randomToken());
  const expiresAt = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
  await insertAll(
    db,
    sessions,
    userIds.map((userId, i) => ({ id: hashToken(tokens[i]!), userId, createdAt: now, lastSeenAt: now, expiresAt })),
  );
  const cv = demoCvPdf(['Load Tester', 'A CV for the load test']);
  const cvPaths = userIds.map(() => `cv/load-${randomToken().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 24)}.pdf`);
  await insertAll(
    db,
    storedFiles,
    userIds.map((userId, i) => ({ path: cvPaths[i]!, ownerUserId: userId, kind: 'cv', fileName: 'Load Tester CV.pdf', contentType: 'application/pdf', sizeBytes: cv.length, etag: `load-${i}`, bytes: cv, createdAt: now })),
    200,
  );
  const loadUsers = userIds.map((id, i) => ({ id, email: emailOf(i), cookie: `${SESSION_COOKIE}=${tokens[i]}`, cvPath: cvPaths[i]! }));

  const [founder] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'founder@nordlys.test'));
  const [northwind] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, NORTHWIND_KEY));
  if (!founder || !northwind) throw new Error('prepareWorld needs the demo data (founder@ and Northwind Labs): seed it first');
  const memberToken = randomToken();
  await db.insert(sessions).values({ id: hashToken(memberToken), userId: founder.id, createdAt: now, lastSeenAt: now, expiresAt });

  // Jobs that stay public for the whole run: an expiry a day away at least.
  const later = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const publicJobs = and(jobIsPublic(later), companyIsPublic());
  const jobRows = await db.select({ id: jobs.id }).from(jobs).innerJoin(companies, eq(companies.id, jobs.companyId)).where(publicJobs).orderBy(asc(jobs.id)).limit(5_000);
  const applyRows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(publicJobs, eq(jobs.applyMethod, 'nordlys'), sql`cardinality(${jobs.screeningQuestions}) = 0`, ne(jobs.companyId, northwind.id)))
    .orderBy(asc(jobs.id))
    .limit(500);
  const northwindJobs = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(publicJobs, eq(jobs.companyId, northwind.id)))
    .orderBy(asc(jobs.id));
  const companyRows = await db.select({ key: companies.key }).from(companies).where(companyIsPublic()).orderBy(asc(companies.id));
  if (!jobRows.length || !applyRows.length || !northwindJobs.length || !companyRows.length) throw new Error('prepareWorld found no public jobs or startups');

  // One application per prepared account (the unique index is per job and user), all in 'applied'.
  const applicationIds = await insertReturningIds(
    db,
    applications,
    loadUsers.slice(0, Math.min(applicationCount, loadUsers.length)).map((user, i) => ({
      jobId: northwindJobs[i % northwindJobs.length]!.id,
      userId: user.id,
      stage: 'applied' as const,
      cvPath: user.cvPath,
      answers: [],
      surface: 'site',
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    })),
  );
  return {
    jobIds: jobRows.map((r) => r.id),
    companyKeys: companyRows.map((r) => r.key),
    users: loadUsers,
    applyJobIds: applyRows.map((r) => r.id),
    member: { cookie: `${SESSION_COOKIE}=${memberToken}`, companyKey: NORTHWIND_KEY },
    applicationIds,
    cursor: { signIns: 0, saves: 0, applies: 0, freeApplications: applicationIds.map((id) => ({ id, stage: 'applied' })) },
  };
}

/** Every write the server acknowledged (2xx), with what must be in the database for it. */
export interface WriteLedger {
  signIns: { userId: number; sessionId: string }[];
  saves: { userId: number; jobId: number }[];
  applies: { userId: number; jobId: number; applicationId: number }[];
  moves: { applicationId: number; stage: MoveStage }[];
  /** Writes answered otherwise (or never): not acknowledged, so nothing is owed. */
  refused: number;
}

type MoveStage = 'applied' | 'toreject';

export function createLedger(): WriteLedger {
  return { signIns: [], saves: [], applies: [], moves: [], refused: 0 };
}

export const acknowledgedWrites = (ledger: WriteLedger) => ledger.signIns.length + ledger.saves.length + ledger.applies.length + ledger.moves.length;

export interface LostWrite {
  kind: MixKind;
  detail: string;
}

/**
 * Checks each acknowledged write against the database: the session a sign-in made, the saved mark,
 * the application, and for moves as many 'moved' events to each stage as moves were acknowledged
 * (an application moves one request at a time, always to the other stage, so each acknowledged move
 * wrote one event). Returns the writes that are missing.
 */
export async function checkLedger(db: Db, ledger: WriteLedger): Promise<LostWrite[]> {
  const lost: LostWrite[] = [];
  const chunks = <T>(items: readonly T[], size = 1_000) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

  const storedSessions = new Set<string>();
  for (const part of chunks(ledger.signIns)) {
    const rows = await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, part.map((s) => s.sessionId)));
    for (const row of rows) storedSessions.add(row.id);
  }
  for (const s of ledger.signIns) if (!storedSessions.has(s.sessionId)) lost.push({ kind: 'sign-in', detail: `session of user ${s.userId}` });

  const pair = (userId: number, jobId: number) => `${userId}:${jobId}`;
  const saved = new Set<string>();
  for (const part of chunks([...new Set(ledger.saves.map((s) => s.userId))])) {
    const rows = await db.select({ userId: jobUserFlags.userId, jobId: jobUserFlags.jobId }).from(jobUserFlags).where(and(inArray(jobUserFlags.userId, part), eq(jobUserFlags.saved, true)));
    for (const row of rows) saved.add(pair(row.userId, row.jobId));
  }
  for (const s of ledger.saves) if (!saved.has(pair(s.userId, s.jobId))) lost.push({ kind: 'save', detail: `job ${s.jobId} saved by user ${s.userId}` });

  const applied = new Map<number, string>();
  for (const part of chunks(ledger.applies.map((a) => a.applicationId))) {
    const rows = await db.select({ id: applications.id, userId: applications.userId, jobId: applications.jobId }).from(applications).where(inArray(applications.id, part));
    for (const row of rows) applied.set(row.id, pair(row.userId, row.jobId));
  }
  for (const a of ledger.applies) {
    if (applied.get(a.applicationId) !== pair(a.userId, a.jobId)) lost.push({ kind: 'apply', detail: `application ${a.applicationId} of user ${a.userId} to job ${a.jobId}` });
  }

  const owed = new Map<string, number>();
  for (const m of ledger.moves) owed.set(`${m.applicationId}:${m.stage}`, (owed.get(`${m.applicationId}:${m.stage}`) ?? 0) + 1);
  const events = new Map<string, number>();
  for (const part of chunks([...new Set(ledger.moves.map((m) => m.applicationId))])) {
    const rows = await db
      .select({ applicationId: applicationEvents.applicationId, stage: applicationEvents.toStage, n: sql<number>`count(*)::int` })
      .from(applicationEvents)
      .where(and(inArray(applicationEvents.applicationId, part), eq(applicationEvents.kind, 'moved')))
      .groupBy(applicationEvents.applicationId, applicationEvents.toStage);
    for (const row of rows) events.set(`${row.applicationId}:${row.stage}`, row.n);
  }
  for (const [key, n] of owed) {
    const found = events.get(key) ?? 0;
    if (found < n) lost.push({ kind: 'pipeline move', detail: `application ${key.replace(':', ' to ')}: ${n} moves acknowledged, ${found} stored` });
  }
  return lost;
}

/** One answer the mix received. */
export interface MixAnswer {
  kind: MixKind;
  status: number;
  retryAfter: string | null;
  /** performance.now() when the request was made, and when its answer arrived. */
  sentAt: number;
  answeredAt: number;
}

export interface KindFigures {
  kind: MixKind;
  read: boolean;
  /** Answers received. */
  answered: number;
  /** Answers per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx, by status. */
  non2xx: number;
  statuses: Record<string, number>;
  /** Requests never answered (a timeout or a connection error), the ones in flight when the run stopped excepted. */
  errors: number;
}

export interface MixResult {
  kinds: KindFigures[];
  seconds: number;
  /** autocannon's own totals for the run. */
  total: { rps: number; errors: number; timeouts: number; non2xx: number };
}

export interface MixOptions {
  base: string;
  world: LoadWorld;
  ledger: WriteLedger;
  connections: number;
  /** Seconds; the run also ends on stop(). */
  duration: number;
  /** Seconds autocannon waits for an answer before counting a timeout (default 10). */
  timeout?: number;
  /** Called with every answer as it arrives. */
  onAnswer?: (answer: MixAnswer) => void;
  /** Another mix than LOAD_MIX (a diagnosis: the reads alone, say); its kinds are LOAD_MIX's. */
  mix?: readonly MixEntry[];
}

export interface MixRun {
  /** Ends the run early. */
  stop(): void;
  result: Promise<MixResult>;
}

interface Pending {
  kind: MixKind;
  sentAt: number;
  answered: boolean;
  /** What a 2xx answer records in the ledger (the parsed answer and its headers). */
  acknowledge?: (body: string, headers: Record<string, string | string[]>) => void;
  /** A write whose answer is not a 2xx, or that never comes. */
  settleRefused?: () => void;
}

interface CannonClient {
  requestIterator: { context: { pending?: Pending } };
}
interface CannonInstance {
  on(event: 'response', listener: (client: CannonClient, status: number, bytes: number, ms: number) => void): void;
  stop(): void;
}
interface CannonResult {
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface CannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
// autocannon ships no types: the few parts used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    requests: { setupRequest(request: CannonRequest, context: { pending?: Pending }): CannonRequest; onResponse(status: number, body: string, context: { pending?: Pending }, headers: Record<string, string | string[]>): void }[];
    setupClient(client: CannonClient): void;
  },
  done: (error: Error | null, result: CannonResult) => void,
) => CannonInstance;

/** A deck of 1,000 kinds in the weights' proportions, shuffled the same way every run. */
function deckOf(mix: readonly MixEntry[]): MixKind[] {
  const deck = mix.flatMap((entry) => Array.from({ length: entry.weight }, () => entry.kind));
  let seed = 17;
  for (let i = deck.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

const header = (headers: Record<string, string | string[]>, name: string): string | null => {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(', ') : value;
  return null;
};

const percentile = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

/**
 * Runs the mix against `base` with autocannon: `connections` keep-alive connections for `duration`
 * seconds (or until stop()), each request's kind from the deck. Acknowledged writes go to the ledger.
 */
export function runMix({ base, world, ledger, connections, duration, timeout = 10, onAnswer, mix = LOAD_MIX }: MixOptions): MixRun {
  const deck = deckOf(mix);
  let serial = 0;
  const { cursor } = world;
  const freeApplications = cursor.freeApplications;
  const latencies = new Map<MixKind, number[]>(LOAD_MIX.map((e) => [e.kind, []]));
  const statuses = new Map<MixKind, Record<string, number>>(LOAD_MIX.map((e) => [e.kind, {}]));
  const made: Pending[] = [];
  const clients: CannonClient[] = [];
  const pick = <T>(items: readonly T[], n: number) => items[n % items.length]!;
  /**
   * Pages are not visited evenly: a few jobs and startups (new, boosted, shared) get most views and
   * the rest a long tail. The rank is log-uniform (Zipf's law with s = 1): P(rank < r) = ln r / ln N,
   * so of 5,000 jobs the first 50 get about half the views.
   */
  const popular = <T>(items: readonly T[], n: number) => {
    const u = (Math.imul(n + 1, 2_654_435_761) >>> 0) / 2 ** 32;
    return items[Math.min(items.length - 1, Math.floor(items.length ** u) - 1)]!;
  };
  // A visitor's address: 5,000 of them, so the view counter and the caches see many visitors.
  const visitor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

  const build = (n: number): { request: Omit<CannonRequest, 'headers'> & { headers?: Record<string, string> }; pending: Pending } => {
    let kind = deck[n % deck.length]!;
    // No application free to move (all in flight, or set aside after an unclear answer): a search instead.
    if (kind === 'pipeline move' && freeApplications.length === 0) kind = 'search';
    const pending: Pending = { kind, sentAt: 0, answered: false };
    const ip = visitor(n % 5_000);
    switch (kind) {
      case 'search':
        return { request: { method: 'GET', path: `/api/v2/jobs?${pick(SEARCHES, n * 7)}`, headers: { 'x-forwarded-for': ip } }, pending };
      case 'job page':
        return { request: { method: 'GET', path: `/jobs/${popular(world.jobIds, n)}`, headers: { 'x-forwarded-for': ip } }, pending };
      case 'startup page':
        return { request: { method: 'GET', path: `/startups/${popular(world.companyKeys, n)}`, headers: { 'x-forwarded-for': ip } }, pending };
      case 'widget data':
        // What the widget loads with its default options (embed/src/load-jobs.ts). Most widget traffic is
        // one busy startup's page: Northwind's, else any public startup's.
        return { request: { method: 'GET', path: widgetDataPath(n % 4 ? NORTHWIND_KEY : pick(world.companyKeys, n)), headers: { 'x-forwarded-for': ip } }, pending };
      case 'feed': {
        const search = pick(SEARCHES.filter((s) => !s.includes('page=') && !s.includes('sort=')), n * 3);
        return { request: { method: 'GET', path: `/jobs/feed.${pick(FEEDS, n)}${search ? `?${search}` : ''}`, headers: { 'x-forwarded-for': ip } }, pending };
      }
      case 'sign-in': {
        const k = cursor.signIns++;
        const user = pick(world.users, k * 7_919);
        // Each sign-in from its own address: the per-address limit counts failures, and a run has none.
        const from = `100.64.${(k >> 8) & 255}.${k & 255}`;
        pending.acknowledge = (_body, headers) => {
          const cookie = header(headers, 'set-cookie')?.match(new RegExp(`${SESSION_COOKIE}=([^;,]+)`))?.[1];
          if (cookie) ledger.signIns.push({ userId: user.id, sessionId: hashToken(cookie) });
        };
        return {
          request: { method: 'POST', path: '/api/users/sign-in', headers: { 'x-forwarded-for': from, 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: LOAD_PASSWORD }) },
          pending,
        };
      }
      case 'save': {
        const k = cursor.saves++;
        const user = pick(world.users, k);
        const jobId = pick(world.jobIds, k * 31 + Math.floor(k / world.users.length));
        pending.acknowledge = () => ledger.saves.push({ userId: user.id, jobId });
        return { request: { method: 'POST', path: `/api/jobs/${jobId}/save`, headers: { 'x-forwarded-for': ip, cookie: user.cookie } }, pending };
      }
      case 'apply': {
        // A pair of account and job never used before: k runs through users × jobs.
        const k = cursor.applies++;
        const user = pick(world.users, k);
        const jobId = pick(world.applyJobIds, Math.floor(k / world.users.length));
        pending.acknowledge = (body) => ledger.applies.push({ userId: user.id, jobId, applicationId: (JSON.parse(body) as { id: number }).id });
        return {
          // identity: the ledger reads the new application's id from the answer.
          request: { method: 'POST', path: `/api/jobs/${jobId}/apply`, headers: { 'x-forwarded-for': ip, cookie: user.cookie, 'content-type': 'application/json', 'accept-encoding': 'identity' }, body: JSON.stringify({ cvPath: user.cvPath, message: 'Sent by the load test.' }) },
          pending,
        };
      }
      case 'pipeline move': {
        const application = freeApplications.shift()!;
        const stage: MoveStage = application.stage === 'applied' ? 'toreject' : 'applied';
        pending.acknowledge = () => {
          ledger.moves.push({ applicationId: application.id, stage });
          freeApplications.push({ id: application.id, stage });
        };
        return {
          request: {
            method: 'PATCH',
            path: `/api/companies/${world.member.companyKey}/applicants/${application.id}`,
            headers: { 'x-forwarded-for': ip, cookie: world.member.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ stage }),
          },
          pending,
        };
      }
    }
  };

  const started = performance.now();
  let instance: CannonInstance | null = null;
  const result = new Promise<MixResult>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections,
        duration,
        timeout,
        setupClient: (client) => clients.push(client),
        requests: [
          {
            setupRequest(request, context) {
              const { request: next, pending } = build(serial++);
              pending.sentAt = performance.now();
              made.push(pending);
              context.pending = pending;
              return { ...request, ...next, headers: { ...request.headers, ...BROWSER_HEADERS, ...next.headers } };
            },
            onResponse(status, body, context, headers) {
              const pending = context.pending;
              if (!pending) return;
              pending.answered = true;
              const answeredAt = performance.now();
              const counts = statuses.get(pending.kind)!;
              let code = String(status);
              if (pending.acknowledge) {
                try {
                  if (status >= 200 && status < 300) pending.acknowledge(body, headers);
                  else ledger.refused++;
                } catch {
                  // A 2xx the ledger cannot read (thrown here, it would end the whole process inside autocannon).
                  code = `${status} unreadable`;
                  ledger.refused++;
                }
              }
              counts[code] = (counts[code] ?? 0) + 1;
              onAnswer?.({ kind: pending.kind, status, retryAfter: header(headers, 'retry-after'), sentAt: pending.sentAt, answeredAt });
            },
          },
        ],
      },
      (error, totals) => {
        if (error) return reject(error);
        const seconds = (performance.now() - started) / 1000;
        // A request still pending on a client when the run ended was cut off by the end, not failed.
        const inFlight = new Set(clients.map((c) => c.requestIterator.context.pending));
        const unanswered = new Map<MixKind, number>();
        for (const p of made) {
          if (p.answered || inFlight.has(p)) continue;
          unanswered.set(p.kind, (unanswered.get(p.kind) ?? 0) + 1);
          if (p.acknowledge) ledger.refused++;
        }
        const kinds = LOAD_MIX.map(({ kind, read }): KindFigures => {
          const sorted = latencies.get(kind)!.sort((a, b) => a - b);
          const counts = statuses.get(kind)!;
          const non2xx = Object.entries(counts).reduce((n, [status, count]) => n + (/^2\d\d$/.test(status) ? 0 : count), 0);
          return { kind, read, answered: sorted.length, rps: sorted.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), non2xx, statuses: counts, errors: unanswered.get(kind) ?? 0 };
        });
        resolve({ kinds, seconds, total: { rps: totals.requests.average, errors: totals.errors, timeouts: totals.timeouts, non2xx: totals.non2xx } });
      },
    );
    // autocannon's own latency of each answer, filed under the kind its client was waiting for.
    instance.on('response', (client, _status, _bytes, ms) => {
      const pending = client.requestIterator.context.pending;
      if (pending) latencies.get(pending.kind)!.push(ms);
    });
  });
  return { stop: () => (instance as CannonInstance | null)?.stop(), result };
}
