import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { users, userTokens } from '../db/schema';
import { backends, openTestDatabase } from '../testing/database';
import { consumeUserToken, findUserToken, hashToken, issueUserToken, randomToken, TOKEN_LIFETIME_MS } from './tokens';

describe('random tokens', () => {
  it('are 256-bit base64url strings, stored as their hex SHA-256', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe.each(backends)('user tokens on %s', (backend) => {
  let database: Database;
  let userId: number;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'newbie@nordlys.test'));
    userId = row!.id;
  });
  afterAll(async () => database?.close());

  it('works once, for its own kind, until it expires', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const key = await issueUserToken(database.db, userId, 'verify', now);
    expect(await consumeUserToken(database.db, key, 'reset', now)).toBeNull();
    expect(await consumeUserToken(database.db, key, 'verify', now)).toBe(userId);
    expect(await consumeUserToken(database.db, key, 'verify', now)).toBeNull();
    expect(await findUserToken(database.db, key, 'verify')).toMatchObject({ userId, usedAt: now });

    const reset = await issueUserToken(database.db, userId, 'reset', now);
    const late = new Date(now.getTime() + TOKEN_LIFETIME_MS.reset);
    expect(await consumeUserToken(database.db, reset, 'reset', late)).toBeNull();
    expect(await consumeUserToken(database.db, reset, 'reset', new Date(late.getTime() - 1))).toBe(userId);
  });

  it('lets a new reset key supersede older unused ones, but not verification keys', async () => {
    const now = new Date('2026-06-02T12:00:00Z');
    const verify = await issueUserToken(database.db, userId, 'verify', now);
    const first = await issueUserToken(database.db, userId, 'reset', now);
    const second = await issueUserToken(database.db, userId, 'reset', now);
    expect(await consumeUserToken(database.db, first, 'reset', now)).toBeNull();
    expect(await consumeUserToken(database.db, second, 'reset', now)).toBe(userId);
    expect(await consumeUserToken(database.db, verify, 'verify', now)).toBe(userId);
    const [stored] = await database.db
      .select({ expiresAt: userTokens.expiresAt })
      .from(userTokens)
      .where(and(eq(userTokens.tokenHash, hashToken(verify)), eq(userTokens.kind, 'verify')));
    expect(stored!.expiresAt.getTime() - now.getTime()).toBe(7 * 24 * 3_600_000);
  });

  it('lets only one of two concurrent uses succeed', async () => {
    const now = new Date('2026-06-03T12:00:00Z');
    const key = await issueUserToken(database.db, userId, 'reset', now);
    const results = await Promise.all([consumeUserToken(database.db, key, 'reset', now), consumeUserToken(database.db, key, 'reset', now)]);
    expect(results.filter((r) => r === userId)).toHaveLength(1);
  });
});
