/** A labelled country select for the search forms ("All countries" first). */
import type { Country } from '@nordlys/sdk/constants';

export interface CountryFieldProps {
  id: string;
  label: string;
  countries: readonly Country[];
  defaultValue?: string;
  className?: string;
}

export function CountryField({ id, label, countries, defaultValue = '', className = 'field' }: CountryFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name="countryCode" defaultValue={defaultValue}>
        <option value="">All countries</option>
        {countries.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </div>
  );
}
