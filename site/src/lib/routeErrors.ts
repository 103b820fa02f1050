/** Turns failed sdk calls into route errors, so the error page shows the right status (spec 2.6, 8). */
import { isApiError } from '@nordlys/sdk/api';
import type { JobSummary } from '@nordlys/sdk/schemas';
import { data } from 'react-router';

/** What a thrown route error carries for the error page. */
export interface RouteErrorData {
  message: string;
  /** True for a URL no route serves (spec 2.6: 'This page could not be found'). */
  unknownRoute?: boolean;
  /** A 410 of an expired job (issue #12): similar jobs to offer instead. */
  related?: JobSummary[];
}

/** Throws a 410 route error for a job that has expired, carrying similar jobs for its page. */
export function gone(message: string, related: JobSummary[]): never {
  throw data<RouteErrorData>({ message, related }, { status: 410, statusText: 'Gone' });
}

/** Throws a 404 route error. */
export function notFound(message = 'This page could not be found', unknownRoute = false): never {
  throw data<RouteErrorData>({ message, unknownRoute }, { status: 404, statusText: 'Not Found' });
}

/**
 * Rethrows a loader failure as a route error: an ApiError keeps its status and the server's
 * message (a 404 becomes 'Page not found'); a call that got no answer becomes a 502.
 */
export function rethrowAsRouteError(error: unknown): never {
  if (isApiError(error)) {
    if (error.status === 404) notFound(error.message);
    const status = error.status >= 400 && error.status <= 599 ? error.status : 502;
    throw data<RouteErrorData>({ message: error.message }, { status });
  }
  throw error;
}

/** Awaits a call, converting its failure with {@link rethrowAsRouteError}. */
export async function orRouteError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    rethrowAsRouteError(error);
  }
}

/** Awaits an optional part of a page; its failure leaves the fallback instead of failing the page. */
export async function orFallback<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch {
    return fallback;
  }
}
