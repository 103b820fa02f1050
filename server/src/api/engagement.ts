/**
 * Issue #14: the engagement log of spec 7.
 *
 *   POST /engagement/log {type, payload?, companyId?, investorId?}   public: stores the event (204)
 *
 * Visitors may log. The company or investor id is the profile the client has selected (spec 4): it is
 * kept only for a profile the viewer is a member of, or any stored one for an admin (spec 6); another
 * id is a 400 field error, never a 403, which the client would take for a dead session (spec 8). Bots
 * are answered 204 and nothing is stored. Each address may log ENGAGEMENT_LOG_LIMIT events per window
 * (429 past it). The client ignores every failure (sdk api/engagement.ts).
 */
import { Hono } from 'hono';
import { EngagementEventSchema } from '@nordlys/sdk/schemas';
import { clientIp } from '../accounts/client-ip';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { now } from '../clock';
import { AppError } from '../errors';
import { isBot } from '../http/bots';
import { validate } from '../http/validate';
import { canManageCompany, canManageInvestor, type AppEnv, type Viewer } from '../http/viewer';
import { missingProfiles, recordEngagement } from '../queries/engagement';
import type { RouterDeps } from './deps';
import { operation } from './operation';

/** Events one address may log: a busy office's browsing, well past anyone's; a wall for a script. */
export const ENGAGEMENT_LOG_LIMIT: Limit = { max: 300, windowMs: 10 * 60_000 };

export const ENGAGEMENT_MESSAGES = {
  notMember: { companyId: 'Choose a startup you are a member of', investorId: 'Choose an investor profile you are a member of' },
  unknown: { companyId: 'No startup has this id', investorId: 'No investor profile has this id' },
} as const;

type ProfileField = 'companyId' | 'investorId';

/** The profile ids of an event the viewer may not log for: not a member (admins bypass, spec 6). */
function foreignProfiles(viewer: Viewer | null, { companyId, investorId }: { companyId?: number; investorId?: number }): ProfileField[] {
  const foreign: ProfileField[] = [];
  if (companyId !== undefined && !canManageCompany(viewer, companyId)) foreign.push('companyId');
  if (investorId !== undefined && !canManageInvestor(viewer, investorId)) foreign.push('investorId');
  return foreign;
}

/** The 400 naming each refused field, as the validator words its own (http/validate.ts). */
function refuse(fields: ProfileField[], messages: Record<ProfileField, string>): AppError {
  const errors = Object.fromEntries(fields.map((f) => [f, [messages[f]]]));
  return new AppError('E_VALIDATION', `Invalid input. ${fields.map((f) => `${f}: ${messages[f]}`).join('; ')}`, errors);
}

export function engagementRouter({ db, config }: RouterDeps, { limit = ENGAGEMENT_LOG_LIMIT }: { limit?: Limit } = {}) {
  const trustProxy = config.trustProxy === true;
  const logs = rateLimiter('engagement-log', limit, () => now().getTime());

  return new Hono<AppEnv>().post(
    '/engagement/log',
    operation({
      keepsPublicAnswers: true,
      summary: 'Log an engagement event (visitors too)',
      description: 'A companyId or investorId must name a profile the caller is a member of (any one for an admin): 400 otherwise, never 403. Bots get 204, nothing stored.',
      access: 'public',
      response: 'empty',
      errors: ['E_RATE_LIMITED'],
    }),
    validate('json', EngagementEventSchema),
    async (c) => {
      if (isBot(c.req.header('user-agent'))) return c.body(null, 204);
      await checkRateLimits(db, [[logs, clientIp(c, trustProxy)]]);
      const event = c.req.valid('json');
      const viewer = c.get('viewer');
      const ids = { companyId: event.companyId, investorId: event.investorId };
      const foreign = foreignProfiles(viewer, ids);
      if (foreign.length) throw refuse(foreign, ENGAGEMENT_MESSAGES.notMember);
      // A member's profile exists (membership goes with it); an admin may name any id, so it is looked up.
      if (viewer?.isAdmin) {
        const missing = await missingProfiles(db, ids);
        if (missing.length) throw refuse(missing, ENGAGEMENT_MESSAGES.unknown);
      }
      await recordEngagement(db, { ...event, userId: viewer?.userId ?? null, now: now() });
      return c.body(null, 204);
    },
  );
}
