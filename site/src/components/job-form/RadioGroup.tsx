/**
 * One choice of a few as native radio buttons in a fieldset (arrow keys move between them), with
 * the legend above, a hint, and the message under it; an option may carry its own hint and be
 * unavailable (disabled, with the reason as its hint).
 */
import type { ReactNode } from 'react';
import { FieldError, RequiredMark } from '../form/Field';

export interface RadioOption<V extends string> {
  value: V;
  text: string;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  id: string;
  legend: string;
  /** '' while none is chosen. */
  value: V | '';
  onChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined | null;
  /** What shows under the options for the chosen one (its own fields). */
  children?: ReactNode;
}

export function RadioGroup<V extends string>({ id, legend, value, onChange, options, required, hint, error, children }: RadioGroupProps<V>) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="form-group radio-group" id={id} aria-describedby={described} aria-invalid={error ? true : undefined}>
      <legend>
        {legend}
        <RequiredMark required={required} />
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      <div className="radio-group__options">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="radio-group__option">
              <label className="check" htmlFor={optionId}>
                <input
                  type="radio"
                  id={optionId}
                  name={id}
                  value={option.value}
                  checked={value === option.value}
                  disabled={option.disabled}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                  onChange={() => onChange(option.value)}
                />
                <span>{option.text}</span>
              </label>
              {option.hint ? (
                <p id={`${optionId}-hint`} className="form-hint radio-group__hint">
                  {option.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {children ? <div className="radio-group__more">{children}</div> : null}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
