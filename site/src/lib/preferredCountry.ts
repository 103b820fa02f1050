/**
 * The cookie 'preferred-country-code' (spec 9): the country a visitor chose (the /pricing switcher),
 * read from a request's Cookie header or document.cookie, and written as the sdk says (REMOTE is never
 * stored: preferredCountryToStore).
 */
import { COOKIES } from '@nordlys/sdk/constants';
import { preferredCountryToStore } from '@nordlys/sdk/preferred-country';
import { readCookie } from '../session/cookie';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A two-letter country code, upper case, or null (REMOTE and anything else are not a country). */
export function countryCodeOf(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The preferred country of a request: its Cookie header on the server, document.cookie in the browser. */
export function preferredCountryOf(request: Request): string | null {
  const header = request.headers.get('cookie') ?? (typeof document === 'undefined' ? null : document.cookie);
  return countryCodeOf(readCookie(header, COOKIES.preferredCountryCode));
}

/** The Set-Cookie value that stores a chosen country, or removes the cookie for one that is not stored. */
export function preferredCountryCookie(code: string | null | undefined): string {
  const stored = preferredCountryToStore(code);
  return stored === null
    ? `${COOKIES.preferredCountryCode}=; Path=/; SameSite=Lax; Max-Age=0`
    : `${COOKIES.preferredCountryCode}=${encodeURIComponent(stored)}; Path=/; SameSite=Lax; Max-Age=${ONE_YEAR_SECONDS}`;
}

/** Stores (or clears) the preferred country in the browser; nothing on the server. */
export function writePreferredCountry(code: string | null | undefined): void {
  if (typeof document === 'undefined') return;
  document.cookie = preferredCountryCookie(code);
}
