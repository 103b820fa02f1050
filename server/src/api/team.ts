/**
 * Teams (issue #11): the members of a startup or an investor, invitations by e-mail, and the
 * invitation link's two calls. The same routes under /companies and /investors.
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { paths } from '@nordlys/sdk/routes';
import {
  CompanyKeySchema,
  InvestorKeySchema,
  InvitationAcceptSchema,
  InvitationInfoSchema,
  InvitationTokenSchema,
  InvitePayloadSchema,
  TeamSchema,
} from '@nordlys/sdk/schemas';
import { assertCanManageCompany, assertCanManageInvestor, currentViewer, requireUser } from '../accounts/guards';
import { siteOrigin } from '../accounts/origin';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { users } from '../db/schema';
import { AppError, notFound } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv, Viewer } from '../http/viewer';
import { invitationMail } from '../mail/invitation-mail';
import { inTransaction, MailSendError } from '../queue/queue';
import {
  acceptInvitation,
  createInvitation,
  findProfile,
  getTeam,
  invitationInfo,
  isMemberByEmail,
  KIND_LABEL,
  removeMember,
  retireOlderInvitations,
  withdrawInvitation,
  type ProfileKind,
} from '../queries/team';
import type { RouterDeps } from './deps';
import { operation } from './operation';
import { managesProfile } from './profile-guards';

/** Invitations each profile may send per window: enough for a whole team at once, not for spamming. */
export const INVITATION_LIMIT: Limit = { max: 20, windowMs: 60 * 60_000 };

export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of the team',
  lastMember: (kind: ProfileKind) =>
    `A${kind === 'investor' ? 'n investor' : ' startup'} needs at least one admin. Invite someone else and let them join before the last member leaves.`,
  mailUnavailable: 'Invitations cannot be sent right now: this server has no mail set up.',
  mailFailed: 'The invitation e-mail could not be sent, so no invitation was made. Please try again.',
};

const Id = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Must be an id'), v.transform(Number), v.maxValue(2_147_483_647, 'Must be an id'));

const KINDS = [
  { kind: 'company', base: 'companies', keySchema: CompanyKeySchema, assert: assertCanManageCompany },
  { kind: 'investor', base: 'investors', keySchema: InvestorKeySchema, assert: assertCanManageInvestor },
] as const;

export function teamRouter({ db, config, mail }: RouterDeps) {
  const invitationsPerProfile = rateLimiter('invitesPerProfile', INVITATION_LIMIT);
  const router = new Hono<AppEnv>();

  for (const { kind, base, keySchema, assert } of KINDS) {
    const KeyParam = v.object({ key: keySchema });
    const MemberParam = v.object({ key: keySchema, userId: Id });
    const InvitationParam = v.object({ key: keySchema, id: Id });

    /** The profile of the path, for its members and the site's admins: 404 unknown or deleted, then 403. */
    const managed = async (key: string, viewer: Viewer) => {
      const profile = await findProfile(db, kind, key);
      if (!profile) throw notFound(KIND_LABEL[kind].title);
      assert(viewer, profile.id);
      return profile;
    };

    router
      .get(
        `/${base}/:key/members`,
        operation({ summary: `The ${KIND_LABEL[kind].noun}'s members and open invitations`, access: kind, response: TeamSchema, errors: ['E_NOT_FOUND'] }),
        requireUser,
        privateNoStore,
        validate('param', KeyParam),
        async (c) => {
          const profile = await managed(c.req.valid('param').key, currentViewer(c));
          return c.json(await getTeam(db, profile));
        },
      )
      // Membership before the body: a stranger gets 403, never a 400 that tells it the route's rules.
      .post(
        `/${base}/:key/members`,
        operation({
          summary: `Invite someone to the ${KIND_LABEL[kind].noun}'s team by e-mail`,
          access: kind,
          response: TeamSchema,
          status: 201,
          errors: ['E_NOT_FOUND', 'E_UNAVAILABLE', 'E_CONFLICT', 'E_RATE_LIMITED', 'E_MAIL_FAILED'],
        }),
        requireUser,
        validate('param', KeyParam),
        managesProfile(db, kind),
        validate('json', InvitePayloadSchema),
        async (c) => {
          const viewer = currentViewer(c);
          const profile = await managed(c.req.valid('param').key, viewer);
          const { email } = c.req.valid('json');
          if (!mail) throw new AppError('E_UNAVAILABLE', TEAM_MESSAGES.mailUnavailable);
          if (await isMemberByEmail(db, profile, email)) {
            throw new AppError('E_CONFLICT', TEAM_MESSAGES.alreadyMember, { email: [TEAM_MESSAGES.alreadyMember] });
          }
          await checkRateLimits(db, [[invitationsPerProfile, `${kind}-${profile.id}`]]);
          const [inviter] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, viewer.userId));
          const now = new Date();
          // The invitation, the retirement of older links to the same address and the mail commit together
          // (the outbox): the queue delivers the mail, retrying a failed send. Without a queue the mail is
          // sent here, and a failed send rolls everything back (503), so the earlier link keeps working.
          try {
            await inTransaction(db, async (tx) => {
              const invitation = await createInvitation(tx, { profile, email, invitedBy: viewer.userId, now });
              await retireOlderInvitations(tx, profile, email, invitation.id, now);
              await mail.enqueue(
                tx,
                invitationMail({
                  to: email,
                  productName: config.productName,
                  kind,
                  profileName: profile.name,
                  invitedBy: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : null,
                  link: siteOrigin(config) + paths.invitation(invitation.token),
                }),
              );
            });
          } catch (error) {
            if (!(error instanceof MailSendError)) throw error;
            console.warn(`[server] invitation mail to ${kind} ${profile.key} failed:`, error.message);
            throw new AppError('E_MAIL_FAILED', TEAM_MESSAGES.mailFailed);
          }
          return c.json(await getTeam(db, profile), 201);
        },
      )
      .delete(
        `/${base}/:key/members/:userId`,
        operation({ summary: `Remove a member from the ${KIND_LABEL[kind].noun}'s team, or leave it`, access: kind, response: 'empty', errors: ['E_NOT_FOUND', 'E_CONFLICT'] }),
        requireUser,
        validate('param', MemberParam),
        async (c) => {
          const { key, userId } = c.req.valid('param');
          const profile = await managed(key, currentViewer(c));
          const outcome = await removeMember(db, profile, userId);
          if (outcome === 'not-member') throw notFound('Member');
          if (outcome === 'last-member') throw new AppError('E_CONFLICT', TEAM_MESSAGES.lastMember(kind));
          return c.body(null, 204);
        },
      )
      .delete(
        `/${base}/:key/invitations/:id`,
        operation({ summary: `Withdraw an open invitation to the ${KIND_LABEL[kind].noun}'s team`, access: kind, response: 'empty', errors: ['E_NOT_FOUND'] }),
        requireUser,
        validate('param', InvitationParam),
        async (c) => {
          const { key, id } = c.req.valid('param');
          const profile = await managed(key, currentViewer(c));
          if (!(await withdrawInvitation(db, profile, id))) throw notFound('Invitation');
          return c.body(null, 204);
        },
      );
  }

  return router
    .get(
      '/invitations/:token',
      operation({ summary: 'What an invitation link invites to', access: 'token', response: InvitationInfoSchema, errors: ['E_NOT_FOUND', 'E_GONE'] }),
      privateNoStore,
      validate('param', v.object({ token: InvitationTokenSchema })),
      async (c) => c.json(await invitationInfo(db, c.req.valid('param').token)),
    )
    .post(
      '/invitations/accept',
      operation({
        summary: 'Join the team an invitation link invites to',
        description: 'The body\'s invitation token is the credential: any signed-in user who holds it joins, whatever their e-mail address.',
        access: 'user',
        response: InvitationInfoSchema,
        errors: ['E_NOT_FOUND', 'E_GONE'],
      }),
      requireUser,
      validate('json', InvitationAcceptSchema),
      async (c) => c.json(await acceptInvitation(db, c.req.valid('json').token, currentViewer(c).userId)),
    );
}
