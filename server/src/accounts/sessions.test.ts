import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { companies, sessions, users } from '../db/schema';
import { privateNoStore } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { backends, openTestDatabase } from '../testing/database';
import { IN_PROCESS_ENV, sessionMiddleware } from './session-middleware';
import { createSession, deleteUserSessions, findSession, needsRefresh, refreshSession, SESSION_COOKIE, SESSION_LIFETIME_MS } from './sessions';
import { hashToken } from './tokens';

describe.each(backends)('sessions on %s', (backend) => {
  let database: Database;
  const idOf = async (email: string) => (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => database?.close());

  it('stores the hash of the token and finds the viewer behind it, memberships included', async () => {
    const userId = await idOf('multi@nordlys.test');
    const now = new Date();
    const session = await createSession(database.db, userId, 'agent/1.0', now);
    expect(session.id).toBe(hashToken(session.token));
    expect(session.expiresAt.getTime() - now.getTime()).toBe(SESSION_LIFETIME_MS);
    const found = await findSession(database.db, session.token, now);
    expect(found!.viewer.userId).toBe(userId);
    expect(found!.viewer.isAdmin).toBe(false);
    expect(found!.viewer.companyIds).toHaveLength(1);
    expect(found!.viewer.investorIds).toHaveLength(1);
    expect(typeof found!.viewer.companyIds[0]).toBe('number');
    const [company] = await database.db.select({ key: companies.key }).from(companies).where(eq(companies.id, found!.viewer.companyIds[0]!));
    expect(company!.key).toBeTruthy();
    expect(await findSession(database.db, `${session.token}x`, now)).toBeNull();

    const admin = await createSession(database.db, await idOf('admin@nordlys.test'), null, now);
    expect((await findSession(database.db, admin.token, now))!.viewer).toMatchObject({ isAdmin: true, companyIds: [], investorIds: [] });
  });

  it('deletes an expired session when it is presented, and expired ones of a user when they sign in again', async () => {
    const userId = await idOf('talent@nordlys.test');
    const then = new Date('2026-01-01T00:00:00Z');
    const old = await createSession(database.db, userId, null, then);
    const other = await createSession(database.db, userId, null, then);
    const later = new Date(then.getTime() + SESSION_LIFETIME_MS + 1);
    expect(await findSession(database.db, old.token, later)).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.id, old.id))).toEqual([]);
    await createSession(database.db, userId, null, later);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, other.id))).toEqual([]);
  });

  it('refreshes once a day, moving the expiry 30 days past now', async () => {
    const userId = await idOf('founder@nordlys.test');
    const start = new Date('2026-03-01T00:00:00Z');
    const session = await createSession(database.db, userId, null, start);
    const found = (await findSession(database.db, session.token, start))!;
    expect(needsRefresh(found, new Date(start.getTime() + 23 * 3_600_000))).toBe(false);
    const nextDay = new Date(start.getTime() + 24 * 3_600_000);
    expect(needsRefresh(found, nextDay)).toBe(true);
    const expiresAt = await refreshSession(database.db, session.id, nextDay);
    expect(expiresAt.getTime()).toBe(nextDay.getTime() + SESSION_LIFETIME_MS);
    const again = (await findSession(database.db, session.token, nextDay))!;
    expect(again.lastSeenAt.getTime()).toBe(nextDay.getTime());
    expect(again.expiresAt.getTime()).toBe(expiresAt.getTime());
  });

  it("ends all of a user's sessions but the one to keep", async () => {
    const userId = await idOf('investor@nordlys.test');
    const a = await createSession(database.db, userId, null);
    const b = await createSession(database.db, userId, null);
    await deleteUserSessions(database.db, userId, b.id);
    expect(await findSession(database.db, a.token)).toBeNull();
    expect(await findSession(database.db, b.token)).not.toBeNull();
    await deleteUserSessions(database.db, userId);
    expect(await findSession(database.db, b.token)).toBeNull();
  });

  it('never refreshes on the in-process calls of server-rendered pages, whose cookies cannot reach the browser', async () => {
    const userId = await idOf('draft@nordlys.test');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const session = await createSession(database.db, userId, null, twoDaysAgo);
    const app = new Hono<AppEnv>()
      .use(sessionMiddleware(database.db))
      .get('/me', privateNoStore, (c) => c.json({ viewer: c.get('viewer'), session: c.get('session').state }));
    const headers = { cookie: `${SESSION_COOKIE}=${session.token}` };

    const inProcess = await app.request('/me', { headers }, IN_PROCESS_ENV);
    expect(await inProcess.json()).toMatchObject({ viewer: { userId }, session: 'live' });
    expect(inProcess.headers.getSetCookie()).toEqual([]);
    expect((await findSession(database.db, session.token))!.lastSeenAt.getTime()).toBe(twoDaysAgo.getTime());

    const direct = await app.request('/me', { headers });
    expect(direct.headers.getSetCookie()[0]).toMatch(/^nordlys_session=.*Max-Age=2592000/);
    expect((await findSession(database.db, session.token))!.lastSeenAt.getTime()).toBeGreaterThan(twoDaysAgo.getTime());

    expect(await (await app.request('/me')).json()).toEqual({ viewer: null, session: 'none' });
    expect(await (await app.request('/me', { headers: { cookie: `${SESSION_COOKIE}=nope` } })).json()).toEqual({ viewer: null, session: 'dead' });
  });
});
