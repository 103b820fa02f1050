/** Job calls of spec 7. */
import { normalizeJobSearch } from '../jobs';
import type { Job, JobArray, JobList, JobSearchParams, JobsAndFeatured } from '../schemas/job';
import type { CityPlace } from '../schemas/location';
import type { PaidPlanId } from '../pricing';
import type { JobSurface } from '../constants';
import { noAnswer } from './no-answer';
import { toSearchParams } from './params';
import type { Transport } from './transport';

export function jobsApi(http: Transport) {
  const search = (params: JobSearchParams) => toSearchParams(normalizeJobSearch(params));
  return {
    /** GET /v2/jobs; a countryCode of REMOTE is sent as isRemote (spec 7). */
    search: (params: JobSearchParams = {}) => http.get('v2/jobs', { searchParams: search(params) }).json<JobList>(),
    /** GET /v2/jobs/latest/3. */
    latest: () => http.get('v2/jobs/latest/3').json<JobArray>(),
    /** GET /v2/featuredjobs: boosted jobs (show them reversed, spec 9). */
    featured: () => http.get('v2/featuredjobs').json<JobArray>(),
    /** GET /v2/jobsandfeatured: one search plus the featured jobs. */
    searchWithFeatured: (params: JobSearchParams = {}) =>
      http.get('v2/jobsandfeatured', { searchParams: search(params) }).json<JobsAndFeatured>(),
    /** GET /v2/places/{countryCode}/{city} (issue #32): a city jobs were published in, however it is spelled; 404 for any other. */
    city: (countryCode: string, city: string) =>
      http.get(`v2/places/${encodeURIComponent(countryCode)}/${encodeURIComponent(city)}`).json<CityPlace>(),
        /** GET /jobs/single/{id}: a public job. */
    get: (id: number) => http.get(`jobs/single/${id}`).json<Job>(),
    /** GET /jobs/single/{id}/hidden: a job in any status, for its company's members and admins. */
    getHidden: (id: number) => http.get(`jobs/single/${id}/hidden`).json<Job>(),
    /** GET /v2/jobs/{id}/related. */
    related: (id: number) => http.get(`v2/jobs/${id}/related`).json<JobArray>(),
    /** POST /jobs/{id}/interested (spec 7): the interest time becomes now (spec 4). */
    interested: (id: number) => noAnswer(http.post(`jobs/${id}/interested`)),
    /** POST /jobs/{id}/uninterested (spec 7): clears the interest time (spec 4). */
    uninterested: (id: number) => noAnswer(http.post(`jobs/${id}/uninterested`)),
    /** POST /jobs/{id}/save (spec 7): `saved` becomes true (spec 4). */
    save: (id: number) => noAnswer(http.post(`jobs/${id}/save`)),
    /** POST /jobs/{id}/unsave (spec 7): `saved` becomes false (spec 4). */
    unsave: (id: number) => noAnswer(http.post(`jobs/${id}/unsave`)),
    /**
     * POST /jobs/{id}/apply-click (issue #12): a click on the job's apply action, counted for the job
     * dashboard on `surface`. Sent with keepalive, so it is not lost when the click leaves the page.
     */
    applyClick: (id: number, surface: JobSurface = 'site') =>
      noAnswer(http.post(`jobs/${id}/apply-click`, { json: { surface }, keepalive: true })),
    /**
     * POST /jobs/{id}/view (issue #12): the site's job page was reached by a navigation inside the site,
     * which sends no page request; the server counts it once per visitor and day, like the page's own.
     */
    view: (id: number) => noAnswer(http.post(`jobs/${id}/view`)),
    /**
     * The checkout link (a browser link, not a call), spec 7: a redirect to Stripe Checkout for the plan,
     * or to the invoice form without Stripe keys. `cancelUrl` must be on this site. With a plan (issue #12).
     */
    checkoutUrl: (id: number, cancelUrl: string, plan?: PaidPlanId) =>
      `/api/jobs/${id}/checkout?${new URLSearchParams({ ...(plan ? { plan } : {}), cancel_url: cancelUrl })}`,
  };
}
export type JobsApi = ReturnType<typeof jobsApi>;
