/**
 * Database sessions (spec 7 "Authentication and user"): a random token in the cookie
 * `nordlys_session`, its SHA-256 as the row id, a 30-day expiry that slides at most once a day.
 */
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { COOKIES } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { companyMembers, investorMembers, sessions, users } from '../db/schema';
import type { AppEnv, Viewer } from '../http/viewer';
import { isHttps } from './origin';
import { hashToken, randomToken } from './tokens';

export const SESSION_COOKIE = 'nordlys_session';
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The expiry moves forward at most this often, so a busy user costs one write a day, not one per request. */
export const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export interface CreatedSession {
  /** The cookie value; never stored. */
  token: string;
  id: string;
  expiresAt: Date;
}

/** Starts a session for a user; also drops the user's sessions that have expired (expired rows go lazily). */
export async function createSession(db: Db, userId: number, userAgent: string | null, now = new Date()): Promise<CreatedSession> {
  const token = randomToken();
  const id = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values({ id, userId, createdAt: now, lastSeenAt: now, expiresAt, userAgent: userAgent?.slice(0, 500) ?? null });
  return { token, id, expiresAt };
}

export interface LiveSession {
  id: string;
  expiresAt: Date;
  lastSeenAt: Date;
  viewer: Viewer;
}

/**
 * The live session a cookie token names, with the viewer it stands for; null when there is none.
 * An expired row found this way is deleted (lazy clean-up).
 */
export async function findSession(db: Db, token: string, now = new Date()): Promise<LiveSession | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      isAdmin: users.isAdmin,
      companyIds: sql<number[]>`coalesce((select array_agg(${companyMembers.companyId}) from ${companyMembers} where ${companyMembers.userId} = ${users.id}), '{}'::integer[])`,
      investorIds: sql<number[]>`coalesce((select array_agg(${investorMembers.investorId}) from ${investorMembers} where ${investorMembers.userId} = ${users.id}), '{}'::integer[])`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return {
    id,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    viewer: { userId: row.userId, isAdmin: row.isAdmin, companyIds: row.companyIds.map(Number), investorIds: row.investorIds.map(Number) },
  };
}

/** Whether a session's sliding expiry is due to move (once a day). */
export function needsRefresh(session: Pick<LiveSession, 'lastSeenAt'>, now = new Date()): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= SESSION_REFRESH_MS;
}

/** Moves a session's expiry 30 days past now; returns the new expiry. */
export async function refreshSession(db: Db, id: string, now = new Date()): Promise<Date> {
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.id, id));
  return expiresAt;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user but `keep` (after a password reset, spec 7). */
export async function deleteUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/** The session token the request carries, if any. */
export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

/** httpOnly (scripts never see it), SameSite=Lax (no cross-site POSTs), Secure on HTTPS. */
function cookieOptions(c: Context) {
  return { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c) } as const;
}

export function writeSessionCookie(c: Context, token: string, expiresAt: Date, now = new Date()): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge, expires: expiresAt });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

/** spec 4: logout clears the profile selection, the cookie 'user.profile' the site sets at Path=/. */
export function clearProfileCookie(c: Context): void {
  deleteCookie(c, COOKIES.userProfile, { path: '/', secure: isHttps(c) });
}

/** Signs the request's browser in as `userId`: a fresh session (the one it had, if any, is ended) and its cookie. */
export async function startSession(c: Context<AppEnv>, db: Db, userId: number, now = new Date()): Promise<void> {
  const current = c.get('session');
  if (current?.state === 'live' && current.id) await deleteSession(db, current.id);
  const session = await createSession(db, userId, c.req.header('user-agent') ?? null, now);
  writeSessionCookie(c, session.token, session.expiresAt, now);
  c.set('session', { state: 'live', id: session.id });
}

/** Signs the browser out: ends its session, clears the session cookie and the profile selection (spec 4). */
export async function endSession(c: Context<AppEnv>, db: Db): Promise<void> {
  const current = c.get('session');
  if (current?.state === 'live' && current.id) await deleteSession(db, current.id);
  clearSessionCookie(c);
  clearProfileCookie(c);
  c.set('session', { state: 'none' });
}
