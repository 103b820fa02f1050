/** Secret keys: random tokens, their stored SHA-256, and the single-use e-mail keys (reset, verify) of spec 7. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTokens } from '../db/schema';

export type UserTokenKind = 'reset' | 'verify';

/** How long a mailed key works: a reset link for an hour, a verification link for a week. */
export const TOKEN_LIFETIME_MS: Record<UserTokenKind, number> = {
  reset: 60 * 60 * 1000,
  verify: 7 * 24 * 60 * 60 * 1000,
};

/** 32 random bytes, base64url: safe in cookies and query strings without escaping. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its hex SHA-256. The tokens are 256-bit random, so a plain
 * hash is enough (no salt or slow hash needed), and a leaked table cannot be turned back into keys.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a new key of a kind for a user and returns it (the only time it exists in clear).
 * A new reset key supersedes the user's older unused reset keys: only the latest mail works.
 */
export async function issueUserToken(db: Db, userId: number, kind: UserTokenKind, now = new Date()): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    if (kind === 'reset') {
      await tx
        .update(userTokens)
        .set({ usedAt: now })
        .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'reset'), isNull(userTokens.usedAt)));
    }
    await tx.insert(userTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]),
    });
  });
  return token;
}

/**
 * Uses a key once: marks it used and returns its user id, or null when the key is unknown, of
 * another kind, expired or already used. The update itself checks `used_at is null`, so two
 * concurrent uses cannot both succeed.
 */
export async function consumeUserToken(db: Db, token: string, kind: UserTokenKind, now = new Date()): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** A key's row whatever its state, for telling "already used" from "never existed". */
export async function findUserToken(db: Db, token: string, kind: UserTokenKind) {
  const [row] = await db
    .select({ userId: userTokens.userId, usedAt: userTokens.usedAt, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind)));
  return row ?? null;
}
