/**
 * Applicant board benchmark (issue #13): the time to interactive of the board of one job with 500
 * applicants, in Chromium, as a member of the startup. It starts the built server (run `npm run build`
 * first) on a temporary data folder with the demo data and 500 more applications on one Northwind
 * job, then, per run, opens /client/startups/northwind-labs/applicants?job={id} in a fresh page and
 * measures from the navigation's start:
 *   - html: the page's HTML has arrived (responseEnd);
 *   - cards: the 500th card is in the page;
 *   - hydrated: React has taken over the server's HTML;
 *   - interactive: a keyboard move answers: M on a focused card opens "Move to…", Enter picks a stage,
 *     and the board shows and announces the move (it is saved in the background);
 *   - and, apart, the move's own latency: from the Enter key's event to the move shown.
 * Prints each run and the median of `--runs` runs (default 5).
 *
 *   npm run build && npm run bench:board
 *   npm run bench:board -- --runs 9
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { and, asc, eq } from 'drizzle-orm';
import type { PipelineStage } from '@nordlys/sdk/constants';
import { openDatabase } from '../server/src/db/client';
import { applicantProfiles, applicationEvents, applications, companies, companyStages, jobs, users } from '../server/src/db/schema';
import { insertAll, insertReturningIds } from '../server/src/seed/batch';
import { DEMO_PASSWORD, NORTHWIND_KEY } from '../server/src/seed/index';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { freePort } from '../server/src/testing/free-port';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, applicants: { type: 'string', default: '500' } } });
const runs = Number(values.runs);
const count = Number(values.applicants);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(count) || count < 1 || count > 500) {
  console.error('[bench:board] --runs must be 1 or more, --applicants 1 to 500 (the board loads up to 500 cards at once)');
  process.exit(1);
}
if (!existsSync('server/dist/main.js') || !existsSync('site/dist')) {
  console.error('[bench:board] build first: npm run build');
  process.exit(1);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Where the 500 cards go, roughly as a busy job's board looks. */
function stageOf(i: number, custom: readonly number[]): { stage: PipelineStage; stageId: number | null } {
  const r = i % 20;
  if (r < 12 || custom.length === 0) return { stage: 'applied', stageId: null };
  if (r < 15) return { stage: 'custom', stageId: custom[r % custom.length]! };
  if (r < 16) return { stage: 'hired', stageId: null };
  if (r < 18) return { stage: 'toreject', stageId: null };
  return { stage: 'rejected', stageId: null };
}

/** The demo data, then `count` candidates who applied to one ACTIVE Northwind job; the job's id. */
async function prepare(dataDir: string): Promise<number> {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
  if (seed.status !== 0) throw new Error('seeding the demo data failed');
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const [northwind] = await db.select({ id: companies.id }).from(companies).where(eq(companies.key, NORTHWIND_KEY));
    const [job] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.companyId, northwind!.id), eq(jobs.status, 'ACTIVE'))).orderBy(asc(jobs.id));
    const custom = (await db.select({ id: companyStages.id }).from(companyStages).where(eq(companyStages.companyId, northwind!.id)).orderBy(asc(companyStages.position))).map((s) => s.id);
    const now = Date.now();
    const userIds = await insertReturningIds(
      db,
      users,
      Array.from({ length: count }, (_, i) => ({
        firstName: `Bench${i + 1}`,
        lastName: `Candidate ${String(i + 1).padStart(3, '0')}`,
        email: `bench.${i + 1}@candidates.nordlys.test`,
        passwordHash: null,
        isEmailVerified: true,
      })),
    );
    await insertAll(
      db,
      applicantProfiles,
      userIds.map((userId, i) => ({ userId, enabled: true, headline: `Engineer number ${i + 1}, ready to start`, categories: ['backend'] })),
    );
    const appIds = await insertReturningIds(
      db,
      applications,
      userIds.map((userId, i) => {
        const createdAt = new Date(now - (i + 1) * 3_600_000);
        return { jobId: job!.id, userId, ...stageOf(i, custom), message: 'I would love to join.', createdAt, updatedAt: createdAt, lastActivityAt: createdAt };
      }),
    );
    await insertAll(
      db,
      applicationEvents,
      appIds.map((applicationId) => ({ applicationId, kind: 'applied', toStage: 'applied' as const })),
    );
    return job!.id;
  } finally {
    await database.close();
  }
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/site/config-base`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 2 minutes');
}

interface Run {
  html: number;
  cards: number;
  hydrated: number;
  interactive: number;
  /** From the Enter key's event to the move shown. */
  moveLatency: number;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'nordlys-bench-board-'));
  let server: ChildProcess | null = null;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`[bench:board] seeding the demo data and ${count} applications on one job…`);
    const jobId = await prepare(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['server/dist/main.js'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: base } });
    await waitForServer(base, server);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // When the page got its last key (the move's latency counts from there, not from the test's own round trips).
    await context.addInitScript(() => {
      document.addEventListener('keydown', () => ((window as unknown as { lastKeyAt: number }).lastKeyAt = performance.now()), true);
    });
    const signIn = await context.request.post(`${base}/api/users/sign-in`, { data: { email: 'founder@nordlys.test', password: DEMO_PASSWORD }, headers: { Origin: base } });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
    const url = `${base}/client/startups/${NORTHWIND_KEY}/applicants?job=${jobId}`;

    const results: Run[] = [];
    // One warm-up (the server's first render, the browser's first script parse), then the runs.
    for (let i = 0; i <= runs; i++) {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      const cards = await page.waitForFunction((n) => (document.querySelectorAll('.board-card').length >= n ? performance.now() : false), count, { polling: 'raf', timeout: 60_000 });
      const hydrated = await page.waitForFunction(() => (document.documentElement.hasAttribute('data-hydrated') ? performance.now() : false), undefined, { polling: 'raf', timeout: 60_000 });
      const shown = await page.locator('.board-card').count();
      if (shown < count) throw new Error(`only ${shown} cards shown`);
      // A keyboard move: focus the first card in Applied, M, Enter (the first stage it may go to).
      const card = page.locator('[data-column="applied"] .board-card').first();
      const name = (await card.locator('.board-card__name a').textContent())!;
      await card.locator('.board-card__name a').focus();
      await page.keyboard.press('m');
      await page.getByRole('menu').getByRole('menuitem').first().waitFor();
      await page.keyboard.press('Enter');
      const interactive = await page.waitForFunction(
        (who) => (document.querySelector('[data-testid="board-live"]')?.textContent?.startsWith(`${who} moved to`) ? performance.now() : false),
        name,
        { polling: 'raf', timeout: 30_000 },
      );
      const html = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd);
      const lastKeyAt = await page.evaluate(() => (window as unknown as { lastKeyAt: number }).lastKeyAt);
      const shownAt = (await interactive.jsonValue()) as number;
      const run: Run = { html, cards: (await cards.jsonValue()) as number, hydrated: (await hydrated.jsonValue()) as number, interactive: shownAt, moveLatency: shownAt - lastKeyAt };
      // The move is saved before the next run starts.
      await page.waitForFunction(() => document.querySelectorAll('.board-card[aria-busy="true"]').length === 0, undefined, { timeout: 30_000 });
      await page.close();
      if (i === 0) continue;
      results.push(run);
      console.log(
        `  run ${i}: html ${run.html.toFixed(0).padStart(5)} ms   ${count} cards ${run.cards.toFixed(0).padStart(5)} ms   hydrated ${run.hydrated.toFixed(0).padStart(5)} ms   interactive (keyboard move shown) ${run.interactive.toFixed(0).padStart(5)} ms   (Enter to move shown ${run.moveLatency.toFixed(0)} ms)`,
      );
    }
    const m = (key: keyof Run) => median(results.map((r) => r[key])).toFixed(0);
    console.log(`\nBoard of one job with ${count} applicants, Chromium, median of ${runs} runs (from navigation start):`);
    console.log(`  HTML received ${m('html')} ms · ${count}th card rendered ${m('cards')} ms · hydrated ${m('hydrated')} ms · time to interactive (keyboard move answered) ${m('interactive')} ms`);
    console.log(`  (of which the move itself, from the Enter key to the card shown in its new column: ${m('moveLatency')} ms; the rest is the test's own key presses)`);
  } finally {
    await browser.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
