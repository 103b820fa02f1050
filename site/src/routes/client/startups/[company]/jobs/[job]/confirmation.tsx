/**
 * The confirmation pages of spec 2.4 (issue #12), one module for four routes: /posted after a free post,
 * /boosted after a Boost, /max-posted after Max, /headhunter-posted after Headhunter. Each says what
 * happens next from the job's status (JOB_STATUS_DISPLAY), shows the job's public link with share
 * buttons, and offers the startup's widget snippet. Which page it is comes from the path.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { isBoosted } from '@nordlys/sdk/jobs';
import { companyAdminPath } from '@nordlys/sdk/navigation';
import { planById } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { ManagedJob } from '@nordlys/sdk/schemas';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../../../lib/Link';
import { apiFrom, publicUrl } from '../../../../../../api';
import { EmbedSnippet } from '../../../../../../components/EmbedSnippet';
import { useNow } from '../../../../../../components/Now';
import { ShareLinks } from '../../../../../../components/ShareLinks';
import type { AreaOwner } from '../../../../../../layouts/areas';
import { managedJob } from '../../../../../../lib/jobPages';
import { notFound, orFallback } from '../../../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../../../meta';

/** The four pages, by the last segment of their path. */
export const CONFIRMATIONS = {
  posted: { title: () => 'Your job is posted', paid: false },
  boosted: { title: () => `Your job has a ${planById('boost').name}`, paid: true },
  'max-posted': { title: () => `Your job is posted with ${planById('max').name}`, paid: true },
  'headhunter-posted': { title: () => `Your job is posted with ${planById('headhunter').name}`, paid: true },
} as const;
export type ConfirmationKind = keyof typeof CONFIRMATIONS;

/** Which confirmation a path is: its last segment. */
export function confirmationOf(pathname: string): ConfirmationKind | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return Object.hasOwn(CONFIRMATIONS, last) ? (last as ConfirmationKind) : null;
}

export interface ConfirmationData {
  kind: ConfirmationKind;
  owner: AreaOwner;
  job: ManagedJob;
  /** The job's public page, absolute. */
  publicUrl: string;
  /** The startup's widget snippet, or null while it is not public. */
  snippet: string | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<ConfirmationData> {
  const url = new URL(args.request.url);
  const kind = confirmationOf(url.pathname);
  if (!kind) notFound();
  const { owner, job } = await managedJob(args);
  const snippet = await orFallback(
    apiFrom(args.context)
      .companies.embedSnippet(owner.key)
      .then((answer) => answer.html),
    null,
  );
  return { kind, owner, job, publicUrl: publicUrl(args.context, paths.job(job.id)), snippet };
}

export const handle: RouteHandle<ConfirmationData> = {
  meta: ({ data }) => ({ title: `${CONFIRMATIONS[data.kind].title()} · ${data.job.title}`, noindex: true }),
};

/** What happens next, in one sentence from the job's status, then the status' own words. */
export function nextStep(job: Pick<ManagedJob, 'status'>): { headline: string; text: string } {
  const { next } = JOB_STATUS_DISPLAY[job.status];
  switch (job.status) {
    case 'ACTIVE':
      return { headline: 'It is live now.', text: next };
    case 'PENDING_COMPANY_APPROVAL':
      return { headline: 'It is in review until your startup is approved.', text: next };
    case 'PENDING_PAYMENT':
      return { headline: 'It is waiting for the payment.', text: next };
    default:
      return { headline: `It is ${JOB_STATUS_DISPLAY[job.status].label.toLowerCase()}.`, text: next };
  }
}

export function Component() {
  const { kind, owner, job, publicUrl, snippet } = useLoaderData<typeof loader>();
  const now = useNow();
  const page = CONFIRMATIONS[kind];
  const step = nextStep(job);
  const live = job.status === 'ACTIVE';
  const description = job.description;

  return (
    <div className="confirmation">
      <header className="page-head">
        <h1>{page.title()}</h1>
        <p className="page-head__lead">Thank you. {job.title} is on its way to talent.</p>
      </header>

      <section className="client-section" aria-labelledby="next-title">
        <h2 id="next-title">What happens next</h2>
        <p>
          <strong>{step.headline}</strong> {step.text}
        </p>
        {live && job.expirationDate ? <p>It is listed until {exactDate(job.expirationDate)}.</p> : null}
        {isBoosted(job, { now }) && job.boostingExpiresAt ? <p>It is featured until {exactDate(job.boostingExpiresAt)}.</p> : null}
        {page.paid ? (
          <p>
            Your invoice or receipt is under <Link to={companyAdminPath(owner.key, 'settings')}>the startup&rsquo;s settings</Link>.
          </p>
        ) : null}
        {kind === 'headhunter-posted' ? (
          <p>
            A recruiter now takes the search on with you.{' '}
            <Link to={paths.companyJob(owner.key, job.id, 'hh-steps')}>See the Headhunter steps</Link> for what happens over the coming weeks.
          </p>
        ) : null}
        <p className="confirmation__actions">
          <Link className="button button--primary" to={paths.companyJob(owner.key, job.id)}>
            Go to the job
          </Link>{' '}
          <Link className="button button--ghost" to={paths.companyNewJob(owner.key)}>
            Post another job
          </Link>
        </p>
      </section>

      <section className="client-section" aria-labelledby="share-title">
        <h2 id="share-title">Share the job</h2>
        <p>
          Its public page:{' '}
          <a href={publicUrl} className="confirmation__link">
            {publicUrl}
          </a>
        </p>
        {live ? null : <p className="muted">The link works once the job is live.</p>}
        <ShareLinks url={publicUrl} title={`${job.title} at ${job.company.name}`} description={description} copy />
      </section>

      <EmbedSnippet companyKey={owner.key} html={snippet} />
    </div>
  );
}
