/** A labelled select of one of a vocabulary's values (sdk vocabulary.ts), with an empty "choose" option. */
import type { Term } from '@nordlys/sdk/vocabulary';
import type { ReactNode, Ref } from 'react';
import { describedBy, FieldFrame } from './Field';

export interface SelectProps {
  id: string;
  label: string;
  /** '' for none. */
  value: string;
  onChange: (value: string) => void;
  options: readonly Term[];
  /** The empty option's text; null leaves it out (a value is always chosen). */
  placeholder?: string | null;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined | null;
  selectRef?: Ref<HTMLSelectElement>;
  /** A visually hidden label (rows of a list, where a column heading names it). */
  className?: string;
}

export function Select({ id, label, value, onChange, options, placeholder = 'Choose…', required, hint, error, selectRef, className }: SelectProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={id}
        ref={selectRef}
        className="form-input form-select"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
