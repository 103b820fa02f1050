/**
 * Requests built from the OpenAPI operations (issue #17): valid inputs drawn from each operation's
 * schemas, broken ones, and the request itself. The authorization matrix, the fuzz test and
 * `npm run fuzz` share them.
 */
import fc from 'fast-check';
import { jsonSchemaOf, type ApiOperation } from '../api/openapi';
import type { Validates } from '../http/validate';
import { freshIp } from './app';
import { arbitraryOf, conforms, mutationsOf, type JsonSchema } from './schema-arbitrary';

/** The parts a request of an operation carries besides its path. */
export interface RequestParts {
  query?: Record<string, unknown>;
  json?: unknown;
}

const arbitraries = new WeakMap<Validates, fc.Arbitrary<unknown>>();

/** Values of one validated part that its valibot schema accepts. */
export function validArbitrary(part: Validates): fc.Arbitrary<unknown> {
  let arbitrary = arbitraries.get(part);
  if (!arbitrary) {
    const schema = jsonSchemaOf(part.schema, 'input') as JsonSchema;
    // A few tries for values JSON Schema could not fully describe; then an honest "none".
    arbitrary = arbitraryOf(schema).map((value) => (conforms(part.schema, value) ? value : NO_VALUE));
    arbitraries.set(part, arbitrary);
  }
  return arbitrary;
}

const NO_VALUE = Symbol('no value');

/** One valid value of a part (the first of up to `tries` samples the schema accepts), or undefined. */
export function sampleValid(part: Validates, seed: number, tries = 60): unknown {
  for (const value of fc.sample(validArbitrary(part), { seed, numRuns: tries })) if (value !== NO_VALUE) return value;
  return undefined;
}

/** Valid parts for an operation: its query and JSON body (the path comes from the world). */
export function validParts(op: ApiOperation, seed: number): RequestParts & { complete: boolean } {
  const parts: RequestParts = {};
  let complete = true;
  for (const part of op.validates) {
    if (part.target !== 'query' && part.target !== 'json') continue;
    const value = sampleValid(part, seed);
    if (value === undefined) complete = false;
    if (part.target === 'json') parts.json = value ?? {};
    else parts.query = value as Record<string, unknown> | undefined;
  }
  return { ...parts, complete };
}

/** Broken JSON bodies of an operation that its schema refuses (none when it takes no JSON). */
export function invalidBodies(op: ApiOperation, valid: unknown): unknown[] {
  const part = op.validates.find(({ target }) => target === 'json');
  if (!part) return [];
  return mutationsOf(jsonSchemaOf(part.schema, 'input') as JsonSchema, valid).filter((value) => !conforms(part.schema, value));
}

/** A query string of a parts' values: lists as repeated keys. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The request of an operation: path (with its query), method, the site's Origin, a fresh client address, the cookie and the body. */
export function requestOf(op: ApiOperation, path: string, parts: RequestParts, { origin, cookie }: { origin: string; cookie?: string }): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { Origin: origin, 'X-Forwarded-For': freshIp(), Accept: 'application/json' };
  if (cookie) headers.Cookie = cookie;
  let body: string | undefined;
  if (parts.json !== undefined && op.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(parts.json);
  }
  return { url: `/api${path}${queryString(parts.query)}`, init: { method: op.method, headers, body } };
}
