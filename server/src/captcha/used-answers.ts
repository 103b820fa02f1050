/** The captcha answers already accepted, kept in the database (captcha_answers) so no instance accepts one twice. */
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchaAnswers } from '../db/schema';

export interface UsedAnswers {
  /**
   * Records an answer (its challenge's signature) as used until `expiresAt`: true the first time,
   * false when any instance already recorded it. One statement, so two concurrent claims cannot
   * both win.
   */
  claim(signature: string, expiresAt: Date): Promise<boolean>;
}

/**
 * The used answers in the database. Each claim first deletes the answers whose challenge has
 * expired (an index range scan), so the table holds only those still worth refusing.
 */
export function databaseUsedAnswers(db: Db, clock: () => number = Date.now): UsedAnswers {
  return {
    async claim(signature, expiresAt) {
      await sweepUsedAnswers(db, clock());
      const claimed = await db
        .insert(captchaAnswers)
        .values({ signature, expiresAt })
        .onConflictDoNothing({ target: captchaAnswers.signature })
        .returning({ signature: captchaAnswers.signature });
      return claimed.length === 1;
    },
  };
}

/** Deletes the answers whose challenge expired at or before `now`; returns how many. */
export async function sweepUsedAnswers(db: Db, now: number = Date.now()): Promise<number> {
  const gone = await db
    .delete(captchaAnswers)
    .where(lte(captchaAnswers.expiresAt, sql`${new Date(now).toISOString()}::timestamptz`))
    .returning({ signature: captchaAnswers.signature });
  return gone.length;
}
