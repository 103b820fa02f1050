import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/errors';
import {
  accountExistsEvent,
  afterSignIn,
  authStepTitle,
  authTransition,
  createAuthFlow,
  initialAuthState,
  isExistsSignIn,
  showSignUpFooter,
  type AuthEvent,
  type AuthStep,
} from './auth-flow';

const at = (step: AuthStep, options: { signUpDisabled?: boolean; email?: string } = {}) => initialAuthState({ step, ...options });

describe('auth flow steps (spec 2.10)', () => {
  it('starts on the sign-up landing by default', () => {
    expect(initialAuthState().step).toBe('signup-landing');
    expect(initialAuthState({ step: 'signin' }).step).toBe('signin');
  });

  it.each<[AuthStep, AuthEvent, AuthStep]>([
    ['signup-landing', { type: 'sign-up-with-email' }, 'signup'],
    ['signup-landing', { type: 'open-sign-in' }, 'signin'],
    ['signup', { type: 'open-sign-in' }, 'signin'],
    ['signup', { type: 'account-exists', email: 'anna@northwind.dk' }, 'sign-exists'],
    ['signin', { type: 'forgot-password' }, 'signup-forgot-password'],
    ['signin', { type: 'open-sign-up' }, 'signup'],
    ['signup-forgot-password', { type: 'cancel-forgot-password' }, 'signin'],
    ['sign-exists', { type: 'forgot-password' }, 'signup-forgot-password'],
  ])('%s --%o--> %s', (from, event, to) => {
    const { state, effects } = authTransition(at(from), event);
    expect(state.step).toBe(to);
    expect(effects).toEqual([]);
  });

  it.each<[AuthStep, AuthEvent]>([
    ['signup-landing', { type: 'forgot-password' }],
    ['signup-landing', { type: 'account-exists', email: 'a@b.dk' }],
    ['signup', { type: 'forgot-password' }],
    ['signin', { type: 'account-exists', email: 'a@b.dk' }],
    ['signin', { type: 'sign-up-with-email' }],
    ['sign-exists', { type: 'open-sign-up' }],
    ['signup-forgot-password', { type: 'open-sign-up' }],
  ])('refuses %s --%o--> (no such transition)', (from, event) => {
    const state = at(from);
    expect(authTransition(state, event)).toEqual({ state, effects: [] });
    expect(authTransition(state, event).state).toBe(state);
  });

  it('carries the e-mail over from sign-up to sign-exists, and on to forgot password and back', () => {
    const exists = authTransition(at('signup'), { type: 'account-exists', email: 'anna@northwind.dk' }).state;
    expect(exists).toMatchObject({ step: 'sign-exists', email: 'anna@northwind.dk' });
    expect(isExistsSignIn(exists)).toBe(true);
    const forgot = authTransition(exists, { type: 'forgot-password' }).state;
    expect(forgot.email).toBe('anna@northwind.dk');
    expect(authTransition(forgot, { type: 'cancel-forgot-password' }).state).toMatchObject({ step: 'signin', email: 'anna@northwind.dk' });
  });

  it('with sign-up disabled, hides the footer and refuses every way into sign-up', () => {
    expect(showSignUpFooter(at('signin'))).toBe(true);
    const disabled = at('signin', { signUpDisabled: true });
    expect(showSignUpFooter(disabled)).toBe(false);
    expect(authTransition(disabled, { type: 'open-sign-up' }).state).toBe(disabled);
    const landing = at('signup-landing', { signUpDisabled: true });
    expect(authTransition(landing, { type: 'sign-up-with-email' }).state).toBe(landing);
    expect(authTransition(landing, { type: 'open-sign-in' }).state.step).toBe('signin');
    expect(initialAuthState({ step: 'signup', signUpDisabled: true }).step).toBe('signin');
  });

  it('shows the sign-up footer on sign in only', () => {
    for (const step of ['signup-landing', 'signup', 'sign-exists', 'signup-forgot-password'] as const) {
      expect(showSignUpFooter(at(step))).toBe(false);
    }
  });
});

describe('auth step titles (spec 2.10)', () => {
  it.each<[AuthStep, string]>([
    ['signup-landing', 'Let us know who you are'],
    ['signin', 'Log in'],
    ['sign-exists', 'Email address found, please log in'],
    ['signup', 'Sign up'],
    ['signup-forgot-password', 'Forgot password'],
  ])('%s is titled %j', (step, title) => {
    expect(authStepTitle(at(step))).toBe(title);
  });

  it('uses a custom landing title when given, on the landing only', () => {
    const landing = initialAuthState({ title: 'Sign up to save this job' });
    expect(authStepTitle(landing)).toBe('Sign up to save this job');
    expect(authStepTitle(authTransition(landing, { type: 'open-sign-in' }).state)).toBe('Log in');
  });
});

describe('closing and success (spec 2.10)', () => {
  it.each(['hidden', 'header'] as const)('calls cancel when the modal is closed via %s', (via) => {
    const onCancel = vi.fn();
    const onSuccess = vi.fn();
    const flow = createAuthFlow({}, { onCancel, onSuccess });
    expect(flow.send({ type: 'close', via })).toBe(true);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(flow.state.status).toBe('cancelled');
  });

  it('calls success when the user becomes logged in, from any step', () => {
    for (const step of ['signup-landing', 'signup', 'signin', 'sign-exists', 'signup-forgot-password'] as const) {
      expect(authTransition(at(step), { type: 'logged-in' }).effects).toEqual([{ type: 'success' }]);
    }
    const onSuccess = vi.fn();
    const flow = createAuthFlow({}, { onSuccess });
    flow.send({ type: 'open-sign-in' });
    expect(onSuccess).not.toHaveBeenCalled();
    flow.send({ type: 'logged-in' });
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('calls success immediately when the user is already logged in', () => {
    const onSuccess = vi.fn();
    const flow = createAuthFlow({ loggedIn: true }, { onSuccess });
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(flow.state.status).toBe('succeeded');
  });

  it('ends the flow once: no cancel after success when the modal then hides, no second cancel', () => {
    const onCancel = vi.fn();
    const onSuccess = vi.fn();
    const flow = createAuthFlow({}, { onCancel, onSuccess });
    flow.send({ type: 'logged-in' });
    expect(flow.send({ type: 'close', via: 'hidden' })).toBe(false);
    expect(onCancel).not.toHaveBeenCalled();

    const closed = authTransition(initialAuthState(), { type: 'close', via: 'header' }).state;
    expect(authTransition(closed, { type: 'close', via: 'hidden' }).effects).toEqual([]);
    expect(authTransition(closed, { type: 'logged-in' }).effects).toEqual([]);
  });

  it('reports accepted transitions to onChange', () => {
    const onChange = vi.fn();
    const flow = createAuthFlow({}, { onChange });
    flow.send({ type: 'forgot-password' });
    expect(onChange).not.toHaveBeenCalled();
    flow.send({ type: 'open-sign-in' });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ step: 'signin' }));
  });
});

describe('sign-up failure with an existing account (spec 8)', () => {
  const exists = new ApiError('An account with this email already exists', { status: 409, body: { code: 'E_ACCOUNT_EXISTS' } });

  it('turns E_ACCOUNT_EXISTS into the exists event with the e-mail, moving the flow to sign-exists', () => {
    const event = accountExistsEvent(exists, ' anna@northwind.dk ');
    expect(event).toEqual({ type: 'account-exists', email: 'anna@northwind.dk' });
    const flow = createAuthFlow({ step: 'signup' });
    flow.send(event!);
    expect(flow.state).toMatchObject({ step: 'sign-exists', email: 'anna@northwind.dk' });
    expect(authStepTitle(flow.state)).toBe('Email address found, please log in');
  });

  it('finds the code in the response details or the cause', () => {
    expect(accountExistsEvent({ message: 'Conflict', details: { code: 'E_ACCOUNT_EXISTS' } }, 'a@b.dk')).not.toBeNull();
    expect(accountExistsEvent({ details: [{ code: 'E_OTHER' }, { code: 'E_ACCOUNT_EXISTS' }] }, 'a@b.dk')).not.toBeNull();
    expect(accountExistsEvent(new Error('wrapped', { cause: exists }), 'a@b.dk')).not.toBeNull();
  });

  it('gives nothing for any other failure', () => {
    expect(accountExistsEvent(new ApiError('Invalid input', { status: 400, body: { code: 'E_VALIDATION' } }), 'a@b.dk')).toBeNull();
    expect(accountExistsEvent(new Error('Network down'), 'a@b.dk')).toBeNull();
    expect(accountExistsEvent('E_ACCOUNT_EXISTS', 'a@b.dk')).toBeNull();
    expect(accountExistsEvent(null, 'a@b.dk')).toBeNull();
  });
});

describe('after sign-in (spec 4)', () => {
  const profile = { link: '/client/startups/northwind-labs/jobs' };

  it('with a selected profile goes to the "to" target, else to the profile link', () => {
    expect(afterSignIn({ selectedProfile: profile, profilesCount: 3, connectableCount: 2, to: '/jobs/42' })).toEqual({ kind: 'go', to: '/jobs/42' });
    expect(afterSignIn({ selectedProfile: profile, profilesCount: 1, connectableCount: 0 })).toEqual({ kind: 'go', to: profile.link });
  });

  it('with several profiles and none selected opens switch-profile, before connect-profile', () => {
    expect(afterSignIn({ selectedProfile: null, profilesCount: 2, connectableCount: 1 })).toEqual({ kind: 'switch-profile' });
  });

  it('with connectable profiles opens connect-profile', () => {
    expect(afterSignIn({ selectedProfile: null, profilesCount: 0, connectableCount: 1 })).toEqual({ kind: 'connect-profile' });
    expect(afterSignIn({ selectedProfile: null, profilesCount: 1, connectableCount: 2 })).toEqual({ kind: 'connect-profile' });
  });

  it('otherwise opens choose-role', () => {
    expect(afterSignIn({ selectedProfile: null, profilesCount: 0, connectableCount: 0, to: '/jobs' })).toEqual({ kind: 'choose-role' });
    expect(afterSignIn({ selectedProfile: undefined, profilesCount: 1, connectableCount: 0 })).toEqual({ kind: 'choose-role' });
  });

  it('goes to a team invitation link before any profile or role choice (issue #11)', () => {
    const to = '/client/invitation?token=abcdefghijklmnopqrstuvwxyz';
    expect(afterSignIn({ selectedProfile: null, profilesCount: 0, connectableCount: 0, to })).toEqual({ kind: 'go', to });
    expect(afterSignIn({ selectedProfile: null, profilesCount: 3, connectableCount: 0, to })).toEqual({ kind: 'go', to });
    expect(afterSignIn({ selectedProfile: null, profilesCount: 0, connectableCount: 2, to })).toEqual({ kind: 'go', to });
    expect(afterSignIn({ selectedProfile: profile, profilesCount: 1, connectableCount: 0, to })).toEqual({ kind: 'go', to });
    // Only the invitation page, and only on this site.
    expect(afterSignIn({ selectedProfile: null, profilesCount: 0, connectableCount: 0, to: '/client/invitations?token=x' })).toEqual({ kind: 'choose-role' });
    expect(afterSignIn({ selectedProfile: null, profilesCount: 0, connectableCount: 0, to: 'https://evil.example/client/invitation?token=x' })).toEqual({
      kind: 'choose-role',
    });
  });

  it('follows "to" only within this site', () => {
    for (const to of ['https://evil.example/phish', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(afterSignIn({ selectedProfile: profile, profilesCount: 1, connectableCount: 0, to })).toEqual({ kind: 'go', to: profile.link });
    }
    expect(afterSignIn({ selectedProfile: profile, profilesCount: 1, connectableCount: 0, to: '/client/applicant?create=1' })).toEqual({
      kind: 'go',
      to: '/client/applicant?create=1',
    });
  });
});
