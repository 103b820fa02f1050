/** The user and logged-in flags kept in localStorage, cleared when a sign-up fails (spec 8). */

/** The localStorage keys of the stored user and the logged-in flag. */
export const STORED_USER_KEYS = ['nordlys.user', 'nordlys.loggedIn'] as const;

/** spec 8 "Sign-up failure": clears the locally stored user and logged-in flags. Storage may be blocked; that is fine. */
export function clearStoredUser(): void {
  try {
    for (const key of STORED_USER_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Private mode or blocked storage: there is nothing stored to clear.
  }
}
