/**
 * The apply action of a job's public page (issues #12 and #13), as the job says candidates apply
 * (sdk applyTarget):
 * - nordlys (quick apply): "Apply for this job" opens the apply dialog (ApplyDialog). A visitor gets
 *   the sign-in modal first, with spec 2.8's `to` set to this page plus the 'apply' intent (sdk
 *   intent.ts), and the dialog opens again after sign-in (useIntent). A viewer who applied sees
 *   "Applied" with a link to the application in My jobs instead.
 * - url: a link to the startup's application page, in a new tab;
 * - email: a mailto link with the subject "Application: {title}" filled in.
 * Every apply click is counted for the job dashboard (POST /jobs/{id}/apply-click, fire and forget)
 * on the page's surface: `?surface=` (widget, careers, feed:{id}, set by paths.jobApply), else the
 * `?ref=` of the widget's links, else 'site'.
 * `?apply=1` (paths.jobApply, the embeds' apply links) opens the dialog on load: for a visitor, the
 * sign-in first.
 */
import { JOB_SURFACES, type JobSurface } from '@nordlys/sdk/constants';
import { exactDate } from '@nordlys/sdk/dates';
import { withIntent, type Intent } from '@nordlys/sdk/intent';
import { applicationSubject, applyTarget, type ApplyTarget } from '@nordlys/sdk/jobs';
import { paths } from '@nordlys/sdk/routes';
import type { Job } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/Link';
import { useIntent } from '../lib/useIntent';
import { useApi } from '../modals/useApi';
import { useSession } from '../session';
import { useHasFlags, useViewerFlags } from '../session/flags';
import { ApplyDialog } from './ApplyDialog';

export { applicationSubject, applyTarget, type ApplyTarget };

/** The query that opens the dialog on load (paths.jobApply). */
export const APPLY_PARAM = 'apply';
/** The query that names the surface an application comes from (paths.jobApply). */
export const SURFACE_PARAM = 'surface';

const isSurface = (value: string): value is JobSurface => (JOB_SURFACES as readonly string[]).includes(value) || /^feed:[1-9]\d{0,9}$/.test(value);

/**
 * The surface of the page's query: `?surface=` when it is one the server counts (JobSurfaceSchema's
 * rule); else `?ref=` as the server counts the page's view (the widget's links carry ?ref=widget);
 * else 'site'.
 */
export function surfaceOf(search: string): JobSurface {
  const params = new URLSearchParams(search);
  const surface = params.get(SURFACE_PARAM) ?? '';
  if (isSurface(surface)) return surface;
  const ref = params.get('ref') ?? '';
  return ref !== 'site' && isSurface(ref) && !ref.startsWith('feed:') ? ref : 'site';
}

/** The page's path and query without `?apply=1` (kept: the surface, everything else). */
function withoutApplyParam(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(APPLY_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/** The surface of the page the action is on. */
function usePageSurface(): JobSurface {
  return surfaceOf(useLocation().search);
}

export interface ApplyLinkProps {
  job: Job;
  className?: string;
  /** Where the page is shown (the site's job page: 'site'). */
  surface?: JobSurface;
  children: ReactNode;
}

/** A link to the job's URL or e-mail apply target that counts the click first. */
export function ApplyLink({ job, className, surface = 'site', children }: ApplyLinkProps) {
  const api = useApi();
  const target = applyTarget(job);
  const href = target.kind === 'nordlys' ? paths.jobApply(job.id, surface === 'site' ? undefined : surface) : target.href;
  const newTab = target.kind === 'url';
  const count = () => {
    // Fire and forget: a lost count must not stop the candidate.
    api.jobs.applyClick(job.id, surface).catch(() => {});
  };
  const onAuxClick = (event: MouseEvent) => {
    if (event.button === 1) count();
  };
  return (
    <a className={className} href={href} onClick={count} onAuxClick={onAuxClick} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      {target.kind === 'email' ? <span className="visually-hidden"> (opens your e-mail app)</span> : null}
    </a>
  );
}

/** How long the intent and `?apply=1` wait for the viewer's flags before opening the dialog anyway. */
const FLAGS_WAIT_MS = 3000;

/** The date an application was sent from this page, by application id (the page's two apply buttons share it). */
const sentOn = new Map<number, string>();

interface QuickApplyProps {
  job: Job;
  surface: JobSurface;
  className: string;
  /** The head's action: it alone answers the intent after sign-in and `?apply=1`, so the dialog opens once. */
  primary: boolean;
  label: string;
}

/**
 * Quick apply. Inside the site (its layout's FlagsProvider, with the session): the live action. A lone
 * job page body without them (the job form's inert preview in a test) shows the button as a picture.
 */
function QuickApply(props: QuickApplyProps) {
  if (!useHasFlags()) {
    return (
      <button type="button" className={props.className} aria-haspopup="dialog">
        {props.label}
      </button>
    );
  }
  return <LiveQuickApply {...props} />;
}

/** Quick apply: the button and its dialog, or "Applied" once the viewer has applied. */
function LiveQuickApply({ job, surface, className, primary, label }: QuickApplyProps) {
  const api = useApi();
  const session = useSession();
  const flags = useViewerFlags();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Without a FlagsProvider (or before it has heard of it), the application this page just sent.
  const [sent, setSent] = useState<number | null>(null);
  const appliedLink = useRef<HTMLAnchorElement>(null);
  const handledApplyParam = useRef<string | null>(null);
  const applicationId = flags.applicationOf(job.id) ?? sent;
  const signedIn = session.user !== null;

  const count = () => {
    api.jobs.applyClick(job.id, surface).catch(() => {});
  };

  /** A visitor signs in first; afterwards this page comes back with the intent, and the dialog opens. */
  const signInThenApply = () => {
    const intent: Intent = { kind: 'apply', jobId: job.id };
    session.openAuth({ step: 'signin', to: withIntent(withoutApplyParam(location), intent) });
  };

  const onClick = () => {
    count();
    if (signedIn) setOpen(true);
    else signInThenApply();
  };

  // The intent after sign-in and `?apply=1` wait for the viewer's flags (a FlagsProvider loads them after
  // sign-in), so a viewer who applied before gets "Applied", not a second form; at most FLAGS_WAIT_MS.
  const [pending, setPending] = useState(false);
  const flagsReady = flags.flags !== null;
  useEffect(() => {
    if (!pending) return;
    if (flagsReady) {
      setPending(false);
      if (applicationId === null) setOpen(true);
      else requestAnimationFrame(() => appliedLink.current?.focus());
      return;
    }
    const timer = setTimeout(() => {
      setPending(false);
      setOpen(true);
    }, FLAGS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending, flagsReady, applicationId]);

  // After sign-in: the page's `?do=apply:{id}` opens the dialog (once).
  useIntent(
    (intent) => primary && intent.kind === 'apply' && intent.jobId === job.id,
    () => setPending(true),
  );

  // `?apply=1` (paths.jobApply, from the embeds): counted as an apply click on its surface, then the
  // dialog (or, for a visitor, sign-in first); the parameter leaves the URL so a reload does not repeat it.
  const wantsApply = primary && new URLSearchParams(location.search).get(APPLY_PARAM) === '1';
  useEffect(() => {
    if (!wantsApply || handledApplyParam.current === location.key) return;
    handledApplyParam.current = location.key;
    void navigate(withoutApplyParam(location), { replace: true, preventScrollReset: true });
    count();
    if (signedIn) setPending(true);
    else signInThenApply();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per location that asks
  }, [wantsApply, location.key]);

  const close = () => {
    setOpen(false);
    // The button became "Applied": focus goes there instead of the removed opener.
    if (applicationId !== null) requestAnimationFrame(() => appliedLink.current?.focus());
  };

  const date = applicationId !== null ? sentOn.get(applicationId) : undefined;
  return (
    <>
      {applicationId !== null ? (
        <Link ref={appliedLink} to={paths.myApplication(applicationId)} className={`${className} button--applied`}>
          {date ? `Applied ${exactDate(date)}` : 'Applied'}
          <span className="visually-hidden"> – see your application in My jobs</span>
        </Link>
      ) : (
        <button type="button" className={className} onClick={onClick} aria-haspopup="dialog">
          {label}
        </button>
      )}
      {open ? (
        <ApplyDialog
          job={job}
          surface={surface}
          onClose={close}
          onApplied={(application) => {
            sentOn.set(application.id, application.appliedAt);
            setSent(application.id);
            flags.setApplied(job.id, application.id);
          }}
        />
      ) : null}
    </>
  );
}

/** The apply action under the job's head: one large button (or link), or "Applied". */
export function ApplyAction({ job }: { job: Job }) {
  const surface = usePageSurface();
  const className = 'button button--primary button--large';
  return (
    <div className="job-head__actions">
      {applyTarget(job).kind === 'nordlys' ? (
        <QuickApply job={job} surface={surface} className={className} primary label="Apply for this job" />
      ) : (
        <ApplyLink job={job} surface={surface} className={className}>
          Apply for this job
        </ApplyLink>
      )}
    </div>
  );
}

/** The "How to apply" box's text and button for an open job. */
export function HowToApply({ job, productName }: { job: Job; productName: string }) {
  const surface = usePageSurface();
  const target = applyTarget(job);
  switch (target.kind) {
    case 'url':
      return (
        <>
          <p>
            Apply on {target.host} and mention you found the job on {productName}.
          </p>
          <ApplyLink job={job} surface={surface} className="button button--primary">
            Apply on their site
          </ApplyLink>
        </>
      );
    case 'email':
      return (
        <>
          <p>
            Apply by e-mail to <strong>{target.email}</strong> with the subject &ldquo;{applicationSubject(job.title)}&rdquo;, and mention you
            found the job on {productName}.
          </p>
          <ApplyLink job={job} surface={surface} className="button button--primary">
            Apply by e-mail
          </ApplyLink>
        </>
      );
    default:
      return (
        <>
          <p>
            Apply on {productName} in a minute: your talent profile and CV go to {job.company.name} with a short note
            {job.screeningQuestions?.length ? ' and your answers to their questions' : ''}.
          </p>
          <QuickApply job={job} surface={surface} className="button button--primary" primary={false} label={`Apply on ${productName}`} />
        </>
      );
  }
}
