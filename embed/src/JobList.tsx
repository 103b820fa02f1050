/** @jsxImportSource preact */
/** The job-list widget: loading skeleton, list or cards, empty and error states with a fallback link. */
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { exactDate, postedAt, relativeTime } from '@nordlys/sdk/dates';
import { locationDisplay } from '@nordlys/sdk/jobs';
import { jobPath, jobsPath, startupPath } from '@nordlys/sdk/routes';
import type { JobSummary } from '@nordlys/sdk/schemas';
import type { Emit } from './events';
import { summary } from './events';
import { log } from './log';
import type { Options } from './options';
import type { Strings } from './strings';
import type { Styles } from './styles';

export interface JobListProps {
  options: Options;
  origin: string;
  load: () => Promise<JobSummary[]>;
  emit: Emit;
  t: Strings;
  s: Styles;
}

type State = { status: 'loading' } | { status: 'ready'; jobs: JobSummary[] } | { status: 'error' };

export function JobList({ options, origin, load, emit, t, s }: JobListProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [crash] = useErrorBoundary((error) => log.error('render failed', error));
  const fallback = options.company ? origin + startupPath(options.company) : origin + jobsPath();

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (jobs) => {
        if (!live) return;
        setState({ status: 'ready', jobs });
        emit('nordlys:loaded', { count: jobs.length, jobs: summary(jobs), company: options.company, feed: options.feed });
      },
      (error: { message?: string; status?: number; code?: string }) => {
        if (!live) return;
        log.error('could not load jobs:', error?.message ?? error);
        setState({ status: 'error' });
        emit('nordlys:error', { message: String(error?.message ?? error), status: error?.status ?? 0, code: error?.code });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  // The way to every job on Nordlys, under the list and in the error and empty states.
  const more = (
    <a href={fallback} target="_blank" rel="noopener">
      {t.fallback}
    </a>
  );
  const footer = <p class={s.footer}>{more}</p>;

  if (crash || state.status === 'error') {
    return (
      <div role="alert" class={s.state}>
        <p>{t.error}</p>
        <button type="button" class={s.button} onClick={() => setAttempt((n) => n + 1)}>
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

  const click = (job: JobSummary, url: string) => (event: MouseEvent) => {
    const go = emit('nordlys:job-click', { id: job.id, title: job.title, url, company: job.company.key });
    if (!go) event.preventDefault();
  };

  return (
    <section aria-label={t.listLabel}>
      <ul class={options.layout === 'cards' ? s.cards : s.list}>
        {state.jobs.map((job) => {
          // ?ref=widget: the job page counts the visit as the widget's (issue #12); its canonical URL leaves it out.
          const url = `${origin}${jobPath(job.id)}?ref=widget`;
          const posted = postedAt(job);
          return (
            <li key={job.id}>
              <a class={s.title} href={url} target="_blank" rel="noopener" onClick={click(job, url)}>
                {job.title}
              </a>
              <p class={s.meta}>
                {options.feed ? <span>{job.company.name}</span> : null}
                {job.isRemote ? null : <span>{locationDisplay(job)}</span>}
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
      {footer}
    </section>
  );
}
