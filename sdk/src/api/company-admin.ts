/**
 * The startup writes of issue #11, for its members and the site's admins. Apart from the public
 * company calls (companies.ts) so that the embeds, which read companies on a small fetch transport,
 * never carry them. Each answers 400 with field messages, 403 for a non-member, 404 for an unknown
 * key and 409 for a taken key or domain.
 */
import type { Transport } from './transport';
import type { Company } from '../schemas/company';
import type { CompanyCreate, CompanyInput, CompanySettingsInput, RejectPayload } from '../schemas/profile-input';
import type { Team } from '../schemas/team';
import type { DomainCheck, ManagedFeed, ManagedFeedList, WhiteLabelFeedInput } from '../schemas/white-label';
import { noAnswer } from './no-answer';

const at = (key: string) => `companies/${encodeURIComponent(key)}`;

export function companyAdminApi(http: Transport) {
  return {
    /** POST /companies: a new startup in DRAFT; the creator becomes its admin member. Answers it as /hidden does. */
    create: (body: CompanyCreate) => http.post('companies', { json: body }).json<Company>(),
    /** PUT /companies/{key}: the whole profile of the edit form (the key never changes). */
    update: (key: string, body: CompanyInput) => http.put(at(key), { json: body }).json<Company>(),
    /** POST /companies/{key}/submit: a complete DRAFT goes to the admins' queue (400 lists what is missing). */
    submit: (key: string) => http.post(`${at(key)}/submit`).json<Company>(),
    /** DELETE /companies/{key}: `confirm` must be the key. Its jobs leave every surface; the key stays taken. */
    remove: (key: string, confirm: string) => noAnswer(http.delete(at(key), { json: { confirm } })),
    /** PUT /companies/{key}/settings: career domain, application e-mail, connect link. */
    updateSettings: (key: string, body: CompanySettingsInput) => http.put(`${at(key)}/settings`, { json: body }).json<Company>(),
    /** GET /companies/{key}/members: members and open invitations. */
    members: (key: string) => http.get(`${at(key)}/members`).json<Team>(),
    /** POST /companies/{key}/members: invites an e-mail address (the link works 7 days). Answers the team. */
    invite: (key: string, email: string) => http.post(`${at(key)}/members`, { json: { email } }).json<Team>(),
    /** DELETE /companies/{key}/members/{userId}: removes a member, or leaves when it is you; never the last one (409). */
    removeMember: (key: string, userId: number) => noAnswer(http.delete(`${at(key)}/members/${userId}`)),
    /** DELETE /companies/{key}/invitations/{id}: withdraws an open invitation. */
    cancelInvitation: (key: string, id: number) => noAnswer(http.delete(`${at(key)}/invitations/${id}`)),
    /** GET /companies/{key}/white-label-feeds: the feeds the startup runs. */
    feeds: (key: string) => http.get(`${at(key)}/white-label-feeds`).json<ManagedFeedList>(),
    createFeed: (key: string, body: WhiteLabelFeedInput) => http.post(`${at(key)}/white-label-feeds`, { json: body }).json<ManagedFeed>(),
    updateFeed: (key: string, id: number, body: WhiteLabelFeedInput) =>
      http.put(`${at(key)}/white-label-feeds/${id}`, { json: body }).json<ManagedFeed>(),
    deleteFeed: (key: string, id: number) => noAnswer(http.delete(`${at(key)}/white-label-feeds/${id}`)),
    /**
     * POST /domain-check {domain} ("Check now"): looks up the proof of a domain one of your startups
     * claims and records it (claimed → verified, verified → lapsed). 404 for a domain none of them claims,
     * 409 when another profile has it verified, 503 when DNS does not answer.
     */
    checkDomain: (domain: string) => http.post('domain-check', { json: { domain } }).json<DomainCheck>(),
    /** POST /admin/companies/{key}/approve (admins): the startup becomes ACTIVE and public. */
    approve: (key: string) => http.post(`admin/${at(key)}/approve`).json<Company>(),
    /** POST /admin/companies/{key}/reject (admins): back to the team, the reason mailed to its members. */
    reject: (key: string, body: RejectPayload) => http.post(`admin/${at(key)}/reject`, { json: body }).json<Company>(),
  };
}
export type CompanyAdminApi = ReturnType<typeof companyAdminApi>;
