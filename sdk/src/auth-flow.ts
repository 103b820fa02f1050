/** The sign-up / log-in modal flow of spec 2.10 as a pure reducer, and the after-sign-in decision of spec 4. */

/** spec 2.10: the steps of the flow; 'signup-landing' is the default first step. */
export const AUTH_STEPS = ['signup-landing', 'signup', 'signin', 'sign-exists', 'signup-forgot-password'] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];

/** spec 2.10: the landing's title unless a custom title is given. */
export const DEFAULT_LANDING_TITLE = 'Let us know who you are';

/** The modal title of each step; the spec names the landing, sign-in and exists titles, the rest are ours. */
export const AUTH_STEP_TITLES = {
  'signup-landing': DEFAULT_LANDING_TITLE,
  signup: 'Sign up',
  signin: 'Log in',
  'sign-exists': 'Email address found, please log in',
  'signup-forgot-password': 'Forgot password',
} as const satisfies Record<AuthStep, string>;

/** spec 8: the code that marks a sign-up for an e-mail that already has an account. */
export const ACCOUNT_EXISTS_CODE = 'E_ACCOUNT_EXISTS';

export interface AuthFlowOptions {
  /** The first step; 'signup-landing' unless given. */
  step?: AuthStep;
  /** A custom landing title (spec 2.10). */
  title?: string;
  /** spec 6: sign-up can be disabled; the sign-in footer is hidden and no step leads to 'signup'. */
  signUpDisabled?: boolean;
  /** A known e-mail, e.g. a prefill; 'sign-exists' shows it read-only. */
  email?: string;
}

export interface AuthState {
  step: AuthStep;
  /** The custom landing title, if any. */
  title: string | undefined;
  signUpDisabled: boolean;
  /** The e-mail carried between steps (spec 2.10: sign-up carries it over to sign-exists). */
  email: string;
  /** 'open' until the flow ends; an ended flow takes no more events. */
  status: 'open' | 'cancelled' | 'succeeded';
}

/** What the user (or the session) did; each step accepts only the events of spec 2.10. */
export type AuthEvent =
  /** Landing: "sign up with e-mail". */
  | { type: 'sign-up-with-email' }
  /** Landing: the 'Log in' link; sign-up: its way to sign in. */
  | { type: 'open-sign-in' }
  /** Sign in: the footer 'Don't have an account? Sign up'. */
  | { type: 'open-sign-up' }
  /** Sign up: the e-mail already has an account (spec 8); see {@link accountExistsEvent}. */
  | { type: 'account-exists'; email: string }
  /** Sign in and exists: 'Forgot password?'. */
  | { type: 'forgot-password' }
  /** Forgot password: Cancel. */
  | { type: 'cancel-forgot-password' }
  /** The modal was hidden, or its header's close was pressed. */
  | { type: 'close'; via: 'hidden' | 'header' }
  /** The user is logged in (by this flow, or already). */
  | { type: 'logged-in' };

/** The callbacks a transition asks the host to call (spec 2.10, "Closing and success"). */
export type AuthEffect = { type: 'cancel' } | { type: 'success' };

export interface AuthTransition {
  state: AuthState;
  effects: AuthEffect[];
}

/**
 * spec 2.10: the flow's starting state.
 * @example initialAuthState({}).step // 'signup-landing'
 */
export function initialAuthState(options: AuthFlowOptions = {}): AuthState {
  const signUpDisabled = options.signUpDisabled ?? false;
  const step = options.step ?? 'signup-landing';
  return {
    // A flow with sign-up disabled cannot start on the sign-up form.
    step: signUpDisabled && step === 'signup' ? 'signin' : step,
    title: options.title,
    signUpDisabled,
    email: options.email ?? '',
    status: 'open',
  };
}

/** The step an event leads to from a step, or null when spec 2.10 has no such transition. */
function nextStep(state: AuthState, event: AuthEvent): AuthStep | null {
  switch (state.step) {
    case 'signup-landing':
      if (event.type === 'sign-up-with-email') return 'signup';
      if (event.type === 'open-sign-in') return 'signin';
      return null;
    case 'signup':
      if (event.type === 'open-sign-in') return 'signin';
      if (event.type === 'account-exists') return 'sign-exists';
      return null;
    case 'signin':
      if (event.type === 'forgot-password') return 'signup-forgot-password';
      if (event.type === 'open-sign-up') return 'signup';
      return null;
    case 'sign-exists':
      return event.type === 'forgot-password' ? 'signup-forgot-password' : null;
    case 'signup-forgot-password':
      return event.type === 'cancel-forgot-password' ? 'signin' : null;
  }
}

/**
 * spec 2.10: the flow's reducer. A refused event returns the same state object and no effects;
 * closing ends the flow with a 'cancel' effect, logging in with a 'success' effect, and an ended
 * flow ignores everything after (so success is never followed by cancel when the modal then hides).
 */
export function authTransition(state: AuthState, event: AuthEvent): AuthTransition {
  const refused = { state, effects: [] };
  if (state.status !== 'open') return refused;
  if (event.type === 'close') return { state: { ...state, status: 'cancelled' }, effects: [{ type: 'cancel' }] };
  if (event.type === 'logged-in') return { state: { ...state, status: 'succeeded' }, effects: [{ type: 'success' }] };
  const step = nextStep(state, event);
  // spec 2.10: with sign-up disabled there is no way into the sign-up form.
  if (step === null || (step === 'signup' && state.signUpDisabled)) return refused;
  const email = event.type === 'account-exists' ? event.email : state.email;
  return { state: { ...state, step, email }, effects: [] };
}

/** spec 2.10: the modal title of the current step; the landing shows the custom title when given. */
export function authStepTitle(state: AuthState): string {
  if (state.step === 'signup-landing' && state.title) return state.title;
  return AUTH_STEP_TITLES[state.step];
}

/** spec 2.10: the sign-in footer 'Don't have an account? Sign up' shows unless sign-up is disabled. */
export function showSignUpFooter(state: AuthState): boolean {
  return state.step === 'signin' && !state.signUpDisabled;
}

/** spec 4 "Login": a sign-in from the 'Email address found' step is sent with `exists: true`. */
export function isExistsSignIn(state: AuthState): boolean {
  return state.step === 'sign-exists';
}

export interface AuthFlowCallbacks {
  onCancel?: () => void;
  onSuccess?: () => void;
  /** Called after every accepted transition, e.g. to re-render. */
  onChange?: (state: AuthState) => void;
}

export interface AuthFlow {
  readonly state: AuthState;
  /** Applies an event and runs its effects; returns whether the event was accepted. */
  send(event: AuthEvent): boolean;
}

/**
 * spec 2.10: a tiny controller over {@link authTransition} that runs the cancel and success
 * callbacks, and succeeds at once when the user is already logged in.
 * @example
 * const flow = createAuthFlow({ loggedIn: false }, { onSuccess: () => goOn(), onCancel: () => stay() });
 * flow.send({ type: 'open-sign-in' });
 */
export function createAuthFlow(options: AuthFlowOptions & { loggedIn?: boolean }, callbacks: AuthFlowCallbacks = {}): AuthFlow {
  let state = initialAuthState(options);
  const send = (event: AuthEvent): boolean => {
    const next = authTransition(state, event);
    if (next.state === state) return false;
    state = next.state;
    callbacks.onChange?.(state);
    for (const effect of next.effects) {
      if (effect.type === 'cancel') callbacks.onCancel?.();
      else callbacks.onSuccess?.();
    }
    return true;
  };
  // spec 2.10: success is called immediately if the user is already logged in.
  if (options.loggedIn) send({ type: 'logged-in' });
  return {
    get state() {
      return state;
    },
    send,
  };
}

/** spec 8: whether an error carries the code E_ACCOUNT_EXISTS: as `code` (ApiError), in `details`, or in its cause chain. */
export function isAccountExistsError(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    const { code, details, cause } = current as { code?: unknown; details?: unknown; cause?: unknown };
    if (code === ACCOUNT_EXISTS_CODE) return true;
    const detailList: unknown[] = Array.isArray(details) ? details : [details];
    if (detailList.some((d) => typeof d === 'object' && d !== null && (d as { code?: unknown }).code === ACCOUNT_EXISTS_CODE)) return true;
    current = cause;
  }
  return false;
}

/**
 * spec 8: a sign-up failure with E_ACCOUNT_EXISTS becomes the 'account-exists' event carrying the
 * e-mail, which moves the flow to 'sign-exists'; any other failure gives null.
 */
export function accountExistsEvent(error: unknown, email: string): Extract<AuthEvent, { type: 'account-exists' }> | null {
  return isAccountExistsError(error) ? { type: 'account-exists', email: email.trim() } : null;
}

// spec 4's after-sign-in decision has its own module (every page loads it, not the flow); named here too.
export { afterSignIn, type AfterSignIn, type AfterSignInInput } from './after-sign-in';
