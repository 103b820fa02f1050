/** The profile cookie 'user.profile' (spec 4): read from a Cookie header or document.cookie, written and cleared in the browser. */
import { COOKIES } from '@nordlys/sdk/constants';

/** One year: the selection outlives the tab, as a remembered choice would. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The raw value of one cookie in a Cookie header (or document.cookie), or null.
 * @example readCookie('a=1; user.profile=%7B%7D', 'user.profile') // '%7B%7D'
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * The raw 'user.profile' cookie of a request: from its Cookie header on the server, from
 * document.cookie in the browser (a browser never puts the Cookie header on a Request object).
 */
export function profileCookieOf(request: Request): string | null {
  const header = request.headers.get('cookie');
  if (header !== null) return readCookie(header, COOKIES.userProfile);
  return typeof document === 'undefined' ? null : readCookie(document.cookie, COOKIES.userProfile);
}

/** The Set-Cookie value that stores a selection (or, with null, removes it): path=/, SameSite=Lax, one year. */
export function profileCookieHeader(value: string | null): string {
  return value === null
    ? `${COOKIES.userProfile}=; Path=/; SameSite=Lax; Max-Age=0`
    : `${COOKIES.userProfile}=${value}; Path=/; SameSite=Lax; Max-Age=${ONE_YEAR_SECONDS}`;
}

/** Writes (or, with null, clears) 'user.profile' in the browser; does nothing on the server. */
export function writeProfileCookie(value: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie = profileCookieHeader(value);
}
