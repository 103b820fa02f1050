/** Team invitation links (issue #11): what a link is for, and taking it. */
import type { Transport } from './transport';
import type { InvitationInfo } from '../schemas/team';

export function invitationsApi(http: Transport) {
  return {
    /** GET /invitations/{token}: the startup or investor a link invites to (404 when unknown, 410 when expired or used). */
    get: (token: string) => http.get(`invitations/${encodeURIComponent(token)}`).json<InvitationInfo>(),
    /**
     * POST /invitations/accept: the signed-in user joins the team (401 signed out; 410 when used by someone
     * else, expired or withdrawn). The link is the credential: the user joins whatever their e-mail address.
     */
    accept: (token: string) => http.post('invitations/accept', { json: { token } }).json<InvitationInfo>(),
  };
}
export type InvitationsApi = ReturnType<typeof invitationsApi>;
