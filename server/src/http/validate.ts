/** Input validation with the sdk's valibot schemas: a rejection is a 400 naming each field (style 13). */
import { sValidator } from '@hono/standard-validator';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import type { ErrorBody } from '@nordlys/sdk/schemas';

/**
 * How a message's field is named: by its top-level field (`categories`, not `categories.0`), or by
 * its whole path (`billing.vatNumber`) for forms that key nested fields so (site form/errors.ts).
 */
export type FieldNames = 'top' | 'path';

/** Turns Standard Schema issues into `{ message, code, errors: { field: [messages] } }`. */
export function validationBody(issues: readonly StandardSchemaV1.Issue[], fieldNames: FieldNames = 'top'): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const keys = (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part));
    const field = (fieldNames === 'top' ? keys[0] : keys.join('.')) || '_';
    (errors[field] ??= []).push(issue.message);
  }
  const message = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  return { message: `Invalid input. ${message}`, code: 'E_VALIDATION', errors };
}

/** The key under which a validator carries its part and schema, for the OpenAPI document (api/openapi.ts). */
export const VALIDATES = Symbol.for('nordlys.validates');

export interface Validates {
  target: keyof ValidationTargets;
  schema: StandardSchemaV1;
}

/** A validator middleware for one request part; the typed result is read with `c.req.valid(target)`. */
export function validate<Target extends keyof ValidationTargets, Schema extends StandardSchemaV1>(target: Target, schema: Schema, fieldNames: FieldNames = 'top') {
  const middleware = sValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(validationBody(result.error, fieldNames), 400);
  });
  return Object.assign(middleware, { [VALIDATES]: { target, schema } satisfies Validates });
}

export function validatesOf(handler: unknown): Validates | undefined {
  return typeof handler === 'function' ? (handler as { [VALIDATES]?: Validates })[VALIDATES] : undefined;
}
