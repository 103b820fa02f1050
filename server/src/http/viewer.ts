/** Who is asking: resolved once per /api request from the session cookie (accounts/session-middleware.ts); tests may inject a viewer. */
import type { Context } from 'hono';

export interface Viewer {
  userId: number;
  isAdmin: boolean;
  companyIds: number[];
  investorIds: number[];
}

export type ResolveViewer = (c: Context) => Promise<Viewer | null> | Viewer | null;

/**
 * The request's session: none (no cookie), dead (a cookie naming no live session: spec 8 wants a 403
 * so the client logs out) or live (`id` is null for a viewer injected by tests).
 */
export type SessionInfo = { state: 'none' } | { state: 'dead' } | { state: 'live'; id: string | null };

export type AppEnv = { Variables: { viewer: Viewer | null; session: SessionInfo } };

/** spec 6: admins bypass membership checks. */
export function canManageCompany(viewer: Viewer | null, companyId: number): boolean {
  return !!viewer && (viewer.isAdmin || viewer.companyIds.includes(companyId));
}

export function canManageInvestor(viewer: Viewer | null, investorId: number): boolean {
  return !!viewer && (viewer.isAdmin || viewer.investorIds.includes(investorId));
}
