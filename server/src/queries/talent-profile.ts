/**
 * Issue #13: the talent profile (/client/applicant) as the candidate edits it: the account's name and
 * photo, and the applicant profile's headline, CV, categories, preferred country, LinkedIn and
 * visibility; the CVs a user owns; and deleting the profile with everything in it.
 */
import { and, eq, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { ApplicantDeleted, ApplicantProfileValues, TalentProfile } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { applicantProfiles, applications, images, jobUserFlags, storedFiles, users } from '../db/schema';
import { AppError } from '../errors';
import { CV_KIND, type FileStore } from '../files/index';
import { toImage } from '../images';

/** The field message of a cvPath that is not one of the user's stored CVs. */
export const NOT_YOUR_CV = 'Please upload your CV again';
const NOT_YOUR_IMAGE = 'Please upload your photo again';

/** The talent profile of `userId`, or null when the user has no applicant profile. */
export async function getTalentProfile(db: Db, userId: number): Promise<TalentProfile | null> {
  const [row] = await db
    .select({
      first: users.firstName,
      last: users.lastName,
      imagePath: images.path,
      profile: applicantProfiles,
      cv: { path: storedFiles.path, fileName: storedFiles.fileName, sizeBytes: storedFiles.sizeBytes, uploadedAt: storedFiles.createdAt },
    })
    .from(applicantProfiles)
    .innerJoin(users, eq(users.id, applicantProfiles.userId))
    .leftJoin(images, eq(images.id, users.imageId))
    .leftJoin(storedFiles, eq(storedFiles.path, applicantProfiles.cvPath))
    .where(eq(applicantProfiles.userId, userId));
  if (!row) return null;
  const { profile } = row;
  return {
    name: { first: row.first, last: row.last },
    imagePath: row.imagePath,
    imageUrl: toImage(row.imagePath)?.sizes.thumbnail ?? null,
    headline: profile.headline,
    cv: row.cv ? { path: row.cv.path, fileName: row.cv.fileName, sizeBytes: row.cv.sizeBytes, uploadedAt: row.cv.uploadedAt.toISOString() } : null,
    categories: profile.categories,
    preferredCountryCode: profile.preferredCountryCode,
    linkedinUrl: profile.linkedinUrl,
    discoverable: profile.discoverable,
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/** The stored CV at `path` when `userId` uploaded it, else null (another user's, an image, or none). */
export async function findOwnCv(db: Db, userId: number, path: string): Promise<{ path: string; fileName: string; sizeBytes: number } | null> {
  const [row] = await db
    .select({ path: storedFiles.path, fileName: storedFiles.fileName, sizeBytes: storedFiles.sizeBytes })
    .from(storedFiles)
    .where(and(eq(storedFiles.path, path), eq(storedFiles.ownerUserId, userId), eq(storedFiles.kind, CV_KIND)));
  return row ?? null;
}

/** The path of the CV on `userId`'s talent profile, or null. */
export async function profileCvPath(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ cvPath: applicantProfiles.cvPath }).from(applicantProfiles).where(eq(applicantProfiles.userId, userId));
  return row?.cvPath ?? null;
}

/**
 * The image id of an uploaded photo the user may wear: their current one, or one they uploaded for
 * no profile (upload type 'image' or 'portrait'); else a 400 on imagePath.
 */
async function ownPhotoId(db: Db, userId: number, path: string): Promise<number> {
  const [row] = await db
    .select({ id: images.id, uploadedBy: images.uploadedBy, ownerKind: images.ownerKind, current: sql<boolean>`${users.imageId} = ${images.id}` })
    .from(images)
    .leftJoin(users, eq(users.id, userId))
    .where(eq(images.path, path));
  if (row && (row.current === true || (row.uploadedBy === userId && row.ownerKind === null))) return row.id;
  throw new AppError('E_VALIDATION', `Invalid input. imagePath: ${NOT_YOUR_IMAGE}`, { imagePath: [NOT_YOUR_IMAGE] });
}

/**
 * PUT /api/applicant: saves the whole talent profile in `tx`, creating the applicant profile (enabled)
 * when missing. The CV must be one the user uploaded and the photo one they may wear (400 otherwise).
 * spec 5: the schema already turned a preferred country of REMOTE into null.
 * @returns the CV the profile held before, when it changed (the caller deletes it if nothing else uses it).
 */
export async function saveTalentProfile(tx: Db, userId: number, values: ApplicantProfileValues, now: Date): Promise<{ replacedCvPath: string | null }> {
  if (values.cvPath && !(await findOwnCv(tx, userId, values.cvPath))) {
    throw new AppError('E_VALIDATION', `Invalid input. cvPath: ${NOT_YOUR_CV}`, { cvPath: [NOT_YOUR_CV] });
  }
  const imageId = values.imagePath ? await ownPhotoId(tx, userId, values.imagePath) : null;
  const before = await profileCvPath(tx, userId);
  await tx.update(users).set({ firstName: values.name.first, lastName: values.name.last, imageId, updatedAt: now }).where(eq(users.id, userId));
  const fields = {
    headline: values.headline,
    cvPath: values.cvPath,
    categories: values.categories,
    preferredCountryCode: values.preferredCountryCode,
    linkedinUrl: values.linkedinUrl,
    discoverable: values.discoverable,
    updatedAt: now,
  };
  await tx
    .insert(applicantProfiles)
    .values({ userId, enabled: true, createdAt: now, ...fields })
    .onConflictDoUpdate({ target: applicantProfiles.userId, set: fields });
  return { replacedCvPath: before && before !== values.cvPath ? before : null };
}

/**
 * Makes sure `userId` has an enabled applicant profile (quick apply creates it), and with `cvPath`
 * puts that CV on it ("Also save to my profile").
 * @returns the CV the profile held before, when `cvPath` replaced it.
 */
export async function ensureApplicantProfile(tx: Db, userId: number, now: Date, cvPath?: string): Promise<{ replacedCvPath: string | null }> {
  const before = cvPath ? await profileCvPath(tx, userId) : null;
  await tx
    .insert(applicantProfiles)
    .values({ userId, enabled: true, createdAt: now, updatedAt: now, ...(cvPath ? { cvPath } : {}) })
    .onConflictDoUpdate({ target: applicantProfiles.userId, set: { enabled: true, updatedAt: now, ...(cvPath ? { cvPath } : {}) } });
  return { replacedCvPath: before && cvPath && before !== cvPath ? before : null };
}

/** No talent profile and no application points at the file. */
const unreferenced: SQL = sql`not exists (select 1 from ${applicantProfiles} where ${applicantProfiles.cvPath} = ${storedFiles.path})
  and not exists (select 1 from ${applications} where ${applications.cvPath} = ${storedFiles.path})`;

/**
 * Deletes the CVs among `paths` (or, with `createdBefore`, every CV uploaded before then) that no
 * talent profile and no application references: an application keeps the CV it was sent with, whatever
 * the profile's CV becomes. The rows are locked first, so a concurrent apply that references one (its
 * foreign key check) waits for this transaction, then fails cleanly instead of losing its CV.
 * @returns how many files were deleted.
 */
export async function deleteUnreferencedCvs(tx: Db, store: FileStore, which: { paths: readonly (string | null | undefined)[] } | { createdBefore: Date }): Promise<number> {
  let scope: SQL;
  if ('paths' in which) {
    const paths = [...new Set(which.paths.filter((p): p is string => typeof p === 'string'))];
    if (!paths.length) return 0;
    scope = inArray(storedFiles.path, paths);
  } else {
    scope = lt(storedFiles.createdAt, which.createdBefore);
  }
  const rows = await tx
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(and(eq(storedFiles.kind, CV_KIND), scope, unreferenced))
    .for('update', { skipLocked: true });
  return store.delete(tx, rows.map((r) => r.path));
}

/**
 * DELETE /api/applicant, in `tx`: the applicant profile, every application of the user (their notes,
 * ratings and history go with them), their saved and interesting jobs, and every CV they uploaded.
 * The account, its follows and any startup or investor profile stay.
 */
export async function deleteTalentProfile(tx: Db, store: FileStore, userId: number): Promise<ApplicantDeleted> {
  const gone = await tx.delete(applications).where(eq(applications.userId, userId)).returning({ id: applications.id });
  await tx.delete(jobUserFlags).where(eq(jobUserFlags.userId, userId));
  await tx.delete(applicantProfiles).where(eq(applicantProfiles.userId, userId));
  const cvs = await tx.select({ path: storedFiles.path }).from(storedFiles).where(and(eq(storedFiles.ownerUserId, userId), eq(storedFiles.kind, CV_KIND)));
  const files = await store.delete(tx, cvs.map((f) => f.path));
  // The saved choice named the profile that is gone (spec 4: the selection falls back to another profile).
  await tx
    .update(users)
    .set({ profile: null })
    .where(and(eq(users.id, userId), like(users.profile, 'applicant:%')));
  return { applications: gone.length, files };
}

/** Whether `userId` exists (a session can outlive its user only briefly). */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}
