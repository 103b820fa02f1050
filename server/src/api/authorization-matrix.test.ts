/**
 * The authorization matrix (issue #17), driven by the OpenAPI document: every operation × visitor,
 * signed-in stranger, member of another startup or investor, member, and admin, on each database.
 * The answer each role is due comes from the operation's declared access rule (operation.ts): a
 * success where a refusal is due fails, and so does a refusal where success is due. Every answer a
 * role may not see Northwind's or talent@'s private data in is searched for their canaries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { allows, callOrder, openWorld, ROLES, type Role, type World } from '../testing/api-world';
import { requestOf, validParts } from '../testing/api-requests';
import { createTestAuthParts } from '../testing/auth-parts';
import { testConfig } from '../testing/config';
import { backends, openTestDatabase } from '../testing/database';
import { apiOperations, type ApiOperation } from './openapi';

const config = testConfig({ isProduction: false, trustProxy: true });

/**
 * What a refused role must get: 401 for visitors (a browser link sends them to sign in instead),
 * else 403, or 404 where the rule hides the record.
 */
function refusals(op: ApiOperation, role: Role): number[] {
  if (role === 'visitor') return op.doc.response === 'redirect' ? [302, 303] : [401];
  return op.doc.access === 'owner' || op.doc.hides ? [404] : [403];
}

/** A refusal of a role the rule lets through: 401 or 403 that is not one of the call's declared domain errors (a wrong password). */
function refused(op: ApiOperation, status: number, body: string): boolean {
  if (op.doc.hides && status === 404) return true;
  if (status !== 401 && status !== 403) return false;
  const code = (() => {
    try {
      return (JSON.parse(body) as { code?: string }).code;
    } catch {
      return undefined;
    }
  })();
  return !(op.doc.errors ?? []).some((declared) => declared === code);
}

interface Cell {
  op: ApiOperation;
  role: Role;
  status: number;
  body: string;
}

describe.each(backends)('the authorization matrix on %s', (backend) => {
  const databases: Database[] = [];
  const cells: Cell[] = [];
  let operations: ApiOperation[] = [];
  const canaries: string[] = [];
  /** The other member's reads of its own startup's and investor's records: they must hold nothing of Northwind's. */
  const ownReads: Cell[] = [];

  /** Calls every operation as `role` on a fresh copy of the demo data (a stranger's allowed writes, a new startup, change what others are). */
  async function run(role: Role): Promise<void> {
    const database = await openTestDatabase(backend);
    databases.push(database);
    const app = createApp({ db: database.db, config, auth: createTestAuthParts(), resolveViewer: () => null });
    operations = apiOperations([app]).operations;
    const world: World = await openWorld(database.db, (path, init) => app.request(path, init), { tag: `${backend}-${role}` });
    // Before the run signs the caller out.
    if (role === 'other') {
      for (const op of operations.filter((op) => op.method === 'GET' && (op.doc.access === 'company' || op.doc.access === 'investor'))) {
        const { url, init } = requestOf(op, world.pathFor(op, true), world.fill(op, validParts(op, 17)), { origin: config.publicUrl, cookie: world.cookieFor(op, role) });
        const res = await app.request(url, init);
        ownReads.push({ op, role, status: res.status, body: await res.text() });
      }
    }
    for (const op of callOrder(operations)) {
      const parts = world.fill(op, validParts(op, 17));
      const { url, init } = requestOf(op, world.pathFor(op), parts, { origin: config.publicUrl, cookie: world.cookieFor(op, role) });
      const res = await app.request(url, init);
      cells.push({ op, role, status: res.status, body: await res.text() });
    }
    canaries.push(...world.canaries);
  }

  beforeAll(async () => {
    for (const role of ROLES) await run(role);
  }, 300_000);
  afterAll(async () => {
    for (const database of databases) await database.close();
  });

  it('answers each role as the declared rule says, for every operation', () => {
    const wrong: string[] = [];
    for (const { op, role, status, body } of cells) {
      const label = `${op.method} ${op.path} as ${role} [${op.doc.access}${op.doc.hides ? ', hides' : ''}]: ${status} ${body.slice(0, 160)}`;
      if (status >= 500) wrong.push(`server error: ${label}`);
      else if (allows(op.doc.access, role)) {
        if (refused(op, status, body)) wrong.push(`refused where success is due: ${label}`);
      } else if (!refusals(op, role).includes(status)) wrong.push(`not refused where a refusal is due: ${label}`);
    }
    console.log(`[matrix ${backend}] ${operations.length} operations × ${ROLES.length} roles = ${cells.length} calls, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
    expect(cells.length).toBe(operations.length * ROLES.length);
  });

  it("never shows Northwind's or talent@'s private data to anyone else", () => {
    expect(canaries.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const { op, role, body } of [...cells, ...ownReads]) {
      if (role === 'admin' || role === 'member') continue;
      for (const canary of canaries) if (body.includes(canary)) leaks.push(`${op.method} ${op.path} as ${role} shows ${canary}`);
    }
    expect(leaks).toEqual([]);
    // The other member did read its own records (a read refused everywhere would prove nothing).
    expect(ownReads.filter(({ status }) => status === 200).length).toBeGreaterThan(10);
    // The canaries are real: their owners do see them somewhere.
    const seenByOwners = canaries.filter((canary) => cells.some(({ role, body }) => (role === 'member' || role === 'admin') && body.includes(canary)));
    expect(seenByOwners.length).toBeGreaterThan(0);
  });
});
