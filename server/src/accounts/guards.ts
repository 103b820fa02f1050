/** Authorization for routes: a signed-in user is required (spec 6), and membership checks for profile admin calls. */
import type { Context, MiddlewareHandler } from 'hono';
import { API_MESSAGES } from '@nordlys/sdk/messages';
import { AppError } from '../errors';
import { canManageCompany, canManageInvestor, type AppEnv, type Viewer } from '../http/viewer';
import { clearSessionCookie } from './sessions';

// The texts live in the sdk, so the site's test fake answers with the same ones.
export const LOG_IN_MESSAGE = API_MESSAGES.logIn;
export const SESSION_EXPIRED_MESSAGE = API_MESSAGES.sessionExpired;

/** The answer for a cookie naming no live session: 403 (spec 8: the client logs out) and the cookie cleared. */
export function sessionExpired(c: Context): AppError {
  clearSessionCookie(c);
  return new AppError('E_FORBIDDEN', SESSION_EXPIRED_MESSAGE);
}

/** 401 'Please log in to continue' without a session; 403 'Your session has expired' for a dead one. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('viewer')) {
    if (c.get('session')?.state === 'dead') throw sessionExpired(c);
    throw new AppError('E_UNAUTHORIZED', LOG_IN_MESSAGE);
  }
  await next();
};

/** The viewer of a route behind requireUser. */
export function currentViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('E_UNAUTHORIZED', LOG_IN_MESSAGE);
  return viewer;
}

/** spec 6: company members and admins may manage a startup; others get 403. */
export function assertCanManageCompany(viewer: Viewer | null, companyId: number): void {
  if (!canManageCompany(viewer, companyId)) throw new AppError('E_FORBIDDEN', API_MESSAGES.companyMembersOnly);
}

/** spec 6: investor members and admins may manage an investor profile; others get 403. */
export function assertCanManageInvestor(viewer: Viewer | null, investorId: number): void {
  if (!canManageInvestor(viewer, investorId)) throw new AppError('E_FORBIDDEN', API_MESSAGES.investorMembersOnly);
}
