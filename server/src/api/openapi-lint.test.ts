/**
 * The OpenAPI document as API clients' own linters read it (issue #32): Redocly's recommended rules
 * and Spectral's OpenAPI ruleset find nothing in /api/openapi.json, neither errors nor warnings, but
 * for the few findings listed below with the reason each is kept.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthParts } from '../create-auth-parts';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { testConfig } from '../testing/config';
import { openTestDatabase } from '../testing/database';

// The public URL production has: Redocly warns of a localhost server.
const config = testConfig({ isProduction: false, devOidc: true, publicUrl: 'https://nordlys.example' });

/** Redocly's findings the document keeps on purpose, where (a JSON pointer) and why. */
const KEPT: readonly { rule: string; at: RegExp; why: string }[] = [
  { rule: 'info-license', at: /^#\/info$/, why: "The API is the product's own and published under no licence: naming one would be untrue" },
  { rule: 'no-ambiguous-paths', at: /^#\/paths\/~1companies~1(domain|white-label-feed-domain)~1\{domain\}$/, why: 'No company key is a fixed segment of a route (reservedKeys in sdk/src/routes.ts)' },
  { rule: 'no-ambiguous-paths', at: /^#\/paths\/~1digest~1mail~1\{email\}$/, why: "A digest's settings key is 43 random characters, never 'mail'" },
  { rule: 'no-ambiguous-paths', at: /^#\/paths\/~1jobs~1single~1\{id\}$/, why: "A job id is a number, never 'single'" },
  { rule: 'operation-2xx-response', at: /^#\/paths\/~1jobs~1\{id\}~1checkout\/get\/responses$/, why: "A browser link that always answers a redirect (303), to the payment page or to sign in" },
  {
    rule: 'operation-4xx-response',
    at: /^#\/paths\/~1(deals|docs|openapi\.json|pages~1partners|showcase|site~1config-base|site~1configuration-cached|site~1ip-country|tools|v2~1featuredjobs|v2~1jobs~1latest~13)\/get\/responses$/,
    why: 'Public reads that take no input: they have no 4xx answer to declare',
  },
];
let database: Database;
let document: string;
const outboxDir = mkdtempSync(join(tmpdir(), 'nordlys-openapi-lint-'));
beforeAll(async () => {
  database = await openTestDatabase('pglite');
  // With every part that brings /api routes of its own (the captcha's challenge, the demo provider).
  const auth = await createAuthParts({ settings: config, db: database.db, publicOrigins: [config.publicUrl], outboxDir, log: () => {} });
  const app = createApp({ db: database.db, config, auth, resolveViewer: () => null });
  document = await (await app.request('/api/openapi.json')).text();
});
afterAll(async () => {
  await database?.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

describe('the OpenAPI document under outside linters', () => {
  it("passes Redocly's recommended rules", async () => {
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    const keptBy = (problem: (typeof problems)[number]) => KEPT.find(({ rule, at }) => rule === problem.ruleId && at.test(problem.location[0]?.pointer ?? ''));
    const lines = problems.filter((problem) => !keptBy(problem)).map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(lines).toEqual([]);
    // Each kept finding is still there: the list says no more than it must.
    expect(KEPT.filter((kept) => !problems.some((problem) => keptBy(problem) === kept)).map(({ rule }) => rule)).toEqual([]);
  });

  it("passes Spectral's OpenAPI ruleset", async () => {
    const spectral = new Spectral();
    spectral.setRuleset(oas as never);
    const results = await spectral.run(document);
    const severities = ['error', 'warning', 'info', 'hint'];
    const lines = results.map((result) => `${severities[result.severity]} ${result.code}: ${result.message} at ${result.path.join('.')}`);
    expect(lines).toEqual([]);
  });
});
