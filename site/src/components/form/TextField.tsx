/** A labelled one-line text input of a profile form, with hint and message (ui.md "Forms"). */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { describedBy, FieldFrame } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'required'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the message, e.g. the website's "saved as" line. */
  after?: ReactNode;
}

export function TextField({ id, label, value, onChange, required, hint, error, inputRef, after, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        type="text"
        {...input}
        id={id}
        ref={inputRef}
        className={className ? `form-input ${className}` : 'form-input'}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      {after}
    </FieldFrame>
  );
}
