/** A labelled multi-line plain text field of a profile form (ui.md "Forms"). */
import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from './Field';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'required'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined | null;
  inputRef?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ id, label, value, onChange, required, hint, error, inputRef, rows = 3, ...rest }: TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...rest}
        id={id}
        ref={inputRef}
        rows={rows}
        className="form-input form-textarea"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldFrame>
  );
}
