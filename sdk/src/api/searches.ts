/** Saved search calls of spec 7: the stored (pinned) searches and their new-job counts. */
import type { Transport } from './transport';
import type {
  BulkCountAnswer,
  BulkCountPayload,
  SaveSearchPayload,
  SearchHistoryItem,
  SearchList,
  UpdateSearchPayload,
} from '../schemas/searches';
import { noAnswer } from './no-answer';

type SearchId = SearchHistoryItem['id'];
const path = (id: SearchId) => `job-search/${encodeURIComponent(String(id))}`;

export function searchesApi(http: Transport) {
  return {
    /** GET job-search (spec 7): answers `{ searches: SearchHistoryItem[] }`. */
    list: () => http.get('job-search').json<SearchList>(),
    /** POST job-search (spec 7): stores a search (pinning, spec 4); answers the stored item, whose id remove() takes. */
    save: (payload: SaveSearchPayload) => http.post('job-search', { json: payload }).json<SearchHistoryItem>(),
    /** PATCH job-search/{id} (spec 7), e.g. a new `since`. No answer is shown. */
    update: (id: SearchId, payload: UpdateSearchPayload) => noAnswer(http.patch(path(id), { json: payload })),
    /**
     * DELETE job-search/{id} (spec 7). Stored searches are pinned ones (spec 4: unpinning deletes),
     * so by default a failure is ignored (spec 8) and the call resolves. Pass `{ pinned: false }`
     * to get the ApiError of a failed delete.
     */
    remove: async (id: SearchId, { pinned = true }: { pinned?: boolean } = {}): Promise<void> => {
      try {
        await noAnswer(http.delete(path(id)));
      } catch (error) {
        if (!pinned) throw error;
        // spec 8: a failed delete of a pinned search is ignored.
      }
    },
    /** POST jobs/count/bulk (spec 7): answers `{ result: [{ key, count }] }`. */
    countBulk: (payload: BulkCountPayload) => http.post('jobs/count/bulk', { json: payload }).json<BulkCountAnswer>(),
  };
}
export type SearchesApi = ReturnType<typeof searchesApi>;
