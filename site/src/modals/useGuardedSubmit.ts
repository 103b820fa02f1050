/** spec 5 "Submission" in React: the sdk submit guard plus a busy flag for the button that started the request. */
import { createSubmitGuard, type Guarded, type SubmitGuard } from '@nordlys/sdk/validation';
import { useCallback, useState } from 'react';

export interface GuardedSubmit {
  /** The request this form started is running. */
  busy: boolean;
  /** Runs `request` unless a request or a provider authorization runs under the same guard (then it is ignored). */
  submit<T>(request: () => Promise<T>): Promise<Guarded<T>>;
  guard: SubmitGuard;
}

/**
 * One form's guarded submit. Pass the guard of a surrounding flow (the auth modal) so that its
 * forms and the provider sign-in block each other; without one the form has its own.
 * @example const { busy, submit } = useGuardedSubmit(); await submit(() => api.users.signIn(values));
 */
export function useGuardedSubmit(shared?: SubmitGuard): GuardedSubmit {
  const [own] = useState(createSubmitGuard);
  const guard = shared ?? own;
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    <T>(request: () => Promise<T>) =>
      guard.submit(async () => {
        setBusy(true);
        try {
          return await request();
        } finally {
          setBusy(false);
        }
      }),
    [guard],
  );
  return { busy, submit, guard };
}

/** Focuses the first field, in form order, that has a message (ui.md "Forms"). */
export function focusFirstInvalid<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, string>>,
  elements: Partial<Record<F, { focus(): void } | null>>,
): void {
  const first = order.find((field) => errors[field]);
  if (first) elements[first]?.focus();
}
