/**
 * The page of the job form, shared by /jobs/new and /jobs/{job}/edit (spec 2.4): both routes export
 * this one component, so when the first save turns /new into the job's /edit the form stays as it is
 * (same component, same state) while the address changes. An EXPIRED job is reposted before it is
 * edited (sdk job-status: the machine refuses edits of expired jobs).
 */
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import type { Company, ManagedJob } from '@nordlys/sdk/schemas';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { AreaOwner } from '../../layouts/areas';
import { FormAlert } from '../../modals/fields';
import { useApi } from '../../modals/useApi';
import { useGuardedSubmit } from '../../modals/useGuardedSubmit';
import { useRootData } from '../../root';
import { failureMessage } from '../form/errors';
import { JobForm } from './JobForm';

/** What both routes' loaders give the page. */
export interface JobFormData {
  owner: AreaOwner;
  /** The startup's admin record (GET companies/{key}/hidden): addresses, perks, country. */
  company: Company;
  /** The job with `manage`, or null on /new. */
  job: ManagedJob | null;
  /** 'YYYY-MM-DD' today, and the default expiration date (sdk defaultExpirationDay). */
  today: string;
  defaultExpiration: string;
}

/** An expired job: what happened, and "Repost job" (back to a draft with a new expiration date), before any editing. */
function ExpiredJob({ owner, job, onReposted }: { owner: AreaOwner; job: ManagedJob; onReposted: (job: ManagedJob) => void }) {
  const api = useApi();
  const reposting = useGuardedSubmit();
  const [alert, setAlert] = useState<string | null>(null);

  async function repost() {
    setAlert(null);
    try {
      const result = await reposting.submit(async () => {
        await api.jobAdmin.fire(owner.key, job.id, 'repost');
        return api.jobAdmin.get(owner.key, job.id);
      });
      if (!result.ignored) onReposted(result.value);
    } catch (error) {
      setAlert(failureMessage(error, 'The job could not be reposted. Please try again.'));
    }
  }

  return (
    <section className="review-panel job-form__expired" aria-labelledby="expired-title">
      <h2 id="expired-title">“{job.title}” has expired</h2>
      <p>{JOB_STATUS_DISPLAY.EXPIRED.next}</p>
      <p>Reposting makes it a draft again with a new expiration date. Then change what you like and publish it.</p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <p>
        <button type="button" className="button button--primary" aria-disabled={reposting.busy || undefined} aria-busy={reposting.busy || undefined} onClick={() => void repost()}>
          {reposting.busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Reposting…
            </>
          ) : (
            'Repost job'
          )}
        </button>
      </p>
    </section>
  );
}

export function JobFormPage() {
  const data = useLoaderData() as JobFormData;
  const { productName } = useRootData();
  const [reposted, setReposted] = useState<ManagedJob | null>(null);
  const job = reposted ?? data.job;
  const drafting = !job || job.status === 'DRAFT';

  return (
    <div className="job-form-page">
      <header className="page-head">
        <h1>{drafting ? 'Post a job' : 'Edit job'}</h1>
        <p className="page-head__lead">
          {drafting
            ? `A job at ${data.owner.name}. Your draft saves as you type and only your team sees it; continue to choose a plan and publish it.`
            : `Changes to “${job.title}” show once you save them.`}
        </p>
      </header>
      {job?.status === 'EXPIRED' ? (
        <ExpiredJob owner={data.owner} job={job} onReposted={setReposted} />
      ) : (
        // A repost starts a fresh form from the stored draft; /new turning into /edit keeps this one.
        <JobForm
          key={reposted ? `reposted-${reposted.id}` : 'form'}
          companyKey={data.owner.key}
          company={data.company}
          job={job}
          today={data.today}
          defaultExpiration={data.defaultExpiration}
          productName={productName}
          notice={reposted ? 'The job is a draft again, with a new expiration date. Check it, then continue to publish it.' : null}
        />
      )}
    </div>
  );
}
