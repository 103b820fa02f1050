/**
 * The admins' review calls of issue #11: the queue, and approve or send back a startup or an
 * investor. Each decision is mailed to the profile's members (approve: "is live"; reject: the reason
 * and a link to the edit page), through the outbox: the decision and its mails commit together, and a
 * send that fails is retried by the queue. Without mail parts the decisions answer 503 before changing anything.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { paths } from '@nordlys/sdk/routes';
import { CompanyKeySchema, CompanySchema, InvestorKeySchema, InvestorSchema, RejectPayloadSchema, ReviewQueueSchema } from '@nordlys/sdk/schemas';
import { requireUser } from '../accounts/guards';
import { siteOrigin } from '../accounts/origin';
import { now as clockNow } from '../clock';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { reviewApprovedMail, reviewReturnedMail } from '../mail/review-mails';
import { inTransaction, type MailOutbox } from '../queue/queue';
import type { Db } from '../db/client';
import { getManagedCompany } from '../queries/companies';
import { domainSite } from '../queries/domain-claims';
import { getManagedInvestor } from '../queries/investors';
import type { ProfileKind } from '../queries/profile-writes';
import { decideReview, reviewQueue, type Member, type ReviewDecision } from '../queries/reviews';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { requireAdmin } from './profile-guards';

const CompanyParam = v.object({ key: CompanyKeySchema });
const InvestorParam = v.object({ key: InvestorKeySchema });

/** Where each decision's mail links to, absolute from the configured public URL. */
function reviewLinks(kind: ProfileKind, key: string) {
  if (kind === 'company') {
    return {
      // The welcome page of spec 2.1: the next steps of a new startup.
      approved: paths.startupWelcome(key),
      returned: paths.companyAdmin(key, 'edit'),
    };
  }
  return { approved: paths.fundingItem(key), returned: paths.investorAdmin(key, 'edit') };
}

export function adminRouter({ db, config, mail }: RouterDeps) {
  const outbox = (): MailOutbox => {
    if (!mail) throw new AppError('E_UNAVAILABLE', 'Mail is not set up on this server, so review decisions cannot be sent');
    return mail;
  };

  /** Queues a mail to every member, in the decision's transaction. */
  async function tell(tx: Db, kind: ProfileKind, key: string, name: string, members: Member[], decision: ReviewDecision, send: MailOutbox) {
    const links = reviewLinks(kind, key);
    const origin = siteOrigin(config);
    const what = kind === 'company' ? 'startup' : 'investor profile';
    for (const m of members) {
      const base = { to: m.email, firstName: m.firstName, productName: config.productName, what, profileName: name } as const;
      await send.enqueue(
        tx,
        decision.approve
          ? reviewApprovedMail({ ...base, link: `${origin}${links.approved}` })
          : reviewReturnedMail({ ...base, reason: decision.reason, link: `${origin}${links.returned}` }),
      );
    }
  }

  async function decide(kind: ProfileKind, key: string, decision: ReviewDecision) {
    const send = outbox();
    await inTransaction(db, async (tx) => {
      // The server's clock (clock.ts): approving a startup also approves its waiting jobs (queries/reviews.ts).
      const decided = await decideReview(tx, kind, key, decision, clockNow());
      await tell(tx, kind, key, decided.name, decided.members, decision, send);
    });
    const answer = kind === 'company' ? await getManagedCompany(db, key, domainSite(config)) : await getManagedInvestor(db, key);
    if (!answer) throw notFound(kind === 'company' ? 'Company' : 'Investor');
    return answer;
  }

  return new Hono<AppEnv>()
    .use('/admin/*', privateNoStore, requireUser, requireAdmin)
    .get(
      '/admin/reviews',
      operation({ summary: 'The startups, investors and jobs waiting for review', access: 'admin', response: ReviewQueueSchema }),
      async (c) => c.json(await reviewQueue(db)),
    )
    .post(
      '/admin/companies/:key/approve',
      operation({
        summary: 'Approve a submitted startup (and its waiting jobs) and mail its members',
        access: 'admin',
        response: CompanySchema,
        errors: ['E_UNAVAILABLE', 'E_NOT_FOUND', 'E_CONFLICT'],
      }),
      validate('param', CompanyParam),
      async (c) => c.json(await decide('company', c.req.valid('param').key, { approve: true })),
    )
    .post(
      '/admin/companies/:key/reject',
      operation({
        summary: 'Send a submitted startup back with a reason and mail its members',
        access: 'admin',
        response: CompanySchema,
        errors: ['E_UNAVAILABLE', 'E_NOT_FOUND', 'E_CONFLICT'],
      }),
      validate('param', CompanyParam),
      validate('json', RejectPayloadSchema),
      async (c) => c.json(await decide('company', c.req.valid('param').key, { approve: false, reason: c.req.valid('json').reason })),
    )
    .post(
      '/admin/investors/:key/approve',
      operation({
        summary: 'Approve a submitted investor and mail its members',
        access: 'admin',
        response: InvestorSchema,
        errors: ['E_UNAVAILABLE', 'E_NOT_FOUND', 'E_CONFLICT'],
      }),
      validate('param', InvestorParam),
      async (c) => c.json(await decide('investor', c.req.valid('param').key, { approve: true })),
    )
    .post(
      '/admin/investors/:key/reject',
      operation({
        summary: 'Send a submitted investor back with a reason and mail its members',
        access: 'admin',
        response: InvestorSchema,
        errors: ['E_UNAVAILABLE', 'E_NOT_FOUND', 'E_CONFLICT'],
      }),
      validate('param', InvestorParam),
      validate('json', RejectPayloadSchema),
      async (c) => c.json(await decide('investor', c.req.valid('param').key, { approve: false, reason: c.req.valid('json').reason })),
    );
}
