/** The sign-up-with-e-mail form of spec 2.10 and 5, shared by the auth modal's 'signup' step and the /emailsignup page. */
import type { Api } from '@nordlys/sdk/api';
import { accountExistsEvent, type AuthEvent } from '@nordlys/sdk/auth-flow';
import type { CaptchaSettings, User } from '@nordlys/sdk/schemas';
import { linkTo } from '@nordlys/sdk/routes';
import {
  hasErrors,
  prefillName,
  touchAll,
  validateSignUp,
  type SignUpField,
  type SubmitGuard,
} from '@nordlys/sdk/validation';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Captcha, type CaptchaHandle } from './Captcha';
import { Field, FormAlert, SubmitButton, touchIfFilled } from './fields';
import { NewPasswordField } from './PasswordChecklist';
import { clearStoredUser } from './storedUser';
import { focusFirstInvalid, useGuardedSubmit } from './useGuardedSubmit';

/** The fields in form order: the first invalid one gets focus on submit. */
const FIELDS = ['name.first', 'name.last', 'email', 'password', 'reCaptchaResponse'] as const satisfies readonly SignUpField[];

export interface SignUpFormProps {
  /** The base of the form's ids (see lib/domId); the auth modal passes its own, as it can open over a page with the same form. */
  id?: string;
  api: Api;
  captcha: CaptchaSettings;
  /** A full name and e-mail to start with; the name is split on a space (spec 5). */
  initial?: { name?: string | null; email?: string | null };
  /** The guard of the surrounding flow, so the provider sign-in blocks this submit (spec 5). */
  guard?: SubmitGuard;
  onSuccess(user: User): void;
  /** spec 8: E_ACCOUNT_EXISTS; without it, the server's message shows like any failure. */
  onAccountExists?(event: Extract<AuthEvent, { type: 'account-exists' }>): void;
  onEmailChange?(email: string): void;
  /** The way to log in instead, under the form (a button in the modal, a link on the page). */
  logIn?: ReactNode;
}

/**
 * First name, last name, e-mail, password with its live checklist, the captcha and the terms
 * statement (spec 5). Submitting marks every field touched, focuses the first invalid one, and
 * sends POST users/sign-up once, however often it is pressed. A failure shows the server's
 * message, clears the stored user (spec 8) and resets the captcha.
 */
export function SignUpForm({ id = 'sign-up', api, captcha, initial, guard, onSuccess, onAccountExists, onEmailChange, logIn }: SignUpFormProps) {
  const [values, setValues] = useState(() => {
    const name = prefillName(initial?.name);
    return { first: name.first, last: name.last, email: initial?.email ?? '', password: '', reCaptchaResponse: '' };
  });
  const [touched, setTouched] = useState<Partial<Record<SignUpField, true>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const { busy, submit } = useGuardedSubmit(guard);
  const elements = useRef<Partial<Record<SignUpField, HTMLElement | null>>>({});
  const captchaRef = useRef<CaptchaHandle>(null);

  const payload = {
    name: { first: values.first, last: values.last },
    email: values.email,
    password: values.password,
    reCaptchaResponse: values.reCaptchaResponse,
  };
  const errors = validateSignUp(payload);
  const shown = (field: SignUpField) => (touched[field] ? errors[field] : undefined);
  const touch = (field: SignUpField) => setTouched((t) => ({ ...t, [field]: true }));
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === 'email') onEmailChange?.(value);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(touchAll(FIELDS));
    if (hasErrors(errors)) {
      focusFirstInvalid(FIELDS, errors, {
        ...elements.current,
        reCaptchaResponse: captchaRef.current,
      });
      return;
    }
    setAlert(null);
    try {
      const result = await submit(() =>
        api.users.signUp({
          name: { first: values.first.trim(), last: values.last.trim() },
          email: values.email.trim(),
          password: values.password,
          reCaptchaResponse: values.reCaptchaResponse,
        }),
      );
      if (result.ignored) return;
      captchaRef.current?.reset();
      onSuccess(result.value);
    } catch (error) {
      // spec 5: a captcha answer is used once; spec 8: the stored user and logged-in flags go.
      captchaRef.current?.reset();
      clearStoredUser();
      const exists = accountExistsEvent(error, values.email);
      if (exists && onAccountExists) onAccountExists(exists);
      else setAlert(error instanceof Error && error.message ? error.message : 'Sign-up failed. Please try again.');
    }
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={onSubmit} aria-label="Sign up with email">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="account-form__row">
        <Field
          id={`${id}-first`}
          label="First name"
          autoComplete="given-name"
          type="text"
          value={values.first}
          onChange={(e) => set('first')(e.target.value)}
          onBlur={touchIfFilled(() => touch('name.first'))}
          error={shown('name.first')}
          inputRef={(el) => {
            elements.current['name.first'] = el;
          }}
        />
        <Field
          id={`${id}-last`}
          label="Last name"
          autoComplete="family-name"
          type="text"
          value={values.last}
          onChange={(e) => set('last')(e.target.value)}
          onBlur={touchIfFilled(() => touch('name.last'))}
          error={shown('name.last')}
          inputRef={(el) => {
            elements.current['name.last'] = el;
          }}
        />
      </div>
      <Field
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        onBlur={touchIfFilled(() => touch('email'))}
        error={shown('email')}
        inputRef={(el) => {
          elements.current.email = el;
        }}
      />
      <NewPasswordField
        id={`${id}-password`}
        label="Password"
        value={values.password}
        onChange={set('password')}
        onBlur={touchIfFilled(() => touch('password'))}
        error={shown('password')}
        inputRef={(el) => {
          elements.current.password = el;
        }}
      />
      <Captcha
        id={`${id}-captcha`}
        ref={captchaRef}
        settings={captcha}
        onChange={(token) => setValues((v) => ({ ...v, reCaptchaResponse: token }))}
        error={shown('reCaptchaResponse')}
      />
      <p className="account-form__terms">
        By signing up you accept our <DocumentLink href={linkTo('terms')}>Terms of Service</DocumentLink> and{' '}
        <DocumentLink href={linkTo('privacyPolicy')}>Privacy Policy</DocumentLink>.
      </p>
      <SubmitButton busy={busy} busyLabel="Signing up…">
        Sign up
      </SubmitButton>
      {logIn}
    </form>
  );
}

/** A link to one of the site's documents while its page exists (the URL registry knows); its name alone until then (spec 5 states the acceptance either way). */
function DocumentLink({ href, children }: { href: string | null; children: string }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  ) : (
    <>{children}</>
  );
}
