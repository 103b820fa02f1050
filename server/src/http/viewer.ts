/** Who is asking: resolved once per request. Sessions arrive with accounts (#4); tests inject a viewer. */
import type { Context, MiddlewareHandler } from 'hono';

export interface Viewer {
  userId: number;
  isAdmin: boolean;
  companyIds: number[];
  investorIds: number[];
}

export type ResolveViewer = (c: Context) => Promise<Viewer | null> | Viewer | null;

export type AppEnv = { Variables: { viewer: Viewer | null } };

export function viewerMiddleware(resolve: ResolveViewer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('viewer', await resolve(c));
    await next();
  };
}

/** spec 6: admins bypass membership checks. */
export function canManageCompany(viewer: Viewer | null, companyId: number): boolean {
  return !!viewer && (viewer.isAdmin || viewer.companyIds.includes(companyId));
}

export function canManageInvestor(viewer: Viewer | null, investorId: number): boolean {
  return !!viewer && (viewer.isAdmin || viewer.investorIds.includes(investorId));
}
