/** Company calls of spec 7. */
import type { KyInstance } from 'ky';
import type { Company, CompanyList, CompanyListQuery } from '../schemas/company';
import type { JobArray } from '../schemas/job';
import { toSearchParams } from './params';

export function companiesApi(http: KyInstance) {
  return {
    /** GET /companiesProper: the public startup list. */
    list: (query: Partial<CompanyListQuery> = {}) =>
      http.get('companiesProper', { searchParams: toSearchParams(query) }).json<CompanyList>(),
    /** GET /companies/{key}. */
    get: (key: string) => http.get(`companies/${encodeURIComponent(key)}`).json<Company>(),
    /** GET /companies/{key}/jobs: its active jobs. */
    jobs: (key: string) => http.get(`companies/${encodeURIComponent(key)}/jobs`).json<JobArray>(),
  };
}
export type CompaniesApi = ReturnType<typeof companiesApi>;
