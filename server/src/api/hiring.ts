/**
 * The hiring side of issue #13, for a startup's members and the site's admins (spec 6: admins bypass
 * membership): the applicant board (spec 7 GET /companies/{key}/applicants), an opened card, moves and
 * ratings (PATCH), internal notes, bulk "Move to…" and "Reject…", and the company's custom stages.
 *
 * Every route checks, in this order: signed in (401), the key names a live startup (404), the viewer
 * is one of its members or an admin (403), then the body (400). An application of another company
 * answers 404, as an unknown one does. A move out of 'rejected' answers 409 E_ILLEGAL_TRANSITION.
 * The kind rejection mail goes through the outbox in the move's transaction, once per application ever.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { MAX_CUSTOM_STAGES } from '@nordlys/sdk/pipeline';
import { paths } from '@nordlys/sdk/routes';
import {
  ApplicantBulkAnswerSchema,
  ApplicantBulkSchema,
  ApplicantDetailSchema,
  ApplicantListSchema,
  ApplicantNoteInputSchema,
  ApplicantNoteSchema,
  ApplicantPatchSchema,
  ApplicantSchema,
  ApplicantsQuerySchema,
  CompanyKeySchema,
  CompanyStageListSchema,
  CompanyStageSchema,
  intParam,
  StageInputSchema,
  type ApplicantBulkAnswer,
  type CompanyStageList,
} from '@nordlys/sdk/schemas';
import { currentViewer, requireUser } from '../accounts/guards';
import { siteOrigin } from '../accounts/origin';
import { now as clockNow } from '../clock';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { rejectionMail } from '../mail/application-mails';
import { inTransaction, MailSendError, type MailOutbox } from '../queue/queue';
import {
  addNote,
  cardsByIds,
  companyStagesOf,
  createStage,
  deleteStage,
  getApplicantDetail,
  getCard,
  HIRING_MESSAGES,
  isCompanyJob,
  listApplicants,
  lockApplications,
  moveApplications,
  rateApplication,
  resolveTarget,
  updateStage,
  type LockedApplication,
} from '../queries/hiring';
import { findLiveProfile, type LiveProfile } from '../queries/profile-kind';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

const Id = (label: string) => intParam(label, 1, 2_147_483_647);
const KeyParam = v.object({ key: CompanyKeySchema });
const CardParam = v.object({ key: CompanyKeySchema, id: Id('Application id') });
const StageParam = v.object({ key: CompanyKeySchema, id: Id('Stage id') });

export function hiringRouter({ db, config, mail }: RouterDeps) {
  const manages = managesProfile(db, 'company');
  const companyOf = (key: string) => findLiveProfile(db, 'company', key);

  /** The mail outbox when a rejection mail may be due; 503 up front when none is set up. */
  const outboxFor = (sendRejectionMail: boolean): MailOutbox | null => {
    if (!sendRejectionMail) return null;
    if (!mail) throw new AppError('E_UNAVAILABLE', HIRING_MESSAGES.mailUnavailable);
    return mail;
  };

  /** Queues the kind rejection mail of one application in `tx`. */
  const queueRejection = (tx: Db, outbox: MailOutbox, company: LiveProfile, app: LockedApplication) =>
    outbox.enqueue(
      tx,
      rejectionMail({
        candidate: { email: app.candidate.email, firstName: app.candidate.firstName, lastName: app.candidate.lastName },
        job: { id: app.jobId, title: app.jobTitle },
        company: { key: company.key, name: company.name },
        productName: config.productName,
        jobsLink: `${siteOrigin(config)}${paths.jobs()}`,
      }),
    );

  /** Runs a write; without a queue a failed direct send rolls it back and answers 503 E_MAIL_FAILED. */
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      if (!(error instanceof MailSendError)) throw error;
      console.warn('[server] rejection mail failed:', error.message);
      throw new AppError('E_MAIL_FAILED', HIRING_MESSAGES.mailFailed);
    }
  }

  const viewerId = (c: Context<AppEnv>) => currentViewer(c).userId;

  return (
    new Hono<AppEnv>()
      // spec 7: the board's cards with paging and filters, the counts per column, the stages and jobs.
      .get(
        '/companies/:key/applicants',
        operation({
          summary: "The applicant board: a page of cards with filters, the counts per column, the startup's stages and jobs",
          access: 'company',
          response: ApplicantListSchema,
          errors: ['E_NOT_FOUND'],
        }),
        privateNoStore,
        requireUser,
        validate('param', KeyParam),
        manages,
        validate('query', ApplicantsQuerySchema),
        async (c) => {
          const company = await companyOf(c.req.valid('param').key);
          const query = c.req.valid('query');
          if (query.job !== undefined && !(await isCompanyJob(db, company.id, query.job))) {
            throw new AppError('E_VALIDATION', `Invalid input. job: ${HIRING_MESSAGES.notOurJob}`, { job: [HIRING_MESSAGES.notOurJob] });
          }
          if (query.stage?.startsWith('custom:')) {
            const stageId = Number(query.stage.slice('custom:'.length));
            if (!(await companyStagesOf(db, company.id)).some((s) => s.id === stageId)) {
              throw new AppError('E_VALIDATION', `Invalid input. stage: ${HIRING_MESSAGES.notOurStage}`, { stage: [HIRING_MESSAGES.notOurStage] });
            }
          }
          return c.json(await listApplicants(db, company.id, query, viewerId(c)));
        },
      )
      // Bulk before /:id, so 'bulk' is never read as an id.
      .post(
        '/companies/:key/applicants/bulk',
        operation({
          keepsPublicAnswers: true,
          summary: 'Move or reject many applications at once; those that cannot move are skipped and counted',
          access: 'company',
          response: ApplicantBulkAnswerSchema,
          errors: ['E_NOT_FOUND', 'E_CONFLICT', 'E_UNAVAILABLE', 'E_MAIL_FAILED'],
        }),
        privateNoStore,
        requireUser,
        validate('param', KeyParam),
        manages,
        validate('json', ApplicantBulkSchema),
        async (c) => {
          const company = await companyOf(c.req.valid('param').key);
          const body = c.req.valid('json');
          const actorId = viewerId(c);
          const sendRejectionMail = body.action === 'reject' ? body.sendRejectionMail : false;
          const outbox = outboxFor(sendRejectionMail);
          const ids = [...new Set(body.ids)];
          const now = clockNow();
          const result = await write(async (tx) => {
            const target = body.action === 'reject' ? { stage: 'rejected' as const, stageId: null } : { stage: body.stage, stageId: body.stageId };
            const { ref, name } = await resolveTarget(tx, company.id, target.stage, target.stageId);
            const stageNames = new Map((await companyStagesOf(tx, company.id)).map((s) => [s.id, s.name]));
            const apps = await lockApplications(tx, company.id, ids);
            const outcome = await moveApplications(tx, apps, { to: ref, toName: name, actorId, sendRejectionMail, now, stageNames });
            for (const app of outcome.mailed) await queueRejection(tx, outbox!, company, app);
            return { moved: outcome.moved.map((a) => a.id), mailed: outcome.mailed.length };
          });
          return c.json({
            applicants: await cardsByIds(db, company.id, result.moved, actorId),
            moved: result.moved.length,
            skipped: ids.length - result.moved.length,
            mailed: result.mailed,
          } satisfies ApplicantBulkAnswer);
        },
      )
      .get(
        '/companies/:key/applicants/:id',
        operation({
          summary: 'An opened card: the application with its answers, CV, ratings, notes and history',
          access: 'company',
          response: ApplicantDetailSchema,
          errors: ['E_NOT_FOUND'],
        }),
        privateNoStore,
        requireUser,
        validate('param', CardParam),
        manages,
        async (c) => {
          const { key, id } = c.req.valid('param');
          const company = await companyOf(key);
          const detail = await getApplicantDetail(db, company.id, id, viewerId(c));
          if (!detail) throw notFound('Application');
          return c.json(detail);
        },
      )
      // A move (checked with sdk canMove) and/or the viewer's rating; answers the card.
      .patch(
        '/companies/:key/applicants/:id',
        operation({
          keepsPublicAnswers: true,
          summary: "Move an application and/or set the viewer's rating of it",
          access: 'company',
          response: ApplicantSchema,
          errors: ['E_NOT_FOUND', 'E_ILLEGAL_TRANSITION', 'E_CONFLICT', 'E_UNAVAILABLE', 'E_MAIL_FAILED'],
        }),
        privateNoStore,
        requireUser,
        validate('param', CardParam),
        manages,
        validate('json', ApplicantPatchSchema),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const patch = c.req.valid('json');
          const company = await companyOf(key);
          const actorId = viewerId(c);
          const sendRejectionMail = patch.stage === 'rejected' && patch.sendRejectionMail;
          const outbox = outboxFor(sendRejectionMail);
          const now = clockNow();
          await write(async (tx) => {
            const [app] = await lockApplications(tx, company.id, [id]);
            if (!app) throw notFound('Application');
            if (patch.stage !== undefined) {
              const { ref, name } = await resolveTarget(tx, company.id, patch.stage, patch.stageId);
              const outcome = await moveApplications(tx, [app], { to: ref, toName: name, actorId, sendRejectionMail, now });
              if (outcome.locked.length) throw new AppError('E_ILLEGAL_TRANSITION', HIRING_MESSAGES.locked);
              if (outcome.mailed.length) await queueRejection(tx, outbox!, company, app);
            }
            if (patch.rating !== undefined) await rateApplication(tx, id, actorId, patch.rating, now);
          });
          return c.json((await getCard(db, company.id, id, actorId))!);
        },
      )
      .post(
        '/companies/:key/applicants/:id/notes',
        operation({ keepsPublicAnswers: true, summary: 'Add an internal note to an application', access: 'company', response: ApplicantNoteSchema, status: 201, errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', CardParam),
        manages,
        validate('json', ApplicantNoteInputSchema),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const company = await companyOf(key);
          const note = await inTransaction(db, async (tx) => {
            // Locked, so a withdrawal cannot slip between the check and the note.
            if (!(await lockApplications(tx, company.id, [id])).length) throw notFound('Application');
            return addNote(tx, id, viewerId(c), c.req.valid('json').body, clockNow());
          });
          return c.json(note, 201);
        },
      )
      // The company's custom stages (spec 4 'custom').
      .get(
        '/companies/:key/stages',
        operation({ summary: "The startup's custom stages", access: 'company', response: CompanyStageListSchema, errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', KeyParam),
        manages,
        async (c) => {
          const company = await companyOf(c.req.valid('param').key);
          return c.json({ stages: await companyStagesOf(db, company.id) } satisfies CompanyStageList);
        },
      )
      .post(
        '/companies/:key/stages',
        operation({ keepsPublicAnswers: true, summary: 'Add a custom stage', access: 'company', response: CompanyStageSchema, status: 201, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
        privateNoStore,
        requireUser,
        validate('param', KeyParam),
        manages,
        validate('json', StageInputSchema),
        async (c) => {
          const company = await companyOf(c.req.valid('param').key);
          const stage = await inTransaction(db, (tx) => createStage(tx, company.id, c.req.valid('json'), MAX_CUSTOM_STAGES));
          return c.json(stage, 201);
        },
      )
      .put(
        '/companies/:key/stages/:id',
        operation({ keepsPublicAnswers: true, summary: 'Rename, recolour or move a custom stage', access: 'company', response: CompanyStageSchema, errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
        privateNoStore,
        requireUser,
        validate('param', StageParam),
        manages,
        validate('json', StageInputSchema),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const company = await companyOf(key);
          const stage = await inTransaction(db, (tx) => updateStage(tx, company.id, id, c.req.valid('json')));
          if (!stage) throw notFound('Stage');
          return c.json(stage);
        },
      )
      .delete(
        '/companies/:key/stages/:id',
        operation({ keepsPublicAnswers: true, summary: "Delete a custom stage; its cards go back to 'applied'", access: 'company', response: 'empty', errors: ['E_NOT_FOUND'] }),
        privateNoStore,
        requireUser,
        validate('param', StageParam),
        manages,
        async (c) => {
          const { key, id } = c.req.valid('param');
          const company = await companyOf(key);
          const moved = await inTransaction(db, (tx) => deleteStage(tx, company.id, id, viewerId(c), clockNow()));
          if (moved === null) throw notFound('Stage');
          return c.body(null, 204);
        },
      )
  );
}
