/**
 * The engagement log of spec 7 (issue #14): one row per event a browser reports with POST
 * engagement/log, with who sent it (a user, or null for a visitor) and the company or investor
 * profile selected at the time.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, engagementEvents, investors } from '../db/schema';

export interface EngagementRecord {
  type: string;
  payload?: Record<string, unknown>;
  /** The signed-in user, or null for a visitor. */
  userId: number | null;
  companyId?: number;
  investorId?: number;
  now: Date;
}

/** Stores one event. The profile ids must name stored profiles (see missingProfiles). */
export async function recordEngagement(db: Db, { type, payload = {}, userId, companyId, investorId, now }: EngagementRecord): Promise<void> {
  await db.insert(engagementEvents).values({ type, payload, userId, companyId: companyId ?? null, investorId: investorId ?? null, createdAt: now });
}

/** Which of the given profile ids name no stored profile (an admin may name any id: its membership is not the proof). */
export async function missingProfiles(db: Db, { companyId, investorId }: { companyId?: number; investorId?: number }): Promise<('companyId' | 'investorId')[]> {
  const missing: ('companyId' | 'investorId')[] = [];
  if (companyId !== undefined && !(await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))).length) missing.push('companyId');
  if (investorId !== undefined && !(await db.select({ id: investors.id }).from(investors).where(eq(investors.id, investorId))).length) missing.push('investorId');
  return missing;
}
