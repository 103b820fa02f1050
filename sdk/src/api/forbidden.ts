/** spec 8: "Any 403 while logged in: log the user out and go to /." */

export interface ForbiddenOptions {
  /** Whether a user is signed in right now. Without it every 403 is only an ApiError. */
  isLoggedIn?: () => boolean;
  /** The app's logout: clear the user, the profile selection and the logged-in flags. */
  onForbidden?: () => void | Promise<void>;
  /** Goes to a path of the app; called with '/' once onForbidden has finished. */
  navigate?: (path: string) => void;
}

/**
 * Returns what the client runs on every 403 (spec 8). While logged in it calls onForbidden, then
 * navigate('/'); logged out it does nothing. One logout at a time: a 403 that arrives while the
 * logout runs (a parallel call, or the logout's own sign-out call) starts no second logout and does
 * not wait for the first, so a sign-out inside onForbidden cannot deadlock.
 */
export function forbiddenRule({ isLoggedIn, onForbidden, navigate }: ForbiddenOptions): () => Promise<void> {
  let running = false;
  return async () => {
    if (running || !isLoggedIn?.()) return;
    running = true;
    await attempt('logging out', () => onForbidden?.());
    running = false;
    await attempt('going to /', () => navigate?.('/'));
  };
}

/** The caller still gets the 403 ApiError: a failing app hook is logged, never thrown in its place. */
async function attempt(what: string, step: () => unknown): Promise<void> {
  try {
    await step();
  } catch (error) {
    console.error(`[nordlys] ${what} after a 403 failed`, error);
  }
}
