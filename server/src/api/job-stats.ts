/**
 * Issue #12: a job's apply clicks and views counted from the browser, and the job dashboard's figures.
 *
 *   POST /jobs/{id}/apply-click {surface}   public: a click on the apply action of a public job (204)
 *   POST /jobs/{id}/view                    public: the site's job page reached inside the site (204)
 *   GET  /companies/{key}/jobs/{id}/stats   members and admins: JobStatsSchema
 *
 * Both counts ignore bots (204, nothing counted) and answer 404 for a job that is not public. Apply
 * clicks are limited per address (429 past APPLY_CLICK_LIMIT); a view counts once per visitor and day
 * whatever is sent (http/job-views.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { JobSurface } from '@nordlys/sdk/constants';
import { ApplyClickSchema, CompanyKeySchema, JobIdSchema, JobStatsSchema } from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { requireUser } from '../accounts/guards';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { now } from '../clock';
import { AppError, notFound } from '../errors';
import { isBot } from '../http/bots';
import { privateNoStore } from '../http/cache';
import { jobViewCounter, viewSecret } from '../http/job-views';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { feedExists, isCompanyJob, isPublicJob, jobStats, recordApplyClick } from '../queries/job-stats';
import { findLiveProfile } from '../queries/profile-writes';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

/** Apply clicks one address may send: generous for an office behind one address, a wall for a script. */
export const APPLY_CLICK_LIMIT: Limit = { max: 60, windowMs: 60 * 60_000 };

const UNKNOWN_FEED = 'Surface names no white-label feed';

const JobParam = v.object({ id: JobIdSchema });
const KeyParam = v.object({ key: CompanyKeySchema });
const KeyJobParam = v.object({ key: CompanyKeySchema, id: JobIdSchema });

export function jobStatsRouter({ db, config }: RouterDeps, { applyClickLimit = APPLY_CLICK_LIMIT }: { applyClickLimit?: Limit } = {}) {
  const trustProxy = config.trustProxy === true;
  const clicks = rateLimiter('apply-click', applyClickLimit, () => now().getTime());
  const views = jobViewCounter(db, { secret: viewSecret(config), trustProxy });

  return new Hono<AppEnv>()
    .post(
      '/jobs/:id/apply-click',
      operation({
        keepsPublicAnswers: true,
        summary: 'Count a click on the apply action of a public job',
        description: 'Bots get 204 and nothing is counted.',
        access: 'public',
        response: 'empty',
        errors: ['E_NOT_FOUND', 'E_RATE_LIMITED'],
      }),
      validate('param', JobParam),
      validate('json', ApplyClickSchema),
      async (c) => {
        if (isBot(c.req.header('user-agent'))) return c.body(null, 204);
        await checkRateLimits(db, [[clicks, clientIp(c, trustProxy)]]);
        // The schema checked it is one of the surfaces (sdk JobSurfaceSchema).
        const surface = c.req.valid('json').surface as JobSurface;
        if (surface.startsWith('feed:') && !(await feedExists(db, Number(surface.slice('feed:'.length))))) {
          throw new AppError('E_VALIDATION', UNKNOWN_FEED, { surface: [UNKNOWN_FEED] });
        }
        const counted = await recordApplyClick(db, c.req.valid('param').id, surface, now());
        if (!counted) throw notFound('Job');
        return c.body(null, 204);
      },
    )
    .post(
      '/jobs/:id/view',
      operation({
        keepsPublicAnswers: true,
        summary: "Count a view of a public job's page reached inside the site",
        description: 'Once per visitor and day; bots get 204 and nothing is counted.',
        access: 'public',
        response: 'empty',
        errors: ['E_NOT_FOUND'],
      }),
      validate('param', JobParam),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await isPublicJob(db, id, now()))) throw notFound('Job');
        await views.clientNavigation(c, id);
        return c.body(null, 204);
      },
    )
    // The startup's membership first: a stranger learns nothing about its jobs, not even a 400.
    .get(
      '/companies/:key/jobs/:id/stats',
      operation({
        summary: "The job dashboard's figures: views, apply clicks and applications per surface and day",
        access: 'company',
        response: JobStatsSchema,
        errors: ['E_NOT_FOUND'],
      }),
      requireUser,
      privateNoStore,
      validate('param', KeyParam),
      managesProfile(db, 'company'),
      validate('param', KeyJobParam),
      async (c) => {
        const { key, id } = c.req.valid('param');
        const company = await findLiveProfile(db, 'company', key);
        if (!(await isCompanyJob(db, company.id, id))) throw notFound('Job');
        return c.json(await jobStats(db, id, { now: now(), productName: config.productName }));
      },
    );
}
