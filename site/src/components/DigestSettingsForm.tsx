/**
 * The job digest's settings (issue #14), on /client/applicant/settings and on the manage page of a
 * digest mail's link (by settingsKey, no sign-in): countries (Remote among them, sent as
 * includeRemoteJobs, spec 5), categories (the spec 3 selection groups), daily or weekly, the hour of the
 * day in the subscriber's time zone (the browser's, detected with Intl, and editable), and pause.
 *
 * The same form rules as everywhere (ui.md "Forms"): checked with the sdk schema the server uses before
 * sending; the call returns its error instead of throwing (spec 8), and a 400 shows at the fields, the
 * first focused; submit is ignored while a request runs; leaving with unsaved changes asks first.
 * Without a subscription yet (a signed-in user's first save) the save subscribes (POST /digest).
 */
import { normalizeDigestSubscription } from '@nordlys/sdk/api';
import { SEARCH_COUNTRIES } from '@nordlys/sdk/constants';
import { DigestSubscriptionSchema, type DigestProfile } from '@nordlys/sdk/schemas';
import { categorySections, type CategoryValue, type Term } from '@nordlys/sdk/vocabulary';
import { useEffect, useState, type FormEvent } from 'react';
import { browserTimeZone, digestInputOf, digestValuesOf, FREQUENCY_OPTIONS, HOUR_OPTIONS, nextDigestLabel, timeZoneOptions, type DigestValues } from '../lib/digest';
import { SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { ChipPicker, failureMessage, FieldError, fieldErrorsOf, focusField, FormErrorSummary, Select, serverFieldErrors, useUnsavedChangesPrompt, withoutErrorsOf, type FormErrors } from './form';

/** The control of each message path, in form order (the first with a message gets focus). */
const FIELD_IDS: [path: string, id: string][] = [
  ['locations', 'digest-countries'],
  ['includeRemoteJobs', 'digest-countries'],
  ['categories', 'digest-categories'],
  ['frequency', 'digest-frequency'],
  ['hourOfDay', 'digest-hour'],
  ['timeZone', 'digest-timezone'],
  ['paused', 'digest-paused'],
  ['email', 'digest-countries'],
];

/** A message path ('locations.0.countryCode') shown at its field ('locations'). */
function atFields(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) out[path.split('.')[0]!] ??= message;
  return out;
}

function focusFirst(errors: FormErrors) {
  const first = FIELD_IDS.find(([path]) => errors[path]);
  if (first) focusField(first[1]);
}

export interface DigestSettingsFormProps {
  /** The subscription's settings key, or null when there is none yet (the first save subscribes). */
  settingsKey: string | null;
  /** The stored profile, or null when there is no subscription yet. */
  profile: DigestProfile | null;
  /** Where the e-mails go (the profile's address, or the account's before the first save). */
  email: string;
  /** After a save, with the stored profile (the preview is built again from it). */
  onSaved(profile: DigestProfile): void;
}

export function DigestSettingsForm({ settingsKey, profile, email, onSaved }: DigestSettingsFormProps) {
  const api = useApi();
  const { busy, submit } = useGuardedSubmit();
  const [values, setValues] = useState(() => digestValuesOf(profile));
  const [saved, setSaved] = useState(() => JSON.stringify(digestInputOf(digestValuesOf(profile))));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // The browser's zone and the full list of zones are known only in the browser: both come after hydration.
  const [detected, setDetected] = useState<string | null>(null);
  // Before hydration only the stored zone: Intl's list differs between the server's runtime and the browser's.
  const [zones, setZones] = useState<readonly Term[]>(() => [{ value: values.timeZone, text: values.timeZone.replaceAll('_', ' ') }]);

  useEffect(() => {
    const zone = browserTimeZone();
    setDetected(zone);
    setZones(timeZoneOptions(profile?.timeZone ?? zone ?? values.timeZone));
    // A new subscription starts in the user's own time zone (a default, not a change of theirs).
    if (!profile && zone) {
      setValues((current) => ({ ...current, timeZone: zone }));
      setSaved(JSON.stringify(digestInputOf(digestValuesOf(null, zone))));
    }
    // Only once, after hydration: later changes are the user's.
  }, []);

  const dirty = JSON.stringify(digestInputOf(values)) !== saved;
  const { prompt } = useUnsavedChangesPrompt(dirty, 'your changes to the job alerts');
  const set =
    <K extends keyof DigestValues>(field: K, ...paths: string[]) =>
    (value: DigestValues[K]) => {
      setStatus('');
      setValues((current) => ({ ...current, [field]: value }));
      if (paths.length) setErrors((current) => withoutErrorsOf(current, paths));
    };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setStatus('');
    const input = digestInputOf(values);
    const checked = fieldErrorsOf(DigestSubscriptionSchema, normalizeDigestSubscription(input));
    if (!checked.ok) {
      const shown = atFields(checked.errors);
      setErrors(shown);
      focusFirst(shown);
      return;
    }
    setErrors({});
    const result = await submit(async () => {
      if (settingsKey) return api.digest.update(settingsKey, input);
      // The first save subscribes the account's own address; its profile is then read by e-mail.
      const subscribed = await api.digest.subscribe(input);
      if (!subscribed.ok) return subscribed;
      try {
        return { ok: true as const, data: await api.digest.profileByEmail(email) };
      } catch (error) {
        return { ok: false as const, error: error as never };
      }
    });
    if (result.ignored) return;
    const answer = result.value;
    if (!answer.ok) {
      // spec 8: the error comes back as a value; a 400's messages go to their fields.
      const fields = serverFieldErrors(answer.error);
      if (fields) {
        const shown = atFields(fields);
        setErrors(shown);
        focusFirst(shown);
      }
      setAlert(failureMessage(answer.error, 'Your job alerts could not be saved. Please try again.'));
      return;
    }
    const stored = answer.data;
    const next = digestValuesOf(stored);
    setValues(next);
    setSaved(JSON.stringify(digestInputOf(next)));
    setStatus(savedMessage(stored));
    onSaved(stored);
  }

  // One entry per field (the countries' messages share one).
  const summary = FIELD_IDS.filter(([path, id], i) => errors[path] && !FIELD_IDS.slice(0, i).some(([p, other]) => other === id && errors[p])).map(([path, id]) => ({
    id,
    message: errors[path]!,
  }));
  const countriesError = errors.locations ?? errors.includeRemoteJobs ?? errors.email;

  return (
    <form className="profile-form digest-form" onSubmit={onSubmit} noValidate aria-label="Job alert settings">
      <FormErrorSummary items={summary} message={alert} />

      <section className="form-section" aria-labelledby="digest-what">
        <h2 id="digest-what">Which jobs</h2>
        <p className="form-section__lead">New jobs that match go to {email}. Leave a list empty for all.</p>
        <ChipPicker
          id="digest-countries"
          legend="Countries"
          value={values.countries}
          options={SEARCH_COUNTRIES}
          onChange={set('countries', 'locations', 'includeRemoteJobs', 'email')}
          hint="Remote adds remote jobs from anywhere."
          error={countriesError}
        />
        <fieldset className="form-group category-field" id="digest-categories" aria-invalid={errors.categories ? true : undefined} aria-describedby={errors.categories ? 'digest-categories-error' : 'digest-categories-hint'}>
          <legend>Categories</legend>
          <p className="form-hint" id="digest-categories-hint">
            {values.categories.length ? `${values.categories.length} chosen.` : 'None chosen: jobs of every category.'}
          </p>
          <div className="category-field__groups">
            {categorySections().map((section) => {
              const own = section.categories.map((c) => c.value as string);
              return (
                <ChipPicker
                  key={section.label}
                  id={`digest-categories-${(section.group ?? 'other').replace(/\s+/g, '-')}`}
                  legend={section.label}
                  value={values.categories.filter((c) => own.includes(c))}
                  options={section.categories}
                  onChange={(chosen) => set('categories', 'categories')([...values.categories.filter((c) => !own.includes(c)), ...(chosen as CategoryValue[])])}
                />
              );
            })}
          </div>
          <FieldError id="digest-categories" error={errors.categories} />
        </fieldset>
      </section>

      <section className="form-section" aria-labelledby="digest-when">
        <h2 id="digest-when">When</h2>
        <fieldset className="form-group" id="digest-frequency" aria-invalid={errors.frequency ? true : undefined} aria-describedby={errors.frequency ? 'digest-frequency-error' : undefined}>
          <legend>How often</legend>
          <div className="check-group__options">
            {FREQUENCY_OPTIONS.map((option) => (
              <label key={option.value} className="check">
                <input type="radio" name="digest-frequency" value={option.value} checked={values.frequency === option.value} onChange={() => set('frequency', 'frequency')(option.value)} />
                <span>{option.text}</span>
              </label>
            ))}
          </div>
          <FieldError id="digest-frequency" error={errors.frequency} />
        </fieldset>
        <div className="form-row">
          <Select
            id="digest-hour"
            label="At"
            value={String(values.hourOfDay)}
            onChange={(hour) => set('hourOfDay', 'hourOfDay')(Number(hour))}
            options={HOUR_OPTIONS}
            placeholder={null}
            error={errors.hourOfDay}
            hint="The hour of the day, in your time zone."
          />
          <Select
            id="digest-timezone"
            label="Time zone"
            value={values.timeZone}
            onChange={set('timeZone', 'timeZone')}
            options={zones}
            placeholder={null}
            error={errors.timeZone}
            hint={detected ? (detected === values.timeZone ? 'Your browser’s time zone.' : `Your browser says ${detected.replaceAll('_', ' ')}.`) : undefined}
          />
        </div>
        <div className="form-field">
          <label className="check" htmlFor="digest-paused">
            <input
              id="digest-paused"
              type="checkbox"
              checked={values.paused}
              onChange={(event) => set('paused', 'paused')(event.currentTarget.checked)}
              aria-describedby="digest-paused-hint"
              aria-invalid={errors.paused ? true : undefined}
            />
            <span>Pause job alerts</span>
          </label>
          <p id="digest-paused-hint" className="form-hint">
            Nothing is sent while paused; your choices are kept.
          </p>
          <FieldError id="digest-paused" error={errors.paused} />
        </div>
      </section>

      <div className="form-actions">
        <SubmitButton busy={busy} busyLabel="Saving…" className="button button--primary">
          {settingsKey ? 'Save job alerts' : 'Start job alerts'}
        </SubmitButton>
        <p className="form-actions__status" role="status">
          {status || (dirty ? 'You have unsaved changes.' : '')}
        </p>
      </div>
      {prompt}
    </form>
  );
}

/** What the page says after a save: when the next e-mail goes, or why none will. */
export function savedMessage(profile: DigestProfile): string {
  if (profile.status === 'pending') return `Saved. Confirm your address with the link we sent to ${profile.email}; the e-mails start then.`;
  if (profile.paused) return 'Saved. Your job alerts are paused.';
  return profile.nextDueAt ? `Saved. The next e-mail goes ${nextDigestLabel(profile.nextDueAt, profile.timeZone)}, if new jobs match.` : 'Your job alerts are saved.';
}
