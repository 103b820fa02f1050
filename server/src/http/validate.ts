/** Input validation with the sdk's valibot schemas: a rejection is a 400 naming each field (style 13). */
import { sValidator } from '@hono/standard-validator';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import type { ErrorBody } from '@nordlys/sdk/schemas';

/** Turns Standard Schema issues into `{ message, code, errors: { field: [messages] } }`. */
export function validationBody(issues: readonly StandardSchemaV1.Issue[]): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    // Name the field itself, not the list index inside it (categories, not categories.0).
    const first = issue.path?.[0];
    const field = first === undefined ? '_' : String(typeof first === 'object' ? first.key : first);
    (errors[field] ??= []).push(issue.message);
  }
  const message = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  return { message: `Invalid input. ${message}`, code: 'E_VALIDATION', errors };
}

/** A validator middleware for one request part; the typed result is read with `c.req.valid(target)`. */
export function validate<Target extends keyof ValidationTargets, Schema extends StandardSchemaV1>(target: Target, schema: Schema) {
  return sValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(validationBody(result.error), 400);
  });
}
