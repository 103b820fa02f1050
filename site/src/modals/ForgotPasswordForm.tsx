/** spec 2.10 'Forgot password': an e-mail, Cancel and 'Reset password'; used by the auth modal and the reset page. */
import type { Api } from '@nordlys/sdk/api';
import { MESSAGES } from '@nordlys/sdk/schemas';
import { hasErrors, validateForgotPassword, type SubmitGuard } from '@nordlys/sdk/validation';
import { useRef, useState, type FormEvent } from 'react';
import { Field, FormAlert, FormStatus, SubmitButton, touchIfFilled } from './fields';
import { useGuardedSubmit } from './useGuardedSubmit';

export interface ForgotPasswordFormProps {
  /** The base of the form's ids (see lib/domId); the auth modal passes its own, as it can open over a page with the same form. */
  id?: string;
  api: Api;
  guard?: SubmitGuard;
  initialEmail?: string;
  /** spec 2.10: Cancel returns to sign in. Without it there is no Cancel button. */
  onCancel?(): void;
  submitLabel?: string;
}

/**
 * Sends POST users/forgot-password. Success shows the spec's sentence (spec 8), which says nothing
 * of whether the address has an account; a failure shows the server's message.
 */
export function ForgotPasswordForm({ id = 'forgot-password', api, guard, initialEmail = '', onCancel, submitLabel = 'Reset password' }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { busy, submit } = useGuardedSubmit(guard);
  const input = useRef<HTMLInputElement>(null);
  const errors = validateForgotPassword({ email });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (hasErrors(errors)) {
      input.current?.focus();
      return;
    }
    setAlert(null);
    try {
      const result = await submit(() => api.users.forgotPassword({ email: email.trim() }));
      if (!result.ignored) setSent(true);
    } catch (error) {
      setAlert(error instanceof Error && error.message ? error.message : 'The e-mail could not be sent. Please try again.');
    }
  }

  if (sent) {
    return (
      <div className="account-form">
        <FormStatus>
          <p>{MESSAGES.forgotPasswordSent}</p>
        </FormStatus>
        {onCancel ? (
          <button type="button" className="button button--ghost button--block" onClick={onCancel}>
            Back to log in
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={onSubmit} aria-label="Reset password">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <p className="muted">Enter the e-mail address of your account and we'll send you a link to set a new password.</p>
      <Field
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={touchIfFilled(() => setTouched(true))}
        error={touched ? errors.email : undefined}
        inputRef={input}
      />
      <div className="account-form__actions">
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Sending…" className="button button--primary">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
