/**
 * The form rules of spec 5: field messages, checklist, prefill and submit guard. Each part has its own
 * module so a page loads only what it uses; the valibot checks of the account forms are account-forms.ts.
 */
import type { FieldErrors } from './account-forms';

export { validateSignUp, validateSignIn, validateForgotPassword } from './account-forms';
export type { FieldErrors, SignUpField, SignInField, ForgotPasswordField } from './account-forms';
export { PASSWORD_CHECKLIST_LABELS, passwordChecklist, type PasswordRule, type PasswordChecklistItem } from './password-rules';
export { preferredCountryToStore } from './preferred-country';
export { isSearchSavable } from './search-query';
export { touchAll, createSubmitGuard, type Guarded, type SubmitGuard } from './submit-guard';
// The scheme rule has its own module (pages that only link a website import it alone); named here too.
export { withScheme } from './with-scheme';

/** Whether a field-error map holds any message. */
export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * spec 5: a prefilled name is split on the first space: first name before it, last name after.
 * @example prefillName('Anna Maria Berg') // { first: 'Anna', last: 'Maria Berg' }
 */
export function prefillName(fullName: string | null | undefined): { first: string; last: string } {
  const name = (fullName ?? '').trim();
  const space = name.indexOf(' ');
  if (space === -1) return { first: name, last: '' };
  return { first: name.slice(0, space), last: name.slice(space + 1).trim() };
}
