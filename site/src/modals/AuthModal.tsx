/** The sign-up / log-in modal of spec 2.10: the sdk auth flow's steps, each with its form, in one dialog. */
import type { Api } from '@nordlys/sdk/api';
import {
  authStepTitle,
  createAuthFlow,
  isExistsSignIn,
  showSignUpFooter,
  type AuthEvent,
  type AuthState,
  type AuthStep,
} from '@nordlys/sdk/auth-flow';
import type { AuthSettings, User } from '@nordlys/sdk/schemas';
import { createSubmitGuard } from '@nordlys/sdk/validation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormAlert } from './fields';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { Modal, type ModalCloseVia } from './Modal';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { useProviderSignIn } from './useProviderSignIn';

export interface AuthModalProps {
  api: Api;
  /** From GET /api/site/config-base (`auth`): sign-up switch, captcha and provider. */
  settings: AuthSettings;
  /** The first step; 'signup-landing' unless given. */
  step?: AuthStep;
  /** A custom landing title (spec 2.10). */
  title?: string;
  /** An e-mail to prefill. */
  email?: string;
  /** A full name to prefill the sign-up form, split on a space (spec 5). */
  name?: string;
  /**
   * spec 2.10: already logged in, the flow succeeds at once and shows nothing. Give the user if you
   * have it; with `true` the modal reads it with GET users/me first (and opens normally if that
   * answers that nobody is logged in after all).
   */
  loggedIn?: boolean | User | null;
  /**
   * The user is logged in: called exactly once. `exists` tells a log-in from the 'Email address
   * found' step (spec 4 "Login" records it).
   */
  onSuccess(user: User, details: { exists: boolean }): void;
  /** The modal was closed by Escape, the backdrop or its × (spec 2.10). */
  onCancel(): void;
}

/** A button that looks like a link, for the ways between steps. */
function StepLink({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="text-button" onClick={onClick}>
      {children}
    </button>
  );
}

function ProviderButton({ label, busy, onClick }: { label: string; busy: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className="button button--provider button--block"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

function Divider() {
  return (
    <p className="auth-divider">
      <span>or</span>
    </p>
  );
}

/**
 * spec 2.10: signup-landing → signup or signin; signup → signin, or sign-exists when the e-mail has
 * an account (carried over, read-only); signin → forgot password or signup; forgot → Cancel back to
 * signin. The steps share one submit guard, so a form cannot submit while another request or the
 * provider popup runs (spec 5). Closing calls `onCancel`, logging in `onSuccess`, never both.
 */
export function AuthModal(props: AuthModalProps) {
  const { api, settings, name, loggedIn } = props;
  const latest = useRef(props);
  latest.current = props;
  const signedIn = useRef<{ user: User; exists: boolean } | null>(null);
  const [flow] = useState(() =>
    createAuthFlow(
      { step: props.step, title: props.title, email: props.email, signUpDisabled: !settings.signUp },
      {
        onChange: (next) => setState(next),
        onCancel: () => latest.current.onCancel(),
        onSuccess: () => latest.current.onSuccess(signedIn.current!.user, { exists: signedIn.current!.exists }),
      },
    ),
  );
  const [state, setState] = useState<AuthState>(flow.state);
  const [guard] = useState(createSubmitGuard);
  // The e-mail typed so far, carried from step to step.
  const email = useRef(flow.state.email);

  const succeed = (user: User) => {
    signedIn.current = { user, exists: isExistsSignIn(flow.state) };
    flow.send({ type: 'logged-in' });
  };
  const provider = useProviderSignIn({ api, settings, guard, onSignedIn: succeed });
  const send = (event: AuthEvent) => {
    if (flow.send(event)) provider.clearError();
  };

  // spec 2.10: success at once when already logged in (in an effect: never call the host while rendering).
  const [checkingUser, setCheckingUser] = useState(Boolean(loggedIn));
  useEffect(() => {
    if (!loggedIn) return;
    if (typeof loggedIn === 'object') {
      succeed(loggedIn);
      return;
    }
    let live = true;
    api.users.me().then(
      (user) => {
        if (live) succeed(user);
      },
      () => {
        if (live) setCheckingUser(false);
      },
    );
    return () => {
      live = false;
    };
    // Only the state the modal opened with counts, so this runs once.
  }, []);

  if (checkingUser || state.status !== 'open') return null;

  const onClose = (via: ModalCloseVia) => send({ type: 'close', via: via === 'header' ? 'header' : 'hidden' });
  const rememberEmail = (value: string) => {
    email.current = value;
  };
  const providerButton = settings.provider ? (
    <ProviderButton
      label={`${state.step === 'signup-landing' && settings.signUp ? 'Sign up' : 'Log in'} with ${settings.provider.name}`}
      busy={provider.authorizing}
      onClick={() => void provider.start()}
    />
  ) : null;
  const toSignIn = (
    <p className="auth-switch">
      Already have an account? <StepLink onClick={() => send({ type: 'open-sign-in' })}>Log in</StepLink>
    </p>
  );

  let body: ReactNode;
  switch (state.step) {
    case 'signup-landing':
      body = (
        <>
          {providerButton}
          {providerButton && settings.signUp ? <Divider /> : null}
          {settings.signUp ? (
            <button type="button" className="button button--primary button--block" onClick={() => send({ type: 'sign-up-with-email' })}>
              Sign up with email
            </button>
          ) : null}
          {toSignIn}
        </>
      );
      break;
    case 'signup':
      body = (
        <SignUpForm
          id="auth-sign-up"
          api={api}
          captcha={settings.captcha}
          guard={guard}
          initial={{ name, email: email.current }}
          onEmailChange={rememberEmail}
          onSuccess={succeed}
          onAccountExists={(event) => {
            email.current = event.email;
            send(event);
          }}
          logIn={toSignIn}
        />
      );
      break;
    case 'signin':
    case 'sign-exists': {
      const exists = state.step === 'sign-exists';
      body = (
        <>
          {exists ? null : providerButton}
          {exists || !providerButton ? null : <Divider />}
          <SignInForm
            id="auth-sign-in"
            api={api}
            guard={guard}
            exists={exists}
            initialEmail={exists ? state.email : email.current}
            onEmailChange={rememberEmail}
            onSuccess={succeed}
            onForgotPassword={() => send({ type: 'forgot-password' })}
          />
        </>
      );
      break;
    }
    case 'signup-forgot-password':
      body = (
        <ForgotPasswordForm
          id="auth-forgot-password"
          api={api}
          guard={guard}
          initialEmail={email.current}
          onCancel={() => send({ type: 'cancel-forgot-password' })}
        />
      );
      break;
  }

  const footer = showSignUpFooter(state) ? (
    <p className="auth-switch">
      Don't have an account? <StepLink onClick={() => send({ type: 'open-sign-up' })}>Sign up</StepLink>
    </p>
  ) : null;

  return (
    <Modal id="auth" title={authStepTitle(state)} onClose={onClose} focusKey={state.step} footer={footer} className="modal__panel--auth">
      {provider.error ? <FormAlert>{provider.error}</FormAlert> : null}
      <div key={state.step} className="auth-step">
        {body}
      </div>
    </Modal>
  );
}
