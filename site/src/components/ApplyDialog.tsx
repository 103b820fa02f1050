/**
 * Quick apply (issue #13, spec 3 "receiveApplicants"): the dialog of a job that takes applications on
 * Nordlys. The talent profile is read (GET /api/applicant; none yet: the account's name), the CV is the
 * stored one or a new upload (with progress, and "Also save to my profile"), with a short note to the
 * startup and the job's screening questions, each required. One submit: POST /api/jobs/{id}/apply.
 * Checked with the schema the server uses (QuickApplySchema); a 400 shows the messages at their fields
 * and keeps what was typed; a 409 (already applied) shows the server's words with a link to the first
 * application. Success turns the dialog into its confirmation.
 *
 * This module is the dialog's frame, on the job page's first load; the form (ApplyForm.tsx, with the
 * schema and valibot) loads when the dialog first opens, behind the same "Loading your talent profile…"
 * the dialog shows while the profile loads (#16).
 */
import type { JobSurface } from '@nordlys/sdk/constants';
import type { MyApplication } from '@nordlys/sdk/schemas';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { domId } from '../lib/domId';
import { FormAlert } from '../modals/fields';
import { Modal } from '../modals/Modal';
import type { ApplyDialogJob, ApplyFormProps, ApplyPhase } from './ApplyForm';

export type { ApplyDialogJob };

export interface ApplyDialogProps {
  job: ApplyDialogJob;
  /** Where the candidate applies from (the page's `?surface=`, else 'site'). */
  surface: JobSurface;
  onClose(): void;
  /** The application was sent (the page's button becomes "Applied"). */
  onApplied(application: MyApplication): void;
}

/** The form once loaded: a second opening shows it at once. */
let loadedForm: ComponentType<ApplyFormProps> | null = null;

/** Loads the form's module; a failed load is tried again on the next call. */
function loadForm(): Promise<ComponentType<ApplyFormProps>> {
  return import('./ApplyForm').then((module) => (loadedForm = module.ApplyForm));
}

export function ApplyDialog({ job, surface, onClose, onApplied }: ApplyDialogProps) {
  const base = domId('apply', job.id);
  const [Form, setForm] = useState<ComponentType<ApplyFormProps> | null>(() => loadedForm);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<ApplyPhase>('loading');
  const onPhase = useCallback((next: ApplyPhase) => setPhase(next), []);

  useEffect(() => {
    if (Form) return;
    let live = true;
    loadForm().then(
      (loaded) => live && setForm(() => loaded),
      (error: unknown) => {
        console.error('[site] the apply form could not be loaded', error);
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [Form, attempt]);

  const title = phase === 'done' ? 'Application sent' : `Apply for ${job.title}`;
  return (
    <Modal title={title} onClose={() => onClose()} focusKey={loadFailed ? 'load-failed' : phase} className="modal__panel--apply">
      {Form ? (
        <Form job={job} surface={surface} base={base} onClose={onClose} onApplied={onApplied} onPhase={onPhase} />
      ) : loadFailed ? (
        <>
          <FormAlert>The application form could not be loaded. Check your connection and try again.</FormAlert>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setLoadFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </>
      ) : null}
      {phase === 'loading' && !loadFailed ? (
        <p className="apply-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your talent profile…
        </p>
      ) : null}
    </Modal>
  );
}
