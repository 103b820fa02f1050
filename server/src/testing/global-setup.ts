/**
 * Vitest global setup: seeds the demo data once, then each database test file starts from a copy
 * (a PGlite dump, and a PostgreSQL template database when TEST_DATABASE_URL is set).
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { refreshStatistics } from '../db/maintenance';
import { seedDemo } from '../seed/index';
import { adminQuery, templateName } from './postgres';

export default async function setup(project: TestProject) {
  const now = new Date();
  project.provide('seedNow', now.toISOString());

  const pglite = await openDatabase({ dataDir: 'memory://' });
  await seedDemo(pglite.db, { now });
  await refreshStatistics(pglite.db);
  const dumpPath = join(tmpdir(), `nordlys-test-${process.pid}.tar.gz`);
  await writeFile(dumpPath, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDump', dumpPath);

  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = templateName();
  await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const pg = await openDatabase({ url: withDatabase(url, template) });
  await seedDemo(pg.db, { now });
  await refreshStatistics(pg.db);
  await pg.close();
  project.provide('pgTemplate', template);
  return async () => {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    seedNow: string;
    pgliteDump: string;
    pgTemplate?: string;
  }
}
