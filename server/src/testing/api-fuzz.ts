/**
 * The fuzzer driven by the OpenAPI document (issue #17), shared by the fuzz test in `npm test` and
 * `npm run fuzz`. For each operation, called as a role its rule lets through:
 * - valid inputs drawn from its schemas must be accepted, or answer one of its declared errors, and a
 *   JSON success must match its declared answer schema;
 * - inputs its schemas refuse (a broken body, query or path parameter) must answer 400 with a
 *   message per field;
 * - nothing may answer 5xx.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { errorCodes, type ApiOperation } from '../api/openapi';
import { successAnswers } from '../api/operation';
import { invalidBodies, queryString, requestOf, validParts, type RequestParts } from './api-requests';
import type { Role, World } from './api-world';
import { conforms } from './schema-arbitrary';
import { PATH_CONTROL_MESSAGE } from '../http/path-keys';

/**
 * `valid`: inputs the route's schemas accept; `unsampled`: the schemas' JSON form could not draw an
 * input the valibot schema accepts (a custom check, a transform), so only "no 5xx" is asked of it.
 */
export type FuzzKind = 'valid' | 'unsampled' | 'invalid body' | 'invalid query' | 'invalid path';

export interface FuzzResult {
  op: ApiOperation;
  kind: FuzzKind;
  status: number;
  /** What was wrong with the answer, if anything. */
  problem?: string;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export type Send = (url: string, init: RequestInit) => Promise<Answer>;

/** The role an operation is fuzzed as: one its rule lets through. */
export function callerOf(op: ApiOperation): Role {
  return op.doc.access === 'admin' ? 'admin' : op.doc.access === 'public' || op.doc.access === 'token' ? 'visitor' : 'member';
}

/** Path segments no parameter schema takes. */
const BAD_SEGMENTS = ['0', '-1', '99999999999999999999', 'NaN', '%00', 'a%20b', '__proto__', '..%2f', "'%20OR%201=1", 'x'.repeat(300)];

function parse(text: string): { code?: string; message?: string; errors?: Record<string, string[]> } | undefined {
  try {
    return JSON.parse(text) as { code?: string; errors?: Record<string, string[]> };
  } catch {
    return undefined;
  }
}

function judgeValid(op: ApiOperation, answer: Answer): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.status >= 400) {
    const code = parse(answer.text)?.code;
    if (!code || !errorCodes(op).some((declared) => declared === code)) return `undeclared error ${answer.status} ${code ?? answer.text.slice(0, 120)}`;
    return undefined;
  }
  const declared = successAnswers(op.doc).find(({ status }) => status === answer.status);
  if (!declared) return `undeclared success ${answer.status}`;
  if (typeof declared.response === 'object' && answer.contentType.includes('json')) {
    const result = v.safeParse(declared.response, JSON.parse(answer.text));
    if (!result.success) return `answer does not match its schema: ${result.issues.slice(0, 3).map((issue) => `${v.getDotPath(issue) ?? '_'}: ${issue.message}`).join('; ')}`;
  }
  return undefined;
}

function judgeInvalid(answer: Answer): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 200)}`;
  const body = parse(answer.text);
  if (answer.status !== 400 || body?.code !== 'E_VALIDATION') return `expected 400 E_VALIDATION, got ${answer.status} ${answer.text.slice(0, 160)}`;
  // A control byte in the path is refused before any route (http/path-keys.ts): the address, not a field, is wrong.
  if (body.message?.endsWith(PATH_CONTROL_MESSAGE)) return undefined;
  if (!body.errors || Object.keys(body.errors).length === 0) return 'a 400 without field messages';
  return undefined;
}

/** Whether the route's schemas accept every part of a request as the server will see it. */
function acceptsAll(op: ApiOperation, parts: RequestParts): boolean {
  return op.validates.every(({ target, schema }) =>
    target === 'query' ? conforms(schema, asSent(parts.query ?? {})) : target === 'json' ? conforms(schema, parts.json) : true,
  );
}

/** What the server sees of a query: each value a string, or a list of them. */
function asSent(query: Record<string, unknown>): Record<string, string | string[]> {
  const params = new URLSearchParams(queryString(query).slice(1));
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    out[name] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/**
 * Fuzzes one operation: `valid` cases with inputs from the schemas, then the broken ones. Broken
 * inputs change nothing, so they go first, while every record the world names still exists.
 */
export async function fuzzOperation(op: ApiOperation, world: World, send: Send, { seed, valid, origin }: { seed: number; valid: number; origin: string }): Promise<FuzzResult[]> {
  const results: FuzzResult[] = [];
  const cookie = world.cookieFor(op, callerOf(op));
  const call = async (kind: FuzzKind, path: string, parts: RequestParts, judge: (answer: Answer) => string | undefined) => {
    const { url, init } = requestOf(op, path, parts, { origin, cookie });
    const answer = await send(url, init);
    results.push({ op, kind, status: answer.status, problem: judge(answer) });
  };
  const base = world.fill(op, validParts(op, seed));

  for (const body of invalidBodies(op, base.json)) await call('invalid body', world.pathFor(op), { ...base, json: body }, judgeInvalid);
  const query = op.validates.find(({ target }) => target === 'query');
  if (query) {
    const names = Object.keys(base.query ?? {});
    for (const bad of [{ ...base.query, [names[0] ?? 'page']: 'x'.repeat(2_000) }, ...names.map((name) => ({ ...base.query, [name]: ['a', '%', ''] }))]) {
      if (!conforms(query.schema, asSent(bad))) await call('invalid query', world.pathFor(op), { ...base, query: bad }, judgeInvalid);
    }
  }
  const param = op.validates.find(({ target }) => target === 'param');
  if (param) {
    const values = world.paramsFor(op);
    // A parameter with a pattern in the route (`:event{publish|pause}`) is the router's to refuse (404), not the schema's.
    const free = [...op.path.matchAll(/:(\w+)(\{)?/g)].filter((match) => !match[2]).map((match) => match[1]!);
    for (const name of free) {
      for (const segment of BAD_SEGMENTS) {
        const broken = { ...values, [name]: decodeURIComponentSafe(segment) };
        if (conforms(param.schema, broken)) continue;
        const brokenPath = op.path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, n: string) => (n === name ? segment : encodeURIComponent(values[n]!)));
        await call('invalid path', brokenPath, base, judgeInvalid);
        break;
      }
    }
  }
  const samples = fc.sample(fc.integer({ min: 1, max: 2 ** 30 }), { seed, numRuns: valid });
  for (const caseSeed of samples) {
    const parts = world.fill(op, validParts(op, caseSeed));
    if (acceptsAll(op, parts)) await call('valid', world.pathFor(op), parts, (answer) => judgeValid(op, answer));
    else await call('unsampled', world.pathFor(op), parts, (answer) => (answer.status >= 500 ? `${answer.status} ${answer.text.slice(0, 200)}` : undefined));
  }
  return results;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Counts per status and per operation, for the fuzz script's report. */
export function tally(results: readonly FuzzResult[]) {
  const byStatus = new Map<number, number>();
  const byOperation = new Map<string, Map<number, number>>();
  for (const { op, status } of results) {
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const key = `${op.method} /api${op.path}`;
    const counts = byOperation.get(key) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    byOperation.set(key, counts);
  }
  return { byStatus, byOperation };
}
