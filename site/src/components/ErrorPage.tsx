/** The error pages of spec 2.6: 'Page not found' for 404s, 'Something went wrong' with the message otherwise. */
import { paths } from '@nordlys/sdk/routes';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Link } from '../lib/Link';
import type { RouteErrorData } from '../lib/routeErrors';
import { errorMeta, pageTitle } from '../meta';
import { useRootData } from '../root';
import type { JobSummary } from '@nordlys/sdk/schemas';
import { Icon } from './Icon';
import { JobList } from './JobList';

export interface ErrorInfo {
  status: number;
  message: string;
  unknownRoute: boolean;
  /** Similar jobs, on the 410 of an expired job. */
  related?: JobSummary[];
}

/** Reads a route error: a thrown route error response keeps its status; anything else is a 500. */
export function describeError(error: unknown): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    const body = error.data as Partial<RouteErrorData> | string | null | undefined;
    const message =
      typeof body === 'object' && body && typeof body.message === 'string'
        ? body.message
        : typeof body === 'string' && body.length < 300
          ? body
          : error.statusText;
    const unknownRoute = typeof body === 'object' && body?.unknownRoute === true;
    const related = typeof body === 'object' && Array.isArray(body?.related) ? body.related : undefined;
    return { status: error.status, message, unknownRoute, ...(related ? { related } : {}) };
  }
  if (error instanceof Error) return { status: 500, message: error.message, unknownRoute: false };
  return { status: 500, message: 'An unexpected error occurred.', unknownRoute: false };
}

export function ErrorPage() {
  const error = useRouteError();
  const { productName } = useRootData();
  const location = useLocation();
  const { status, message, unknownRoute, related } = describeError(error);

  useEffect(() => {
    document.title = pageTitle(errorMeta(status).title, productName);
  }, [status, productName]);

  useEffect(() => {
    // spec 2.6: a 403 means the session expired; go to the front page.
    if (status !== 403) return;
    const timer = setTimeout(() => window.location.assign('/'), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  if (status === 404) {
    return (
      <section className="error-page container">
        <p className="error-page__status">404</p>
        <h1>Page not found</h1>
        <p>{unknownRoute ? 'This page could not be found' : message || 'This page could not be found'}</p>
        <p className="error-page__actions">
          <Link to={paths.home()} className="button button--primary">
            Back to home
          </Link>
          <Link to={paths.jobs()} className="button button--ghost">
            Find jobs
          </Link>
        </p>
      </section>
    );
  }
  if (status === 410) {
    // Issue #12: an expired job's page.
    return (
      <section className="error-page container">
        <p className="error-page__status">410</p>
        <h1>This job has expired</h1>
        <p>It is no longer taking applications.{related?.length ? ' These are open now:' : ''}</p>
        {related?.length ? <JobList jobs={related} /> : null}
        <p className="error-page__actions">
          <Link to={paths.jobs()} className="button button--primary">
            Find jobs
          </Link>
        </p>
      </section>
    );
  }
  if (status === 403) {
    return (
      <section className="error-page container">
        <h1>Session expired, redirecting you to frontpage</h1>
        <p>
          <Link to={paths.home()}>Back to home</Link>
        </p>
      </section>
    );
  }
  const retryHref = `${location.pathname}${location.search}`;
  return (
    <section className="error-page container" role="alert">
      <p className="error-page__status">
        <Icon name="alert" /> Error {status}
      </p>
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p className="error-page__actions">
        {/* A full reload retries every loader, with or without JavaScript. */}
        <a href={retryHref} className="button button--primary">
          Try again
        </a>
        <Link to={paths.home()} className="button button--ghost">
          Back to home
        </Link>
      </p>
    </section>
  );
}
