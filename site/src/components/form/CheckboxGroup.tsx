/**
 * Several values of one vocabulary (sdk vocabulary.ts) as a fieldset of checkboxes: plain, or as
 * chips (ChipPicker) for the short lists (perks, industries). Native checkboxes, so Tab and Space work.
 */
import type { Term } from '@nordlys/sdk/vocabulary';
import type { ReactNode, Ref } from 'react';
import { FieldError, RequiredMark } from './Field';

export interface CheckboxGroupProps {
  id: string;
  legend: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  options: readonly Term[];
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined | null;
  /** The first checkbox, for focusing the group when it has a message. */
  firstRef?: Ref<HTMLInputElement>;
  variant?: 'list' | 'chips';
}

export function CheckboxGroup({ id, legend, value, onChange, options, required, hint, error, firstRef, variant = 'list' }: CheckboxGroupProps) {
  const chosen = new Set(value);
  const toggle = (option: string, on: boolean) =>
    // Keep the vocabulary's order, whatever order they were ticked in.
    onChange(options.map((o) => o.value).filter((v) => (v === option ? on : chosen.has(v))));
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`check-group form-group${variant === 'chips' ? ' chip-picker' : ''}`} id={id} aria-describedby={described} aria-invalid={error ? true : undefined}>
      <legend>
        {legend}
        <RequiredMark required={required} />
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      <div className={variant === 'chips' ? 'chip-picker__options' : 'check-group__options'}>
        {options.map((option, i) => (
          <label key={option.value} className={variant === 'chips' ? 'chip-option' : 'check'}>
            <input
              type="checkbox"
              ref={i === 0 ? firstRef : undefined}
              name={id}
              value={option.value}
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />
            <span>{option.text}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A CheckboxGroup shown as toggle chips. */
export function ChipPicker(props: Omit<CheckboxGroupProps, 'variant'>) {
  return <CheckboxGroup {...props} variant="chips" />;
}
