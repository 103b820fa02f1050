/** Investor calls of spec 7. */
import type { KyInstance } from 'ky';
import type { Investor, InvestorList, InvestorListQuery } from '../schemas/investor';
import { toSearchParams } from './params';

export function investorsApi(http: KyInstance) {
  return {
    /** GET /investors. */
    list: (query: Partial<InvestorListQuery> = {}) =>
      http.get('investors', { searchParams: toSearchParams(query) }).json<InvestorList>(),
    /** GET /investors/{key}. */
    get: (key: string) => http.get(`investors/${encodeURIComponent(key)}`).json<Investor>(),
  };
}
export type InvestorsApi = ReturnType<typeof investorsApi>;
