/** Job routes of spec 7. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { LIMITS } from '@nordlys/sdk/constants';
import { CityPlaceParamSchema, CityPlaceSchema, JobArraySchema, JobIdSchema, JobListSchema, JobSchema, JobSearchQuerySchema, JobsAndFeaturedSchema } from '@nordlys/sdk/schemas';
import { isJobGone, isJobPublic } from '@nordlys/sdk/visibility';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { privateNoStore, publicRead } from '../http/cache';
import { validate } from '../http/validate';
import { canManageCompany, type AppEnv } from '../http/viewer';
import { operation } from './operation';
import { markJob, markJobs, perViewer, withMarks } from './viewer-marks';
import { featuredJobs, getJob, getJobBasis, latestJobs, relatedJobs, searchJobs } from '../queries/jobs';
import { knownCity } from '../queries/places';
import { now } from '../clock';

const IdParam = v.object({ id: JobIdSchema });

export function jobsRouter(db: Db) {
  /** A public job; an expired one answers 410 Gone (issue #12: its page then shows similar jobs), anything else 404. */
  const loadPublic = async (id: number) => {
    const job = await getJob(db, id);
    if (job && isJobGone(job, { status: job.companyStatus })) throw new AppError('E_GONE', 'This job has expired');
    if (!job || !isJobPublic(job, { status: job.companyStatus })) throw notFound('Job');
    const { companyStatus: _, ...rest } = job;
    return rest;
  };

  return new Hono<AppEnv>()
    .get('/v2/jobs', operation({ summary: 'Search the public jobs', access: 'public', response: JobListSchema }), publicRead(), perViewer, validate('query', JobSearchQuerySchema), async (c) => {
      const list = await searchJobs(db, c.req.valid('query'));
      return c.json({ ...list, jobs: await markJobs(db, c.get('viewer'), list.jobs) });
    })
    .get('/v2/jobs/latest/3', operation({ summary: 'The latest public jobs', access: 'public', response: JobArraySchema }), publicRead(), perViewer, async (c) =>
      c.json({ jobs: await markJobs(db, c.get('viewer'), await latestJobs(db, LIMITS.latestJobsCount)) }),
    )
    .get('/v2/featuredjobs', operation({ summary: 'The boosted jobs', access: 'public', response: JobArraySchema }), publicRead(), perViewer, async (c) =>
      c.json({ jobs: await markJobs(db, c.get('viewer'), await featuredJobs(db)) }),
    )
    .get('/v2/jobsandfeatured', operation({ summary: 'One search and the boosted jobs', access: 'public', response: JobsAndFeaturedSchema }), publicRead(), perViewer, validate('query', JobSearchQuerySchema), async (c) => {
      const [list, featured] = await Promise.all([searchJobs(db, c.req.valid('query')), featuredJobs(db)]);
      // Both lists' marks in one query.
      const { jobs } = await withMarks(db, c.get('viewer'), { jobs: [...list.jobs, ...featured] });
      return c.json({ jobs: { ...list, jobs: jobs.slice(0, list.jobs.length) }, featuredJobs: jobs.slice(list.jobs.length) });
    })
    // Also for an expired job: its 410 page offers these instead.
    .get('/v2/jobs/:id/related', operation({ summary: 'Jobs like a public or expired one', access: 'public', response: JobArraySchema, errors: ['E_NOT_FOUND'] }), publicRead(), perViewer, validate('param', IdParam), async (c) => {
      // The job's basis only (the page asking has loaded the job itself already), beside the related
      // jobs, which read the job's company and categories themselves: one round trip.
      const id = c.req.valid('param').id;
      const [job, related] = await Promise.all([getJobBasis(db, id), relatedJobs(db, id)]);
      if (!job || !(isJobPublic(job, { status: job.companyStatus }) || isJobGone(job, { status: job.companyStatus }))) throw notFound('Job');
      return c.json({ jobs: await markJobs(db, c.get('viewer'), related) });
    })
    // Issue #32: a location page's city, however it is spelled ('malmo' is Malmö); 404 for a city no job was published in.
    .get('/v2/places/:countryCode/:city', operation({ summary: 'A city jobs were published in, by any spelling', access: 'public', response: CityPlaceSchema, errors: ['E_NOT_FOUND'] }), publicRead(), validate('param', CityPlaceParamSchema), async (c) => {
      const { countryCode, city } = c.req.valid('param');
      const place = city ? await knownCity(db, countryCode, city, now()) : undefined;
      if (!place) throw notFound('City');
      return c.json(place);
    })
    .get('/jobs/single/:id', operation({ summary: 'A public job', access: 'public', response: JobSchema, errors: ['E_NOT_FOUND', 'E_GONE'] }), publicRead(), perViewer, validate('param', IdParam), async (c) =>
      c.json(await markJob(db, c.get('viewer'), await loadPublic(c.req.valid('param').id))),
    )
    // A job in any status, for its company's members and admins (previews of drafts, paused jobs).
    // Others get the public job or a 404, so the route never reveals that a hidden job exists.
    .get('/jobs/single/:id/hidden', operation({ summary: 'A job in any status, for its startup\'s members and admins', description: 'Anyone else gets the public job, or 404 when it is not public.', access: 'public', response: JobSchema, errors: ['E_NOT_FOUND'] }), privateNoStore, validate('param', IdParam), async (c) => {
      const job = await getJob(db, c.req.valid('param').id);
      if (!job) throw notFound('Job');
      if (!isJobPublic(job, { status: job.companyStatus }) && !canManageCompany(c.get('viewer'), job.company.id)) throw notFound('Job');
      const { companyStatus: _, ...rest } = job;
      return c.json(await markJob(db, c.get('viewer'), rest));
    });
}
