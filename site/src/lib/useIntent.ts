/**
 * Issue #13: completes what a visitor meant to do before signing in (sdk intent.ts). A Save, I'm
 * interested, Follow or Apply control calls `useIntent(match, run)`; when the page's URL carries a
 * matching `?do=` and the user is signed in, `run` is called once and the intent leaves the URL
 * (replace, so Back does not repeat it).
 */
import { readIntent, withoutIntent, type Intent } from '@nordlys/sdk/intent';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/SessionProvider';

export function useIntent(match: (intent: Intent) => boolean, run: (intent: Intent) => void | Promise<void>): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const handled = useRef<string | null>(null);
  const intent = readIntent(location.search);
  const matches = intent !== null && match(intent);
  useEffect(() => {
    if (!intent || !matches || !user || handled.current === location.key) return;
    handled.current = location.key;
    void navigate(withoutIntent(`${location.pathname}${location.search}${location.hash}`), { replace: true, preventScrollReset: true });
    void run(intent);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per location with an intent
  }, [matches, user, location.key]);
}
