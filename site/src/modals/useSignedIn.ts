/** What a page does with a user its form's call answered (sign-up, reset): the session's after-sign-in rules, or plain navigation. */
import type { User } from '@nordlys/sdk/schemas';
import { useNavigate } from 'react-router';
import { useSession, type Session } from '../session';

/**
 * The session (spec 4) stores the user and then goes to `to`, or opens switch-profile, connect-profile
 * or choose-role. Without a SessionProvider above (a bare render), it simply navigates to `to`.
 */
export function useSignedIn(): (user: User, options: { to: string }) => void {
  let session: Session | null;
  try {
    // Always called, so the hook order never changes; only the missing provider is caught.
    session = useSession();
  } catch {
    session = null;
  }
  const navigate = useNavigate();
  return (user, { to }) => {
    if (session) session.signedIn(user, { to });
    else void navigate(to);
  };
}
