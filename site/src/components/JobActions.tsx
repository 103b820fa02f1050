/**
 * What a startup's member can do with one job (issue #12), the same in a row of the jobs table and on
 * the job's dashboard: the actions the status machine allows now (the answer's `allowedEvents`), named
 * for what they do. Pause and resume show at once and roll back with a message when the server refuses;
 * deleting a draft asks first; duplicating makes a new draft with the same form and opens it.
 */
import type { JobStatus } from '@nordlys/sdk/constants';
import { exactDate } from '@nordlys/sdk/dates';
import { allowedEvents as machineEvents, type JobEvent } from '@nordlys/sdk/job-status';
import { paths } from '@nordlys/sdk/routes';
import { defaultExpirationDay, type JobInput, type JobManage } from '@nordlys/sdk/schemas';
import { useRef, useState, type Ref } from 'react';
import { Link } from '../lib/Link';
import { useApi } from '../modals/useApi';
import { failureMessage } from './form/errors';
import { ConfirmRow } from './TeamManager';

/** The fields of a job the actions read and change. */
export interface ActionJob {
  id: number;
  title: string;
  status: JobStatus;
  approvedAt: string | null;
  expirationDate: string | null;
  allowedEvents: JobEvent[];
}

export type JobCommand = 'pause' | 'resume' | 'repost' | 'duplicate' | 'delete';

/** The most characters a job title may have (the sdk's JobInputSchema). */
const TITLE_MAX = 120;
const COPY_SUFFIX = ' (copy)';

/**
 * The form of a copy of a job: the same values, " (copy)" after the title (cut to fit), and a fresh
 * expiry (the form's default, JOB_LISTING_DAYS from today): a copy is a new posting, and the
 * original's date may be close or past.
 * @example duplicateInput(job.manage.form).title // 'Backend Engineer (copy)'
 */
export function duplicateInput(form: JobManage['form'], now = new Date()): JobInput {
  const title = form.title.length + COPY_SUFFIX.length > TITLE_MAX ? `${form.title.slice(0, TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}` : `${form.title}${COPY_SUFFIX}`;
  return {
    title,
    description: form.description,
    // Stored values come back as text; the server checks them against the vocabulary again.
    categories: [...form.categories] as JobInput['categories'],
    positionType: form.positionType,
    location: form.location,
    salary: form.salary,
    equity: form.equity,
    apply: form.apply,
    perks: [...form.perks] as JobInput['perks'],
    expirationDate: defaultExpirationDay(now),
    screeningQuestions: [...form.screeningQuestions],
  };
}

const quoted = (title: string) => `“${title}”`;

const DONE: Record<'pause' | 'resume' | 'repost', (job: ActionJob) => string> = {
  pause: (job) => `${quoted(job.title)} is paused. Talent no longer sees it.`,
  resume: (job) => `${quoted(job.title)} is live again.`,
  repost: (job) =>
    `${quoted(job.title)} is a draft again${job.expirationDate ? `, running until ${exactDate(job.expirationDate)} once published` : ''}. Publish it to put it live.`,
};

const VERB: Record<JobCommand, string> = {
  pause: 'paused',
  resume: 'resumed',
  repost: 'reposted',
  duplicate: 'duplicated',
  delete: 'deleted',
};

export interface JobCommandsOptions {
  companyKey: string;
  /** Changes a job's fields in the caller's state. */
  patch: (id: number, change: Partial<ActionJob>) => void;
  /** A draft was deleted. */
  removed: (id: number) => void;
  /** Goes to a page (the copy's edit page after a duplicate). */
  navigate: (to: string) => void;
}

export interface JobCommands {
  /** The command running for each job. */
  pending: Readonly<Record<number, JobCommand>>;
  /** The job whose deletion waits for confirmation. */
  confirming: number | null;
  /** The last success, for a polite live region. */
  status: string;
  /** The last failure, for an alert. */
  alert: string;
  fire(job: ActionJob, event: 'pause' | 'resume' | 'repost'): Promise<void>;
  duplicate(job: ActionJob): Promise<void>;
  askDelete(job: ActionJob): void;
  cancelDelete(): void;
  remove(job: ActionJob): Promise<void>;
}

/** The running commands of a page's jobs: one at a time per job, pause and resume optimistic. */
export function useJobCommands({ companyKey, patch, removed, navigate }: JobCommandsOptions): JobCommands {
  const api = useApi();
  const [pending, setPending] = useState<Record<number, JobCommand>>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  // Read synchronously, so a double click never sends twice.
  const running = useRef(new Set<number>());

  async function run(job: ActionJob, command: JobCommand, work: () => Promise<void>): Promise<void> {
    if (running.current.has(job.id)) return;
    running.current.add(job.id);
    setPending((current) => ({ ...current, [job.id]: command }));
    setStatus('');
    setAlert('');
    try {
      await work();
    } catch (error) {
      setAlert(`${quoted(job.title)} could not be ${VERB[command]}. ${failureMessage(error, 'Please try again.')}`);
    } finally {
      running.current.delete(job.id);
      setPending((current) => {
        const next = { ...current };
        delete next[job.id];
        return next;
      });
    }
  }

  return {
    pending,
    confirming,
    status,
    alert,
    fire: (job, event) =>
      run(job, event, async () => {
        const before: Partial<ActionJob> = { status: job.status, allowedEvents: job.allowedEvents, approvedAt: job.approvedAt, expirationDate: job.expirationDate };
        // Pause and resume show at once (the machine says what the job takes next); repost waits for its new date.
        if (event !== 'repost') {
          const to: JobStatus = event === 'pause' ? 'STOPPED' : 'ACTIVE';
          patch(job.id, { status: to, allowedEvents: machineEvents({ status: to, expirationDate: job.expirationDate }, { companyApproved: true, actor: 'member' }) });
        }
        try {
          const result = await api.jobAdmin.fire(companyKey, job.id, event);
          const after = { status: result.status, approvedAt: result.approvedAt, expirationDate: result.expirationDate, allowedEvents: result.allowedEvents };
          patch(job.id, after);
          setStatus(DONE[event]({ ...job, ...after }));
        } catch (error) {
          patch(job.id, before);
          throw error;
        }
      }),
    duplicate: (job) =>
      run(job, 'duplicate', async () => {
        const source = await api.jobAdmin.get(companyKey, job.id);
        const copy = await api.jobAdmin.create(companyKey, duplicateInput(source.manage.form));
        navigate(paths.companyJob(companyKey, copy.id, 'edit'));
      }),
    askDelete: (job) => {
      setStatus('');
      setAlert('');
      setConfirming(job.id);
    },
    cancelDelete: () => setConfirming(null),
    remove: (job) =>
      run(job, 'delete', async () => {
        await api.jobAdmin.remove(companyKey, job.id);
        setConfirming(null);
        removed(job.id);
        setStatus(`The draft ${quoted(job.title)} is deleted.`);
      }),
  };
}

/** The commands' messages: a polite status and an alert, both always in the page so that they are announced. */
export function JobCommandMessages({ commands }: { commands: Pick<JobCommands, 'status' | 'alert'> }) {
  return (
    <div className="job-messages">
      <div role="status" className={commands.status ? 'form-status' : 'visually-hidden'}>
        {commands.status}
      </div>
      <div role="alert" className={commands.alert ? 'form-alert' : 'visually-hidden'}>
        {commands.alert}
      </div>
    </div>
  );
}

export interface JobActionsProps {
  companyKey: string;
  job: ActionJob;
  commands: JobCommands;
  /** In a table row the job's title completes each action's name ("Pause job Backend Engineer"); on the job's own page it is not needed. */
  inRow?: boolean;
}

/**
 * The actions a job takes now, from its `allowedEvents`: "Publish" (a draft: its plan is chosen on
 * /monetise), "Complete payment", "Edit job", "Pause job", "Resume job", "Repost job", "Duplicate job" and
 * "Delete draft" (asks first).
 */
export function JobActions({ companyKey, job, commands, inRow = false }: JobActionsProps) {
  const events = new Set(job.allowedEvents);
  const running = commands.pending[job.id];
  const deleteButton = useRef<HTMLButtonElement>(null);
  const named = (label: string) => (
    <>
      {label}
      {inRow ? <span className="visually-hidden"> {job.title}</span> : null}
    </>
  );
  const button = (command: JobCommand, label: string, busyLabel: string, onClick: () => void, ref?: Ref<HTMLButtonElement>) => (
    <button
      ref={ref}
      type="button"
      className="button button--ghost button--small"
      aria-disabled={running ? true : undefined}
      aria-busy={running === command || undefined}
      onClick={onClick}
    >
      {running === command ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        named(label)
      )}
    </button>
  );

  if (commands.confirming === job.id) {
    return (
      <ConfirmRow
        text={`Delete the draft ${quoted(job.title)}? This cannot be undone.`}
        action="Delete draft"
        busy={running === 'delete'}
        onConfirm={() => void commands.remove(job)}
        onCancel={() => {
          commands.cancelDelete();
          requestAnimationFrame(() => deleteButton.current?.focus());
        }}
      />
    );
  }

  return (
    <div className="job-actions">
      {job.status === 'DRAFT' && events.has('publish') ? (
        <Link className="button button--primary button--small" to={paths.companyJob(companyKey, job.id, 'monetise')}>
          {named('Publish')}
        </Link>
      ) : null}
      {job.status === 'PENDING_PAYMENT' ? (
        <Link className="button button--primary button--small" to={paths.companyJob(companyKey, job.id, 'monetise')}>
          {named('Complete payment')}
        </Link>
      ) : null}
      {events.has('edit') ? (
        <Link className="button button--ghost button--small" to={paths.companyJob(companyKey, job.id, 'edit')}>
          {named('Edit job')}
        </Link>
      ) : null}
      {/* One slot for the three: the button stays the same element when pause turns into resume, so it keeps the focus. */}
      {events.has('pause')
        ? button('pause', 'Pause job', 'Pausing…', () => void commands.fire(job, 'pause'))
        : events.has('resume')
          ? button('resume', 'Resume job', 'Resuming…', () => void commands.fire(job, 'resume'))
          : events.has('repost')
            ? button('repost', 'Repost job', 'Reposting…', () => void commands.fire(job, 'repost'))
            : null}
      {button('duplicate', 'Duplicate job', 'Duplicating…', () => void commands.duplicate(job))}
      {job.status === 'DRAFT' ? button('delete', 'Delete draft', 'Deleting…', () => commands.askDelete(job), deleteButton) : null}
    </div>
  );
}
