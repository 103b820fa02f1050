/**
 * The talent profile form of /client/applicant (issue #13): name and photo, headline, CV, categories
 * (the spec 3 selection groups), preferred country, LinkedIn URL and "Let startups find my profile".
 * The same rules as every form (ui.md "Forms"): checked with the schema the server uses
 * (ApplicantProfileInputSchema) before sending, a 400 keeps what was typed and shows the messages at
 * their fields, the first one focused; submit is ignored while a request runs; leaving with unsaved
 * changes asks first. spec 5: the country list offers Remote, which is never stored (it saves as none).
 *
 * Also the "Delete talent profile" zone: DELETE /api/applicant after a typed confirmation.
 */
import { COUNTRIES, REMOTE_COUNTRY } from '@nordlys/sdk/constants';
import { PATHS } from '@nordlys/sdk/navigation';
import { ApplicantProfileInputSchema, type Image, type TalentProfile, type User } from '@nordlys/sdk/schemas';
import { categorySections, type Term } from '@nordlys/sdk/vocabulary';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { domId } from '../lib/domId';
import { Field, FormAlert, SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { useSession } from '../session';
import { CvField, type CvValue } from './CvField';
import { ChipPicker, FieldError, FormErrorSummary, Select, TextField, fieldErrorsOf, serverFieldErrors, useUnsavedChangesPrompt, type FormErrors } from './form';
import { failureMessage, withoutErrorsOf } from './form/errors';
import { ImageField } from './ImageField';

/** What the form holds. */
export interface TalentValues {
  first: string;
  last: string;
  image: Image | null;
  headline: string;
  cv: CvValue | null;
  categories: string[];
  /** '' for none; REMOTE may be chosen and is saved as none. */
  preferredCountryCode: string;
  linkedinUrl: string;
  discoverable: boolean;
}

/** The photo as an Image: the account's own when it is the profile's, else one built from the profile's URL. */
function photoOf(profile: TalentProfile | null, user: Pick<User, 'image' | 'imageUrl'>): Image | null {
  if (!profile) return user.image;
  if (!profile.imagePath) return null;
  if (user.image?.path === profile.imagePath) return user.image;
  const url = profile.imageUrl ?? '';
  return { path: profile.imagePath, sizes: { large: url, cover: url, thumbnail: url, listing: url, portrait: url, social: url } };
}

export type TalentFormUser = Pick<User, 'name' | 'image' | 'imageUrl'> & Partial<Pick<User, 'applicantProfile'>>;

/**
 * The form's values of a stored profile; without one (GET /api/applicant answered 404), of the
 * account: its name and picture, and what the session's user knows of the applicant profile.
 */
export function talentValuesOf(profile: TalentProfile | null, user: TalentFormUser): TalentValues {
  const known = user.applicantProfile;
  return {
    first: profile?.name.first ?? user.name.first,
    last: profile?.name.last ?? user.name.last,
    image: photoOf(profile, user),
    headline: (profile ? profile.headline : known?.headline) ?? '',
    cv: profile?.cv ? { path: profile.cv.path, fileName: profile.cv.fileName, sizeBytes: profile.cv.sizeBytes } : null,
    categories: (profile ? profile.categories : known?.categories) ?? [],
    preferredCountryCode: (profile ? profile.preferredCountryCode : known?.preferredCountryCode) ?? '',
    linkedinUrl: (profile ? profile.linkedinUrl : known?.linkedinUrl) ?? '',
    discoverable: profile?.discoverable ?? false,
  };
}

/** The PUT /api/applicant body of the form's values, before the schema checks it. */
export function talentInputOf(values: TalentValues) {
  return {
    name: { first: values.first, last: values.last },
    imagePath: values.image?.path ?? null,
    headline: values.headline,
    cvPath: values.cv?.path ?? null,
    categories: values.categories,
    preferredCountryCode: values.preferredCountryCode || null,
    linkedinUrl: values.linkedinUrl,
    discoverable: values.discoverable,
  };
}

/** The control of each message path, in form order (the first with a message gets focus). */
const FIELD_IDS: [path: string, id: string][] = [
  ['name.first', 'talent-first'],
  ['name.last', 'talent-last'],
  ['imagePath', 'talent-photo'],
  ['headline', 'talent-headline'],
  ['cvPath', 'talent-cv'],
  ['categories', 'talent-categories'],
  ['preferredCountryCode', 'talent-country'],
  ['linkedinUrl', 'talent-linkedin'],
  ['discoverable', 'talent-discoverable'],
];

/** A server's 400 names top-level fields ('name'): show it at the field's first control. */
function atFields(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) out[path === 'name' ? 'name.first' : path] ??= message;
  return out;
}

function focusFirst(errors: FormErrors) {
  const first = FIELD_IDS.find(([path]) => errors[path]);
  if (!first) return;
  const target = document.getElementById(first[1]);
  const control = target?.matches('input, select, textarea') ? target : target?.querySelector<HTMLElement>('input, select, textarea');
  (control ?? target)?.focus();
}

const COUNTRY_OPTIONS: readonly Term[] = [...COUNTRIES.filter((c) => c.value !== 'NI'), REMOTE_COUNTRY].map((c) => ({ value: c.value, text: c.text }));

export interface TalentProfileFormProps {
  /** The stored profile, or null when the user has none yet (the form starts from the account). */
  profile: TalentProfile | null;
  user: TalentFormUser;
  /** After a save, with the stored profile. */
  onSaved?(profile: TalentProfile): void;
}

export function TalentProfileForm({ profile: loaded, user, onSaved }: TalentProfileFormProps) {
  const api = useApi();
  const session = useSession();
  const { busy, submit } = useGuardedSubmit();
  const [profile, setProfile] = useState(loaded);
  const [values, setValues] = useState(() => talentValuesOf(loaded, user));
  const [saved, setSaved] = useState(() => JSON.stringify(talentInputOf(talentValuesOf(loaded, user))));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [uploading, setUploading] = useState(false);

  const dirty = JSON.stringify(talentInputOf(values)) !== saved;
  const { prompt } = useUnsavedChangesPrompt(dirty, 'your changes to the talent profile');
  const set =
    <K extends keyof TalentValues>(field: K, ...paths: string[]) =>
    (value: TalentValues[K]) => {
      setStatus('');
      setValues((current) => ({ ...current, [field]: value }));
      if (paths.length) setErrors((current) => withoutErrorsOf(current, paths));
    };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setStatus('');
    if (uploading) {
      setAlert('Your CV is still uploading. Save once it is done.');
      return;
    }
    const checked = fieldErrorsOf(ApplicantProfileInputSchema, talentInputOf(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    try {
      const result = await submit(() => api.applicant.update(checked.output));
      if (result.ignored) return;
      const stored = result.value;
      const next = talentValuesOf(stored, { ...user, image: values.image?.path === stored.imagePath ? values.image : user.image });
      setProfile(stored);
      setValues(next);
      setSaved(JSON.stringify(talentInputOf(next)));
      setStatus('Your talent profile is saved.');
      // The header's name and picture follow the account.
      await session.refresh();
      onSaved?.(stored);
    } catch (error) {
      // A 400 keeps what was typed and shows the server's messages at their fields.
      const fields = serverFieldErrors(error);
      if (fields) {
        const shown = atFields(fields);
        setErrors(shown);
        focusFirst(shown);
      }
      setAlert(failureMessage(error, 'The talent profile could not be saved. Please try again.'));
    }
  }

  const summary = FIELD_IDS.filter(([path]) => errors[path]).map(([path, id]) => ({ id, message: errors[path]! }));
  const storedCv = values.cv !== null && profile?.cv?.path === values.cv.path;

  return (
    <form className="profile-form talent-form" onSubmit={onSubmit} noValidate aria-label="Talent profile">
      <FormErrorSummary items={summary} message={alert} />

      <section className="form-section" aria-labelledby="talent-about">
        <h2 id="talent-about">About you</h2>
        <div className="form-row">
          <TextField id="talent-first" label="First name" required value={values.first} onChange={set('first', 'name.first', 'name')} error={errors['name.first']} maxLength={50} autoComplete="given-name" />
          <TextField id="talent-last" label="Last name" required value={values.last} onChange={set('last', 'name.last', 'name')} error={errors['name.last']} maxLength={50} autoComplete="family-name" />
        </div>
        <ImageField id="talent-photo" label="Photo" type="portrait" value={values.image} onChange={set('image', 'imagePath')} error={errors.imagePath} hint="A friendly photo of you. Startups see it when you apply." />
        <TextField
          id="talent-headline"
          label="Headline"
          value={values.headline}
          onChange={set('headline', 'headline')}
          error={errors.headline}
          maxLength={120}
          hint="One line about you, like “Frontend engineer who loves design systems”."
        />
      </section>

      <section className="form-section" aria-labelledby="talent-cv-title">
        <h2 id="talent-cv-title">Your CV</h2>
        <p className="form-section__lead">Only the startups you apply to see it, with your application.</p>
        <CvField id="talent-cv" label="CV" value={values.cv} stored={storedCv} onChange={set('cv', 'cvPath')} error={errors.cvPath} onBusyChange={setUploading} />
      </section>

      <section className="form-section" aria-labelledby="talent-wishes">
        <h2 id="talent-wishes">What you are looking for</h2>
        <fieldset className="form-group category-field" id="talent-categories" aria-invalid={errors.categories ? true : undefined} aria-describedby={errors.categories ? 'talent-categories-error' : undefined}>
          <legend>Categories</legend>
          <p className="form-hint">The kinds of jobs you want. {values.categories.length ? `${values.categories.length} chosen.` : 'None chosen yet.'}</p>
          <div className="category-field__groups">
            {categorySections().map((section) => {
              const own = section.categories.map((c) => c.value as string);
              return (
                <ChipPicker
                  key={section.label}
                  id={`talent-categories-${(section.group ?? 'other').replace(/\s+/g, '-')}`}
                  legend={section.label}
                  value={values.categories.filter((c) => own.includes(c))}
                  options={section.categories}
                  onChange={(chosen) => set('categories', 'categories')([...values.categories.filter((c) => !own.includes(c)), ...chosen])}
                />
              );
            })}
          </div>
          <FieldError id="talent-categories" error={errors.categories} />
        </fieldset>
        <Select
          id="talent-country"
          label="Preferred country"
          value={values.preferredCountryCode}
          onChange={set('preferredCountryCode', 'preferredCountryCode')}
          options={COUNTRY_OPTIONS}
          placeholder="No preference"
          error={errors.preferredCountryCode}
          hint="Where you would like to work. Choosing Remote saves no country."
        />
        <TextField
          id="talent-linkedin"
          label="LinkedIn URL"
          value={values.linkedinUrl}
          onChange={set('linkedinUrl', 'linkedinUrl')}
          error={errors.linkedinUrl}
          inputMode="url"
          autoComplete="url"
          hint="For example linkedin.com/in/your-name."
        />
      </section>

      <section className="form-section" aria-labelledby="talent-visibility">
        <h2 id="talent-visibility">Visibility</h2>
        <div className="form-field">
          <label className="check" htmlFor="talent-discoverable">
            <input
              id="talent-discoverable"
              type="checkbox"
              checked={values.discoverable}
              onChange={(event) => set('discoverable', 'discoverable')(event.currentTarget.checked)}
              aria-describedby="talent-discoverable-hint"
            />
            <span>Let startups find my profile</span>
          </label>
          <p id="talent-discoverable-hint" className="form-hint">
            Startups may then find your name, headline and categories and contact you. Your CV stays private either way.
          </p>
          <FieldError id="talent-discoverable" error={errors.discoverable} />
        </div>
      </section>

      <div className="form-actions">
        <SubmitButton busy={busy} busyLabel="Saving…" className="button button--primary">
          Save talent profile
        </SubmitButton>
        <p className="form-actions__status" role="status">
          {status || (dirty ? 'You have unsaved changes.' : '')}
        </p>
      </div>
      {prompt}
    </form>
  );
}

/** The id of the delete zone: the profile settings page links here. */
export const DELETE_TALENT_PROFILE_ID = 'delete-talent-profile';
/** What is typed to confirm the deletion. */
export const DELETE_CONFIRMATION = 'DELETE';

/** The danger zone: DELETE /api/applicant after typing DELETE; the account stays, the session is read again. */
export function DeleteTalentProfile() {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  // Once per page: its parts are named after the section.
  const id = domId(DELETE_TALENT_PROFILE_ID);
  const { busy, submit } = useGuardedSubmit();
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    if (confirm.trim() !== DELETE_CONFIRMATION) {
      setError(`Type ${DELETE_CONFIRMATION} in capitals to delete your talent profile.`);
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      const result = await submit(() => api.applicant.remove());
      if (result.ignored) return;
      // The talent profile is gone from the session (and from the header's profiles).
      await session.refresh();
      await navigate(PATHS.client);
    } catch (failure) {
      setAlert(failureMessage(failure, 'Your talent profile could not be deleted. Please try again.'));
    }
  }

  return (
    <section className="admin-section danger-zone" id={DELETE_TALENT_PROFILE_ID} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>Delete talent profile</h2>
      <p>This deletes, for good:</p>
      <ul>
        <li>your talent profile: headline, categories, preferred country, LinkedIn URL and visibility;</li>
        <li>your CVs, the one on your profile and those sent with applications;</li>
        <li>your applications, which the startups then no longer see;</li>
        <li>your saved jobs and the jobs you marked as interesting.</li>
      </ul>
      <p>Your account stays: you can still sign in, and your startup or investor profiles are not touched.</p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Delete talent profile">
        <Field
          id={`${id}-confirm`}
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
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
            Delete my talent profile
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
