/** spec 5 "Submission": every field touched on submit, and one request at a time (apart from the valibot form checks, so any form loads it alone). */

/**
 * spec 5 "Submission": every field marked touched, so all messages show on submit.
 * @example touchAll(['email', 'password']) // { email: true, password: true }
 */
export function touchAll<F extends string>(fields: readonly F[]): Record<F, true> {
  return Object.fromEntries(fields.map((field) => [field, true])) as Record<F, true>;
}

/** The outcome of a guarded call: ignored, or run with its value. */
export type Guarded<T> = { ignored: true } | { ignored: false; value: T };

export interface SubmitGuard {
  /** A form request is in flight. */
  readonly submitting: boolean;
  /** The provider sign-in is authorizing. */
  readonly authorizing: boolean;
  /** Runs the request unless a request or an authorization is running; errors pass through. */
  submit<T>(request: () => Promise<T>): Promise<Guarded<T>>;
  /** Runs the provider authorization under the same rule, blocking submits meanwhile. */
  authorize<T>(authorization: () => Promise<T>): Promise<Guarded<T>>;
}

/**
 * spec 5 "Submission": submit is ignored while a request runs or while the provider sign-in is
 * authorizing. Mark the fields touched first, then validate, then submit.
 * @example
 * const guard = createSubmitGuard();
 * async function onSubmit() {
 *   touched = touchAll(SIGN_IN_FIELDS);
 *   if (hasErrors(validateSignIn(values))) return;
 *   await guard.submit(() => api.users.signIn(values));
 * }
 */
export function createSubmitGuard(): SubmitGuard {
  let running: 'submitting' | 'authorizing' | null = null;
  const run = async <T>(kind: 'submitting' | 'authorizing', work: () => Promise<T>): Promise<Guarded<T>> => {
    if (running !== null) return { ignored: true };
    running = kind;
    try {
      return { ignored: false, value: await work() };
    } finally {
      running = null;
    }
  };
  return {
    get submitting() {
      return running === 'submitting';
    },
    get authorizing() {
      return running === 'authorizing';
    },
    submit: (request) => run('submitting', request),
    authorize: (authorization) => run('authorizing', authorization),
  };
}
