/**
 * Saved searches (issue #14; spec 3 "search history item", 4 pinning, 5, 7 and 8):
 *
 *   GET    /job-search          signed in: { searches }, the user's pinned searches, newest first
 *   POST   /job-search          signed in: pins {key, filters, since}; 201 with the stored search, or
 *                               200 with the one already pinned under that key; 400 without search
 *                               text or a location (spec 5); 409 past LIMITS.pinnedSearchesMax
 *   PATCH  /job-search/{id}     signed in, own only (404 otherwise): {since?, filters?} → 200 with the
 *                               search; {pinned: false} unpins, which deletes (spec 4) → 204
 *   DELETE /job-search/{id}     signed in, own only (404 otherwise) → 204
 *   POST   /jobs/count/bulk     anyone, rate-limited: up to LIMITS.countBulkMax searches → { result }
 *
 * Every answer is private and never stored. A `since` later than the server's clock is taken as now,
 * so a client clock running ahead cannot hide new jobs.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { LIMITS } from '@nordlys/sdk/constants';
import {
  BulkCountAnswerSchema,
  BulkCountPayloadSchema,
  intParam,
  SaveSearchPayloadSchema,
  SearchHistoryItemSchema,
  SearchListSchema,
  UpdateSearchPayloadSchema,
} from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { currentViewer, requireUser } from '../accounts/guards';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { now } from '../clock';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { countNewJobs, deleteSavedSearch, listSavedSearches, pinSearch, updateSavedSearch } from '../queries/saved-searches';
import type { RouterDeps } from './deps';
import { operation } from './operation';

export const SEARCH_MESSAGES = {
  full: `You can pin up to ${LIMITS.pinnedSearchesMax} searches. Unpin one to pin another.`,
};

/**
 * Count calls one visitor (by address) or one user may make: a page view of /jobs makes one, so this
 * is far above a person's use and a wall for a script walking the search space.
 */
export const COUNT_BULK_LIMIT: Limit = { max: 300, windowMs: 15 * 60_000 };

const IdParam = v.object({ id: intParam('Search id', 1, 2_147_483_647) });

/** A client's `since`, never later than the server's now. */
const notAfterNow = (iso: string) => new Date(Math.min(Date.parse(iso), now().getTime()));

export function searchesRouter({ db, config }: RouterDeps, { countLimit = COUNT_BULK_LIMIT }: { countLimit?: Limit } = {}) {
  const counts = rateLimiter('count-bulk', countLimit, () => now().getTime());
  const trustProxy = config.trustProxy === true;
  const callerOf = (c: Context<AppEnv>) => {
    const viewer = c.get('viewer');
    return viewer ? `user:${viewer.userId}` : `ip:${clientIp(c, trustProxy)}`;
  };

  return new Hono<AppEnv>()
    .get(
      '/job-search',
      operation({ summary: "The signed-in user's pinned searches, newest first", access: 'user', response: SearchListSchema }),
      privateNoStore,
      requireUser,
      async (c) => c.json({ searches: await listSavedSearches(db, currentViewer(c).userId) }),
    )
    .post(
      '/job-search',
      operation({
        keepsPublicAnswers: true,
        summary: 'Pin a search',
        description: '201 with the stored search, or 200 with the one already pinned under that key; 409 past the limit of pinned searches.',
        access: 'user',
        response: SearchHistoryItemSchema,
        status: 201,
        otherAnswers: [{ status: 200, when: 'The search already pinned under that key' }],
        errors: ['E_CONFLICT'],
      }),
      privateNoStore,
      requireUser,
      validate('json', SaveSearchPayloadSchema),
      async (c) => {
        const body = c.req.valid('json');
        const outcome = await pinSearch(db, currentViewer(c).userId, { key: body.key, filters: body.filters, since: notAfterNow(body.since) });
        if (outcome.kind === 'full') throw new AppError('E_CONFLICT', SEARCH_MESSAGES.full);
        return c.json(outcome.item, outcome.kind === 'created' ? 201 : 200);
      },
    )
    .patch(
      '/job-search/:id',
      operation({
        keepsPublicAnswers: true,
        summary: "Change or unpin one of the user's searches",
        description: '{pinned: false} unpins, which deletes the search and answers 204 without a body.',
        access: 'owner',
        response: SearchHistoryItemSchema,
        otherAnswers: [{ status: 204, response: 'empty', when: 'Unpinned: the search is deleted' }],
        errors: ['E_NOT_FOUND'],
      }),
      privateNoStore,
      requireUser,
      validate('param', IdParam),
      validate('json', UpdateSearchPayloadSchema),
      async (c) => {
        const { userId } = currentViewer(c);
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        // spec 4: a search is stored only while pinned; unpinning deletes it.
        if (body.pinned === false) {
          if (!(await deleteSavedSearch(db, userId, id))) throw notFound('Search');
          return c.body(null, 204);
        }
        const item = await updateSavedSearch(db, userId, id, {
          since: body.since === undefined ? undefined : notAfterNow(body.since),
          filters: body.filters,
        });
        if (!item) throw notFound('Search');
        return c.json(item);
      },
    )
    .delete(
      '/job-search/:id',
      operation({ keepsPublicAnswers: true, summary: "Delete one of the user's searches", access: 'owner', response: 'empty', errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', IdParam),
      async (c) => {
        if (!(await deleteSavedSearch(db, currentViewer(c).userId, c.req.valid('param').id))) throw notFound('Search');
        return c.body(null, 204);
      },
    )
    .post(
      '/jobs/count/bulk',
      operation({ keepsPublicAnswers: true, summary: 'Count the new jobs of each of up to 20 searches since its date', access: 'public', response: BulkCountAnswerSchema, errors: ['E_RATE_LIMITED'] }),
      privateNoStore,
      async (c, next) => {
        await checkRateLimits(db, [[counts, callerOf(c)]]);
        await next();
      },
      validate('json', BulkCountPayloadSchema),
      async (c) => {
        const items = c.req.valid('json').items.map((item) => ({ key: item.key, filters: item.filters, since: notAfterNow(item.since) }));
        return c.json({ result: await countNewJobs(db, items, now()) });
      },
    );
}
