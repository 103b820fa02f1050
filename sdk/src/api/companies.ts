/** Company calls of spec 7. */
import type { Company, CompanyList, CompanyListQuery, EmbedSnippet } from '../schemas/company';
import type { Job, JobArray, JobBriefArray, JobBriefQuery } from '../schemas/job';
import { noAnswer } from './no-answer';
import { toSearchParams } from './params';
import type { Transport } from './transport';
import type { WhiteLabelFeed } from '../schemas/white-label';

const at = (key: string) => `companies/${encodeURIComponent(key)}`;

export function companiesApi(http: Transport) {
  return {
    /** GET /companiesProper: the public startup list. */
    list: (query: Partial<CompanyListQuery> = {}) =>
      http.get('companiesProper', { searchParams: toSearchParams(query) }).json<CompanyList>(),
    /** GET /companies/{key}. */
    get: (key: string) => http.get(at(key)).json<Company>(),
    /** GET /companies/{key}/hidden (spec 7): a company in any status, for its members and admins. */
    hidden: (key: string) => http.get(`${at(key)}/hidden`).json<Company>(),
    /** GET /companies/domain/{domain} (spec 7): the company of a career-page host (spec 2.5). */
    byDomain: (domain: string) => http.get(`companies/domain/${encodeURIComponent(domain)}`).json<Company>(),
    /** GET /companies/white-label-feed-domain/{domain} (spec 7): the white-label feed served on a host (spec 2.5). */
    byWhiteLabelDomain: (domain: string) =>
      http.get(`companies/white-label-feed-domain/${encodeURIComponent(domain)}`).json<WhiteLabelFeed>(),
    /** POST /companies/{key}/follow (spec 7): `followed` becomes true (spec 4). */
    follow: (key: string) => noAnswer(http.post(`${at(key)}/follow`)),
    /** POST /companies/{key}/unfollow (spec 7): `followed` becomes false (spec 4). */
    unfollow: (key: string) => noAnswer(http.post(`${at(key)}/unfollow`)),
    /** GET /companies/{key}/jobs: its active jobs. */
    jobs: (key: string) => http.get(`${at(key)}/jobs`).json<JobArray>(),
    /** GET /companies/{key}/job-briefs: its active jobs as the job-list widget shows them (JobBrief), filtered and limited as it asks. */
    jobBriefs: (key: string, query: Partial<JobBriefQuery> = {}) =>
      http.get(`${at(key)}/job-briefs`, { searchParams: toSearchParams(query) }).json<JobBriefArray>(),
    /** GET /companies/{key}/jobs/{id} (spec 7): one job of the company; members and admins see any status, with `manage`. */
    job: (key: string, id: number) => http.get(`${at(key)}/jobs/${id}`).json<Job>(),
    /** GET /companies/{key}/embed-snippet: the indexable snippet (server-rendered job links + script) for the startup's site. */
    embedSnippet: (key: string) => http.get(`${at(key)}/embed-snippet`).json<EmbedSnippet>(),
  };
}
export type CompaniesApi = ReturnType<typeof companiesApi>;
