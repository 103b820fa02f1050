/** Starts Nordlys: opens the database (migrating, seeding demo data when empty) and serves the app. */
import { readFileSync, watchFile } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import * as hostPages from '@nordlys/embed/pages';
import { render } from '@nordlys/site/server';
import { createApp, type PageAssets } from './app';
import { readConfig } from './config';
import { createAuthParts } from './create-auth-parts';
import { openDatabase } from './db/client';
import { refreshStatistics } from './db/maintenance';
import { findUp } from './paths';
import { isDatabaseEmpty, seedDemo } from './seed/index';

const config = readConfig();
const started = performance.now();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
console.log(`[nordlys] database ready (${where}) in ${Math.round(performance.now() - started)} ms`);

if (await isDatabaseEmpty(database.db)) {
  const t = performance.now();
  const summary = await seedDemo(database.db);
  await refreshStatistics(database.db);
  console.log(`[nordlys] seeded demo data in ${Math.round(performance.now() - t)} ms:`, summary);
}

// The client build writes its entry file names here (scripts/build.mjs).
const siteDist = findUp('site/dist', 'manifest.json');
if (!siteDist) throw new Error('The site is not built: run `npm run build` first (npm start does it for you).');
const manifest = join(siteDist, 'manifest.json');
const readAssets = () => JSON.parse(readFileSync(manifest, 'utf8')) as PageAssets;
let assets = readAssets();
// npm run dev rebuilds the client with new hashed names: follow it.
if (!config.isProduction) watchFile(manifest, { interval: 500 }, () => (assets = readAssets()));

// Accounts (#4): mail, captcha and professional-network sign-in, each real or its offline default (README "Settings").
const publicOrigins = [
  ...new Set([config.publicUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`].filter((o): o is string => !!o)),
];
const auth = await createAuthParts({
  env: process.env,
  publicOrigins: config.isProduction && config.publicUrl ? [config.publicUrl] : publicOrigins,
  outboxDir: join(config.dataDir, 'outbox'),
  isProduction: config.isProduction,
});
console.log(`[nordlys] ${auth.summary}`);

const app = createApp({
  db: database.db,
  config,
  auth,
  pages: { render, assets: () => assets, publicDir: join(siteDist, 'public') },
  hostPages,
  embedDir: findUp('embed/dist') ?? undefined,
  imagesDir: findUp('server/public/images') ?? findUp('public/images') ?? undefined,
  log: !config.isProduction,
});

const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`[nordlys] ${config.productName} is running at http://localhost:${info.port}`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`[nordlys] ${signal}: shutting down`);
  server.close();
  await auth.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
