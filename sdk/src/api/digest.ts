/** Job digest calls of spec 7; subscribe and update return their error instead of throwing (spec 8). */
import type { KyInstance } from 'ky';
import { REMOTE } from '../constants';
import type { DigestProfile, DigestSubscription } from '../schemas/digest';
import { noAnswer } from './no-answer';
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

export function digestApi(http: KyInstance) {
  return {
    /** GET digest/mail/{email} (spec 7): the applicant's digest profile, including settingsKey. */
    profileByEmail: (email: string) => http.get(`digest/mail/${encodeURIComponent(email)}`).json<DigestProfile>(),
    /**
     * POST digest (spec 7). Never throws: resolves to `{ ok: true }` or `{ ok: false, error }` (spec 8).
     * The answer is not shown in the spec, so `data` is empty; read profileByEmail() for the settingsKey.
     * @example const result = await api.digest.subscribe({ email, locations: [{ countryCode: 'REMOTE' }] });
     * if (!result.ok) showError(result.error.message);
     */
    subscribe: (payload: DigestSubscriptionInput): Promise<ApiResult<void>> =>
      settle(noAnswer(http.post('digest', { json: normalizeDigestSubscription(payload) }))),
    /** PUT digest/{settingsKey} (spec 7). Never throws: resolves to `{ ok: true }` or `{ ok: false, error }` (spec 8). */
    update: (settingsKey: string, payload: DigestSubscriptionInput): Promise<ApiResult<void>> =>
      settle(noAnswer(http.put(`digest/${encodeURIComponent(settingsKey)}`, { json: normalizeDigestSubscription(payload) }))),
  };
}
export type DigestApi = ReturnType<typeof digestApi>;
