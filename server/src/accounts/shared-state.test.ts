/**
 * Issue 10, shared state: two server instances on one database (two pools on one PostgreSQL, or two
 * apps on one PGlite, the embedded case) share the sign-in rate limit and refuse a replayed captcha answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createApp } from '../app';
import { readConfig } from '../config';
import { createAuthParts, type CreatedAuthParts } from '../create-auth-parts';
import { openDatabase, type Db } from '../db/client';
import { backends, openTestDatabase } from '../testing/database';
import { withDatabase } from '../testing/global-setup';
import { adminQuery } from '../testing/postgres';

const ORIGIN = 'http://localhost:3000';
/** Both instances are configured alike, as two replicas behind one proxy would be. */
const ENV = { SECRET_KEY: 'two-instances-share-this-secret-key', ALTCHA_MAX_NUMBER: '20' };

interface Instance {
  app: ReturnType<typeof createApp>;
  parts: CreatedAuthParts;
}

/** Two handles on one database: two pools on PostgreSQL, one PGlite (it has a single connection) otherwise. */
async function openShared(backend: (typeof backends)[number]): Promise<{ dbs: [Db, Db]; close: () => Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openTestDatabase('pglite');
    return { dbs: [database.db, database.db], close: database.close };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `nordlys_shared_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const first = await openDatabase({ url: withDatabase(url, name) });
  const second = await openDatabase({ url: withDatabase(url, name), migrate: false });
  return {
    dbs: [first.db, second.db],
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

describe.each(backends)('two server instances on one %s database', (backend) => {
  const outbox = mkdtempSync(join(tmpdir(), 'nordlys-shared-state-'));
  let instances: [Instance, Instance];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const shared = await openShared(backend);
    close = shared.close;
    const make = async (db: Db): Promise<Instance> => {
      const parts = await createAuthParts({ settings: readConfig(ENV), db, publicOrigins: [ORIGIN], outboxDir: outbox, log: () => {} });
      const app = createApp({ db, config: { ...readConfig({}), publicUrl: ORIGIN, isProduction: false, trustProxy: true }, auth: parts });
      return { app, parts };
    };
    instances = [await make(shared.dbs[0]), await make(shared.dbs[1])];
  });
  afterAll(async () => {
    await Promise.all(instances?.map((i) => i.parts.close()) ?? []);
    await close?.();
    rmSync(outbox, { recursive: true, force: true });
  });

  const post = (instance: Instance, path: string, body: unknown, ip: string) =>
    instance.app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: JSON.stringify(body) });

  it('counts failed sign-ins on either instance against one limit', async () => {
    const [a, b] = instances;
    const ip = '203.0.113.77';
    // An address without an account: an account's own throttle (sign-in-throttle.ts) would wait after 5 failures.
    const attempt = (instance: Instance) => post(instance, '/api/users/sign-in', { email: 'no-account@nordlys.test', password: 'Wrong-pass-1!' }, ip);
    // Ten failures, alternating: each instance alone saw only five.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? b : a)).status).toBe(401);
    for (const instance of [a, b]) {
      const limited = await attempt(instance);
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { code: string }).code).toBe('E_RATE_LIMITED');
    }
  });

  it('accepts a captcha answer once: a challenge from one instance, solved, is refused when replayed on the other', async () => {
    const [a, b] = instances;
    const challenge = (await (await a.app.request(`${ORIGIN}/api/captcha/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const answer = btoa(JSON.stringify({ challenge, solution }));
    const signUp = (instance: Instance, email: string, ip: string) =>
      post(instance, '/api/users/sign-up', { name: { first: 'Two', last: 'Instances' }, email, password: 'Shared-State-10!', reCaptchaResponse: answer }, ip);

    // The other instance verifies what the first one signed (one key from SECRET_KEY) ...
    const first = await signUp(b, `shared-${backend}-1@example.test`, '198.51.100.1');
    expect(first.status, await first.clone().text()).toBe(201);
    // ... and neither accepts the same answer again.
    for (const [instance, n] of [[a, 2], [b, 3]] as const) {
      const replay = await signUp(instance, `shared-${backend}-${n}@example.test`, `198.51.100.${n}`);
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as { errors: Record<string, string[]> }).errors.reCaptchaResponse).toBeDefined();
    }
  });
});
