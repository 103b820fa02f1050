/** Test helpers: a fake Nordlys API behind an injected fetch, and waiting for the widget to settle. */
import { frontendJob, hostileJob, remoteJob, summary } from '@nordlys/sdk/testing';
import * as v from 'valibot';
import { jobBrief, selectWidgetJobs } from '@nordlys/sdk/jobs';
import { JobBriefQuerySchema, type JobSummary } from '@nordlys/sdk/schemas';

export const JOBS: JobSummary[] = [frontendJob, remoteJob, hostileJob].map(summary);
/** JOBS as GET /companies/{key}/job-briefs answers them. */
export const BRIEFS = JOBS.map(jobBrief);
export const ORIGIN = 'https://nordlys.test';

type Answer = unknown | ((url: URL) => Response | Promise<Response>);

/** A fetch answering `/api/...` paths (search included) from `routes`; anything else is a 404. */
export function fakeFetch(routes: Record<string, Answer>) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    calls.push({ url, init });
    const answer = routes[url.pathname + url.search] ?? routes[url.pathname];
    if (answer === undefined) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    if (typeof answer === 'function') return (answer as (url: URL) => Response)(url);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return Object.assign(send as typeof fetch, { calls });
}

/** GET /companies/{key}/job-briefs, what the widget loads for a company: `jobs` as briefs, selected by the query as the server does. */
export const companyJobs = (key: string, jobs: JobSummary[] = JOBS) => ({
  [`/api/companies/${key}/job-briefs`]: (url: URL) =>
    Response.json({ jobs: selectWidgetJobs(jobs, v.parse(JobBriefQuerySchema, Object.fromEntries(url.searchParams))).map(jobBrief) }),
});

/** Resolves once `check` passes (polls microtasks and timers). */
export async function until<T>(check: () => T | null | undefined | false, ms = 1000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting for the widget');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The widget's visible text inside a host's shadow root. */
export const shadowText = (host: Element) => host.shadowRoot?.textContent ?? '';
