/**
 * The danger zone of a startup's or an investor's settings (issue #11): deleting the profile, confirmed
 * by typing its key (DELETE /{companies|investors}/{key} with `confirm`). Afterwards the session is
 * read again (the membership is gone) and the user lands on the client landing.
 */
import { PATHS } from '@nordlys/sdk/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { domId } from '../lib/domId';
import { Field, FormAlert, SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { useSession } from '../session';
import { failureMessage } from './form/errors';
import { serverFieldErrors } from './form';

export interface DeleteProfileProps {
  kind: 'company' | 'investor';
  profileKey: string;
  name: string;
  /** What leaves the site with it, in a sentence. */
  consequences: string;
}

export function DeleteProfile({ kind, profileKey, name, consequences }: DeleteProfileProps) {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  // Once per page (the profile's settings).
  const id = domId('delete-profile');
  const { busy, submit } = useGuardedSubmit();
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const word = kind === 'company' ? 'startup' : 'investor';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    if (confirm.trim() !== profileKey) {
      setError(`That is not ${profileKey}. Type it exactly as shown to delete this ${word}.`);
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      const result = await submit(() => (kind === 'company' ? api.companyAdmin : api.investors).remove(profileKey, confirm.trim()));
      if (result.ignored) return;
      await session.refresh();
      await navigate(PATHS.client);
    } catch (failure) {
      const field = serverFieldErrors(failure)?.confirm;
      if (field) {
        setError(field);
        input.current?.focus();
      } else setAlert(failureMessage(failure, `The ${word} could not be deleted. Please try again.`));
    }
  }

  return (
    <section className="admin-section danger-zone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delete {name}</h2>
      <p>
        {consequences} This cannot be undone. Its address <strong>{profileKey}</strong> stays reserved.
      </p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <Field
          id={`${id}-confirm`}
          label={`Type ${profileKey} to confirm`}
          name="confirm"
          type="text"
          autoComplete="off"
          // The string: preact/compat (#16) leaves out a `false` spellcheck where React writes spellcheck="false".
          spellCheck="false"
          value={confirm}
          inputRef={input}
          error={error ?? undefined}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        <div className="admin-form__actions">
          <SubmitButton busy={busy} busyLabel="Deleting…" className="button button--danger">
            Delete this {word}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
