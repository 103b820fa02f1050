/**
 * The candidate's marks (issue #13; spec 7 Jobs and Companies, spec 4 state changes): save, unsave,
 * interested and uninterested on jobs, follow and unfollow on startups, and the lists and flags they
 * make. Every call is the signed-in user's own (401 for visitors) and private. Only what a visitor may
 * see can be marked; clearing a mark always works on what the user marked.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CompanyKeySchema, FollowedCompanyListSchema, JobIdSchema, SavedJobListSchema, ViewerFlagsSchema } from '@nordlys/sdk/schemas';
import { currentViewer, requireUser } from '../accounts/guards';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { followedCompanies, followTarget, jobMarkTarget, savedJobs, setFollowing, setJobMark, viewerFlags, type JobMark } from '../queries/talent';
import type { RouterDeps } from './deps';
import { operation } from './operation';

export const TALENT_MESSAGES = {
  /** Saving or marking interest in an expired job (its page answers 410): refused with 409, as it cannot be applied to. */
  expired: 'This job has expired, so it can no longer be saved or marked as interesting.',
};

const JobParam = v.object({ id: JobIdSchema });
const CompanyParam = v.object({ key: CompanyKeySchema });

/** Each job call, the mark it sets and its summary in the API reference. */
const JOB_MARKS: [path: string, mark: JobMark, summary: string][] = [
  ['save', { saved: true }, 'Save a job'],
  ['unsave', { saved: false }, 'Remove a job from the saved jobs'],
  ['interested', { interested: true }, 'Mark a job as interesting'],
  ['uninterested', { interested: false }, 'Remove the interest mark from a job'],
];

export function talentRouter({ db }: RouterDeps) {
  const router = new Hono<AppEnv>();

  for (const [path, mark, summary] of JOB_MARKS) {
    const setting = 'saved' in mark ? mark.saved : mark.interested;
    router.post(
      `/jobs/:id/${path}`,
      operation({ keepsPublicAnswers: true, summary, access: 'user', response: 'empty', errors: setting ? ['E_NOT_FOUND', 'E_CONFLICT'] : ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', JobParam),
      async (c) => {
        const { userId } = currentViewer(c);
        const id = c.req.valid('param').id;
        const now = new Date();
        const target = await jobMarkTarget(db, userId, id, now);
        if (!target) throw notFound('Job');
        const marked = 'saved' in mark ? target.saved : target.interested;
        // Nothing to change: the same answer as the first call (idempotent), whatever the job became since.
        if (marked === setting) {
          // A job the user never marked and may not see stays unknown to them, as on its page.
          if (!marked && !target.public && !target.gone) throw notFound('Job');
          return c.body(null, 204);
        }
        if (setting && !target.public) {
          if (target.gone) throw new AppError('E_CONFLICT', TALENT_MESSAGES.expired);
          throw notFound('Job');
        }
        await setJobMark(db, userId, id, mark, now);
        return c.body(null, 204);
      },
    );
  }

  for (const following of [true, false]) {
    router.post(
      `/companies/:key/${following ? 'follow' : 'unfollow'}`,
      operation({ keepsPublicAnswers: true, summary: following ? 'Follow a startup' : 'Stop following a startup', access: 'user', response: 'empty', errors: ['E_NOT_FOUND'] }),
      privateNoStore,
      requireUser,
      validate('param', CompanyParam),
      async (c) => {
        const { userId } = currentViewer(c);
        const target = await followTarget(db, userId, c.req.valid('param').key);
        // A startup that is not public is unknown to whoever does not follow it (its page answers 404 too).
        if (!target || (!target.public && !target.followed)) throw notFound('Company');
        if (target.followed !== following) await setFollowing(db, userId, target.id, following);
        return c.body(null, 204);
      },
    );
  }

  return router
    .get(
      '/applicant/flags',
      operation({ summary: "The viewer's saved, interesting, followed and applied marks, for the buttons of a page", access: 'user', response: ViewerFlagsSchema }),
      privateNoStore,
      requireUser,
      async (c) => c.json(await viewerFlags(db, currentViewer(c).userId)),
    )
    .get(
      '/applicant/saved',
      operation({ summary: "The viewer's saved jobs and jobs marked interesting, newest mark first", access: 'user', response: SavedJobListSchema }),
      privateNoStore,
      requireUser,
      async (c) => c.json(await savedJobs(db, currentViewer(c).userId)),
    )
    .get(
      '/applicant/followed',
      operation({ summary: 'The startups the viewer follows, with their open jobs', access: 'user', response: FollowedCompanyListSchema }),
      privateNoStore,
      requireUser,
      async (c) => c.json({ companies: await followedCompanies(db, currentViewer(c).userId) }),
    );
}
