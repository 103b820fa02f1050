/**
 * `/client/reset-password?resetKey=…` (spec 2.2): choose a new password with the link from the
 * reset mail. A missing, bad or expired key offers a new link right here (the forgot-password form),
 * so nobody has to find the way back through the log-in modal.
 */
import { isApiError } from '@nordlys/sdk/api';
import { PATHS } from '@nordlys/sdk/navigation';
import { NewPasswordSchema, type User } from '@nordlys/sdk/schemas';
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { domId } from '../../lib/domId';
import type { RouteHandle } from '../../meta';
import { Field, FormAlert, FormStatus, SubmitButton, touchIfFilled } from '../../modals/fields';
import { ForgotPasswordForm } from '../../modals/ForgotPasswordForm';
import { NewPasswordField } from '../../modals/PasswordChecklist';
import { useApi } from '../../modals/useApi';
import { focusFirstInvalid, useGuardedSubmit } from '../../modals/useGuardedSubmit';
import { useSignedIn } from '../../modals/useSignedIn';

interface ResetPasswordData {
  resetKey: string | null;
}

export function loader({ request }: LoaderFunctionArgs): ResetPasswordData {
  return { resetKey: new URL(request.url).searchParams.get('resetKey')?.trim() || null };
}

export const handle: RouteHandle<ResetPasswordData> = {
  meta: () => ({ title: 'Reset password', noindex: true }),
};

type ResetField = 'password' | 'confirm';
const FIELDS = ['password', 'confirm'] as const satisfies readonly ResetField[];

const CONFIRM_MESSAGES = {
  required: 'Please enter the new password again',
  mismatch: 'The passwords do not match',
} as const;

/** spec 5: the new password's rules and message, from the sdk schema the server checks too. */
function passwordError(password: string): string | undefined {
  const result = NewPasswordSchema['~standard'].validate(password);
  return result instanceof Promise ? undefined : result.issues?.[0]?.message;
}

function validate(values: { password: string; confirm: string }): Partial<Record<ResetField, string>> {
  const errors: Partial<Record<ResetField, string>> = {};
  const password = passwordError(values.password);
  if (password) errors.password = password;
  if (!values.confirm) errors.confirm = CONFIRM_MESSAGES.required;
  else if (values.confirm !== values.password) errors.confirm = CONFIRM_MESSAGES.mismatch;
  return errors;
}

/** The way out of a missing, bad or expired key: ask for a new link by e-mail (POST users/forgot-password). */
function NewLinkForm() {
  const api = useApi();
  return (
    <section aria-labelledby="new-link">
      <h2 id="new-link" className="account-card__subtitle">
        Ask for a new link
      </h2>
      <ForgotPasswordForm api={api} submitLabel="Send me a new link" />
    </section>
  );
}

function ResetPasswordForm({ resetKey }: { resetKey: string }) {
  const id = domId('reset-password');
  const api = useApi();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<ResetField, true>>>({});
  const [serverErrors, setServerErrors] = useState<{ password?: string; key?: string; form?: string }>({});
  const [user, setUser] = useState<User | null>(null);
  const signedIn = useSignedIn();
  const { busy, submit } = useGuardedSubmit();
  const elements = useRef<Partial<Record<ResetField, HTMLInputElement | null>>>({});

  const errors = validate(values);
  const shown = (field: ResetField) => (touched[field] ? errors[field] : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ password: true, confirm: true });
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(FIELDS, errors, elements.current);
      return;
    }
    setServerErrors({});
    try {
      const result = await submit(() => api.users.resetPassword({ password: values.password, resetKey }));
      if (!result.ignored) setUser(result.value);
    } catch (error) {
      if (!isApiError(error)) {
        setServerErrors({ form: 'The password could not be changed. Please try again.' });
        return;
      }
      const fieldMessage = (name: string) => error.errors?.[name]?.[0];
      const password = fieldMessage('password');
      // A refused key: the field message of resetKey, or a 4xx that is not about the password.
      const keyRefused = fieldMessage('resetKey') ?? (!password && [400, 404, 410, 422].includes(error.status) ? error.message : undefined);
      if (keyRefused) setServerErrors({ key: keyRefused });
      else if (password) {
        setServerErrors({ password });
        elements.current.password?.focus();
      } else setServerErrors({ form: error.message });
    }
  }

  if (user) {
    return (
      <>
        <FormStatus>
          <p>Your password has been changed.</p>
        </FormStatus>
        {/* spec 7: reset-password answers the user; the session takes it from here (spec 4). */}
        <button type="button" className="button button--primary" onClick={() => signedIn(user, { to: PATHS.home })}>
          Continue
        </button>
      </>
    );
  }
  if (serverErrors.key) {
    return (
      <>
        <FormAlert>{serverErrors.key}</FormAlert>
        <NewLinkForm />
      </>
    );
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      {serverErrors.form ? <FormAlert>{serverErrors.form}</FormAlert> : null}
      <NewPasswordField
        id={`${id}-password`}
        label="New password"
        value={values.password}
        onChange={(password) => setValues((v) => ({ ...v, password }))}
        onBlur={touchIfFilled(() => setTouched((t) => ({ ...t, password: true })))}
        error={shown('password') ?? serverErrors.password}
        inputRef={(el) => {
          elements.current.password = el;
        }}
      />
      <Field
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
        onBlur={touchIfFilled(() => setTouched((t) => ({ ...t, confirm: true })))}
        error={shown('confirm')}
        inputRef={(el) => {
          elements.current.confirm = el;
        }}
      />
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save new password
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const { resetKey } = useLoaderData<typeof loader>();
  return (
    <div className="container page account-page">
      <div className="account-card">
        <h1 className="account-card__title">Reset password</h1>
        {resetKey ? (
          <ResetPasswordForm resetKey={resetKey} />
        ) : (
          <>
            <p className="account-card__lead">
              This link has no reset key. Open the link in the e-mail again, or ask for a new one here.
            </p>
            <NewLinkForm />
          </>
        )}
      </div>
    </div>
  );
}
