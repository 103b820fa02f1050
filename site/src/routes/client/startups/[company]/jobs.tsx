/**
 * `/client/startups/{company}/jobs` (spec 2.4, issue #12): the startup's jobs in a table, filtered by
 * status through `?status=` (the back button restores it), with each job's actions and "Post a job".
 */
import { JOB_STATUSES, type JobStatus } from '@nordlys/sdk/constants';
import { JOB_STATUS_DISPLAY } from '@nordlys/sdk/job-status';
import { paths } from '@nordlys/sdk/routes';
import type { ManagedJobList } from '@nordlys/sdk/schemas';
import { useRef } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { apiFrom } from '../../../../api';
import { JobsTable } from '../../../../components/JobsTable';
import { companyArea, type AreaOwner } from '../../../../layouts/areas';
import { requestLocale } from '../../../../lib/locale';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';

interface JobsData {
  owner: AreaOwner;
  status: JobStatus | null;
  list: ManagedJobList;
  locale: string;
}

/** The `?status=` filter; anything that is not a status shows every job. */
export function statusFilter(url: URL): JobStatus | null {
  const value = url.searchParams.get('status');
  return value && (JOB_STATUSES as readonly string[]).includes(value) ? (value as JobStatus) : null;
}

export async function loader(args: LoaderFunctionArgs): Promise<JobsData> {
  const owner = await companyArea(args);
  const status = statusFilter(new URL(args.request.url));
  const list = await orRouteError(apiFrom(args.context).jobAdmin.list(owner.key, status ?? undefined));
  return { owner, status, list, locale: requestLocale(args.request) };
}

export const handle: RouteHandle<JobsData> = {
  meta: ({ data }) => ({
    title: `${data.status ? `${JOB_STATUS_DISPLAY[data.status].label} jobs` : 'Jobs'} · ${data.owner.name}`,
    noindex: true,
  }),
};

export function Component() {
  const { owner, status, list, locale } = useLoaderData<typeof loader>();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div>
      <header className="page-head page-head--actions">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Jobs
          </h1>
          <p className="page-head__lead">The jobs {owner.name} has posted, with their status, views and applicants.</p>
        </div>
        <Link className="button button--primary" to={paths.companyNewJob(owner.key)}>
          Post a job
        </Link>
      </header>
      <JobsTable companyKey={owner.key} list={list} status={status} locale={locale} afterRemove={() => heading.current?.focus()} />
    </div>
  );
}
