/** User rows for the account routes: look-ups by e-mail and provider id, creation and the fields spec 7 changes. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applicantProfiles, users, type UiFeatureRow } from '../db/schema';
import { AppError } from '../errors';

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses compare without case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByLinkedinId(db: Db, linkedinId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.linkedinId, linkedinId));
  return row ?? null;
}

export const ACCOUNT_EXISTS_MESSAGE = 'An account with this e-mail address already exists';

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
  isEmailVerified: boolean;
  linkedinId?: string | null;
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Inserts a user; a taken e-mail (even by a concurrent sign-up) is 409 E_ACCOUNT_EXISTS. */
export async function createUser(db: Db, user: NewUser, now = new Date()): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...user, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('E_ACCOUNT_EXISTS', ACCOUNT_EXISTS_MESSAGE);
    throw error;
  }
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Sets a new password hash; a reset link came by mail, so it also proves the e-mail address (spec 7). */
export async function setPasswordHash(db: Db, id: number, passwordHash: string, now = new Date()): Promise<void> {
  await db.update(users).set({ passwordHash, isEmailVerified: true, updatedAt: now }).where(eq(users.id, id));
}

/** spec 4: the e-mail-verified flag becomes true after verification. */
export async function markEmailVerified(db: Db, id: number, now = new Date()): Promise<void> {
  await db.update(users).set({ isEmailVerified: true, updatedAt: now }).where(eq(users.id, id));
}

/** Connects the provider account to a user; a provider-verified e-mail counts as verified. */
export async function connectLinkedin(db: Db, id: number, linkedinId: string, emailVerified: boolean, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ linkedinId, updatedAt: now, ...(emailVerified ? { isEmailVerified: true } : {}) })
    .where(eq(users.id, id));
}

/** spec 3: the saved profile choice ('{type}:{key}') or null. */
export async function setSavedProfile(db: Db, id: number, profile: string | null, now = new Date()): Promise<void> {
  await db.update(users).set({ profile, updatedAt: now }).where(eq(users.id, id));
}

/** spec 4: records reached UI features, merged by name (a later report replaces an earlier one). */
export async function mergeUiFeatures(db: Db, id: number, reached: UiFeatureRow[], now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ uiFeatures: users.uiFeatures }).from(users).where(eq(users.id, id)).for('update');
    if (!row) return;
    const byName = new Map(row.uiFeatures.map((f) => [f.name, f]));
    for (const feature of reached) byName.set(feature.name, { name: feature.name, reachedAt: feature.reachedAt });
    await tx.update(users).set({ uiFeatures: [...byName.values()], updatedAt: now }).where(eq(users.id, id));
  });
}

/** spec 7 POST applicant: creates the user's applicant profile, or enables it again. */
export async function enableApplicantProfile(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .insert(applicantProfiles)
    .values({ userId, enabled: true, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: applicantProfiles.userId, set: { enabled: true, updatedAt: now } });
}
