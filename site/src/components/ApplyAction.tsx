/**
 * The apply action of a job's public page (issue #12), as the job says candidates apply (`job.apply`):
 * - url: a link to the startup's application page, in a new tab;
 * - email: a mailto link with the subject "Application: {title}" filled in;
 * - nordlys (and jobs from before the form): as before quick apply exists, the startup's website in a
 *   new tab, or the "How to apply" box on the page.
 * Every click (and middle click) is counted for the job dashboard (POST /jobs/{id}/apply-click, sent
 * with keepalive) and then follows the link: the count never holds the candidate up.
 */
import type { JobSurface } from '@nordlys/sdk/constants';
import type { Job } from '@nordlys/sdk/schemas';
import { withScheme } from '@nordlys/sdk/validation';
import type { MouseEvent, ReactNode } from 'react';
import { useApi } from '../modals/useApi';

export type ApplyTarget =
  | { kind: 'url'; href: string; host: string }
  | { kind: 'email'; href: string; email: string }
  | { kind: 'website'; href: string }
  | { kind: 'on-page'; href: '#apply' };

/** The subject of an application by e-mail. */
export const applicationSubject = (title: string) => `Application: ${title}`;

/** Where the job's apply action leads. */
export function applyTarget(job: Pick<Job, 'title' | 'apply' | 'company'>): ApplyTarget {
  const apply = job.apply;
  if (apply?.method === 'url' && apply.url) {
    const href = withScheme(apply.url);
    return { kind: 'url', href, host: URL.canParse(href) ? new URL(href).hostname.replace(/^www\./, '') : href };
  }
  if (apply?.method === 'email' && apply.email) {
    return { kind: 'email', email: apply.email, href: `mailto:${apply.email}?subject=${encodeURIComponent(applicationSubject(job.title))}` };
  }
  return job.company.website ? { kind: 'website', href: withScheme(job.company.website) } : { kind: 'on-page', href: '#apply' };
}

export interface ApplyLinkProps {
  job: Job;
  className?: string;
  /** Where the page is shown (the site's job page: 'site'). */
  surface?: JobSurface;
  children: ReactNode;
}

/** A link to the job's apply target that counts the click first. */
export function ApplyLink({ job, className, surface = 'site', children }: ApplyLinkProps) {
  const api = useApi();
  const target = applyTarget(job);
  const newTab = target.kind === 'url' || target.kind === 'website';
  const count = () => {
    // Fire and forget: a lost count must not stop the candidate.
    api.jobs.applyClick(job.id, surface).catch(() => {});
  };
  const onAuxClick = (event: MouseEvent) => {
    if (event.button === 1) count();
  };
  return (
    <a className={className} href={target.href} onClick={count} onAuxClick={onAuxClick} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      {target.kind === 'email' ? <span className="visually-hidden"> (opens your e-mail app)</span> : null}
    </a>
  );
}

/** The apply action under the job's head: one large button. */
export function ApplyAction({ job }: { job: Job }) {
  return (
    <p className="job-head__actions">
      <ApplyLink job={job} className="button button--primary button--large">
        Apply for this job
      </ApplyLink>
    </p>
  );
}

/** The "How to apply" box's text and button for an open job. */
export function HowToApply({ job, productName }: { job: Job; productName: string }) {
  const target = applyTarget(job);
  const { company } = job;
  switch (target.kind) {
    case 'url':
      return (
        <>
          <p>
            Apply on {target.host} and mention you found the job on {productName}.
          </p>
          <ApplyLink job={job} className="button button--primary">
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
          <ApplyLink job={job} className="button button--primary">
            Apply by e-mail
          </ApplyLink>
        </>
      );
    case 'website':
      return (
        <>
          <p>
            Apply on {company.name}&rsquo;s website and mention you found the job on {productName}.
          </p>
          <ApplyLink job={job} className="button button--primary">
            Apply on their website
          </ApplyLink>
        </>
      );
    default:
      return (
        <p>
          Applying through {productName} opens soon. Meanwhile, see the other roles at {company.name}.
        </p>
      );
  }
}
