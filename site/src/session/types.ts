/** The signed-in state the whole site reads (spec 4): the user, their profiles, the selected one, and what changes them. */
import type { AuthStep } from '@nordlys/sdk/auth-flow';
import type { ProfileEntry, ProfileSelection, User } from '@nordlys/sdk/schemas';

/** What opens the auth modal of spec 2.10 (header buttons, the 'to' query, a guarded action). */
export interface AuthRequest {
  step?: AuthStep;
  /** A custom landing title (spec 2.10). */
  title?: string;
  email?: string;
  /** Where to go after sign-in (the 'to' query); the after-sign-in rules of spec 4 decide otherwise. */
  to?: string | null;
}

export interface Session {
  /** null when logged out. */
  user: User | null;
  /** The user's profiles on this platform (sdk profilesOnPlatform). */
  profiles: ProfileEntry[];
  /** The selected profile (sdk selectProfile), or null. */
  profile: ProfileEntry | null;
  /**
   * A call answered a signed-in user (sign-in, sign-up, reset, provider, applicant): store it,
   * select the profile (spec 4), then run the after-sign-in rules (go, switch, connect, choose role).
   */
  signedIn(user: User, options?: { to?: string | null; exists?: boolean }): void;
  /** POST users/sign-out, clear the user and the 'user.profile' cookie (spec 4), go to '/'. */
  signOut(): Promise<void>;
  /** GET users/me again (returning to the tab, after a profile change); null when logged out. */
  refresh(): Promise<User | null>;
  /** Select a profile: cookie 'user.profile', and the user record too when `remember` (spec 2.11). */
  selectProfile(selection: ProfileSelection, options?: { remember?: boolean }): Promise<void>;
  /** Opens the auth modal of spec 2.10. */
  openAuth(request?: AuthRequest): void;
}
