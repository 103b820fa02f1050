/**
 * Route guards of the profile writes (issue #11): the named startup or investor must exist and not
 * be deleted (404), and the viewer must be one of its members or an admin (403, spec 6). They run
 * before the body is validated, so a stranger learns nothing from a 400.
 */
import type { MiddlewareHandler } from 'hono';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { assertCanManageCompany, assertCanManageInvestor } from '../accounts/guards';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { AppEnv } from '../http/viewer';
import { findLiveProfile, type ProfileKind } from '../queries/profile-writes';

/** After requireUser and the `key` param's validation. */
export function managesProfile(db: Db, kind: ProfileKind): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { id } = await findLiveProfile(db, kind, c.req.param('key') ?? '');
    if (kind === 'company') assertCanManageCompany(c.get('viewer'), id);
    else assertCanManageInvestor(c.get('viewer'), id);
    await next();
  };
}

/** After requireUser: the site's admins only (403 otherwise). */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('viewer')?.isAdmin) throw new AppError('E_FORBIDDEN', API_MESSAGES.adminsOnly);
  await next();
};
