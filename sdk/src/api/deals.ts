/**
 * Issue #15: deals for startups (spec 3 Deal). Everyone reads the list and each deal's terms; a
 * startup's members (and the site's admins) claim a deal for the startup, which reveals its code or
 * its document, and read what the startup has claimed.
 */
import type { Transport } from './transport';
import type { ClaimedDeal, ClaimedDealList, Deal, DealList } from '../schemas/content';

const deal = (key: string) => `deals/${encodeURIComponent(key)}`;
const claims = (company: string) => `companies/${encodeURIComponent(company)}/deals`;

export function dealsApi(http: Transport) {
  return {
    /** GET /deals: every deal, newest first (no codes). */
    list: () => http.get('deals').json<DealList>(),
    /** GET /deals/{key}: one deal with its terms (404 for an unknown key). */
    get: (key: string) => http.get(deal(key)).json<Deal>(),
    /**
     * POST /deals/{key}/claim: claims the deal for the startup `company` (once: claiming again answers
     * the first claim) and answers its code or document. 401 signed out, 403 for a user without a
     * startup, a member of another startup or a draft, 404 for an unknown deal or startup.
     */
    claim: (key: string, company: string) => http.post(`${deal(key)}/claim`, { json: { company } }).json<ClaimedDeal>(),
    /** GET /companies/{company}/deals: what the startup has claimed (members and admins). */
    claimed: (company: string) => http.get(claims(company)).json<ClaimedDealList>(),
    /** GET /companies/{company}/deals/{key}: one claimed deal with its code or document (404 when not claimed). */
    claimedDeal: (company: string, key: string) => http.get(`${claims(company)}/${encodeURIComponent(key)}`).json<ClaimedDeal>(),
  };
}
export type DealsApi = ReturnType<typeof dealsApi>;
