/** spec 5's rule for the preferred country a visitor chose (the 'preferred-country-code' cookie, spec 9). */
import { REMOTE } from './constants';

/** spec 5: the country code to store as the preferred country, or null: 'REMOTE' is never stored. */
export function preferredCountryToStore(code: string | null | undefined): string | null {
  const value = (code ?? '').trim();
  if (value === '' || value.toUpperCase() === REMOTE) return null;
  return value;
}
