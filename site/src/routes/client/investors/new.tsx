/**
 * `/client/investors/new`: creating an investor profile (signed-in users; spec 2.3, issue #11).
 * The name, the key its addresses use (made from the name with the sdk rule, editable), and the
 * category. The profile starts as a DRAFT and the form continues on its edit page.
 */
import { keyFromName } from '@nordlys/sdk/profile-review';
import { paths } from '@nordlys/sdk/routes';
import { InvestorCreateSchema } from '@nordlys/sdk/schemas';
import { INVESTOR_CATEGORIES } from '@nordlys/sdk/vocabulary';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../lib/Link';
import { FormErrorSummary, Select, TextField, fieldErrorsOf, serverFieldErrors, type FormErrors } from '../../../components/form';
import { failureMessage } from '../../../components/form/errors';
import { signedInArea } from '../../../layouts/areas';
import type { RouteHandle } from '../../../meta';
import { SubmitButton } from '../../../modals/fields';
import { useApi } from '../../../modals/useApi';
import { useGuardedSubmit } from '../../../modals/useGuardedSubmit';
import { useSession } from '../../../session';

export async function loader(args: LoaderFunctionArgs): Promise<{ ok: true }> {
  await signedInArea(args);
  return { ok: true };
}

export const handle: RouteHandle<unknown> = {
  meta: () => ({ title: 'Create your investor profile', noindex: true }),
};

const FIELDS = ['name', 'key', 'category'] as const;

export function Component() {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const { busy, submit } = useGuardedSubmit();
  const [name, setName] = useState('');
  // The key follows the name until the user edits it.
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    key: useRef<HTMLInputElement>(null),
    category: useRef<HTMLSelectElement>(null),
  };

  const key = ownKey ?? (name.trim() ? keyFromName(name, 'investor') : '');

  function show(found: FormErrors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    // The category is asked for here (the profile needs one); an empty choice fails the schema's own check.
    const body = { name, key: key || undefined, category };
    const checked = fieldErrorsOf(InvestorCreateSchema, body);
    if (!checked.ok) return show(checked.errors);
    setErrors({});
    try {
      const result = await submit(() => api.investors.create(checked.output));
      if (result.ignored) return;
      const investor = result.value;
      // The new membership is in users/me now: the investor area lets the user in, as this profile.
      await session.refresh();
      await session.selectProfile({ type: 'investor', key: investor.key }).catch(() => undefined);
      await navigate(paths.investorAdmin(investor.key, 'edit'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
      setAlert(failureMessage(error, 'The profile could not be created. Please try again.'));
    }
  }

  const items = FIELDS.filter((field) => errors[field]).map((field) => ({ id: `investor-new-${field}`, message: errors[field]! }));
  return (
    <div className="page container">
      <header className="page-head">
        <h1>Create your investor profile</h1>
        <p className="page-head__lead">
          Start with the name and the kind of investor you are. Your profile stays a draft, visible only to you, until an admin has
          reviewed it.
        </p>
      </header>
      <form className="profile-form" onSubmit={onSubmit} noValidate>
        <FormErrorSummary items={items} message={alert} />
        <TextField
          id="investor-new-name"
          label="Name"
          required
          value={name}
          onChange={setName}
          error={errors.name}
          inputRef={refs.name}
          autoComplete="organization"
          maxLength={100}
        />
        <TextField
          id="investor-new-key"
          label="Profile address"
          required
          value={key}
          onChange={(value) => setOwnKey(value.toLowerCase())}
          error={errors.key}
          inputRef={refs.key}
          autoComplete="off"
          // The string: preact/compat (#16) leaves out a `false` spellcheck where React writes spellcheck="false".
          spellCheck="false"
          hint="Made from the name: lower-case letters, digits and dashes. If it is taken, a number is added."
          after={
            key ? (
              <p className="key-preview" aria-live="polite">
                Your public page: <span className="key-preview__path">{paths.fundingItem(key)}</span>
              </p>
            ) : null
          }
        />
        <Select
          id="investor-new-category"
          label="Category"
          required
          value={category}
          onChange={setCategory}
          options={INVESTOR_CATEGORIES}
          error={errors.category}
          selectRef={refs.category}
        />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Creating…" className="button button--primary">
            Create the profile
          </SubmitButton>
          <Link to={paths.investorsJoin()} className="button button--ghost">
            What you get as an investor
          </Link>
        </div>
      </form>
    </div>
  );
}
