/** The engagement log of spec 7: the event plus the selected company or investor id; failures ignored. */
import type { Transport } from './transport';
import type { EngagementEvent } from '../schemas/engagement';
import { noAnswer } from './no-answer';

/** The ids of the profile selected on this platform: a company's or an investor's, or none. */
export interface SelectedProfileIds {
  companyId?: number;
  investorId?: number;
}

/** The app's source of the selected profile's ids, read at each log (spec 4 profile selection). */
export type SelectedProfileIdsProvider = () => SelectedProfileIds | null | undefined;

/** An event as the app logs it; the client adds the profile ids. */
export type EngagementEventInput = Omit<EngagementEvent, 'companyId' | 'investorId'>;

export function engagementApi(http: Transport, selectedProfileIds?: SelectedProfileIdsProvider) {
  return {
    /**
     * POST engagement/log (spec 7): sends the event with `companyId` or `investorId` of the
     * selected profile. Never rejects: every failure, the provider's included, is ignored.
     * @example void api.engagement.log({ type: 'job-apply-click', payload: { jobId: 7 } });
     */
    log: async (event: EngagementEventInput): Promise<void> => {
      try {
        const { companyId, investorId } = selectedProfileIds?.() ?? {};
        await noAnswer(http.post('engagement/log', { json: { ...event, companyId, investorId } }));
      } catch {
        // spec 7: failures are ignored.
      }
    },
  };
}
export type EngagementApi = ReturnType<typeof engagementApi>;
