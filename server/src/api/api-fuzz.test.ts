/**
 * The document-driven fuzzer (issue #17, testing/api-fuzz.ts), a few cases per operation on each
 * database: valid inputs from the schemas are accepted or answer a declared error (and a success
 * matches its declared answer), broken ones answer 400 with field messages, nothing answers 5xx.
 * `npm run fuzz` runs the same cases by the ten thousand against the built server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { fuzzOperation, tally, type FuzzResult } from '../testing/api-fuzz';
import { callOrder, openWorld } from '../testing/api-world';
import { createTestAuthParts } from '../testing/auth-parts';
import { testConfig } from '../testing/config';
import { backends, openTestDatabase } from '../testing/database';
import { apiOperations } from './openapi';

const config = testConfig({ isProduction: false, trustProxy: true });
/** Valid cases per operation in `npm test`; the broken ones are all run. */
const VALID_CASES = 3;

describe.each(backends)('the fuzzer on %s', (backend) => {
  let database: Database;
  const results: FuzzResult[] = [];
  let operationCount = 0;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const app = createApp({ db: database.db, config, auth: createTestAuthParts(), resolveViewer: () => null });
    const { operations } = apiOperations([app]);
    operationCount = operations.length;
    const world = await openWorld(database.db, (path, init) => app.request(path, init), { tag: `fuzz-${backend}` });
    const send = async (url: string, init: RequestInit) => {
      const res = await app.request(url, init);
      return { status: res.status, contentType: res.headers.get('Content-Type') ?? '', text: await res.text() };
    };
    for (const op of callOrder(operations)) results.push(...(await fuzzOperation(op, world, send, { seed: 7, valid: VALID_CASES, origin: config.publicUrl })));
  }, 300_000);
  afterAll(async () => database?.close());

  it('finds no answer that breaks the document, and no 5xx', () => {
    const problems = results.filter((result) => result.problem).map(({ op, kind, problem }) => `${op.method} ${op.path} (${kind}): ${problem}`);
    const { byStatus } = tally(results);
    console.log(`[fuzz ${backend}] ${results.length} requests over ${operationCount} operations: ${[...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    expect(problems).toEqual([]);
  });

  it('calls every operation, with broken inputs where it takes any', () => {
    const called = new Set(results.map(({ op }) => `${op.method} ${op.path}`));
    expect(called.size).toBe(operationCount);
    expect(results.filter(({ kind }) => kind !== 'valid').length).toBeGreaterThan(200);
    // Most valid inputs reach the handler: a fuzzer answered 400 everywhere would prove little.
    const valid = results.filter(({ kind }) => kind === 'valid');
    expect(valid.filter(({ status }) => status < 400).length / valid.length).toBeGreaterThan(0.5);
    // Few operations are left without an input their schemas accept (only "no 5xx" is asked of those).
    const unsampled = new Set(results.filter(({ kind }) => kind === 'unsampled').map(({ op }) => `${op.method} ${op.path}`));
    console.log(`[fuzz ${backend}] no valid input drawn for ${unsampled.size} operations: ${[...unsampled].join(', ')}`);
    expect(unsampled.size).toBeLessThan(operationCount / 10);
  });
});
