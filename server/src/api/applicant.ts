/**
 * The candidate's routes: spec 7's POST applicant, and issue #13's talent profile, CV, quick apply,
 * applications and withdraw. All are private (never stored by a shared cache) and need a signed-in
 * user (401). A CV is read only by its candidate, the members of a startup it was sent to, and admins;
 * anyone else gets the 404 of an id that does not exist.
 *
 *   POST   /applicant                   create (or enable again) the applicant profile: 201 user
 *   GET    /applicant                   the talent profile (404 without one)
 *   PUT    /applicant                   save it (creates it when missing)
 *   DELETE /applicant                   delete it with its applications, saved jobs and CVs
 *   GET    /applicant/cv                the profile's CV (PDF)
 *   GET    /applicant/applications      the candidate's applications
 *   POST   /jobs/{id}/apply             quick apply: 201 MyApplication; 409 E_ALREADY_APPLIED with `link`
 *   DELETE /applications/{id}           withdraw (the candidate's own; 404 for anyone else)
 *   GET    /applications/{id}/cv        the CV sent with an application (PDF)
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { JobSurface } from '@nordlys/sdk/constants';
import { paths } from '@nordlys/sdk/routes';
import {
  ApplicantDeletedSchema,
  ApplicantProfileInputSchema,
  ApplyAnswerSchema,
  intParam,
  JobIdSchema,
  MyApplicationListSchema,
  QuickApplySchema,
  TalentProfileSchema,
  UserSchema,
  type Job,
} from '@nordlys/sdk/schemas';
import { isJobGone, isJobPublic } from '@nordlys/sdk/visibility';
import { currentViewer, requireUser, sessionExpired } from '../accounts/guards';
import { formatWait, rateLimited, rateLimiter, refundRateLimit, takeAttempt, type Limit } from '../accounts/rate-limit';
import { siteOrigin } from '../accounts/origin';
import { loadUser } from '../accounts/user-dto';
import { enableApplicantProfile, findUserById } from '../accounts/users';
import { now } from '../clock';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { databaseFileStore, type FileStore } from '../files/index';
import { storedFileResponse } from '../files/serve';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { applicationConfirmationMail, newApplicationMail } from '../mail/application-mails';
import { inTransaction, MailSendError, type MailOutbox } from '../queue/queue';
import {
  applicationIdOf,
  applicationMailFacts,
  insertApplication,
  myApplications,
  readableApplicationCv,
  withdrawApplication,
} from '../queries/applications';
import { feedExists } from '../queries/job-stats';
import { applicationRecipients } from '../queries/job-writes';
import { getJob } from '../queries/jobs';
import {
  deleteTalentProfile,
  deleteUnreferencedCvs,
  ensureApplicantProfile,
  findOwnCv,
  getTalentProfile,
  NOT_YOUR_CV,
  profileCvPath,
  saveTalentProfile,
} from '../queries/talent-profile';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { markJobs } from './viewer-marks';

const JobParam = v.object({ id: JobIdSchema });
const ApplicationParam = v.object({ id: intParam('Application id', 1, 2_147_483_647) });

export const APPLY_MESSAGES = {
  noProfile: 'You have no talent profile yet',
  noCv: 'There is no CV on your talent profile',
  alreadyApplied: 'You already applied to this job. You can follow your application in My jobs.',
  expired: 'This job has expired and no longer takes applications.',
  paused: 'This job is not taking applications right now.',
  answers: (n: number) => (n === 0 ? 'This job asks no screening questions: send no answers' : `Please answer each of the job's ${n === 1 ? 'question' : `${n} questions`}`),
  unknownFeed: 'Surface names no white-label feed',
  mailFailed: 'Your application could not be sent just now, and nothing was kept. Please try again in a moment.',
  tooMany: (max: number, wait: string) => `You sent ${max} applications within an hour, the most we take. Please apply again ${wait}.`,
} as const;

/**
 * Applications per account and hour (issue #33): more than anyone applies by hand, fewer than a
 * script that mails every startup twice an application. Counted in the database, so every instance
 * shares it; an application that fails after the count gives it back.
 */
export const APPLICATION_LIMIT: Limit = { max: 30, windowMs: 60 * 60_000 };
export const applicationsPerUser = rateLimiter('applicationsPerUser', APPLICATION_LIMIT);

/** Where a job that takes applications elsewhere takes them (the 409 of POST /jobs/{id}/apply). */
function elsewhere(job: Job): string {
  const where = job.apply?.method === 'email' ? job.apply.email : job.apply?.url;
  return where ? `This job takes applications at ${where}.` : 'This job does not take applications on this site.';
}

/** PostgreSQL's foreign key violation: a CV deleted between the check and the insert. */
const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

export function applicantRouter({ db, config, mail, fileStore }: RouterDeps) {
  const files: FileStore = fileStore ?? databaseFileStore();
  const origin = () => siteOrigin(config);

  /** The 409 of a second application, linking to the first. */
  const alreadyApplied = (id: number) => new AppError('E_ALREADY_APPLIED', APPLY_MESSAGES.alreadyApplied, undefined, undefined, paths.myApplication(id));

  /** Queues the candidate's confirmation and the startup's notice of application `id` in `tx`. */
  async function queueApplicationMails(tx: Db, outbox: MailOutbox, id: number, sent: { cvFileName: string | null; message: string | null; answers: number }) {
    const facts = await applicationMailFacts(tx, id);
    if (!facts) return;
    const { candidate, job, company } = facts;
    await outbox.enqueue(
      tx,
      applicationConfirmationMail({
        to: candidate.email,
        firstName: candidate.firstName,
        productName: config.productName,
        jobTitle: job.title,
        companyName: company.name,
        cvFileName: sent.cvFileName,
        answers: sent.answers,
        link: `${origin()}${paths.myApplication(id)}`,
      }),
    );
    const recipients = await applicationRecipients(tx, company.id);
    if (!recipients.length) return;
    await outbox.enqueue(
      tx,
      newApplicationMail({
        to: recipients.join(', '),
        productName: config.productName,
        companyName: company.name,
        jobTitle: job.title,
        candidate: { fullName: [candidate.firstName, candidate.lastName].filter(Boolean).join(' '), headline: candidate.headline },
        note: sent.message,
        answers: sent.answers,
        hasCv: sent.cvFileName !== null,
        link: `${origin()}${paths.companyApplicants(company.key, { job: job.id, open: id })}`,
      }),
    );
  }

  return (
    new Hono<AppEnv>()
      .post(
        '/applicant',
        operation({ keepsPublicAnswers: true, summary: "Create the viewer's applicant profile, or enable it again; answers the user", access: 'user', response: UserSchema, status: 201 }),
        privateNoStore,
        requireUser,
        async (c) => {
          const { userId } = currentViewer(c);
          if (!(await findUserById(db, userId))) throw sessionExpired(c);
          await enableApplicantProfile(db, userId);
          // spec 4: the client then selects 'applicant'; the answer carries applicant.enabled for it.
          const user = await loadUser(db, userId);
          if (!user) throw sessionExpired(c);
          return c.json(user, 201);
        },
      )
      .get(
        '/applicant',
        operation({ summary: "The viewer's talent profile", access: 'user', response: TalentProfileSchema, errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        async (c) => {
          const profile = await getTalentProfile(db, currentViewer(c).userId);
          if (!profile) throw new AppError('E_NOT_FOUND', APPLY_MESSAGES.noProfile);
          return c.json(profile);
        },
      )
      .put(
        '/applicant',
        operation({ keepsPublicAnswers: true, summary: "Save the viewer's talent profile (created when missing)", access: 'user', response: TalentProfileSchema }),
        privateNoStore,
        requireUser,
        validate('json', ApplicantProfileInputSchema),
        async (c) => {
          const { userId } = currentViewer(c);
          if (!(await findUserById(db, userId))) throw sessionExpired(c);
          await inTransaction(db, async (tx) => {
            const { replacedCvPath } = await saveTalentProfile(tx, userId, c.req.valid('json'), now());
            // The CV the profile held before goes, unless an application was sent with it.
            await deleteUnreferencedCvs(tx, files, { paths: [replacedCvPath] });
          });
          return c.json((await getTalentProfile(db, userId))!);
        },
      )
      .delete(
        '/applicant',
        operation({ keepsPublicAnswers: true, summary: "Delete the viewer's talent profile with its applications, saved jobs and CVs", access: 'user', response: ApplicantDeletedSchema }),
        privateNoStore,
        requireUser,
        async (c) => {
          const { userId } = currentViewer(c);
          return c.json(await inTransaction(db, (tx) => deleteTalentProfile(tx, files, userId)));
        },
      )
      .get(
        '/applicant/cv',
        operation({ summary: "The CV (PDF) on the viewer's talent profile", access: 'user', response: 'file', errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        async (c) => {
          const path = await profileCvPath(db, currentViewer(c).userId);
          const file = path ? await files.get(db, path) : null;
          if (!file) throw new AppError('E_NOT_FOUND', APPLY_MESSAGES.noCv);
          return storedFileResponse(file);
        },
      )
      .get(
        '/applicant/applications',
        operation({ summary: "The viewer's applications", access: 'user', response: MyApplicationListSchema }),
        privateNoStore,
        requireUser,
        async (c) => {
          const viewer = currentViewer(c);
          const applications = await myApplications(db, viewer.userId);
          const jobs = await markJobs(db, viewer, applications.map((a) => a.job));
          return c.json({ applications: applications.map((a, i) => ({ ...a, job: jobs[i]! })) });
        },
      )
      .post(
        '/jobs/:id/apply',
        operation({
          keepsPublicAnswers: true,
          summary: 'Quick apply to a public job with a CV, a message and the answers to its screening questions',
          access: 'user',
          response: ApplyAnswerSchema,
          status: 201,
          errors: ['E_NOT_FOUND', 'E_GONE', 'E_CONFLICT', 'E_ALREADY_APPLIED', 'E_MAIL_FAILED', 'E_RATE_LIMITED'],
        }),
        privateNoStore,
        requireUser,
        validate('param', JobParam),
        validate('json', QuickApplySchema),
        async (c) => {
          const { userId } = currentViewer(c);
          const { id: jobId } = c.req.valid('param');
          const input = c.req.valid('json');
          const at = now();
          const job = await getJob(db, jobId);
          // A job a visitor cannot see does not exist for the candidate either; an expired one says so.
          if (!job) throw notFound('Job');
          const company = { status: job.companyStatus };
          if (!isJobPublic(job, company, { now: at })) {
            if (isJobGone(job, company, { now: at })) throw new AppError('E_GONE', APPLY_MESSAGES.expired);
            if (job.status === 'STOPPED' && job.approvedAt !== null && company.status === 'ACTIVE') throw new AppError('E_CONFLICT', APPLY_MESSAGES.paused);
            throw notFound('Job');
          }
          if ((job.apply?.method ?? 'nordlys') !== 'nordlys') throw new AppError('E_CONFLICT', elsewhere(job));
          // The first application wins over anything else wrong with the second.
          const existing = await applicationIdOf(db, jobId, userId);
          if (existing !== null) throw alreadyApplied(existing);

          const questions = job.screeningQuestions ?? [];
          if (input.answers.length !== questions.length) {
            const message = APPLY_MESSAGES.answers(questions.length);
            throw new AppError('E_VALIDATION', `Invalid input. answers: ${message}`, { answers: [message] });
          }
          const surface = input.surface as JobSurface;
          if (surface.startsWith('feed:') && !(await feedExists(db, Number(surface.slice('feed:'.length))))) {
            throw new AppError('E_VALIDATION', `Invalid input. surface: ${APPLY_MESSAGES.unknownFeed}`, { surface: [APPLY_MESSAGES.unknownFeed] });
          }
          const cv = await findOwnCv(db, userId, input.cvPath);
          const badCv = () => new AppError('E_VALIDATION', `Invalid input. cvPath: ${NOT_YOUR_CV}`, { cvPath: [NOT_YOUR_CV] });
          if (!cv) throw badCv();
          const answers = questions.map((question, i) => ({ question, answer: input.answers[i]! }));
          // Counted once the application is sound, so a form that only needed fixing costs nothing.
          const wait = await takeAttempt(db, applicationsPerUser, String(userId));
          if (wait > 0) throw rateLimited(wait, APPLY_MESSAGES.tooMany(APPLICATION_LIMIT.max, formatWait(wait)));

          let id: number;
          try {
            id = await inTransaction(db, async (tx) => {
              const { replacedCvPath } = await ensureApplicantProfile(tx, userId, at, input.saveCvToProfile ? cv.path : undefined);
              const created = await insertApplication(tx, { jobId, userId, cvPath: cv.path, message: input.message, answers, surface, now: at });
              if (created === null) {
                // Another submit of the same person got there first (the unique index): roll this one back.
                const first = await applicationIdOf(tx, jobId, userId);
                throw first === null ? new AppError('E_CONFLICT', APPLY_MESSAGES.alreadyApplied) : alreadyApplied(first);
              }
              await deleteUnreferencedCvs(tx, files, { paths: [replacedCvPath] });
              // Through the outbox, in this transaction: the mails go exactly when the application exists.
              if (mail) await queueApplicationMails(tx, mail, created, { cvFileName: cv.fileName, message: input.message, answers: answers.length });
              return created;
            });
          } catch (error) {
            await refundRateLimit(db, applicationsPerUser, String(userId));
            if (isForeignKeyViolation(error)) throw badCv();
            // Only without a queue (a direct send): nothing was kept, so applying again is safe.
            if (error instanceof MailSendError) throw new AppError('E_MAIL_FAILED', APPLY_MESSAGES.mailFailed);
            throw error;
          }
          const [application] = await myApplications(db, userId, { id });
          return c.json(application!, 201);
        },
      )
      .delete(
        '/applications/:id',
        operation({ keepsPublicAnswers: true, summary: "Withdraw one of the viewer's applications", access: 'owner', response: 'empty', errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', ApplicationParam),
        async (c) => {
          const { userId } = currentViewer(c);
          const { id } = c.req.valid('param');
          const withdrawn = await inTransaction(db, async (tx) => {
            const gone = await withdrawApplication(tx, userId, id);
            if (gone) await deleteUnreferencedCvs(tx, files, { paths: [gone.cvPath] });
            return gone;
          });
          if (!withdrawn) throw notFound('Application');
          return c.body(null, 204);
        },
      )
      .get(
        '/applications/:id/cv',
        operation({
          summary: 'The CV (PDF) sent with an application',
          description: "For the application's candidate as well as the members of the job's startup and admins; anyone else gets 404, as for an unknown id or an application without a CV.",
          access: 'company',
          hides: true,
          response: 'file',
          errors: ['E_NOT_FOUND'],
        }),
        privateNoStore,
        requireUser,
        validate('param', ApplicationParam),
        async (c) => {
          const path = await readableApplicationCv(db, currentViewer(c), c.req.valid('param').id);
          const file = path ? await files.get(db, path) : null;
          if (!file) throw notFound('CV');
          return storedFileResponse(file);
        },
      )
  );
}
