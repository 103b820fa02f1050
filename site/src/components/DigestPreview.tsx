/**
 * The preview of the next job e-mail (issue #14), built from the jobs it would hold now
 * (GET /digest/{settingsKey}/preview): each job as the mail shows it, with title, startup, location
 * and salary where given. Shows loading, empty ("no e-mail would go out") and error states with a retry
 * (ui.md "States"). `version` changes after a save, and the preview is built again.
 */
import { DIGEST_MAX_JOBS, DIGEST_MAX_PER_COMPANY } from '@nordlys/sdk/constants';
import { exactDate } from '@nordlys/sdk/dates';
import { countLabel, salaryLabel } from '@nordlys/sdk/format';
import { locationDisplay } from '@nordlys/sdk/jobs';
import { paths } from '@nordlys/sdk/routes';
import type { DigestPreview as Preview, DigestProfile } from '@nordlys/sdk/schemas';
import { useEffect, useState } from 'react';
import { Link } from '../lib/Link';
import { domId } from '../lib/domId';
import { useApi } from '../modals/useApi';
import { failureMessage } from './form/errors';
import { LoadFailed } from './LoadFailed';

export interface DigestPreviewProps {
  settingsKey: string;
  profile: Pick<DigestProfile, 'status' | 'paused' | 'email'>;
  /** The preview the page's loader built, if any (the first render needs no call). */
  initial: Preview | null;
  /** Bumped after each save: the preview is built again. */
  version: number;
}

type State = { kind: 'loading' } | { kind: 'ready'; preview: Preview } | { kind: 'failed'; message: string };

export function DigestPreview({ settingsKey, profile, initial, version }: DigestPreviewProps) {
  const api = useApi();
  // Once per page (the digest settings).
  const id = domId('digest-preview');
  const [state, setState] = useState<State>(initial ? { kind: 'ready', preview: initial } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The loader's preview serves the first render; a save (version) or a retry (attempt) builds it again.
    if (initial && version === 0 && attempt === 0) return;
    let live = true;
    setBusy(true);
    api.digest
      .preview(settingsKey)
      .then(
        (preview) => live && setState({ kind: 'ready', preview }),
        (error: unknown) => live && setState({ kind: 'failed', message: failureMessage(error, 'The preview could not be built.') }),
      )
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [api, settingsKey, version, attempt, initial]);

  return (
    <section className="digest-preview" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`}>Preview of your next e-mail</h2>
      <p className="form-section__lead">Built from the jobs it would hold if it went out now.</p>
      {profile.status === 'pending' ? <p className="digest-preview__note">Confirm your address first: open the link we sent to {profile.email}. Nothing is sent until then.</p> : null}
      {profile.paused ? <p className="digest-preview__note">Your job alerts are paused: this e-mail goes out only once you resume them.</p> : null}
      {state.kind === 'loading' ? (
        <div className="digest-preview__mail" aria-hidden="true">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
        </div>
      ) : state.kind === 'failed' ? (
        <LoadFailed title="The preview could not be built" message={state.message} busy={busy} onRetry={() => setAttempt((n) => n + 1)} />
      ) : state.preview.jobs.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">No new jobs match yet</p>
          <p>
            No e-mail goes out while nothing new matches. Choose more countries or categories above, or <Link to={paths.jobs()}>browse every job</Link>.
          </p>
        </div>
      ) : (
        <div className="digest-preview__mail">
          <p className="digest-preview__heading">
            {countLabel(state.preview.jobs.length, 'new job')} for you{' '}
            <span className="digest-preview__since">(posted since {exactDate(state.preview.since)})</span>
          </p>
          <ol className="digest-preview__jobs">
            {state.preview.jobs.map((job) => {
              const salary = salaryLabel(job.salary);
              const place = locationDisplay(job);
              return (
                <li key={job.id} className="digest-preview__job">
                  <Link to={paths.job(job.id)} className="digest-preview__title">
                    {job.title}
                  </Link>
                  <span className="digest-preview__facts">{[job.company.name, place, salary].filter(Boolean).join(' · ')}</span>
                </li>
              );
            })}
          </ol>
          {state.preview.total > state.preview.jobs.length ? (
            <p className="digest-preview__more">
              {countLabel(state.preview.total - state.preview.jobs.length, 'more matching job')} wait on the site: an e-mail holds at most {DIGEST_MAX_JOBS} jobs, {DIGEST_MAX_PER_COMPANY} per startup.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
