/** @jsxImportSource preact */
/** The job-list widget: loading skeleton, list or cards, empty and error states with a fallback link. */
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { jobUrls, locationDisplay } from '@nordlys/sdk/jobs';
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

const DAY = 86_400_000;

function ago(iso: string, language: string): string {
  const days = Math.round((Date.parse(iso) - Date.now()) / DAY);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return Math.abs(days) < 30 ? rtf.format(days, 'day') : rtf.format(Math.round(days / 30), 'month');
}

export function JobList({ options, origin, load, emit, t, s }: JobListProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [crash] = useErrorBoundary((error) => log.error('render failed', error));
  const fallback = options.company ? `${origin}/startups/${encodeURIComponent(options.company)}` : `${origin}/jobs`;

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

  const footer = (
    <p class={s.footer}>
      <a href={fallback} target="_blank" rel="noopener">
        {t.fallback}
      </a>
    </p>
  );

  if (crash || state.status === 'error') {
    return (
      <div role="alert" class={s.state}>
        <p>{t.error}</p>
        <button type="button" class={s.button} onClick={() => setAttempt((n) => n + 1)}>
          {t.retry}
        </button>
        <a href={fallback} target="_blank" rel="noopener">
          {t.fallback}
        </a>
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
          const url = origin + jobUrls(job).public;
          const posted = job.approvedAt ?? job.createdAt;
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
                <time dateTime={posted} title={new Date(posted).toLocaleDateString(options.language)}>
                  {ago(posted, options.language)}
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
