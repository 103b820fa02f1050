/**
 * The job form (issue #12, spec 2.4 /jobs/new and /jobs/{job}/edit) with its live preview.
 *
 * - Values are checked with the sdk's JobInputSchema before they are sent, and the server's 400 shows
 *   the same way: messages under the fields, the first invalid field focused on an explicit save.
 * - A draft saves as the user types: ~1.5 s after typing stops, when the values pass the schema
 *   ("Saving…", "Saved 12:03", or the failure with Retry). The first save creates the DRAFT and the
 *   address becomes the job's /edit (history replace), so a reload keeps it. A job past its draft
 *   changes only with "Save changes".
 * - "Continue" saves, checks what publishing needs (sdk jobMissing), and goes to /monetise.
 * - A failure keeps what was typed; leaving with unsaved changes asks first.
 */
import { clockTime } from '@nordlys/sdk/dates';
import { JOB_LISTING_DAYS, JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { paths } from '@nordlys/sdk/routes';
import { JOB_EXPIRY_MAX_DAYS, JobInputSchema, type Company, type JobInput, type ManagedJob } from '@nordlys/sdk/schemas';
import { PERKS, POSITION_TYPES } from '@nordlys/sdk/vocabulary';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../lib/Link';
import { BusyButton } from '../form/BusyButton';
import { ChipPicker } from '../form/CheckboxGroup';
import { failureMessage, fieldErrorsOf, serverFieldErrors, withoutErrorsOf, type FormErrors } from '../form/errors';
import { FieldLink, focusFirstInvalidIn, FormErrorSummary } from '../form/FormErrorSummary';
import { RichTextField } from '../form/RichTextField';
import { Select } from '../form/Select';
import { TextField } from '../form/TextField';
import { useUnsavedChangesPrompt } from '../form/useUnsavedChangesPrompt';
import { JobStatusBadge } from '../JobStatusBadge';
import { useApi } from '../../modals/useApi';
import { autosaves, draftOf, fieldId, inputOf, missingOf, newDraft, sameDraft, type JobDraft } from './draft';
import { ApplyField, CategoryField, EquityField, LocationField, SalaryField, ScreeningQuestionsField, type Change } from './fields';
import { JobPreview } from './JobPreview';

/** How long after the last change a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;

/** The labels of the fields publishing needs, for the "before you publish" list. */
const REQUIRED_LABELS = { description: 'Description', categories: 'Categories', location: 'Where the job is' } as const;

/**
 * Messages by the path the form shows them at: a list's item under the list ('categories.1' →
 * 'categories'), the location's variant key under the location.
 */
export function formErrors(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const at = /^(categories|perks)\.\d+$/.test(path) ? path.split('.')[0]! : path === 'location.kind' ? 'location' : path;
    out[at] ??= message;
  }
  return out;
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'invalid' } | { kind: 'failed'; message: string };
type Mode = 'auto' | 'save' | 'continue';

export interface JobFormProps {
  companyKey: string;
  /** The startup's admin record: its addresses, perks and country, and the preview's company. */
  company: Company;
  /** The stored job, or null for a new one. */
  job: ManagedJob | null;
  /** 'YYYY-MM-DD' of today and of the default expiration date (the loader's, so the server and the browser agree). */
  today: string;
  defaultExpiration: string;
  productName: string;
  /** A message to show first (e.g. after a repost). */
  notice?: string | null;
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead ? <p className="form-section__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function JobForm({ companyKey: key, company, job: initialJob, today, defaultExpiration, productName, notice = null }: JobFormProps) {
  const api = useApi();
  const navigate = useNavigate();
  const [job, setJob] = useState(initialJob);
  const [draft, setDraft] = useState<JobDraft>(() =>
    initialJob ? draftOf(initialJob.manage.form, defaultExpiration, newDraft(company, defaultExpiration).salaryCurrency) : newDraft(company, defaultExpiration),
  );
  const [saved, setSaved] = useState(draft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [pending, setPending] = useState<Mode | null>(null);
  // Where the page goes next: after the first save, this address becomes the job's /edit; "Continue" goes on to /monetise.
  const [leaving, setLeaving] = useState<{ replace: string | null; then: string | null } | null>(null);
  const [focusErrors, setFocusErrors] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // What the asynchronous saves read: the values now, the job as stored, what was last saved.
  const latest = useRef(draft);
  latest.current = draft;
  const jobRef = useRef(job);
  const savedRef = useRef(saved);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const pendingRef = useRef<Mode | null>(null);
  // Whether the address is still /jobs/new (the job is not created, or its /edit has not replaced it yet).
  const addressIsNew = useRef(!initialJob);

  const status = job?.status ?? null;
  const autosave = autosaves(status);
  const dirty = !sameDraft(draft, saved);
  const missing = missingOf(draft);
  const missingList = (Object.keys(REQUIRED_LABELS) as (keyof typeof REQUIRED_LABELS)[]).filter((f) => missing[f]);
  const { prompt } = useUnsavedChangesPrompt(dirty && !leaving, 'your changes to the job');

  useEffect(() => {
    if (focusErrors) focusFirstInvalidIn(form.current);
  }, [focusErrors]);

  // Autosave: a draft's changes, once typing has paused. Declared after the prompt's hook, so its blocker is up to date first.
  useEffect(() => {
    if (!autosave || !dirty) return;
    const timer = setTimeout(() => void save('auto'), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // save reads the refs; it is the values that decide when to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, saved, autosave]);

  // Navigation runs once the render with `leaving` set has told the unsaved-changes prompt not to ask:
  // /new becomes the job's /edit (the same page component: nothing reloads, the form stays), then maybe on.
  useEffect(() => {
    if (!leaving) return;
    let live = true;
    void (async () => {
      if (leaving.replace) {
        await navigate(leaving.replace, { replace: true, preventScrollReset: true });
        addressIsNew.current = false;
      }
      if (leaving.then) await navigate(leaving.then);
      else if (live) setLeaving(null);
    })();
    return () => {
      live = false;
    };
  }, [leaving, navigate]);

  /** Changes fields and clears the messages of the paths named (and of their parts). */
  const change: Change = (patch, ...paths) => {
    setDraft((d) => ({ ...d, ...patch }));
    const names = paths.length ? paths : Object.keys(patch);
    setErrors((current) => withoutErrorsOf(current, names));
    setAlert(null);
  };

  function show(next: FormErrors, explicit: boolean) {
    setErrors(next);
    if (explicit) setFocusErrors((n) => n + 1);
  }

  /** Saves (one save at a time, in order); the stored job, or null when it was refused (messages shown). */
  function save(mode: Mode): Promise<ManagedJob | null> {
    const run = chain.current.then(() => saveNow(mode));
    chain.current = run.catch(() => null);
    return run;
  }

  async function saveNow(mode: Mode): Promise<ManagedJob | null> {
    const sent = latest.current;
    const current = jobRef.current;
    const explicit = mode !== 'auto';
    const drafting = autosaves(current?.status ?? null);
    // An autosave that a save before it has made needless, or a job that left its draft meanwhile.
    if (mode === 'auto' && (!drafting || sameDraft(sent, savedRef.current))) return current;
    const checked = fieldErrorsOf(JobInputSchema, inputOf(sent));
    // Publishing needs more than a draft (sdk jobMissing): checked on "Continue", and a job past its draft stays complete.
    const needed = checked.ok && (mode === 'continue' || !drafting) ? missingOf(sent) : {};
    if (!checked.ok || Object.keys(needed).length) {
      show(checked.ok ? needed : formErrors(checked.errors), explicit);
      setSaveState(explicit ? { kind: 'idle' } : { kind: 'invalid' });
      return null;
    }
    if (explicit) setErrors({});
    setAlert(null);
    if (current && sameDraft(sent, savedRef.current)) {
      if (explicit) setSaveState({ kind: 'saved', at: new Date() });
      return current;
    }
    setSaveState({ kind: 'saving' });
    try {
      const body = checked.output as JobInput;
      const stored = current ? await api.jobAdmin.update(key, current.id, body) : await api.jobAdmin.create(key, body);
      jobRef.current = stored;
      savedRef.current = sent;
      setJob(stored);
      // What was typed stays as typed (the editor keeps its caret); it is now the saved state.
      setSaved(sent);
      setSaveState({ kind: 'saved', at: new Date() });
      // spec 2.12 in spirit: a reload keeps the draft. "Continue" does its own navigation.
      if (!current && mode !== 'continue') setLeaving({ replace: paths.companyJob(key, stored.id, 'edit'), then: null });
      return stored;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        show(formErrors(fields), explicit);
        setSaveState(explicit ? { kind: 'idle' } : { kind: 'invalid' });
      } else {
        const message = failureMessage(error, 'The job could not be saved. Please try again.');
        setSaveState({ kind: 'failed', message });
        if (explicit) setAlert(message);
      }
      return null;
    }
  }

  /** An explicit action: ignored while another one runs (spec 5), its button busy meanwhile. */
  async function act(mode: Exclude<Mode, 'auto'>) {
    if (pendingRef.current) return;
    pendingRef.current = mode;
    setPending(mode);
    let going = false;
    try {
      let stored = await save(mode);
      if (stored && mode === 'continue') {
        // What was typed while it saved is saved too: nothing is left behind on the way out.
        while (stored && !sameDraft(latest.current, savedRef.current)) stored = await save(mode);
        if (stored) {
          // A job created just now: /new becomes its /edit first, so that Back comes to the job, not to an empty form.
          setLeaving({ replace: addressIsNew.current ? paths.companyJob(key, stored.id, 'edit') : null, then: paths.companyJob(key, stored.id, 'monetise') });
          going = true;
        }
      }
    } finally {
      // Busy until the next page shows, when going on.
      if (!going) {
        pendingRef.current = null;
        setPending(null);
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act('save');
  }

  function tooManyCategories(tried: string[]) {
    // The schema's own words for it.
    const checked = fieldErrorsOf(JobInputSchema.entries.categories, tried);
    if (!checked.ok) setErrors((e) => ({ ...e, categories: Object.values(checked.errors)[0]! }));
  }

  const summary = Object.entries(errors).map(([path, message]) => ({ id: fieldId(path), message }));
  const canContinue = status === null || status === 'DRAFT' || status === 'PENDING_PAYMENT';
  const statusText =
    saveState.kind === 'saving'
      ? 'Saving…'
      : saveState.kind === 'saved' && !dirty
        ? autosave
          ? `Saved ${clockTime(saveState.at)}`
          : `Your changes are saved (${clockTime(saveState.at)}).`
        : saveState.kind === 'invalid'
          ? 'Not saved: correct the marked fields.'
          : saveState.kind === 'failed'
            ? `Not saved: ${saveState.message}`
            : dirty
              ? autosave
                ? 'Unsaved changes: they save when you pause typing.'
                : 'You have unsaved changes.'
              : autosave
                ? 'Drafts save as you type.'
                : '';

  return (
    <div className="job-form-layout">
      <div className="job-form-layout__form">
        {notice ? (
          <p className="form-status" role="status">
            {notice}
          </p>
        ) : null}
        {status === 'DRAFT' && job?.manage.reviewNote ? (
          <section className="review-panel" aria-labelledby="review-title">
            <h2 id="review-title">Sent back by an admin</h2>
            <p>What the admin asks you to change before the job can go live:</p>
            <blockquote className="review-note">{job.manage.reviewNote}</blockquote>
            <p>Change it here, then continue to publish the job again.</p>
          </section>
        ) : null}
        {status && status !== 'DRAFT' ? (
          <section className="review-panel review-panel--submitted job-form__status" aria-labelledby="job-status-title">
            <h2 id="job-status-title">
              Status: <JobStatusBadge status={status} />
            </h2>
            <p>{JOB_STATUS_DISPLAY[status].next}</p>
            {status === 'ACTIVE' ? <p>Your changes show on the live job as soon as you save them.</p> : null}
          </section>
        ) : null}

        <form ref={form} className="profile-form job-form" noValidate onSubmit={onSubmit} aria-label="Job">
          <p className="form-hint">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">with an asterisk</span> are needed before the job is published.
          </p>
          <Section id="job-basics" title="The job">
            <TextField id={fieldId('title')} label="Job title" required value={draft.title} onChange={(title) => change({ title })} error={errors.title} maxLength={120} autoComplete="off" hint="e.g. Senior Backend Engineer" />
            <RichTextField id={fieldId('description')} label="Description" required value={draft.description} onChange={(description) => change({ description })} error={errors.description} hint="What the job is, who you look for, and what they get." />
            <Select id={fieldId('positionType')} label="Position type" placeholder={null} value={draft.positionType} options={POSITION_TYPES} onChange={(positionType) => change({ positionType })} error={errors.positionType} />
            <CategoryField draft={draft} change={change} errors={errors} onTooMany={tooManyCategories} required />
          </Section>

          <Section id="job-where" title="Where">
            <LocationField draft={draft} change={change} errors={errors} addresses={company.addresses} editProfileHref={paths.companyAdmin(key, 'edit')} required />
          </Section>

          <Section id="job-pay" title="Pay">
            <SalaryField draft={draft} change={change} errors={errors} />
            <EquityField draft={draft} change={change} errors={errors} />
          </Section>

          <Section id="job-perks-section" title="Perks" lead="What comes with the job. We start from your startup's perks.">
            <ChipPicker id={fieldId('perks')} legend="Perks" value={draft.perks} options={PERKS} onChange={(perks) => change({ perks })} error={errors.perks} />
          </Section>

          <Section id="job-applications" title="Applications">
            <ApplyField draft={draft} change={change} errors={errors} productName={productName} />
            {draft.applyMethod === 'nordlys' ? <ScreeningQuestionsField draft={draft} change={change} errors={errors} /> : null}
          </Section>

          <Section id="job-listing" title="Listing">
            <TextField
              id={fieldId('expirationDate')}
              label="Listed until"
              type="date"
              required
              value={draft.expirationDate}
              onChange={(expirationDate) => change({ expirationDate })}
              error={errors.expirationDate}
              min={addDays(today, 1)}
              max={addDays(today, JOB_EXPIRY_MAX_DAYS)}
              hint={`The job is listed through the end of this day${defaultExpiration === draft.expirationDate ? `, ${JOB_LISTING_DAYS} days from today` : ''}.`}
              className="form-input--short"
            />
          </Section>

          <FormErrorSummary items={summary} message={alert} />
          <div className="form-actions job-form__actions">
            <div className="job-form__save-state">
              <p className="form-actions__status" role="status">
                {statusText}
              </p>
              {saveState.kind === 'failed' ? (
                <button type="button" className="button button--ghost" onClick={() => void act('save')}>
                  Retry
                </button>
              ) : null}
            </div>
            {canContinue && missingList.length ? (
              <div className="job-form__missing">
                <p id="job-missing-title" className="form-hint">
                  Still needed before you publish:
                </p>
                <ul className="job-form__missing-list" aria-labelledby="job-missing-title">
                  {missingList.map((field) => (
                    <li key={field}>
                      <FieldLink id={fieldId(field)}>{REQUIRED_LABELS[field]}</FieldLink>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="job-form__buttons">
              {job && status !== 'DRAFT' ? (
                <Link to={paths.companyJob(key, job.id)} className="button button--ghost">
                  Back to the job
                </Link>
              ) : null}
              <BusyButton type="submit" busy={pending === 'save'} busyLabel="Saving…" className={canContinue ? 'button button--ghost' : 'button button--primary'}>
                {autosave ? 'Save draft' : 'Save changes'}
              </BusyButton>
              {canContinue ? (
                <BusyButton type="button" busy={pending === 'continue'} busyLabel="Saving…" className="button button--primary" onClick={() => void act('continue')}>
                  Continue
                </BusyButton>
              ) : null}
            </div>
          </div>
        </form>
      </div>
      <JobPreview draft={draft} company={company} job={job} productName={productName} />
      {prompt}
    </div>
  );
}

