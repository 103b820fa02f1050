/**
 * The body of the apply dialog (ApplyDialog.tsx, issue #13): the talent profile, the CV, the note and
 * the screening answers, checked with QuickApplySchema before one POST /api/jobs/{id}/apply. Loaded
 * when the dialog first opens, so a job page's first load carries neither the form nor valibot (#16).
 */
import { isApiError } from '@nordlys/sdk/api';
import { APPLICATION_MESSAGE_MAX, SCREENING, type JobSurface } from '@nordlys/sdk/constants';
import { paths } from '@nordlys/sdk/routes';
import { QuickApplySchema, type Job, type MyApplication, type TalentProfile } from '@nordlys/sdk/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../lib/Link';
import { FormAlert, SubmitButton } from '../modals/fields';
import { useApi } from '../modals/useApi';
import { useGuardedSubmit } from '../modals/useGuardedSubmit';
import { useSession } from '../session';
import { useViewerFlags } from '../session/flags';
import { CvField, fileSize, STORED_CV_URL, type CvValue } from './CvField';
import { FieldError } from './form/Field';
import { failureMessage, fieldErrorsOf, serverFieldErrors, withoutErrorsOf, type FormErrors } from './form/errors';
import { FormErrorSummary } from './form/FormErrorSummary';
import { TextArea } from './form/TextArea';

export type ApplyDialogJob = Pick<Job, 'id' | 'title' | 'company' | 'screeningQuestions'>;

/** Where the body is: loading the profile, showing the form, failed to load, or sent (the dialog's title and focus follow it). */
export type ApplyPhase = 'loading' | 'ready' | 'failed' | 'done';

export interface ApplyFormProps {
  job: ApplyDialogJob;
  surface: JobSurface;
  /** The base of the form's ids (ApplyDialog's). */
  base: string;
  onClose(): void;
  onApplied(application: MyApplication): void;
  /** Told each time the phase changes. */
  onPhase(phase: ApplyPhase): void;
}

type Loaded = { state: 'loading' } | { state: 'ready'; profile: TalentProfile | null } | { state: 'failed'; message: string };

/** A failure that belongs to no field: the server's words, and for a second application the link to the first. */
interface Alert {
  message: string;
  link?: string;
}

const ALREADY_APPLIED = 'E_ALREADY_APPLIED';

/** The control of a message path: 'answers.1' is the second question's. */
function controlId(base: string, path: string): string {
  if (path === 'cvPath') return `${base}-cv`;
  if (path === 'message') return `${base}-message`;
  const answer = /^answers(?:\.(\d+))?$/.exec(path);
  if (answer) return `${base}-answer-${answer[1] ?? 0}`;
  return `${base}-message`;
}

/** A server's 400 names top-level fields ('answers'): show it at the first question. */
function atFields(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) out[path === 'answers' ? 'answers.0' : path] ??= message;
  return out;
}

export function ApplyForm({ job, surface, base, onClose, onApplied, onPhase }: ApplyFormProps) {
  const api = useApi();
  const { user } = useSession();
  const flags = useViewerFlags();
  const questions = job.screeningQuestions ?? [];
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [cvChoice, setCvChoice] = useState<'stored' | 'new'>('new');
  const [newCv, setNewCv] = useState<CvValue | null>(null);
  const [saveCvToProfile, setSaveCvToProfile] = useState(true);
  const [message, setMessage] = useState('');
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ''));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState<MyApplication | null>(null);
  const { busy, submit } = useGuardedSubmit();

  const phase: ApplyPhase = done ? 'done' : loaded.state;
  useEffect(() => onPhase(phase), [phase, onPhase]);

  useEffect(() => {
    let live = true;
    api.applicant
      .get()
      .then(
        (profile) => profile,
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        },
      )
      .then(
        (profile) => {
          if (!live) return;
          setLoaded({ state: 'ready', profile });
          // The stored CV is offered first; without one, a new upload that is kept on the profile by default.
          setCvChoice(profile?.cv ? 'stored' : 'new');
          setSaveCvToProfile(!profile?.cv);
        },
        (error: unknown) => {
          if (live) setLoaded({ state: 'failed', message: failureMessage(error, 'Your talent profile could not be loaded.') });
        },
      );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  const profile = loaded.state === 'ready' ? loaded.profile : null;
  const storedCv = profile?.cv ?? null;
  const clear = (...paths: string[]) => setErrors((current) => withoutErrorsOf(current, paths));

  function show(found: FormErrors) {
    setErrors(found);
    const first = ['cvPath', 'message', ...questions.map((_, i) => `answers.${i}`)].find((path) => found[path]);
    if (first) document.getElementById(controlId(base, first))?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (uploading) {
      setAlert({ message: 'Your CV is still uploading. Send the application once it is done.' });
      return;
    }
    const useStored = cvChoice === 'stored' && storedCv !== null;
    const input = {
      cvPath: useStored ? storedCv.path : newCv?.path,
      message,
      answers,
      surface,
      saveCvToProfile: !useStored && saveCvToProfile,
    };
    const checked = fieldErrorsOf(QuickApplySchema, input);
    if (!checked.ok) return show(checked.errors);
    setErrors({});
    try {
      const result = await submit(() => api.applicant.apply(job.id, checked.output));
      if (result.ignored) return;
      setDone(result.value);
      onApplied(result.value);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(atFields(fields));
      if (isApiError(error) && (error.code === ALREADY_APPLIED || error.status === 409)) {
        setAlert({ message: failureMessage(error, 'You have already applied to this job.'), link: error.link ?? paths.myJobs('applied') });
      } else {
        setAlert({ message: failureMessage(error, 'Your application could not be sent. Please try again.') });
      }
    }
  }

  /** An application the viewer sent before (another tab, another day): the server will refuse a second. */
  const earlier = done ? null : flags.applicationOf(job.id);

  if (done) {
    return (
      <div className="apply-done" role="status">
        <p>
          Your application for <strong>{job.title}</strong> at {job.company.name} is on its way. We have e-mailed you a confirmation, and{' '}
          {job.company.name} hears from us now.
        </p>
        <p className="apply-done__actions">
          <Link to={paths.myApplication(done.id)} className="button button--primary" data-autofocus>
            See it in My jobs
          </Link>
          <button type="button" className="button button--ghost" onClick={() => onClose()}>
            Back to the job
          </button>
        </p>
      </div>
    );
  }
  // The dialog shows "Loading your talent profile…" meanwhile (it does so while this module loads, too).
  if (loaded.state === 'loading') return null;
  if (loaded.state === 'failed') {
    return (
      <>
        <FormAlert>{loaded.message}</FormAlert>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </>
    );
  }
  return (
    <form className="apply-form" onSubmit={onSubmit} noValidate aria-label={`Application for ${job.title}`}>
      <p className="apply-form__job muted">
        {job.title} at {job.company.name}
      </p>

      <section className="apply-form__who" aria-labelledby={`${base}-who`}>
        <h3 id={`${base}-who`} className="apply-form__heading">
          Applying as
        </h3>
        <p className="apply-form__name">{profile ? `${profile.name.first} ${profile.name.last}`.trim() : (user?.fullName ?? '')}</p>
        {profile?.headline ? <p className="apply-form__headline">{profile.headline}</p> : null}
        <p className="form-hint">
          From your <Link to={paths.applicant()}>talent profile</Link>
          {profile ? '' : ', which is created with your first application'}.
        </p>
      </section>

      {earlier !== null ? (
        <p className="notice" role="note">
          You have applied to this job already. <Link to={paths.myApplication(earlier)}>See your application</Link>
        </p>
      ) : null}
      {alert ? (
        <FormAlert>
          <p>{alert.message}</p>
          {alert.link ? (
            <p>
              <Link to={alert.link}>See your application</Link>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <FormErrorSummary
        items={Object.entries(errors).map(([path, text]) => ({ id: controlId(base, path), message: text }))}
        title="Please correct these before sending"
      />

      <fieldset className="form-group apply-form__cv" aria-describedby={errors.cvPath ? `${base}-cv-error` : undefined}>
        <legend>CV</legend>
        {storedCv ? (
          <div className="check-group__options check-group__options--stacked">
            <label className="check">
              <input
                type="radio"
                name={`${base}-cv-choice`}
                value="stored"
                checked={cvChoice === 'stored'}
                onChange={() => {
                  setCvChoice('stored');
                  clear('cvPath');
                }}
              />
              <span>
                Use my saved CV: {storedCv.fileName} ({fileSize(storedCv.sizeBytes)})
              </span>
            </label>
            {cvChoice === 'stored' ? (
              <p className="apply-form__view">
                <a href={STORED_CV_URL} target="_blank" rel="noopener">
                  View<span className="visually-hidden"> {storedCv.fileName} (opens in a new tab)</span>
                </a>
              </p>
            ) : null}
            <label className="check">
              <input type="radio" name={`${base}-cv-choice`} value="new" checked={cvChoice === 'new'} onChange={() => setCvChoice('new')} />
              <span>Upload a new CV</span>
            </label>
          </div>
        ) : null}
        {cvChoice === 'new' || !storedCv ? (
          <>
            <CvField
              id={`${base}-cv`}
              label={storedCv ? 'New CV' : 'Your CV'}
              required
              value={newCv}
              onChange={(cv) => {
                setNewCv(cv);
                clear('cvPath');
              }}
              error={errors.cvPath}
              onBusyChange={setUploading}
            />
            <label className="check">
              <input type="checkbox" checked={saveCvToProfile} onChange={(event) => setSaveCvToProfile(event.currentTarget.checked)} />
              <span>Also save to my profile</span>
            </label>
          </>
        ) : (
          <FieldError id={`${base}-cv`} error={errors.cvPath} />
        )}
      </fieldset>

      <TextArea
        id={`${base}-message`}
        label={`A short note to ${job.company.name}`}
        value={message}
        onChange={(value) => {
          setMessage(value);
          clear('message');
        }}
        error={errors.message}
        maxLength={APPLICATION_MESSAGE_MAX}
        rows={4}
        hint={`Optional. ${message.length} of ${APPLICATION_MESSAGE_MAX} characters.`}
      />

      {questions.length ? (
        <fieldset className="form-group apply-form__questions">
          <legend>{questions.length === 1 ? `A question from ${job.company.name}` : `Questions from ${job.company.name}`}</legend>
          {questions.map((question, i) => (
            <TextArea
              key={i}
              id={`${base}-answer-${i}`}
              label={question}
              required
              value={answers[i] ?? ''}
              onChange={(value) => {
                setAnswers((current) => current.map((a, j) => (j === i ? value : a)));
                clear(`answers.${i}`, 'answers');
              }}
              error={errors[`answers.${i}`]}
              maxLength={SCREENING.answerMax}
              rows={3}
            />
          ))}
        </fieldset>
      ) : null}

      <div className="apply-form__actions">
        <button type="button" className="button button--ghost" onClick={() => onClose()}>
          Cancel
        </button>
        <SubmitButton busy={busy} busyLabel="Sending…" className="button button--primary">
          Send application
        </SubmitButton>
      </div>
    </form>
  );
}
