/**
 * The OpenAPI document (issue #17) against the app: every /api route is in it and every operation in
 * it is a route, the document is valid OpenAPI 3.1, each schema in it compiles as JSON Schema
 * 2020-12, and the reference page lists every operation.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthParts } from '../create-auth-parts';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { testConfig } from '../testing/config';
import { openTestDatabase } from '../testing/database';
import { API_PREFIX, apiOperations, jsonSchemaOf, openApiPath } from './openapi';

const config = testConfig({ isProduction: false, devOidc: true });
let database: Database;
const outboxDir = mkdtempSync(join(tmpdir(), 'nordlys-openapi-'));
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database?.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

/** The app with every part that brings /api routes of its own (the captcha's challenge, the demo provider). */
async function appWithParts() {
  const auth = await createAuthParts({ settings: config, db: database.db, publicOrigins: [config.publicUrl], outboxDir, log: () => {} });
  return { app: createApp({ db: database.db, config, auth, resolveViewer: () => null }), auth };
}

describe('the OpenAPI document', () => {
  it('declares every /api route once, and serves them all', async () => {
    const { app } = await appWithParts();
    const { operations, undeclared } = apiOperations([app]);
    expect(undeclared).toEqual([]);
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const listed = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(operations.map((op) => `${op.method} ${op.openApiPath}`).sort());
    // The reverse: each operation the document names is answered by a route, not by /api's "no route" 404.
    for (const op of operations) {
      const path = API_PREFIX + op.path.replace(/:(\w+)(\{([^}|]*)[^}]*\})?/g, (_m, _name, _p, first) => first ?? '1');
      const answer = await app.request(path, { method: op.method, headers: { Origin: config.publicUrl } });
      const body = answer.headers.get('Content-Type')?.includes('json') ? ((await answer.json()) as { message?: string }) : {};
      expect(body.message ?? '', `${op.method} ${op.path}`).not.toMatch(/^No API route/);
    }
    expect(operations.length).toBeGreaterThan(150);
    // Writes that leave the answer cache: never a GET, and never a secret link's write, whose page visitors see.
    expect(operations.filter((op) => op.doc.keepsPublicAnswers && (op.method === 'GET' || op.doc.access === 'token')).map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('fails on a route without a declaration, and on a route declared twice', async () => {
    const { Hono } = await import('hono');
    const { operation } = await import('./operation');
    const declared = operation({ summary: 'x', access: 'public', response: 'empty' });
    const app = new Hono()
      .get('/api/a', declared, (c) => c.body(null, 204))
      .get('/api/b', (c) => c.body(null, 204))
      .get('/api/c', declared, declared, (c) => c.body(null, 204))
      .get('/elsewhere', (c) => c.body(null, 204));
    const { operations, undeclared } = apiOperations([app]);
    expect(operations.map((op) => op.path)).toEqual(['/a']);
    expect(undeclared).toEqual(['GET /api/b', 'GET /api/c (declared 2 times)']);
  });

  it('is valid OpenAPI 3.1, and each schema in it compiles as JSON Schema 2020-12', async () => {
    const { app } = await appWithParts();
    const document = (await (await app.request('/api/openapi.json')).json()) as Record<string, unknown>;
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: unknown[] = [];
    const collect = (node: unknown, key = '') => {
      if (!node || typeof node !== 'object') return;
      if (key === 'schema') schemas.push(node);
      for (const [k, child] of Object.entries(node)) collect(child, k);
    };
    collect(document.paths);
    expect(schemas.length).toBeGreaterThan(300);
    const components = (document.components as { schemas: Record<string, unknown> }).schemas;
    for (const schema of schemas) {
      const withComponents = { ...(schema as object), $defs: { ...((schema as { $defs?: object }).$defs ?? {}) } };
      const resolved = JSON.parse(JSON.stringify(withComponents).replaceAll('#/components/schemas/', '#/$defs/'));
      Object.assign(resolved.$defs, components);
      expect(() => ajv.compile(resolved), JSON.stringify(schema).slice(0, 200)).not.toThrow();
    }
  });

  it("agrees with the site's fake API on the answer of each call it fakes", async () => {
    const { ANSWERS } = await import('../../../site/src/testing/answer-schemas');
    const { app } = await appWithParts();
    const { operations } = apiOperations([app]);
    const disagreements: string[] = [];
    for (const [method, pattern, schema] of ANSWERS) {
      const matching = operations.filter((op) => op.method === method && pattern.test(op.path.replace(/^\//, '').replace(/:(\w+)(\{([^}|]*)[^}]*\})?/g, (_m, name: string, _b, first?: string) => first ?? (/id$/i.test(name) ? '7' : 'northwind-labs'))));
      if (matching.length === 0) disagreements.push(`${method} ${pattern}: no such operation`);
      for (const op of matching) {
        const declared = op.doc.response;
        const same = schema === null ? declared === 'empty' : typeof declared === 'object' && JSON.stringify(jsonSchemaOf(declared, 'output')) === JSON.stringify(jsonSchemaOf(schema, 'output'));
        if (!same) disagreements.push(`${method} /api${op.path}: the site fakes ${schema === null ? '204' : 'a JSON answer'}, the route declares ${typeof declared === 'object' ? 'a different JSON answer' : declared}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('turns Hono paths into OpenAPI paths', () => {
    expect(openApiPath('/companies/:key/jobs/:id/:event{publish|pause|resume|repost}')).toBe('/companies/{key}/jobs/{id}/{event}');
    expect(openApiPath('/v2/jobs/latest/3')).toBe('/v2/jobs/latest/3');
  });

  it('serves a readable reference at /api/docs with every operation, under its own strict policy', async () => {
    const { app } = await appWithParts();
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const page = await res.text();
    const { operations } = apiOperations([app]);
    for (const op of operations) expect(page, op.id).toContain(`id="${op.id}"`);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
    expect(page).toContain('<code>/api/v2/jobs</code>');
  });
});
