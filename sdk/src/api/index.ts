/** The typed /api client: one ky instance, one module per resource. */
import { createClient, type ClientOptions } from './client';
import { companiesApi } from './companies';
import { contentApi } from './content';
import { investorsApi } from './investors';
import { jobsApi } from './jobs';
import { siteApi } from './site';

/**
 * Creates the client for every call of spec 7.
 * @example const api = createApi(); const { jobs } = await api.jobs.search({ countryCode: 'REMOTE' });
 */
export function createApi(options: ClientOptions = {}) {
  const http = createClient(options);
  return {
    http,
    jobs: jobsApi(http),
    companies: companiesApi(http),
    investors: investorsApi(http),
    content: contentApi(http),
    site: siteApi(http),
  };
}
export type Api = ReturnType<typeof createApi>;

export { ApiError, isApiError } from './errors';
export { createClient, type ClientOptions } from './client';
export { toSearchParams, type QueryValue } from './params';
export type { JobsApi } from './jobs';
export type { CompaniesApi } from './companies';
export type { InvestorsApi } from './investors';
export type { ContentApi } from './content';
export type { SiteApi } from './site';
