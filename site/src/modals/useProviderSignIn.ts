/** The professional-network sign-in of spec 7 and 8: a polled popup, then POST users/authorize-with-linkedin. */
import { isApiError, type Api } from '@nordlys/sdk/api';
import { authorizeInPopup, browserPopupHost } from '@nordlys/sdk/popup-auth';
import { MESSAGES, type AuthSettings, type User } from '@nordlys/sdk/schemas';
import type { SubmitGuard } from '@nordlys/sdk/validation';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ProviderSignIn {
  /** The popup is open or its token is being exchanged; form submits are ignored meanwhile (spec 5). */
  authorizing: boolean;
  /** What went wrong, for an alert; null after a refusal or a closed popup (spec 8: no error shown). */
  error: string | null;
  start(): Promise<void>;
  clearError(): void;
}

/** spec 6 and 8: the message of a failed provider sign-in. */
function providerErrorMessage(error: unknown, signUp: boolean): string {
  // spec 6: with sign-up disabled, a provider user with no account gets a 404.
  if (isApiError(error) && error.status === 404 && !signUp) return MESSAGES.noAccount;
  if (error instanceof Error && error.message) return error.message;
  return 'Signing in failed. Please try again.';
}

/**
 * Opens `settings.provider.authorizeUrl` in the sdk's popup flow under the flow's submit guard,
 * exchanges the token for the user (allowRegistration follows `settings.signUp`) and hands the user
 * to `onSignedIn`. The popup closes when the component unmounts (the modal closed).
 */
export function useProviderSignIn({
  api,
  settings,
  guard,
  onSignedIn,
}: {
  api: Api;
  settings: AuthSettings;
  guard: SubmitGuard;
  onSignedIn(user: User): void;
}): ProviderSignIn {
  const [authorizing, setAuthorizing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async () => {
    const provider = settings.provider;
    if (!provider) return;
    setError(null);
    try {
      // Runs synchronously up to window.open, so the browser sees the click that opened the popup.
      const result = await guard.authorize(async () => {
        setAuthorizing(true);
        const controller = new AbortController();
        abort.current = controller;
        try {
          const origin = window.location.origin;
          const authorization = await authorizeInPopup(new URL(provider.authorizeUrl, origin).href, {
            kind: 'provider',
            origin,
            host: browserPopupHost(window),
            signal: controller.signal,
          });
          if (!authorization.authorized) return null;
          const answer = await api.users.authorizeWithLinkedin({ accessToken: authorization.accessToken, allowRegistration: settings.signUp });
          return answer.user;
        } finally {
          setAuthorizing(false);
        }
      });
      if (!result.ignored && result.value) signedIn.current(result.value);
    } catch (failure) {
      setError(providerErrorMessage(failure, settings.signUp));
    }
  }, [api, settings, guard]);

  const clearError = useCallback(() => setError(null), []);
  return { authorizing, error, start, clearError };
}
