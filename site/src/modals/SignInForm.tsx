/** The e-mail log-in of spec 2.10: the 'signin' step, and the 'sign-exists' step with the e-mail read-only. */
import { isApiError, type Api } from '@nordlys/sdk/api';
import { MESSAGES, type User } from '@nordlys/sdk/schemas';
import { hasErrors, touchAll, validateSignIn, type SignInField, type SubmitGuard } from '@nordlys/sdk/validation';
import { useRef, useState, type FormEvent } from 'react';
import { Field, FormAlert, SubmitButton, touchIfFilled } from './fields';
import { focusFirstInvalid, useGuardedSubmit } from './useGuardedSubmit';

const FIELDS = ['email', 'password'] as const satisfies readonly SignInField[];

export interface SignInFormProps {
  /** The base of the form's ids (see lib/domId); the auth modal passes its own, as it can open over a page with the same form. */
  id?: string;
  api: Api;
  guard?: SubmitGuard;
  /** spec 2.10 'Email address found': the e-mail is read-only and the call sends `exists: true` (spec 4). */
  exists?: boolean;
  initialEmail?: string;
  onEmailChange?(email: string): void;
  onSuccess(user: User): void;
  onForgotPassword(): void;
}

/**
 * E-mail, password, 'Forgot password?' and 'Log in'. Any failure shows 'Invalid email or password'
 * (spec 8); a 429 adds the server's message under it (too many attempts).
 */
export function SignInForm({ id = 'sign-in', api, guard, exists = false, initialEmail = '', onEmailChange, onSuccess, onForgotPassword }: SignInFormProps) {
  const [values, setValues] = useState({ email: initialEmail, password: '' });
  const [touched, setTouched] = useState<Partial<Record<SignInField, true>>>({});
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const { busy, submit } = useGuardedSubmit(guard);
  const elements = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  const errors = validateSignIn(values);
  const shown = (field: SignInField) => (touched[field] ? errors[field] : undefined);
  const touch = (field: SignInField) => setTouched((t) => ({ ...t, [field]: true }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(touchAll(FIELDS));
    if (hasErrors(errors)) {
      focusFirstInvalid(FIELDS, errors, elements.current);
      return;
    }
    setFailure(null);
    try {
      const result = await submit(() =>
        api.users.signIn({ email: values.email.trim(), password: values.password, ...(exists ? { exists: true } : {}) }),
      );
      if (!result.ignored) onSuccess(result.value);
    } catch (error) {
      setFailure({ detail: isApiError(error) && error.status === 429 ? error.message : null });
    }
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={onSubmit} aria-label="Log in with email">
      {failure ? (
        <FormAlert>
          <p>{MESSAGES.signInFailed}</p>
          {failure.detail ? <p>{failure.detail}</p> : null}
        </FormAlert>
      ) : null}
      <Field
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={exists}
        value={values.email}
        onChange={(e) => {
          setValues((v) => ({ ...v, email: e.target.value }));
          onEmailChange?.(e.target.value);
        }}
        onBlur={touchIfFilled(() => touch('email'))}
        error={shown('email')}
        inputRef={(el) => {
          elements.current.email = el;
        }}
      />
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        onBlur={touchIfFilled(() => touch('password'))}
        error={shown('password')}
        inputRef={(el) => {
          elements.current.password = el;
        }}
      />
      <p className="account-form__aside">
        <button type="button" className="text-button" onClick={onForgotPassword}>
          Forgot password?
        </button>
      </p>
      <SubmitButton busy={busy} busyLabel="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}
