/** Job digest calls of spec 7 (and issue #14's); subscribe and update return their error instead of throwing (spec 8). */
import type { Transport } from './transport';
import { REMOTE } from '../constants';
import type {
  DigestPreview,
  DigestProfile,
  DigestSubscribeAnswer,
  DigestSubscription,
  DigestUnsubscribeInfo,
  DigestUnsubscribeQuery,
} from '../schemas/digest';
import { settle, type ApiResult } from './result';

/** What a caller may pass: the locations may include the choice REMOTE (spec 5). */
export type DigestSubscriptionInput = Omit<DigestSubscription, 'includeRemoteJobs'> & { includeRemoteJobs?: boolean };

/**
 * spec 5 and 7: a remote location choice is sent as includeRemoteJobs, never as a country.
 * @example normalizeDigestSubscription({ locations: [{ countryCode: 'REMOTE' }, { countryCode: 'DK' }] })
 * // { locations: [{ countryCode: 'DK' }], includeRemoteJobs: true }
 */
export function normalizeDigestSubscription(input: DigestSubscriptionInput): DigestSubscription {
  const remote = input.locations.some((location) => location.countryCode.toUpperCase() === REMOTE);
  return {
    ...input,
    locations: input.locations.filter((location) => location.countryCode.toUpperCase() !== REMOTE),
    includeRemoteJobs: remote || (input.includeRemoteJobs ?? false),
  };
}

/** RFC 8058's one-click body: what a mail client POSTs to the List-Unsubscribe URL, and what the site's button sends too. */
export const ONE_CLICK_UNSUBSCRIBE_BODY = 'List-Unsubscribe=One-Click';

const unsubscribeQuery = ({ id, token }: DigestUnsubscribeQuery) => new URLSearchParams({ id: String(id), token });

export function digestApi(http: Transport) {
  return {
    /**
     * GET digest/mail/{email} (spec 7): the signed-in user's own digest profile, including settingsKey
     * (it feeds the account menu's "Email notifications" link). 404 when they have none, or for
     * another address; 401 for a visitor.
     */
    profileByEmail: (email: string) => http.get(`digest/mail/${encodeURIComponent(email)}`).json<DigestProfile>(),
    /** GET digest/{settingsKey}: the profile behind a manage link; no sign-in needed (the key is the secret). */
    get: (settingsKey: string) => http.get(`digest/${encodeURIComponent(settingsKey)}`).json<DigestProfile>(),
    /**
     * POST digest (spec 7). Never throws: resolves to `{ ok: true, data }` or `{ ok: false, error }` (spec 8).
     * A visitor's `data.status` is always 'pending' (a confirmation mail is on its way, or the owner
     * of an address that subscribes already gets a mail with their manage link); a signed-in user
     * with a verified address gets 'active' and the settings key.
     * @example const result = await api.digest.subscribe({ email, locations: [{ countryCode: 'REMOTE' }] });
     * if (!result.ok) showError(result.error.message);
     */
    subscribe: (payload: DigestSubscriptionInput): Promise<ApiResult<DigestSubscribeAnswer>> =>
      settle(http.post('digest', { json: normalizeDigestSubscription(payload) }).json<DigestSubscribeAnswer>()),
    /**
     * PUT digest/{settingsKey} (spec 7): countries, remote, categories, frequency, hour, time zone,
     * pause. Never throws: resolves to `{ ok: true, data }` (the saved profile) or `{ ok: false, error }` (spec 8).
     */
    update: (settingsKey: string, payload: DigestSubscriptionInput): Promise<ApiResult<DigestProfile>> =>
      settle(http.put(`digest/${encodeURIComponent(settingsKey)}`, { json: normalizeDigestSubscription(payload) }).json<DigestProfile>()),
    /** GET digest/{settingsKey}/preview: the jobs the next e-mail would hold if it were built now. */
    preview: (settingsKey: string) => http.get(`digest/${encodeURIComponent(settingsKey)}/preview`).json<DigestPreview>(),
    /** POST digest/confirm: the confirmation mail's token activates the subscription; answers its profile. */
    confirm: (token: string) => http.post('digest/confirm', { json: { token } }).json<DigestProfile>(),
    /** GET digest/unsubscribe?id&token: whether the link's subscription still runs, and its masked address. Changes nothing. */
    unsubscribeInfo: (query: DigestUnsubscribeQuery) => http.get('digest/unsubscribe', { searchParams: unsubscribeQuery(query) }).json<DigestUnsubscribeInfo>(),
    /** POST digest/unsubscribe?id&token with the one-click body (RFC 8058): ends the subscription at once. */
    unsubscribe: (query: DigestUnsubscribeQuery) =>
      http
        .post('digest/unsubscribe', {
          searchParams: unsubscribeQuery(query),
          body: ONE_CLICK_UNSUBSCRIBE_BODY,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
        .json<DigestUnsubscribeInfo>(),
    /** DELETE digest/{settingsKey}: ends the subscription from its manage page. */
    remove: (settingsKey: string) => http.delete(`digest/${encodeURIComponent(settingsKey)}`).json<DigestUnsubscribeInfo>(),
  };
}
export type DigestApi = ReturnType<typeof digestApi>;
