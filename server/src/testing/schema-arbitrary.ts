/**
 * fast-check arbitraries from the OpenAPI document's JSON Schemas (issue #17): values a schema
 * describes, and mutations of them it does not. JSON Schema cannot say everything a valibot schema
 * checks (transforms, custom checks), so the fuzzer keeps only the values the route's own valibot
 * schema agrees with (`conforms`), and only the mutations it refuses.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
};

const MAX_LIST = 4;
const WORDS = ['Nordic', 'engineer', 'Oslo', 'Data', 'remote', 'Design', 'Stockholm', 'team', 'product', 'Helsinki'];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200));
  // No filters here: a filter that rarely passes never ends. Values outside the bounds are fitted to
  // them; the route's valibot schema has the last word on each value.
  const fit = (s: string) => (s.length < minLength ? s + 'a'.repeat(minLength - s.length) : s.length > maxLength ? s.slice(0, maxLength) : s);
  if (schema.pattern) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = new RegExp(schema.pattern);
    }
    const anchored = schema.pattern.startsWith('^') && schema.pattern.endsWith('$');
    try {
      return fc.stringMatching(pattern, { size: 'xsmall' }).map((s) => (anchored ? s : fit(s)));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): plain text, which the schema judges.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress({ size: 'xsmall' }).map((s) => (s.length <= maxLength ? s : `a${s.length % 10}@nordlys.test`));
    case 'uri':
    case 'url':
      return fc.webUrl({ size: 'xsmall' }).map((s) => (s.length <= maxLength ? s : 'https://nordlys.test/'));
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  // Words most of the time (they pass trims and "not blank" checks), any text now and then.
  const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((list) => list.join(' '));
  return fc
    .oneof({ arbitrary: words, weight: 3 }, { arbitrary: fc.string({ minLength, maxLength }), weight: 1 })
    .map(fit);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.001) : integer ? -1000 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.001) : integer ? 100_000 : 1e6);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Values the schema describes (as far as JSON Schema can say). */
export function arbitraryOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf ?? schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map(arbitraryOf));
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf));
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => arbitraryOf({ ...schema, type })));
  switch (kinds[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(arbitraryOf));
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryOf(schema.items), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_LIST, MAX_LIST)) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = arbitraryOf(property);
      return fc.record(model, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

/** Ways to break a valid object value: a wrong type, a missing required field, an over-long string, the wrong shape. */
export function mutationsOf(schema: JsonSchema | undefined, value: unknown): unknown[] {
  const out: unknown[] = [[value], 'not an object', 42];
  if (!schema || typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  const record = value as Record<string, unknown>;
  for (const name of schema.required ?? []) {
    const { [name]: _, ...rest } = record;
    out.push(rest);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const kinds = types(property);
    out.push({ ...record, [name]: kinds.includes('string') ? { nested: true } : 'wrong type' });
    if (kinds.includes('string') && property.maxLength !== undefined) out.push({ ...record, [name]: 'x'.repeat(property.maxLength + 1) });
    if ((kinds.includes('integer') || kinds.includes('number')) && property.maximum !== undefined) out.push({ ...record, [name]: property.maximum + 1 });
    if (kinds.includes('array') && property.maxItems !== undefined) out.push({ ...record, [name]: Array.from({ length: property.maxItems + 1 }, () => record[name] instanceof Array ? (record[name] as unknown[])[0] ?? 'x' : 'x') });
  }
  return out;
}

/** Whether the route's own schema accepts the value (valibot is synchronous). */
export function conforms(schema: StandardSchemaV1, value: unknown): boolean {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('An async schema: the fuzzer expects synchronous ones');
  return !result.issues;
}
