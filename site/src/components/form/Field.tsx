/**
 * The frame every profile-form field shares (ui.md "Forms"): the label above, a "required" mark, a
 * hint, the control, and the field's message under it. The control is described by the hint and the
 * message and is aria-invalid while there is one.
 */
import type { ReactNode } from 'react';

/** A field's message, under the field (ids: `${id}-error`). */
export function FieldError({ id, error }: { id: string; error?: string | undefined | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="form-field__error">
      {error}
    </p>
  );
}

/** The "required" mark after a label: a visible asterisk, read as "required". */
export function RequiredMark({ required }: { required?: boolean | undefined }) {
  if (!required) return null;
  return (
    <span className="form-required">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> (required)</span>
    </span>
  );
}

/** The ids a control is described by: its message and its hint. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined | null;
  children: ReactNode;
  className?: string;
  /** The label names the control by `htmlFor` (inputs) or only by id (a contentEditable uses aria-labelledby). */
  labelFor?: boolean;
}

export function FieldFrame({ id, label, required, hint, error, children, className, labelFor = true }: FieldFrameProps) {
  return (
    <div className={className ? `field form-field ${className}` : 'field form-field'}>
      {labelFor ? (
        <label htmlFor={id} id={`${id}-label`}>
          {label}
          <RequiredMark required={required} />
        </label>
      ) : (
        <span className="form-label" id={`${id}-label`}>
          {label}
          <RequiredMark required={required} />
        </span>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}
