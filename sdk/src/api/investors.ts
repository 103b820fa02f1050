/** Investor calls of spec 7, and the writes of issue #11. */
import type { Transport } from './transport';
import type { Investment, Investor, InvestorList, InvestorListQuery } from '../schemas/investor';
import type { InvestmentInput, InvestorCreate, InvestorInput, RejectPayload } from '../schemas/profile-input';
import type { Team } from '../schemas/team';
import { noAnswer } from './no-answer';
import { toSearchParams } from './params';

const at = (key: string) => `investors/${encodeURIComponent(key)}`;

export function investorsApi(http: Transport) {
  return {
    /** GET /investors. */
    list: (query: Partial<InvestorListQuery> = {}) =>
      http.get('investors', { searchParams: toSearchParams(query) }).json<InvestorList>(),
    /** GET /investors/{key}. */
    get: (key: string) => http.get(at(key)).json<Investor>(),
    /** GET /investors/{key}/hidden: an investor in any status, for its members and admins (with `manage`). */
    hidden: (key: string) => http.get(`${at(key)}/hidden`).json<Investor>(),
    /** POST /investors: a new investor in DRAFT; the creator becomes its admin member. */
    create: (body: InvestorCreate) => http.post('investors', { json: body }).json<Investor>(),
    /** PUT /investors/{key}: the whole profile of the edit form. */
    update: (key: string, body: InvestorInput) => http.put(at(key), { json: body }).json<Investor>(),
    /** POST /investors/{key}/submit: a complete DRAFT goes to the admins' queue. */
    submit: (key: string) => http.post(`${at(key)}/submit`).json<Investor>(),
    /** DELETE /investors/{key}: `confirm` must be the key. */
    remove: (key: string, confirm: string) => noAnswer(http.delete(at(key), { json: { confirm } })),
    members: (key: string) => http.get(`${at(key)}/members`).json<Team>(),
    invite: (key: string, email: string) => http.post(`${at(key)}/members`, { json: { email } }).json<Team>(),
    removeMember: (key: string, userId: number) => noAnswer(http.delete(`${at(key)}/members/${userId}`)),
    cancelInvitation: (key: string, id: number) => noAnswer(http.delete(`${at(key)}/invitations/${id}`)),
    /** GET /investors/{key}/investments: the portfolio, each entry with its id. */
    investments: (key: string) => http.get(`${at(key)}/investments`).json<{ investments: Investment[] }>(),
    /** POST /investors/{key}/investments: a startup on the site by key (409 when already there), or a name and website. */
    addInvestment: (key: string, body: InvestmentInput) => http.post(`${at(key)}/investments`, { json: body }).json<Investment>(),
    removeInvestment: (key: string, id: number) => noAnswer(http.delete(`${at(key)}/investments/${id}`)),
    approve: (key: string) => http.post(`admin/${at(key)}/approve`).json<Investor>(),
    reject: (key: string, body: RejectPayload) => http.post(`admin/${at(key)}/reject`, { json: body }).json<Investor>(),
  };
}
export type InvestorsApi = ReturnType<typeof investorsApi>;
