/**
 * `/client/startups/new`: creating a startup profile (signed-in users; spec 2.4, issue #11). The
 * name gives the key (sdk keyFromName), shown as the page address and editable; the server refuses
 * reserved words (400) and taken keys (409), shown under the key. The new startup is a DRAFT, its
 * creator its admin member; the page selects it and goes on to its edit form.
 */
import { isApiError } from '@nordlys/sdk/api';
import { keyFromName } from '@nordlys/sdk/profile-review';
import { paths } from '@nordlys/sdk/routes';
import { CompanyCreateSchema } from '@nordlys/sdk/schemas';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { fieldErrorsOf, serverFieldErrors, type FormErrors } from '../../../components/form/errors';
import { TextField } from '../../../components/form/TextField';
import { signedInArea } from '../../../layouts/areas';
import { domId } from '../../../lib/domId';
import type { RouteHandle } from '../../../meta';
import { FormAlert, SubmitButton } from '../../../modals/fields';
import { useApi } from '../../../modals/useApi';
import { useGuardedSubmit } from '../../../modals/useGuardedSubmit';
import { useSession } from '../../../session/SessionProvider';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await signedInArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Create your startup profile', noindex: true }),
};

export function Component() {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const { busy, submit } = useGuardedSubmit();
  const [name, setName] = useState('');
  // null: the key follows the name; a string: the user edited it.
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const [editingKey, setEditingKey] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const previewId = domId('new-startup', 'key-preview');

  const key = ownKey ?? (name.trim() ? keyFromName(name, 'company') : '');

  function showErrors(next: FormErrors) {
    setErrors(next);
    if (next.name) nameInput.current?.focus();
    else if (next.key) {
      setEditingKey(true);
      // The key field appears with this render; focus it once it is there.
      requestAnimationFrame(() => keyInput.current?.focus());
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const body = { name, ...(key ? { key } : {}) };
    const checked = fieldErrorsOf(CompanyCreateSchema, body);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const result = await submit(() => api.companyAdmin.create(checked.output));
      if (result.ignored) return;
      const company = result.value;
      // The session learns the new membership (the guards read it), and the new startup is selected (spec 4).
      await session.refresh();
      await session.selectProfile({ type: 'company', key: company.key });
      navigate(paths.companyAdmin(company.key, 'edit'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (isApiError(error) && error.status === 409) {
        showErrors({ key: fields?.key ?? error.message ?? 'That address is taken. Please choose another.' });
      } else if (fields) {
        showErrors(fields);
      } else {
        setAlert(error instanceof Error && error.message ? error.message : 'The startup could not be created. Please try again.');
      }
    }
  }

  return (
    <div className="page container">
      <header className="page-head">
        <h1>Create your startup profile</h1>
        <p className="page-head__lead">
          Start with the name. Next you fill in your startup's page: what you do, your team and perks. An admin reviews it before it
          goes live.
        </p>
      </header>
      <form className="account-form profile-form" noValidate onSubmit={onSubmit}>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField
          id="startup-name"
          label="Name of the startup"
          required
          value={name}
          onChange={(value) => {
            setName(value);
            if (errors.name) setErrors(({ name: _, ...rest }) => rest);
          }}
          error={errors.name}
          inputRef={nameInput}
          maxLength={100}
          autoComplete="organization"
          hint="As talent knows it, e.g. Northwind Labs."
        />
        {editingKey ? (
          <TextField
            id="startup-key"
            label="Page address"
            value={key}
            onChange={(value) => {
              setOwnKey(value.toLowerCase());
              if (errors.key) setErrors(({ key: _, ...rest }) => rest);
            }}
            error={errors.key}
            inputRef={keyInput}
            maxLength={100}
            autoComplete="off"
            // The string: preact/compat (#16) leaves out a `false` spellcheck where React writes spellcheck="false".
            spellCheck="false"
            hint={`Lower-case letters, digits and dashes. Your page: ${paths.startup(key || 'your-startup')}`}
          />
        ) : (
          <div className="field">
            <p className="key-preview" id={previewId} aria-live="polite">
              {key ? (
                <>
                  Your page address: <strong>{paths.startup(key)}</strong>
                </>
              ) : (
                'Your page address follows from the name.'
              )}
            </p>
            {errors.key ? <p className="form-field__error">{errors.key}</p> : null}
            <button
              type="button"
              className="link-button"
              aria-describedby={previewId}
              onClick={() => {
                setOwnKey(key);
                setEditingKey(true);
                requestAnimationFrame(() => keyInput.current?.focus());
              }}
            >
              Change the address
            </button>
          </div>
        )}
        <div className="account-form__actions">
          <Link to={paths.startupsJoin()} className="button button--ghost">
            What you get as a startup
          </Link>
          <SubmitButton busy={busy} busyLabel="Creating…" className="button button--primary">
            Create startup
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
