/** @jsxRuntime classic */
/** @jsx h */
/** The job-list widget: loading skeleton, list or cards, empty and error states with a fallback link. */
// Classic JSX (h), as in mount.ts: one vnode factory in jobs.js, not preact/jsx-runtime beside h (≈ 140 B gzip).
import { Component, h } from 'preact';
import { exactDate, relativeTime } from '@nordlys/sdk/dates';
import { jobPath, jobsPath, startupPath } from '@nordlys/sdk/routes';
import type { JobBrief } from '@nordlys/sdk/schemas';
import type { Emit } from './events';
import { summary } from './events';
import { log } from './log';
import type { Options } from './options';
import type { Strings } from './strings';
import type { Styles } from './styles';

export interface JobListProps {
  options: Options;
  origin: string;
  load: () => Promise<JobBrief[]>;
  emit: Emit;
  t: Strings;
  s: Styles;
}

type State = { status: 'loading' } | { status: 'ready'; jobs: JobBrief[] } | { status: 'error' };

/**
 * A class component, not hooks: preact/hooks costs the widget ≈ 1 KB gzip (its option hooks stay in
 * the bundle whatever is used), and the widget needs only state, a load on mount and an error boundary.
 */
export class JobList extends Component<JobListProps, State> {
  override state: State = { status: 'loading' };
  /** Counts the loads; an answer to an older one, or one after unmount (-1), is dropped. */
  attempt = 0;

  override componentDidMount() {
    this.load();
  }

  override componentWillUnmount() {
    this.attempt = -1;
  }

  // A job that fails to render (Jobs, below) shows the error state instead of throwing into the host page.
  override componentDidCatch(error: unknown) {
    log.error('render failed', error);
    this.setState({ status: 'error' });
  }

  load() {
    const { options, load, emit } = this.props;
    const attempt = ++this.attempt;
    this.setState({ status: 'loading' });
    load().then(
      (jobs) => {
        if (attempt !== this.attempt) return;
        this.setState({ status: 'ready', jobs });
        emit('nordlys:loaded', { count: jobs.length, jobs: summary(jobs), company: options.company, feed: options.feed });
      },
      (error: { message?: string; status?: number; code?: string }) => {
        if (attempt !== this.attempt) return;
        log.error('could not load jobs:', error?.message ?? error);
        this.setState({ status: 'error' });
        emit('nordlys:error', { message: String(error?.message ?? error), status: error?.status ?? 0, code: error?.code });
      },
    );
  }

  render({ options, origin, t, s }: JobListProps, state: State) {
    const fallback = options.company ? origin + startupPath(options.company) : origin + jobsPath();
    // The way to every job on Nordlys, under the list and in the error and empty states.
    const more = (
      <a href={fallback} target="_blank" rel="noopener">
        {t.fallback}
      </a>
    );
    const footer = <p class={s.footer}>{more}</p>;

    if (state.status === 'error') {
      return (
        <div role="alert" class={s.state}>
          <p>{t.error}</p>
          <button type="button" class={s.button} onClick={() => this.load()}>
            {t.retry}
          </button>
          {more}
        </div>
      );
    }
    if (state.status === 'loading') {
      return (
        <div aria-busy="true" aria-label={t.loading}>
          {Array.from({ length: Math.min(options.limit, 3) }, () => (
            <div class={s.skeleton} />
          ))}
        </div>
      );
    }
    if (!state.jobs.length) {
      return (
        <div class={s.state}>
          <p>{t.empty}</p>
          {footer}
        </div>
      );
    }
    return (
      <section aria-label={t.listLabel}>
        <Jobs {...this.props} jobs={state.jobs} />
        {footer}
      </section>
    );
  }
}

/** The list or cards; a child component, so that a job that fails to render reaches componentDidCatch above. */
function Jobs({ jobs, options, origin, emit, t, s }: JobListProps & { jobs: JobBrief[] }) {
  const click = (job: JobBrief, url: string) => (event: MouseEvent) => {
    const go = emit('nordlys:job-click', { id: job.id, title: job.title, url, company: job.company.key });
    if (!go) event.preventDefault();
  };
  return (
    <ul class={options.layout === 'cards' ? s.cards : s.list}>
      {jobs.map((job) => {
        // ?ref=widget: the job page counts the visit as the widget's (issue #12); its canonical URL leaves it out.
        const url = `${origin}${jobPath(job.id)}?ref=widget`;
        const posted = job.postedAt;
        return (
          <li key={job.id}>
            <a class={s.title} href={url} target="_blank" rel="noopener" onClick={click(job, url)}>
              {job.title}
            </a>
            <p class={s.meta}>
              {options.feed ? <span>{job.company.name}</span> : null}
              {job.isRemote ? null : <span>{job.locationName}</span>}
              {job.isRemote ? <span class={s.chip}>{t.remote}</span> : null}
              <span class={s.chip}>{t.positionTypes[job.positionType] ?? job.positionType}</span>
              <time dateTime={posted} title={exactDate(posted, options.language)}>
                {relativeTime(posted, new Date(), options.language)}
              </time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
