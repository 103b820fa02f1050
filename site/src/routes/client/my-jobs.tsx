/**
 * `/client/my-jobs` (spec 2.2, issue #13): the candidate's jobs on three tabs, Saved, Interested and
 * Applied (`?tab=`, paths.myJobs(tab)).
 * - Saved and Interested: job cards with the job's live status (an expired or paused job is marked
 *   so). Their Save and I'm interested toggles work in place: unsaving takes the card out of Saved at
 *   once, and a refusal puts it back (the page's FlagsProvider rolls back and says why).
 * - Applied: each application with its job, the date, and the stage as the candidate may see it
 *   (sdk candidateStage: "Applied", "In review", "Hired", "Not selected"), and "Withdraw application"
 *   after a confirmation. Each sits at `#application-{id}` (paths.myApplication).
 * The lists load with the page (its loader), so they arrive server-rendered; a list that failed to load
 * shows its error with a retry, without failing the others.
 */
import { isJobOpen } from '@nordlys/sdk/visibility';
import { PATHS } from '@nordlys/sdk/navigation';
import { exactDate } from '@nordlys/sdk/dates';
import { paths } from '@nordlys/sdk/routes';
import type { Job, MyApplication, SavedJob, SavedJobList } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { apiFrom } from '../../api';
import { CompanyLogo } from '../../components/CompanyLogo';
import { failureMessage } from '../../components/form/errors';
import { Icon, type IconName } from '../../components/Icon';
import { JobCard } from '../../components/JobCard';
import { JobListSkeleton } from '../../components/JobList';
import { LoadFailed } from '../../components/LoadFailed';
import { useNow } from '../../components/Now';
import { RelativeTime } from '../../components/RelativeTime';
import { ConfirmRow } from '../../components/TeamManager';
import { applicantArea } from '../../layouts/areas';
import { useRemovalFocus } from '../../lib/useRemovalFocus';
import type { RouteHandle } from '../../meta';
import { useApi } from '../../modals/useApi';
import { useViewerFlags } from '../../session/flags';

export const MY_JOBS_TABS = ['saved', 'interested', 'applied'] as const;
export type MyJobsTab = (typeof MY_JOBS_TABS)[number];

const TAB_LABELS: Record<MyJobsTab, string> = { saved: 'Saved', interested: 'Interested', applied: 'Applied' };

/** The tab of a `?tab=` value: Saved unless it names another. */
export function tabOf(value: string | null | undefined): MyJobsTab {
  return MY_JOBS_TABS.find((tab) => tab === value) ?? 'saved';
}

/** A list, or why it could not be loaded. */
type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

interface MyJobsData {
  tab: MyJobsTab;
  lists: Loaded<SavedJobList>;
  applications: Loaded<MyApplication[]>;
}

const loaded = <T,>(promise: Promise<T>): Promise<Loaded<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, message: failureMessage(error, 'Please try again in a moment.') }),
  );

export async function loader(args: LoaderFunctionArgs): Promise<MyJobsData> {
  await applicantArea(args);
  const api = apiFrom(args.context);
  const [lists, applications] = await Promise.all([loaded(api.applicant.saved()), loaded(api.applicant.applications().then((a) => a.applications))]);
  return { tab: tabOf(new URL(args.request.url).searchParams.get('tab')), lists, applications };
}

export const handle: RouteHandle<MyJobsData> = {
  meta: () => ({ title: 'My jobs', noindex: true }),
};

/**
 * How a candidate's list marks a job that is not open (issue #13 "an expired job is marked so"): the
 * list's answer carries the live status (server queries/talent.ts listedJob). Null for an open job.
 */
export function closedJobLabel(job: Pick<Job, 'status' | 'approvedAt' | 'expirationDate'>, now: Date): string | null {
  if (job.status === 'EXPIRED') return 'Expired';
  if (isJobOpen(job, { now })) return null;
  // ACTIVE past its expiry, before the server's task caught up.
  if (job.status === 'ACTIVE') return 'Expired';
  return job.status === 'STOPPED' ? 'Paused' : 'Not open';
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const urlTab = tabOf(new URLSearchParams(location.search).get('tab'));
  // The tab shows at once; the URL follows (replace: the tabs are one page, Back leaves it).
  const [tab, setTab] = useState<MyJobsTab>(urlTab);
  useEffect(() => setTab(urlTab), [urlTab]);
  const flags = useViewerFlags();
  const tabRefs = useRef<Record<MyJobsTab, HTMLAnchorElement | null>>({ saved: null, interested: null, applied: null });

  const saved = data.lists.ok ? shownEntries(data.lists.value.saved, flags.flags && ((id) => flags.isSaved(id))) : null;
  const interested = data.lists.ok ? shownEntries(data.lists.value.interested, flags.flags && ((id) => flags.isInterested(id))) : null;
  const counts: Record<MyJobsTab, number | null> = {
    saved: saved?.length ?? null,
    interested: interested?.length ?? null,
    applied: data.applications.ok ? data.applications.value.length : null,
  };

  const choose = (next: MyJobsTab, focus = false) => {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
    if (next !== urlTab) void navigate(paths.myJobs(next), { replace: true, preventScrollReset: true });
  };
  // APG tabs: arrows move between the tabs (and show them), Home and End go to the first and last.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = MY_JOBS_TABS.indexOf(tab);
    const to =
      event.key === 'ArrowRight' ? (at + 1) % MY_JOBS_TABS.length
      : event.key === 'ArrowLeft' ? (at + MY_JOBS_TABS.length - 1) % MY_JOBS_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? MY_JOBS_TABS.length - 1
      : null;
    if (to === null) return;
    event.preventDefault();
    choose(MY_JOBS_TABS[to]!, true);
  };

  return (
    <div>
      <header className="page-head">
        <h1>My jobs</h1>
        <p className="page-head__lead">The jobs you save, the jobs you mark as interesting and your applications, in one place.</p>
      </header>
      <div className="tabs" role="tablist" aria-label="My jobs" onKeyDown={onKeyDown}>
        {MY_JOBS_TABS.map((name) => (
          <Link
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            id={`my-jobs-tab-${name}`}
            role="tab"
            to={paths.myJobs(name)}
            replace
            preventScrollReset
            className="tabs__tab"
            aria-selected={tab === name}
            // Only the shown tab's panel is in the page (an id that names nothing is an error to assistive tech).
            aria-controls={tab === name ? `my-jobs-panel-${name}` : undefined}
            tabIndex={tab === name ? 0 : -1}
            onClick={(event) => {
              event.preventDefault();
              choose(name);
            }}
          >
            {TAB_LABELS[name]}
            {counts[name] !== null ? <span className="tabs__count">{counts[name]}</span> : null}
          </Link>
        ))}
      </div>
      {tab === 'applied' ? (
        <ApplicationsPanel key="applied" loadedList={data.applications} />
      ) : (
        <MarkedPanel key={tab} tab={tab} entries={tab === 'saved' ? saved : interested} failure={data.lists.ok ? null : data.lists.message} />
      )}
    </div>
  );
}

/** The entries still marked: all of them until the flags load, then those the flags still hold (a toggle takes one out at once). */
function shownEntries(entries: SavedJob[], marked: false | null | ((jobId: number) => boolean)): SavedJob[] {
  return marked ? entries.filter((e) => marked(e.job.id)) : entries;
}

/** The panel of one tab: labelled by its tab, focusable for the keyboard's return after a removal. */
function TabPanel({ tab, panelRef, busy, children }: { tab: MyJobsTab; panelRef: RefObject<HTMLDivElement | null>; busy: boolean; children: ReactNode }) {
  return (
    <div ref={panelRef} id={`my-jobs-panel-${tab}`} role="tabpanel" aria-labelledby={`my-jobs-tab-${tab}`} tabIndex={-1} className="tab-panel" aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

/** The list is being loaded for the first time on this page (a navigation to My jobs from elsewhere). */
function useArriving(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location?.pathname === PATHS.myJobs && location.pathname !== PATHS.myJobs;
}

function useRetry(): { busy: boolean; retry: () => void } {
  const revalidator = useRevalidator();
  return { busy: revalidator.state === 'loading', retry: () => void revalidator.revalidate() };
}

const EMPTY: Record<'saved' | 'interested' | 'applied', { icon: IconName; title: string; text: string }> = {
  saved: {
    icon: 'bookmark',
    title: 'No saved jobs yet',
    text: 'Jobs you save will appear here. Press Save on a job you like on the job board, or start from a startup you admire.',
  },
  interested: {
    icon: 'heart',
    title: 'No jobs marked as interesting yet',
    text: "Jobs you mark with I'm interested will appear here. Find one you like on the job board, or start from a startup you admire.",
  },
  applied: {
    icon: 'briefcase',
    title: 'No applications yet',
    text: 'Jobs you apply to on Nordlys will appear here, with where your application stands. Find one you like on the job board.',
  },
};

function EmptyList({ tab }: { tab: MyJobsTab }) {
  const { icon, title, text } = EMPTY[tab];
  return (
    <div className="empty-state">
      <Icon name={icon} className="empty-state__icon" />
      <h2 className="empty-state__title">{title}</h2>
      <p>{text}</p>
      <p className="empty-state__actions">
        <Link to={PATHS.jobs} className="button button--primary">
          Find jobs
        </Link>
        <Link to={PATHS.startups} className="button button--ghost">
          Browse startups
        </Link>
      </p>
    </div>
  );
}

function MarkedPanel({ tab, entries, failure }: { tab: 'saved' | 'interested'; entries: SavedJob[] | null; failure: string | null }) {
  const panel = useRef<HTMLDivElement>(null);
  const arriving = useArriving();
  const { busy, retry } = useRetry();
  const now = useNow();
  const [said, setSaid] = useState('');
  const titles = useRef(new Map<number, string>());
  for (const e of entries ?? []) titles.current.set(e.job.id, e.job.title);
  useRemovalFocus(
    (entries ?? []).map((e) => e.job.id),
    panel,
    (gone) => setSaid(gone.map((id) => `“${titles.current.get(id) ?? 'The job'}” is no longer in your ${tab === 'saved' ? 'saved jobs' : 'interesting jobs'}.`).join(' ')),
  );
  return (
    <TabPanel tab={tab} panelRef={panel} busy={arriving}>
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {arriving ? (
        <JobListSkeleton count={3} />
      ) : failure !== null ? (
        <LoadFailed title={`Your ${tab === 'saved' ? 'saved' : 'interesting'} jobs could not be loaded`} message={failure} busy={busy} onRetry={retry} />
      ) : !entries?.length ? (
        <EmptyList tab={tab} />
      ) : (
        <ul className="mark-list" aria-label={tab === 'saved' ? 'Saved jobs' : 'Jobs you are interested in'}>
          {entries.map((entry) => {
            const closed = closedJobLabel(entry.job, now);
            return (
              <li key={entry.job.id} className="mark-item">
                <JobCard job={entry.job} headingLevel={2} />
                {closed || (tab === 'interested' && entry.interestedAt) ? (
                  <p className="mark-item__status">
                    {closed ? (
                      <>
                        <span className="badge tone-badge tone-badge--muted">{closed}</span>
                        <span>{closed === 'Expired' ? 'This job has expired and takes no more applications.' : 'This job takes no applications right now.'}</span>
                      </>
                    ) : null}
                    {tab === 'interested' && entry.interestedAt ? <RelativeTime iso={entry.interestedAt} prefix="Marked as interesting" /> : null}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </TabPanel>
  );
}

function ApplicationsPanel({ loadedList }: { loadedList: Loaded<MyApplication[]> }) {
  const api = useApi();
  const flags = useViewerFlags();
  const panel = useRef<HTMLDivElement>(null);
  const arriving = useArriving();
  const { busy, retry } = useRetry();
  const [withdrawn, setWithdrawn] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  const openers = useRef(new Map<number, HTMLButtonElement | null>());
  const applications = loadedList.ok ? loadedList.value.filter((a) => !withdrawn.has(a.id)) : null;
  useRemovalFocus(applications?.map((a) => a.id) ?? [], panel);

  const withdraw = async (application: MyApplication) => {
    if (pending !== null) return;
    setPending(application.id);
    setStatus('');
    setAlert('');
    try {
      await api.applicant.withdraw(application.id);
      setConfirming(null);
      setWithdrawn((current) => new Set(current).add(application.id));
      flags.setApplied(application.job.id, null);
      setStatus(`Your application for “${application.job.title}” is withdrawn.`);
    } catch (error) {
      setAlert(`Your application for “${application.job.title}” could not be withdrawn. ${failureMessage(error, 'Please try again.')}`);
    } finally {
      setPending(null);
    }
  };

  return (
    <TabPanel tab="applied" panelRef={panel} busy={arriving}>
      <div className="job-messages">
        <p role="status" className={status ? 'form-status' : 'visually-hidden'}>
          {status}
        </p>
        <p role="alert" className={alert ? 'form-alert' : 'visually-hidden'}>
          {alert}
        </p>
      </div>
      {arriving ? (
        <JobListSkeleton count={3} />
      ) : !loadedList.ok ? (
        <LoadFailed title="Your applications could not be loaded" message={loadedList.message} busy={busy} onRetry={retry} />
      ) : !applications?.length ? (
        <EmptyList tab="applied" />
      ) : (
        <ul className="mark-list" aria-label="Your applications">
          {applications.map((application) => (
            <li key={application.id}>
              <ApplicationCard
                application={application}
                confirming={confirming === application.id}
                busy={pending === application.id}
                openerRef={(element) => {
                  openers.current.set(application.id, element);
                }}
                onAsk={() => {
                  setStatus('');
                  setAlert('');
                  setConfirming(application.id);
                }}
                onCancel={() => {
                  setConfirming(null);
                  requestAnimationFrame(() => openers.current.get(application.id)?.focus());
                }}
                onConfirm={() => void withdraw(application)}
              />
            </li>
          ))}
        </ul>
      )}
    </TabPanel>
  );
}

interface ApplicationCardProps {
  application: MyApplication;
  confirming: boolean;
  busy: boolean;
  openerRef: (element: HTMLButtonElement | null) => void;
  onAsk(): void;
  onCancel(): void;
  onConfirm(): void;
}

function ApplicationCard({ application, confirming, busy, openerRef, onAsk, onCancel, onConfirm }: ApplicationCardProps) {
  const now = useNow();
  const { job, stage } = application;
  const closed = closedJobLabel(job, now);
  const titleId = `application-${application.id}-title`;
  return (
    <article id={`application-${application.id}`} className="application-card" aria-labelledby={titleId}>
      <div className="application-card__head">
        <CompanyLogo company={job.company} size={48} />
        <div>
          <h2 id={titleId} className="application-card__title">
            {closed ? job.title : <Link to={paths.job(job.id)}>{job.title}</Link>}
          </h2>
          <p className="application-card__company">{job.company.name}</p>
        </div>
      </div>
      <dl className="application-card__facts">
        <div>
          <dt>Applied</dt>
          <dd>
            <time dateTime={application.appliedAt}>{exactDate(application.appliedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Stage</dt>
          <dd>
            <span className={stage === 'Hired' ? 'badge stage-badge stage-badge--hired' : 'badge stage-badge'}>{stage}</span>
          </dd>
        </div>
        {closed ? (
          <div>
            <dt>Job</dt>
            <dd>
              <span className="badge tone-badge tone-badge--muted">{closed}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {confirming ? (
        <ConfirmRow
          text={`Withdraw your application for “${job.title}”? ${job.company.name} will no longer see it, and the CV you sent with it is deleted.`}
          action="Withdraw application"
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : (
        <p className="application-card__actions">
          <button ref={openerRef} type="button" className="button button--ghost button--small" onClick={onAsk}>
            Withdraw application<span className="visually-hidden"> for {job.title}</span>
          </button>
        </p>
      )}
    </article>
  );
}
