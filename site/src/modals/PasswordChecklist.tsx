/** spec 5: the live checklist under a new password: upper-case letter, minimum 8 characters, number and special character. */
import { passwordChecklist } from '@nordlys/sdk/validation';
import type { FocusEvent } from 'react';
import { Field } from './fields';

/**
 * Each item of the sdk's checklist, marked met or not met in words (for screen readers) and with a
 * tick or a dot (for the eye); polite live region, so changes are announced while typing.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-checklist" aria-label="Password requirements" aria-live="polite">
      {passwordChecklist(password).map((item) => (
        <li key={item.rule} className="password-checklist__item" data-met={item.met}>
          <span className="password-checklist__mark" aria-hidden="true">
            {item.met ? '✓' : '•'}
          </span>
          <span className="visually-hidden">{item.met ? 'Met: ' : 'Not met: '}</span>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export interface NewPasswordFieldProps {
  /** The input's id; the checklist gets `{id}-checklist`. */
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(event: FocusEvent<HTMLInputElement>): void;
  error: string | undefined;
  inputRef(el: HTMLInputElement | null): void;
}

/** A new password (sign-up, reset) with the live checklist under it, which the input names as its description. */
export function NewPasswordField({ id, label, value, onChange, onBlur, error, inputRef }: NewPasswordFieldProps) {
  const checklistId = `${id}-checklist`;
  return (
    <Field
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error}
      describedBy={checklistId}
      inputRef={inputRef}
    >
      <PasswordChecklist id={checklistId} password={value} />
    </Field>
  );
}
