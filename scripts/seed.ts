/**
 * Seeds the demo data, and optionally grows the jobs table for benchmarks.
 *
 *   npm run seed                      # demo data, if the database is empty
 *   npm run seed -- --jobs 100000     # demo data if empty, then generated jobs up to 100,000 in all
 *   npm run seed -- --jobs 100000 --startups 5000   # … shared by 5,000 startups (copies of the demo's)
 *   npm run seed -- --reset           # PGlite only: delete the data folder first, then seed
 *
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise PGlite in DATA_DIR (default ./data): the server's
 * settings (server/src/config.ts). This and `npm start` on an empty embedded database are the only
 * ways demo data is created; a server with NODE_ENV=production never seeds.
 */
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { refreshStatistics } from '../server/src/db/maintenance';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, growJobs, isDatabaseEmpty, seedDemo, seedSummary } from '../server/src/seed/index';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string' },
    startups: { type: 'string' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run seed -- [--jobs N [--startups M]] [--reset]\n' +
      '  --jobs N  grow the jobs table to N jobs in all (seeds the demo data first when the database is empty)\n' +
      '  --startups M  with --jobs: first add copies of the demo startups until M startups share the jobs\n' +
      '  --reset   PGlite only: delete the data folder (DATA_DIR, default ./data) and start from scratch',
  );
  process.exit(0);
}

const totalJobs = values.jobs === undefined ? undefined : Number(values.jobs.replace(/[_,]/g, ''));
if (totalJobs !== undefined && (!Number.isInteger(totalJobs) || totalJobs < 0)) {
  console.error(`[seed] --jobs must be a whole number, got "${values.jobs}"`);
  process.exit(1);
}

const startups = values.startups === undefined ? undefined : Number(values.startups.replace(/[_,]/g, ''));
if (startups !== undefined && (!Number.isInteger(startups) || startups < 1)) {
  console.error(`[seed] --startups must be a whole number above 0, got "${values.startups}"`);
  process.exit(1);
}

let settings: ReturnType<typeof readConfig>;
try {
  settings = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[seed] ${error.message}`);
  process.exit(1);
}
const url = settings.databaseUrl;
const dataDir = settings.dataDir;

if (values.reset) {
  if (url) {
    console.error('[seed] --reset only deletes a PGlite data folder; with DATABASE_URL, drop and create the database yourself');
    process.exit(1);
  }
  // Only ever delete a folder that really is a database: it holds PG_VERSION.
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    await rm(dataDir, { recursive: true, force: true });
    console.log(`[seed] deleted ${resolve(dataDir)}`);
  } else if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    console.error(`[seed] ${resolve(dataDir)} is not a database folder (no PG_VERSION): not deleting it`);
    process.exit(1);
  }
}
const started = performance.now();
const database = await openDatabase({ url, dataDir, poolSize: settings.databasePoolSize });
console.log(`[seed] database ready (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}) in ${ms(started)}`);

try {
  if (await isDatabaseEmpty(database.db)) {
    const t = performance.now();
    await seedDemo(database.db);
    console.log(`[seed] demo data seeded in ${ms(t)}`);
    console.log(`[seed] demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`         ${account.email.padEnd(24)} ${account.role}`);
  } else {
    console.log('[seed] the database already has data: demo seed skipped');
  }

  if (totalJobs !== undefined) {
    const t = performance.now();
    let shown = 0;
    const added = await growJobs(database.db, totalJobs, {
      startups,
      onProgress: (done, total) => {
        if (done === total || done - shown >= 10_000) {
          shown = done;
          process.stdout.write(`\r[seed] adding jobs: ${done.toLocaleString('en')}/${total.toLocaleString('en')}`);
        }
      },
    });
    if (added > 0) process.stdout.write('\n');
    console.log(`[seed] added ${added.toLocaleString('en')} jobs in ${ms(t)}`);
  }

  await refreshStatistics(database.db);
  console.log('[seed] summary:', await seedSummary(database.db));
  console.log(`[seed] done in ${ms(started)}`);
} finally {
  await database.close();
}

function ms(since: number): string {
  const elapsed = performance.now() - since;
  return elapsed < 10_000 ? `${Math.round(elapsed)} ms` : `${(elapsed / 1000).toFixed(1)} s`;
}
