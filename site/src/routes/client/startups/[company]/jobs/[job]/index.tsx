/**
 * `/client/startups/{company}/jobs/{job}` (spec 2.4, issue #12): the job's dashboard. Its status and
 * what happens next, the actions it takes now (the same as its row in the jobs table), its public
 * link, the ways to its applicants and upgrades, and its views, apply clicks and applications per
 * surface over the last 30 days. Its second tab (`?tab=applicants`, issue #13) is the applicant
 * board of this job alone.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { planById } from '@nordlys/sdk/pricing';
import { paths } from '@nordlys/sdk/routes';
import type { JobStats, ManagedJob } from '@nordlys/sdk/schemas';
import { isJobPublic } from '@nordlys/sdk/visibility';
import { useState, type ReactNode } from 'react';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { Link } from '../../../../../../lib/Link';
import { apiFrom } from '../../../../../../api';
import { Board } from '../../../../../../components/board/Board';
import { boardFilters, type BoardFilters } from '../../../../../../components/board/filters';
import { boardShouldRevalidate, kanbanColors, loadBoard, type BoardResult, type ColumnColors } from '../../../../../../components/board/load';
import { failureMessage } from '../../../../../../components/form/errors';
import { JobActions, JobCommandMessages, useJobCommands, type ActionJob } from '../../../../../../components/JobActions';
import { JobStatusBadge } from '../../../../../../components/JobStatusBadge';
import { LoadFailed } from '../../../../../../components/LoadFailed';
import { isBoosted } from '../../../../../../components/JobsTable';
import { useNow } from '../../../../../../components/Now';
import { RelativeTime } from '../../../../../../components/RelativeTime';
import { StatsChart } from '../../../../../../components/StatsChart';
import { companyArea, type AreaOwner } from '../../../../../../layouts/areas';
import { jobIdOf, managedJob } from '../../../../../../lib/jobPages';
import { formatCount, requestLocale } from '../../../../../../lib/locale';
import type { RouteHandle } from '../../../../../../meta';
import { useApi } from '../../../../../../modals/useApi';

/** The figures, or why they could not be loaded (the rest of the page works without them). */
export type StatsResult = { ok: true; stats: JobStats } | { ok: false; message: string };

/** The dashboard's tabs: the job at a glance, and its applicant board. */
export type DashboardTab = 'overview' | 'applicants';

/** The applicant board of the job (issue #13), on the 'applicants' tab. */
interface JobBoard {
  result: BoardResult;
  filters: BoardFilters;
  colors: ColumnColors;
}

interface DashboardData {
  owner: AreaOwner;
  job: ManagedJob;
  tab: DashboardTab;
  /** On the overview tab. */
  stats: StatsResult | null;
  /** On the applicants tab. */
  board: JobBoard | null;
  locale: string;
}

const tabOf = (url: URL): DashboardTab => (url.searchParams.get('tab') === 'applicants' ? 'applicants' : 'overview');

const loadStats = (promise: Promise<JobStats>): Promise<StatsResult> =>
  promise.then(
    (stats): StatsResult => ({ ok: true, stats }),
    (error: unknown): StatsResult => ({ ok: false, message: failureMessage(error, 'The figures could not be loaded.') }),
  );

export async function loader(args: LoaderFunctionArgs): Promise<DashboardData> {
  // The guards first (once per request), then the job and its figures side by side.
  const owner = await companyArea(args);
  const id = jobIdOf(args.params.job);
  const url = new URL(args.request.url);
  const tab = tabOf(url);
  const api = apiFrom(args.context);
  if (tab === 'applicants') {
    const filters: BoardFilters = { ...boardFilters(url.searchParams), job: id };
    const [{ job }, result, colors] = await Promise.all([managedJob(args), loadBoard(api, owner.key, filters), kanbanColors(api)]);
    return { owner, job, tab, stats: null, board: { result, filters, colors }, locale: requestLocale(args.request) };
  }
  const [{ job }, stats] = await Promise.all([managedJob(args), loadStats(api.jobAdmin.stats(owner.key, id))]);
  return { owner, job, tab, stats, board: null, locale: requestLocale(args.request) };
}

/** Opening or closing a card on the board (`?open=`) keeps the page as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = boardShouldRevalidate;

export const handle: RouteHandle<DashboardData> = {
  meta: ({ data }) => ({ title: `${data.tab === 'applicants' ? 'Applicants · ' : ''}${data.job.title} · ${data.owner.name}`, noindex: true }),
};

/** What the dashboard says beyond the status' own `next`: the review note, what is missing, payment, dates and the Boost. */
function specifics(job: ManagedJob, owner: AreaOwner, now: Date): ReactNode[] {
  const { manage } = job;
  const out: ReactNode[] = [];
  const edit = paths.companyJob(owner.key, job.id, 'edit');
  if (job.status === 'DRAFT' && manage.reviewNote) {
    out.push(
      <>
        Our team sent it back: <q className="review-quote">{manage.reviewNote}</q> <Link to={edit}>Edit the job</Link>, then publish it again.
      </>,
    );
  }
  const missing = Object.values(manage.missing);
  if (job.status === 'DRAFT' && missing.length) {
    out.push(
      <>
        Before you publish it: {missing.join('; ')}. <Link to={edit}>Complete the job</Link>
      </>,
    );
  }
  if (job.status === 'PENDING_COMPANY_APPROVAL') {
    out.push(
      manage.heldAt ? (
        <>
          Our team holds it for a review (held <RelativeTime iso={manage.heldAt} />
          ).
        </>
      ) : owner.status !== 'ACTIVE' ? (
        <>It goes live when {owner.name} is approved.</>
      ) : (
        <>It waits for our team's approval.</>
      ),
    );
  }
  if (job.status === 'PENDING_PAYMENT') {
    out.push(
      <>
        The {planById(manage.plan).name} plan is not paid yet. <Link to={paths.companyJob(owner.key, job.id, 'monetise')}>Pay for the plan</Link>, or
        choose the Free plan there.
      </>,
    );
  }
  if ((job.status === 'ACTIVE' || job.status === 'STOPPED') && job.expirationDate) {
    out.push(
      <>
        {job.status === 'ACTIVE' ? 'Listed until' : 'It expires on'} <time dateTime={job.expirationDate}>{exactDate(job.expirationDate)}</time> (
        <RelativeTime iso={job.expirationDate} />
        ).
      </>,
    );
  }
  if (job.status === 'EXPIRED' && job.expirationDate) {
    out.push(
      <>
        It expired on <time dateTime={job.expirationDate}>{exactDate(job.expirationDate)}</time>.
      </>,
    );
  }
  if (isBoosted(job, now)) {
    out.push(
      <>
        Boosted until <time dateTime={job.boostingExpiresAt!}>{exactDate(job.boostingExpiresAt!)}</time>: featured on the front page and above search
        results.
      </>,
    );
  }
  return out;
}

function Figures({ owner, job, initial, locale }: { owner: AreaOwner; job: ManagedJob; initial: StatsResult; locale: string }) {
  const api = useApi();
  const [result, setResult] = useState(initial);
  const [loading, setLoading] = useState(false);

  async function retry() {
    setLoading(true);
    setResult(await loadStats(api.jobAdmin.stats(owner.key, job.id)));
    setLoading(false);
  }

  return (
    <section className="admin-section" aria-labelledby="job-figures" aria-busy={loading || undefined}>
      <h2 id="job-figures">Last 30 days</h2>
      {result.ok ? (
        <>
          <dl className="facts facts--inline">
            <div>
              <dt>Views</dt>
              <dd>{formatCount(result.stats.totals.views, locale)}</dd>
            </div>
            <div>
              <dt>Apply clicks</dt>
              <dd>{formatCount(result.stats.totals.applyClicks, locale)}</dd>
            </div>
            <div>
              <dt>Applications</dt>
              <dd>{formatCount(result.stats.totals.applications, locale)}</dd>
            </div>
          </dl>
          <StatsChart stats={result.stats} locale={locale} />
        </>
      ) : (
        <LoadFailed title="The figures could not be loaded" message={result.message} busy={loading} onRetry={() => void retry()} />
      )}
      <p className="muted stats-note">
        All time: {formatCount(job.views, locale)} {job.views === 1 ? 'view' : 'views'}, {formatCount(job.manage.applyClicks, locale)}{' '}
        {job.manage.applyClicks === 1 ? 'apply click' : 'apply clicks'}, {formatCount(job.manage.applicants, locale)}{' '}
        {job.manage.applicants === 1 ? 'applicant' : 'applicants'}.
      </p>
    </section>
  );
}

/** The dashboard's two tabs, as links (each is its own URL, so the back button and a shared link keep it). */
function JobTabs({ owner, job, tab, locale }: { owner: AreaOwner; job: ManagedJob; tab: DashboardTab; locale: string }) {
  const base = paths.companyJob(owner.key, job.id);
  return (
    <nav className="page-tabs" aria-label={`${job.title}: pages`}>
      <ul className="page-tabs__list">
        <li>
          <Link to={base} className="page-tabs__link" aria-current={tab === 'overview' ? 'page' : undefined}>
            Overview
          </Link>
        </li>
        <li>
          <Link to={`${base}?tab=applicants`} className="page-tabs__link" aria-current={tab === 'applicants' ? 'page' : undefined}>
            Applicants <span className="page-tabs__count">{formatCount(job.manage.applicants, locale)}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The board of this job's applicants (issue #13): no job filter, no job title on the cards. */
function JobApplicants({ owner, job, board, locale, isPublic }: { owner: AreaOwner; job: ManagedJob; board: JobBoard; locale: string; isPublic: boolean }) {
  const revalidator = useRevalidator();
  if (!board.result.ok) {
    return (
      <LoadFailed
        title="The applicants could not be loaded"
        message={board.result.message}
        busy={revalidator.state === 'loading'}
        onRetry={() => void revalidator.revalidate()}
      />
    );
  }
  return (
    <section aria-labelledby="job-applicants" className="job-applicants">
      <h2 id="job-applicants" className="visually-hidden">
        Applicants
      </h2>
      <Board
        companyKey={owner.key}
        list={board.result.list}
        filters={board.filters}
        colors={board.colors}
        oneJob
        locale={locale}
        keep={{ tab: 'applicants' }}
        empty={
          isPublic
            ? { text: 'When talent applies to this job on Nordlys, they appear here, in Applied.', href: paths.job(job.id), label: 'See the job page' }
            : { text: 'Talent can apply once the job is live.', href: paths.companyJob(owner.key, job.id, 'edit'), label: 'Edit the job' }
        }
      />
    </section>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { owner, locale } = data;
  const navigate = useNavigate();
  const now = useNow();
  const [job, setJob] = useState(data.job);
  // Another job (or a revalidation) replaces what the page showed.
  const [shown, setShown] = useState(data.job);
  if (shown !== data.job) {
    setShown(data.job);
    setJob(data.job);
  }
  const commands = useJobCommands({
    companyKey: owner.key,
    navigate: (to) => void navigate(to),
    patch: (_id, change) =>
      setJob((current) => ({
        ...current,
        ...change,
        manage: change.allowedEvents ? { ...current.manage, allowedEvents: change.allowedEvents } : current.manage,
      })),
    removed: () => void navigate(paths.companyAdmin(owner.key, 'jobs')),
  });

  const actionJob: ActionJob = { id: job.id, title: job.title, status: job.status, approvedAt: job.approvedAt, expirationDate: job.expirationDate, allowedEvents: job.manage.allowedEvents };
  const display = JOB_STATUS_DISPLAY[job.status];
  const details = specifics(job, owner, now);
  const isPublic = isJobPublic(job, owner, { now });

  return (
    <div className="job-dashboard">
      <p className="back-link">
        <Link to={paths.companyAdmin(owner.key, 'jobs')}>All jobs of {owner.name}</Link>
      </p>
      <header className="page-head">
        <h1>{job.title}</h1>
        <p className="page-head__lead job-dashboard__status">
          <JobStatusBadge status={job.status} /> <span>{planById(job.manage.plan).name} plan</span>
        </p>
      </header>

      <JobTabs owner={owner} job={job} tab={data.tab} locale={locale} />

      {data.board ? (
        <JobApplicants owner={owner} job={job} board={data.board} locale={locale} isPublic={isPublic} />
      ) : (
        <>
          <JobCommandMessages commands={commands} />

          <section className="admin-section job-next" aria-labelledby="job-next">
            <h2 id="job-next">What happens next</h2>
            <p>{display.next}</p>
            {details.length ? (
              <ul className="job-next__list">
                {details.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>

          <section className="admin-section" aria-labelledby="job-actions">
            <h2 id="job-actions">Actions</h2>
            <JobActions companyKey={owner.key} job={actionJob} commands={commands} />
          </section>

          <section className="admin-section" aria-labelledby="job-links">
            <h2 id="job-links">Links</h2>
            <ul className="admin-links">
              {isPublic ? (
                <li>
                  <Link to={paths.job(job.id)} className="admin-link">
                    <span className="admin-link__label">Public job page</span>
                    <span className="admin-link__text">See the job as talent sees it, and share its link.</span>
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={paths.companyAdmin(owner.key, 'applicants')} className="admin-link">
                  <span className="admin-link__label">Applicants</span>
                  <span className="admin-link__text">
                    {job.manage.applicants === 1 ? '1 applicant' : `${formatCount(job.manage.applicants, locale)} applicants`} so far, by pipeline stage.
                  </span>
                </Link>
              </li>
              {job.status === 'ACTIVE' ? (
                <li>
                  <Link to={paths.companyJob(owner.key, job.id, 'boost')} className="admin-link">
                    <span className="admin-link__label">{isBoosted(job, now) ? 'Extend the Boost' : 'Boost this job'}</span>
                    <span className="admin-link__text">Featured on the front page and first in the job alerts.</span>
                  </Link>
                </li>
              ) : null}
              {job.status === 'DRAFT' || job.status === 'PENDING_PAYMENT' ? (
                <li>
                  <Link to={paths.companyJob(owner.key, job.id, 'monetise')} className="admin-link">
                    <span className="admin-link__label">Choose a plan</span>
                    <span className="admin-link__text">Free, Boost, Max or Headhunter: how far the job reaches.</span>
                  </Link>
                </li>
              ) : null}
            </ul>
          </section>

          {data.stats ? <Figures key={job.id} owner={owner} job={job} initial={data.stats} locale={locale} /> : null}
        </>
      )}
    </div>
  );
}
