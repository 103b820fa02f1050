import { CompanyInputSchema, QuickApplySchema } from '@nordlys/sdk/schemas';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, type FormErrors } from './errors';

/** What the forms showed when fieldErrorsOf called valibot itself: the first message per getDotPath ('_' for none). */
function byValibot(schema: v.GenericSchema, input: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const issue of v.safeParse(schema, input).issues ?? []) errors[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return errors;
}

describe('fieldErrorsOf, through the Standard Schema interface', () => {
  const cases: [string, v.GenericSchema, unknown][] = [
    ['a nested list and several fields', CompanyInputSchema, { name: '', website: 'not a site', team: [{ name: '' }, { name: 'Ada' }, { name: ' ' }], foundedYear: 'soon' }],
    ['a missing CV and empty answers', QuickApplySchema, { message: 'x'.repeat(2001), answers: ['', 'fine', '  '], surface: 'nowhere' }],
    ['not an object at all', QuickApplySchema, 'nothing'],
    ['a record with a symbol-free path', v.object({ tags: v.record(v.string(), v.number('A number')) }), { tags: { a: 1, b: 'two' } }],
  ];

  it.each(cases)('gives the same messages at the same paths as valibot (%s)', (_name, schema, input) => {
    const result = fieldErrorsOf(schema, input);
    expect(result.ok).toBe(false);
    const expected = byValibot(schema, input);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(result.ok ? {} : result.errors).toEqual(expected);
  });

  it('gives the parsed output (with the schema’s transforms) when the input passes', () => {
    const result = fieldErrorsOf(QuickApplySchema, { cvPath: 'cv/abcdefgh12.pdf', message: '  Hello  ', answers: [' Yes '] });
    expect(result).toEqual({ ok: true, output: { cvPath: 'cv/abcdefgh12.pdf', message: 'Hello', answers: ['Yes'], surface: 'site', saveCvToProfile: false } });
  });

  it('refuses an async schema rather than reading a promise as a pass', () => {
    const schema = v.pipeAsync(v.string(), v.checkAsync(async () => true, 'never')) as unknown as v.GenericSchema;
    expect(() => fieldErrorsOf(schema, 'x')).toThrow(/async/);
  });
});
