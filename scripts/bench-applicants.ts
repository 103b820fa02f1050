/**
 * Applicant board benchmark (issue #13): a startup with 10,000 applications across 40 jobs (one job with
 * 500), three custom stages, the team's ratings and notes and each application's 'applied' event, next to
 * another startup with 5,000 applications of its own; then the board's typical calls, timed through the
 * whole app (`app.request`: session, guards, validation, JSON) and through a real HTTP server on a
 * loopback port, signed in as a member. Prints p50/p95 per call.
 *
 * On a fresh throw-away database on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL),
 * and on PGlite in memory with --backends pglite.
 *
 *   npm run bench:applicants
 *   npm run bench:applicants -- --applications 10000 --rounds 60 --backends postgres,pglite
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ApplicantsQuerySchema } from '@nordlys/sdk/schemas';
import { createApp } from '../server/src/app';
import { readConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import {
  applicantProfiles,
  applicationEvents,
  applicationNotes,
  applicationRatings,
  applications,
  companies,
  companyMembers,
  companyStages,
  jobs,
  users,
} from '../server/src/db/schema';
import { listApplicants } from '../server/src/queries/hiring';
import { insertAll, insertReturningIds } from '../server/src/seed/batch';
import { createRandom } from '../server/src/seed/random';
import { withDatabase } from '../server/src/testing/global-setup';
import { adminQuery } from '../server/src/testing/postgres';

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '60' },
    backends: { type: 'string', default: 'postgres' },
    /** Keep the PostgreSQL database (named in the output) for EXPLAIN, instead of dropping it. */
    keep: { type: 'boolean', default: false },
  },
});
const total = Number(values.applications);
const rounds = Number(values.rounds);
const wanted = new Set(values.backends.split(','));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const PASSWORD = 'Bench-applicants-1!';
const JOBS = 40;
const BUSY_JOB_APPLICATIONS = 500;
const FIRST = ['Ada', 'Alan', 'Astrid', 'Bo', 'Emil', 'Freja', 'Hanna', 'Ingrid', 'Jonas', 'Karin', 'Lars', 'Maja', 'Nils', 'Oskar', 'Priya', 'Sara', 'Tobias', 'Ulla', 'Viktor', 'Ylva'];
const LAST = ['Andersen', 'Berg', 'Carlsson', 'Dahl', 'Eriksen', 'Fischer', 'Haugen', 'Johansson', 'Karlsson', 'Lindgren', 'Lund', 'Nieminen', 'Olsen', 'Raman', 'Sørensen', 'Virtanen'];
const HEADLINES = ['Backend engineer', 'Frontend developer', 'Data scientist', 'Product manager', 'DevOps engineer', 'Designer', 'Sales lead', 'Full-stack developer'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A startup with `count` applications (one job takes `busy` of them), its stages, ratings, notes and events; answers its key, member and ids. */
async function fillCompany(db: Database['db'], tag: string, count: number, busy: number, passwordHash: string | null) {
  const random = createRandom(count + tag.length);
  const [company] = await db.insert(companies).values({ key: `bench-${tag}`, name: `Bench ${tag}`, status: 'ACTIVE' }).returning({ id: companies.id, key: companies.key });
  const memberIds = await insertReturningIds(
    db,
    users,
    [0, 1, 2].map((i) => ({ email: `member${i}@${tag}.bench.test`, firstName: 'Member', lastName: `${i}`, passwordHash, isEmailVerified: true })),
  );
  await insertAll(db, companyMembers, memberIds.map((userId) => ({ userId, companyId: company!.id })));
  const jobIds = await insertReturningIds(
    db,
    jobs,
    Array.from({ length: JOBS }, (_, i) => ({ companyId: company!.id, title: `${HEADLINES[i % HEADLINES.length]} ${i + 1}`, status: 'ACTIVE' as const, isRemote: true, locationKind: 'remote' as const, categories: ['backend'] })),
  );
  const stageIds = await insertReturningIds(
    db,
    companyStages,
    ['Phone screen', 'Interview', 'Offer'].map((name, position) => ({ companyId: company!.id, name, color: '#8c7ae6', position })),
  );
  const candidateIds = await insertReturningIds(
    db,
    users,
    Array.from({ length: count }, (_, i) => ({ email: `cand${i}@${tag}.bench.test`, firstName: random.pick(FIRST), lastName: random.pick(LAST) })),
  );
  await insertAll(
    db,
    applicantProfiles,
    candidateIds.map((userId) => ({ userId, headline: `${random.pick(HEADLINES)} with ${random.int(1, 15)} years of experience` })),
  );
  const now = Date.now();
  const stages = ['applied', 'applied', 'applied', 'custom', 'custom', 'hired', 'toreject', 'rejected', 'rejected'] as const;
  const applicationIds = await insertReturningIds(
    db,
    applications,
    candidateIds.map((userId, i) => {
      const stage = random.pick(stages);
      const createdAt = new Date(now - random.int(0, 365 * 86_400) * 1000);
      return {
        jobId: i < busy ? jobIds[0]! : jobIds[1 + (i % (JOBS - 1))]!,
        userId,
        stage,
        stageId: stage === 'custom' ? random.pick(stageIds) : null,
        message: random.chance(0.5) ? 'I would love to work with you on this, and I can start next month.' : null,
        createdAt,
        updatedAt: createdAt,
        lastActivityAt: createdAt,
      };
    }),
  );
  await insertAll(db, applicationEvents, applicationIds.map((applicationId) => ({ applicationId, kind: 'applied', toStage: 'applied' as const })));
  await insertAll(
    db,
    applicationRatings,
    applicationIds.flatMap((applicationId) =>
      random.chance(0.4) ? memberIds.filter(() => random.chance(0.6)).map((userId) => ({ applicationId, userId, rating: random.int(1, 5) })) : [],
    ),
  );
  await insertAll(
    db,
    applicationNotes,
    applicationIds.flatMap((applicationId) => (random.chance(0.2) ? [{ applicationId, authorId: memberIds[0]!, body: `Spoke on the phone; ${random.pick(HEADLINES).toLowerCase()} background.` }] : [])),
  );
  return { key: company!.key, memberEmail: `member0@${tag}.bench.test`, busyJob: jobIds[0]!, stageIds };
}

async function bench(name: string, database: Database): Promise<string[]> {
  console.log(`\n== ${name} ==`);
  const t0 = performance.now();
  const passwordHash = await hash(PASSWORD);
  const main = await fillCompany(database.db, 'main', total, BUSY_JOB_APPLICATIONS, passwordHash);
  await fillCompany(database.db, 'other', Math.round(total / 2), 200, null);
  await refreshStatistics(database.db);
  console.log(`filled ${total.toLocaleString('en')} + ${Math.round(total / 2).toLocaleString('en')} applications in ${Math.round(performance.now() - t0)} ms`);

  const app = createApp({ db: database.db, config: { ...readConfig({}), isProduction: false }, log: false });
  const signIn = await app.request('/api/users/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: main.memberEmail, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

  const QUERIES: [string, string][] = [
    ['whole board (first 200)', ''],
    ['whole board, page 10', 'page=10'],
    [`one job (${BUSY_JOB_APPLICATIONS} cards, pageSize 500)`, `job=${main.busyJob}&pageSize=500`],
    ['a custom stage', `stage=custom:${main.stageIds[1]}`],
    ['rejected', 'stage=rejected'],
    ['a search (name)', 'search=lindgren'],
    ['a search (no match)', 'search=zzzz-nobody'],
    ['rating ≥ 4', 'rating=4'],
    ['one job + search + rating', `job=${main.busyJob}&search=sara&rating=3`],
  ];
  const path = (q: string) => `/api/companies/${main.key}/applicants${q ? `?${q}` : ''}`;

  async function measure(label: string, call: (q: string) => Promise<Response>): Promise<{ p95: number }> {
    console.log(`  ${label}`);
    for (const [, q] of QUERIES) {
      const res = await call(q);
      if (res.status !== 200) throw new Error(`${q} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    const all: number[] = [];
    for (const [what, q] of QUERIES) {
      const samples: number[] = [];
      let size = 0;
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        const res = await call(q);
        size = (await res.arrayBuffer()).byteLength;
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      all.push(...samples);
      console.log(`    ${what.padEnd(40)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms   (${Math.round(size / 1024)} KB)`);
    }
    all.sort((a, b) => a - b);
    console.log(`    ${'all calls'.padEnd(40)} p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(6)} ms`);
    return { p95: percentile(all, 95) };
  }

  // The query alone (listApplicants), as a Response so one measure() serves all three.
  const [company] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.key, main.key));
  const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, main.memberEmail));
  const serverSide = await measure('server-side (the query function)', async (q) => {
    const filters = v.parse(ApplicantsQuerySchema, Object.fromEntries(new URLSearchParams(q)));
    return Response.json(await listApplicants(database.db, company!.id, filters, member!.id));
  });
  const inApp = await measure('through the app (app.request)', (q) => Promise.resolve(app.request(path(q), { headers: { cookie } })));
  // The floor of any signed-in call through the app (session, guard, one small query), for comparison.
  const floor: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await (await app.request(`/api/companies/${main.key}/stages`, { headers: { cookie } })).arrayBuffer();
    floor.push(performance.now() - start);
  }
  floor.sort((a, b) => a - b);
  console.log(`    ${'(floor: GET …/stages)'.padEnd(40)} p50 ${percentile(floor, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(floor, 95).toFixed(1).padStart(6)} ms`);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const overHttp = await measure('over HTTP (loopback server)', (q) => fetch(`${origin}${path(q)}`, { headers: { cookie } }));
  await new Promise((resolve) => server.close(resolve));
  return [
    `${name.padEnd(10)} ${total.toLocaleString('en')} applications: query p95 ${serverSide.p95.toFixed(1)} ms, app.request p95 ${inApp.p95.toFixed(1)} ms, HTTP p95 ${overHttp.p95.toFixed(1)} ms (all calls; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  ];
}

const summary: string[] = [];
if (wanted.has('postgres')) {
  if (!pgUrl) {
    summary.push('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL or DATABASE_URL)');
  } else {
    const name = `nordlys_bench_applicants_${process.pid}`;
    await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
    try {
      const pg = await openDatabase({ url: withDatabase(pgUrl, name) });
      try {
        summary.push(...(await bench('PostgreSQL', pg)));
      } finally {
        await pg.close();
      }
    } finally {
      if (values.keep) console.log(`kept the database ${name}`);
      else await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
  }
}
if (wanted.has('pglite')) {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    summary.push(...(await bench('PGlite', pglite)));
  } finally {
    await pglite.close();
  }
}
console.log(`\nSummary\n${summary.join('\n')}`);
