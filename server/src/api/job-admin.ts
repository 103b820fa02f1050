/**
 * The job writes of issue #12 for a startup's members and the site's admins: the form (create, update,
 * delete a draft), the plan, the status events, the jobs table, resend-applicants, and the admins' job
 * decisions. Members' routes check membership (admins pass) before they read the body, so a stranger
 * gets 403, not a 400 that tells what the route takes.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { MEMBER_JOB_EVENTS } from '@nordlys/sdk/job-status';
import { paths } from '@nordlys/sdk/routes';
import {
  CompanyJobSchema,
  CompanyKeySchema,
  JobIdSchema,
  JobInputSchema,
  JobPlanInputSchema,
  JobRejectSchema,
  JobStatusUpdateSchema,
  ManagedJobListSchema,
  ManagedJobQuerySchema,
  ManagedJobSchema,
  MemberJobEventParamSchema,
  ResendApplicantsSchema,
  type JobStatusUpdate,
  type ManagedJob,
  type ResendApplicants,
} from '@nordlys/sdk/schemas';
import { isJobPublic } from '@nordlys/sdk/visibility';
import { checkRateLimits, rateLimiter } from '../accounts/rate-limit';
import { requireUser } from '../accounts/guards';
import { siteOrigin } from '../accounts/origin';
import { now as clockNow } from '../clock';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import { canManageCompany, type AppEnv } from '../http/viewer';
import { applicationsResentMail, jobReturnedMail } from '../mail/job-review-mails';
import { inTransaction, type MailOutbox } from '../queue/queue';
import { companyStagesOf } from '../queries/hiring';
import { fireJobEvent, jobStatusUpdate, type JobEventOptions } from '../queries/job-status';
import {
  applicationRecipients,
  createJob,
  deleteDraft,
  getManagedJob,
  jobApplications,
  jobRef,
  listManagedJobs,
  setJobPlan,
  updateJob,
  type JobActor,
} from '../queries/job-writes';
import { getJob } from '../queries/jobs';
import { findLiveProfile, findProfile } from '../queries/profile-kind';
import { membersOf } from '../queries/reviews';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile, requireAdmin } from './profile-guards';

const KeyParam = v.object({ key: CompanyKeySchema });
const JobParam = v.object({ key: CompanyKeySchema, id: JobIdSchema });
const IdParam = v.object({ id: JobIdSchema });
const JobEventParam = v.object({ key: CompanyKeySchema, id: JobIdSchema, event: MemberJobEventParamSchema });

/** How often a job's applications may be mailed again: each resend mails the whole list. */
export const RESEND_APPLICANTS_LIMIT = { max: 5, windowMs: 60 * 60_000 };
const resendLimiter = rateLimiter('resendApplicants', RESEND_APPLICANTS_LIMIT);

const actorOf = (c: Context<AppEnv>): JobActor => (c.get('viewer')?.isAdmin ? 'admin' : 'member');

export function jobAdminRouter({ db, config, mail }: RouterDeps) {
  const manages = managesProfile(db, 'company');
  const companyIdOf = async (key: string) => (await findLiveProfile(db, 'company', key)).id;
  const outbox = (what: string): MailOutbox => {
    if (!mail) throw new AppError('E_UNAVAILABLE', `Mail is not set up on this server, so ${what} cannot be sent`);
    return mail;
  };

  /** The job with `manage`, as members and admins get it after a write. */
  async function managed(c: Context<AppEnv>, companyId: number, id: number): Promise<ManagedJob> {
    const job = await getManagedJob(db, companyId, id, actorOf(c), clockNow());
    if (!job) throw notFound('Job');
    return job;
  }

  /** An admin's decision on a job (any startup's): the machine's event, and what the admins may do next. */
  async function decide(id: number, event: 'approve' | 'reject' | 'hold', options: JobEventOptions, after?: (tx: Db) => Promise<void>) {
    const now = clockNow();
    return inTransaction(db, async (tx) => {
      const outcome = await fireJobEvent(tx, id, event, now, options);
      await after?.(tx);
      return jobStatusUpdate(outcome.job, { ...outcome, actor: 'admin', now }) satisfies JobStatusUpdate;
    });
  }

  return (
    new Hono<AppEnv>()
      // The form: a new DRAFT.
      .post(
        '/companies/:key/jobs',
        operation({ summary: 'Create a draft job for the startup', access: 'company', response: ManagedJobSchema, status: 201, errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', KeyParam),
        manages,
        validate('json', JobInputSchema),
        async (c) => {
          const companyId = await companyIdOf(c.req.valid('param').key);
          const id = await createJob(db, companyId, c.req.valid('json'), clockNow());
          return c.json(await managed(c, companyId, id), 201);
        },
      )
      // The startup's jobs table: every status, newest first, with the counts per status.
      .get(
        '/companies/:key/managed-jobs',
        operation({
          summary: "The startup's jobs in every status, newest first, with the count per status",
          access: 'company',
          response: ManagedJobListSchema,
          errors: ['E_NOT_FOUND'],
        }),
        privateNoStore,
        requireUser,
        validate('param', KeyParam),
        manages,
        validate('query', ManagedJobQuerySchema),
        async (c) => c.json(await listManagedJobs(db, await companyIdOf(c.req.valid('param').key), c.req.valid('query').status, clockNow())),
      )
      // spec 7: members and admins get the job in any status with `manage`; others the public job or a
      // 404 that does not tell a hidden job exists. Never stored by a shared cache: one URL, two answers.
      .get(
        '/companies/:key/jobs/:id',
        operation({
          summary: "A startup's job in any status, with `manage`, for its members and admins",
          description: "Anyone else gets the public job, or 404 when it is not public or not the startup's.",
          access: 'public',
          response: CompanyJobSchema,
          errors: ['E_NOT_FOUND'],
        }),
        privateNoStore,
        validate('param', JobParam),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const company = await findProfile(db, 'company', key);
          if (!company) throw notFound('Company');
          if (canManageCompany(c.get('viewer'), company.id)) return c.json(await managed(c, company.id, id));
          const job = await getJob(db, id);
          if (!job || job.company.id !== company.id || !isJobPublic(job, { status: job.companyStatus }, { now: clockNow() })) throw notFound('Job');
          const { companyStatus: _, ...rest } = job;
          return c.json(rest);
        },
      )
      .put(
        '/companies/:key/jobs/:id',
        operation({ summary: 'Save the job form', access: 'company', response: ManagedJobSchema, errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION'] }),
        privateNoStore,
        requireUser,
        validate('param', JobParam),
        manages,
        validate('json', JobInputSchema),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const companyId = await companyIdOf(key);
          await updateJob(db, companyId, id, c.req.valid('json'), clockNow());
          return c.json(await managed(c, companyId, id));
        },
      )
      .delete(
        '/companies/:key/jobs/:id',
        operation({ summary: 'Delete a draft job', access: 'company', response: 'empty', errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION'] }),
        privateNoStore,
        requireUser,
        validate('param', JobParam),
        manages,
        async (c) => {
          const { key, id } = c.req.valid('param');
          await deleteDraft(db, await companyIdOf(key), id);
          return c.body(null, 204);
        },
      )
      // /monetise: the plan, while nothing is paid for the job yet.
      .put(
        '/companies/:key/jobs/:id/plan',
        operation({ summary: "Choose the job's plan, before anything is paid for it", access: 'company', response: ManagedJobSchema, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
        privateNoStore,
        requireUser,
        validate('param', JobParam),
        manages,
        validate('json', JobPlanInputSchema),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const companyId = await companyIdOf(key);
          await setJobPlan(db, companyId, id, c.req.valid('json').plan, clockNow());
          return c.json(await managed(c, companyId, id));
        },
      )
      // The job's applications, mailed again to the startup's applications address (or its members).
      .post(
        '/companies/:key/jobs/:id/resend-applicants',
        operation({
          summary: "Mail the job's applications again to the startup's applications address (or its members)",
          access: 'company',
          response: ResendApplicantsSchema,
          errors: ['E_NOT_FOUND', 'E_CONFLICT', 'E_RATE_LIMITED', 'E_UNAVAILABLE'],
        }),
        privateNoStore,
        requireUser,
        validate('param', JobParam),
        manages,
        async (c) => {
          const { key, id } = c.req.valid('param');
          const send = outbox('the applications');
          const company = await findLiveProfile(db, 'company', key);
          const job = await jobRef(db, id);
          if (!job || job.company.id !== company.id) throw notFound('Job');
          await checkRateLimits(db, [[resendLimiter, String(id)]]);
          const answer = await inTransaction(db, async (tx) => {
            const [list, recipients, stages] = await Promise.all([jobApplications(tx, id), applicationRecipients(tx, company.id), companyStagesOf(tx, company.id)]);
            if (!recipients.length) throw new AppError('E_CONFLICT', 'This startup has no applications address and no members to mail');
            const to = recipients.join(', ');
            await send.enqueue(
              tx,
              applicationsResentMail({
                to,
                productName: config.productName,
                companyName: company.name,
                jobTitle: job.title,
                applications: list,
                stages,
                origin: siteOrigin(config),
                companyKey: company.key,
                jobId: id,
              }),
            );
            return { queued: list.length, to } satisfies ResendApplicants;
          });
          return c.json(answer);
        },
      )
      // spec 4: a member's event. The pattern takes only the machine's member events, so the other actions
      // under a job (resend-applicants here, the payments router's orders) keep their own routes, and a
      // word that is neither answers the API's 404.
      .post(
        `/companies/:key/jobs/:id/:event{${MEMBER_JOB_EVENTS.join('|')}}`,
        operation({
          summary: "A member's status event on the job: publish, pause, resume or repost",
          access: 'company',
          response: JobStatusUpdateSchema,
          errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION'],
        }),
        privateNoStore,
        requireUser,
        validate('param', JobEventParam),
        manages,
        async (c) => {
          const { key, id, event } = c.req.valid('param');
          const now = clockNow();
          const outcome = await fireJobEvent(db, id, event, now, { companyId: await companyIdOf(key) });
          return c.json(jobStatusUpdate(outcome.job, { ...outcome, actor: actorOf(c), now }) satisfies JobStatusUpdate);
        },
      )
      // The admins' decisions on a job waiting for approval (the admin queue), and holding a job for review.
      .post(
        '/admin/jobs/:id/approve',
        operation({ summary: 'Approve a job waiting for approval', access: 'admin', response: JobStatusUpdateSchema, errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION'] }),
        privateNoStore,
        requireUser,
        requireAdmin,
        validate('param', IdParam),
        async (c) => c.json(await decide(c.req.valid('param').id, 'approve', {})),
      )
      .post(
        '/admin/jobs/:id/hold',
        operation({ summary: 'Hold a job for review', access: 'admin', response: JobStatusUpdateSchema, errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION'] }),
        privateNoStore,
        requireUser,
        requireAdmin,
        validate('param', IdParam),
        async (c) => c.json(await decide(c.req.valid('param').id, 'hold', {})),
      )
      // Back to DRAFT with the reason as its review note, mailed to every member with the job's edit page.
      .post(
        '/admin/jobs/:id/reject',
        operation({
          summary: "Send a job back to draft with the reason, mailed to its startup's members",
          access: 'admin',
          response: JobStatusUpdateSchema,
          errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION', 'E_UNAVAILABLE'],
        }),
        privateNoStore,
        requireUser,
        requireAdmin,
        validate('param', IdParam),
        validate('json', JobRejectSchema),
        async (c) => {
          const { id } = c.req.valid('param');
          const { reason } = c.req.valid('json');
          const send = outbox('the reason');
          const job = await jobRef(db, id);
          if (!job) throw notFound('Job');
          return c.json(
            await decide(id, 'reject', { reason }, async (tx) => {
              const members = (await membersOf(tx, 'company', [job.company.id])).get(job.company.id) ?? [];
              const link = `${siteOrigin(config)}${paths.companyJob(job.company.key, job.id, 'edit')}`;
              for (const m of members) {
                await send.enqueue(
                  tx,
                  jobReturnedMail({ to: m.email, firstName: m.firstName, productName: config.productName, companyName: job.company.name, jobTitle: job.title, reason, link }),
                );
              }
            }),
          );
        },
      )
  );
}
