/** The parts every account form shares (ui.md "Forms"): a labelled field with its error under it, an alert, and a busy submit button. */
import type { InputHTMLAttributes, ReactNode, Ref, FocusEvent } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The field's message (spec 5), shown under the field; set only once the field is touched. */
  error?: string | undefined;
  /** Ids of more text describing the field, e.g. the password checklist. */
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the error, e.g. the password checklist. */
  children?: ReactNode;
}

/**
 * A label above an input and its error under it; the input is aria-invalid and described by the
 * error while there is one.
 */
export function Field({ id, label, error, describedBy, inputRef, children, className, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field form-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        className={className ? `form-input ${className}` : 'form-input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A message about the whole form, announced as it appears (role="alert"). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  );
}

/** A success message, announced politely (role="status"). */
export function FormStatus({ children }: { children: ReactNode }) {
  return (
    <div className="form-status" role="status">
      {children}
    </div>
  );
}

export interface SubmitButtonProps {
  busy: boolean;
  /** What the button says while its request runs, e.g. 'Logging in…'. */
  busyLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * spec 5 "Submission": the form's submit button, busy while its request runs. It stays focusable
 * and clickable (aria-disabled, not disabled) so focus is not lost; the submit guard ignores it meanwhile.
 */
export function SubmitButton({ busy, busyLabel, children, className = 'button button--primary button--block' }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * An onBlur that marks a field touched only once it holds something: passing through an empty
 * field (or leaving the form by 'Log in') shows no error and moves nothing under the pointer;
 * submitting marks every field touched anyway (spec 5).
 */
export function touchIfFilled(touch: () => void) {
  return (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value !== '') touch();
  };
}
