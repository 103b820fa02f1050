/** A job's status as the jobs table and the job dashboard show it: the sdk's label, coloured by its tone (JOB_STATUS_DISPLAY). */
import type { JobStatus } from '@nordlys/sdk/constants';
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { label, tone } = JOB_STATUS_DISPLAY[status];
  return <span className={`badge tone-badge tone-badge--${tone}`}>{label}</span>;
}

/** The statuses in the order a job lives them: the filter's tabs and the status column's sort. */
export const JOB_STATUS_ORDER: readonly JobStatus[] = ['DRAFT', 'PENDING_COMPANY_APPROVAL', 'PENDING_PAYMENT', 'ACTIVE', 'STOPPED', 'EXPIRED'];
