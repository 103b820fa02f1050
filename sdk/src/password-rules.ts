/**
 * spec 5's password rules without valibot: the patterns NewPasswordSchema checks and the live checklist
 * under the sign-up password, so the checklist and the schema agree and the checklist loads alone.
 */
import { LIMITS } from './constants';

/** spec 5: upper-case letter, a digit and a special character, 8 to 50 characters. */
export const PASSWORD_UPPER = /[A-Z]/;
export const PASSWORD_DIGIT = /\d/;
export const PASSWORD_SPECIAL = /[~!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?`]/;

export type PasswordRule = 'upper-case' | 'min-length' | 'number' | 'special';

export interface PasswordChecklistItem {
  rule: PasswordRule;
  label: string;
  met: boolean;
}

/** spec 5: the checklist labels, in the spec's order. */
export const PASSWORD_CHECKLIST_LABELS = {
  'upper-case': 'Upper-case letter',
  'min-length': `Minimum ${LIMITS.passwordMin} characters`,
  number: 'Number',
  special: 'Special character (for example ~!@#$%&)',
} as const satisfies Record<PasswordRule, string>;

/**
 * spec 5: the live checklist under the sign-up password: upper-case letter, minimum 8 characters,
 * number and special character. The 50-character maximum is not an item; the field message covers it.
 */
export function passwordChecklist(password: string): PasswordChecklistItem[] {
  const met: Record<PasswordRule, boolean> = {
    // The same patterns and limit as NewPasswordSchema, so the checklist and the form agree.
    'upper-case': PASSWORD_UPPER.test(password),
    'min-length': password.length >= LIMITS.passwordMin,
    number: PASSWORD_DIGIT.test(password),
    special: PASSWORD_SPECIAL.test(password),
  };
  return (Object.keys(PASSWORD_CHECKLIST_LABELS) as PasswordRule[]).map((rule) => ({
    rule,
    label: PASSWORD_CHECKLIST_LABELS[rule],
    met: met[rule],
  }));
}
