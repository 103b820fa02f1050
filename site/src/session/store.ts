/**
 * The session's state outside React: the user, the raw 'user.profile' cookie and the
 * session-expired flag. Loaders read it on client navigations (guards); React subscribes to it.
 */
import { deriveProfiles, findProfile, parseProfileCookie, profilesOnPlatform, selectProfile } from '@nordlys/sdk/profiles';
import type { ProfileEntry, User } from '@nordlys/sdk/schemas';
import { writeProfileCookie } from './cookie';

export interface SessionSnapshot {
  user: User | null;
  /** The raw value of the cookie 'user.profile', or null. */
  cookie: string | null;
  /** The user's profiles on this platform (spec 4). */
  profiles: ProfileEntry[];
  /** The selected profile, or null. */
  profile: ProfileEntry | null;
  /** spec 8 / 2.6: a 403 while logged in ended the session; the 403 page shows until the redirect. */
  expired: boolean;
  /** Where the redirect after a 403 goes ('/'). */
  expiredTo: string;
}

/** The user's profiles on this platform (spec 4: "Profiles are filtered to those available on the platform"). */
export function profilesOf(user: User | null): ProfileEntry[] {
  return user ? profilesOnPlatform(deriveProfiles(user), user) : [];
}

/**
 * The selected profile on a page load. The cookie is this session's choice (switching profile
 * writes it), so a valid cookie wins; without one the sdk rule applies (one profile, else the
 * user record's saved choice). At sign-in the sdk rule applies as is: see SessionProvider.signedIn.
 */
export function currentProfile(user: User | null, cookie: string | null): ProfileEntry | null {
  if (!user) return null;
  const profiles = profilesOf(user);
  return findProfile(profiles, parseProfileCookie(cookie)) ?? selectProfile({ profiles, savedChoice: user.profile, cookie });
}

function snapshotOf(user: User | null, cookie: string | null, expired: boolean, expiredTo = '/'): SessionSnapshot {
  return { user, cookie, profiles: profilesOf(user), profile: currentProfile(user, cookie), expired, expiredTo };
}

export interface SessionSeed {
  user: User | null;
  cookie: string | null;
}

/** A small external store (useSyncExternalStore); every change makes a new snapshot. */
export class SessionStore {
  #snapshot: SessionSnapshot;
  readonly #listeners = new Set<() => void>();

  constructor(seed: SessionSeed) {
    this.#snapshot = snapshotOf(seed.user, seed.cookie, false);
  }

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  get user(): User | null {
    return this.#snapshot.user;
  }

  #set(user: User | null, cookie: string | null, expired: boolean, expiredTo = this.#snapshot.expiredTo): void {
    this.#snapshot = snapshotOf(user, cookie, expired, expiredTo);
    for (const listener of this.#listeners) listener();
  }

  /** Stores the user as GET users/me (or a sign-in) answered it; null logs out locally and clears the cookie. */
  setUser(user: User | null): void {
    if (!user) {
      this.clear();
      return;
    }
    this.#set(user, this.#snapshot.cookie, this.#snapshot.expired);
  }

  /** Stores the selection cookie (profileCookieValue), or removes it with null, in the browser too. */
  setCookie(value: string | null): void {
    writeProfileCookie(value);
    this.#set(this.#snapshot.user, value, this.#snapshot.expired);
  }

  /** A sign-in: the new user and the selection made for them, at once; a past 403 no longer matters. */
  signIn(user: User, cookie: string | null): void {
    if (cookie !== this.#snapshot.cookie) writeProfileCookie(cookie);
    this.#set(user, cookie, false);
  }

  /** spec 4: logout or reset clears the user and the selection. */
  clear(): void {
    writeProfileCookie(null);
    this.#set(null, null, this.#snapshot.expired);
  }

  /** spec 8: a 403 while logged in: log out and show the 403 page until the redirect to `to`. */
  expire(to = '/'): void {
    writeProfileCookie(null);
    this.#set(null, null, true, to);
  }

  /** The redirect after a 403 happened: show pages again. */
  clearExpired(): void {
    if (this.#snapshot.expired) this.#set(this.#snapshot.user, this.#snapshot.cookie, false);
  }
}
