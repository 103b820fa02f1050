/**
 * The profile writes of issue #11 (startups and investors): create with a unique key, save the edit
 * form, submit for review, and delete (soft: the row stays so that the key stays taken). The routers
 * check who may call them; these check the state of the profile.
 */
import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { CompanyInputValue, InvestorInputValue } from '@nordlys/sdk/schemas';
import { companyMissing, investorMissing, keyFromName, nextKey, type MissingField } from '@nordlys/sdk/profile-review';
import { sanitizeUserHtml } from '@nordlys/sdk/sanitize';
import { isUniqueViolation } from '../accounts/users';
import type { Db } from '../db/client';
import {
  companies,
  companyMembers,
  images,
  investorMembers,
  investors,
  profileInvitations,
  whiteLabelFeeds,
  type TeamMemberRow,
} from '../db/schema';
import { AppError } from '../errors';
import { findLiveProfile, profileTables, type ProfileKind } from './profile-kind';
import { careersClaimColumns } from './domain-claims';

export { findLiveProfile, type ProfileKind } from './profile-kind';

type ProfileTable = typeof companies | typeof investors;

const tableOf = (kind: ProfileKind): ProfileTable => profileTables(kind).profiles;

/** The acting user, as the guards resolved them. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
}

const KEY_TAKEN = 'This address is taken. Please choose another one.';

/**
 * Inserts a new profile under `given` (409 E_CONFLICT `errors.key` when taken, also by a deleted
 * profile) or under a key made from the name (sdk keyFromName), with '-2', '-3'… while taken.
 * The creator becomes its admin member in the same transaction.
 */
async function insertProfile(
  db: Db,
  kind: ProfileKind,
  name: string,
  given: string | undefined,
  insert: (tx: Db, key: string) => Promise<number>,
  memberUserId: number,
): Promise<string> {
  const table = tableOf(kind);
  const base = keyFromName(name, kind);
  for (let round = 0; ; round++) {
    let key = given;
    if (key === undefined) {
      const taken = new Set(
        (await db.select({ key: table.key }).from(table).where(or(eq(table.key, base), like(table.key, `${base}-%`)))).map((r) => r.key),
      );
      key = base;
      for (let attempt = 1; taken.has(key); attempt++) key = nextKey(base, attempt);
    }
    try {
      await db.transaction(async (tx) => {
        const id = await insert(tx as unknown as Db, key);
        if (kind === 'company') await tx.insert(companyMembers).values({ userId: memberUserId, companyId: id, role: 'admin' });
        else await tx.insert(investorMembers).values({ userId: memberUserId, investorId: id, role: 'admin' });
      });
      return key;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A given key is the user's choice: say so. A made one lost a race: make the next one.
      if (given !== undefined || round >= 4) throw new AppError('E_CONFLICT', KEY_TAKEN, { key: [KEY_TAKEN] });
    }
  }
}

/** POST /companies: a DRAFT startup; answers its key. */
export async function createCompany(db: Db, userId: number, input: { name: string; key?: string }, now = new Date()): Promise<string> {
  return insertProfile(
    db,
    'company',
    input.name,
    input.key,
    async (tx, key) => {
      const [row] = await tx
        .insert(companies)
        .values({ key, name: input.name, status: 'DRAFT', createdAt: now, updatedAt: now })
        .returning({ id: companies.id });
      return row!.id;
    },
    userId,
  );
}

/** A new investor's category when the create form leaves it out; the edit form asks for it again. */
export const DEFAULT_INVESTOR_CATEGORY = 'ANGEL';

/** POST /investors: a DRAFT investor; answers its key. */
export async function createInvestor(
  db: Db,
  userId: number,
  input: { name: string; key?: string; category?: string },
  now = new Date(),
): Promise<string> {
  return insertProfile(
    db,
    'investor',
    input.name,
    input.key,
    async (tx, key) => {
      const [row] = await tx
        .insert(investors)
        .values({ key, name: input.name, status: 'DRAFT', category: input.category ?? DEFAULT_INVESTOR_CATEGORY, createdAt: now, updatedAt: now })
        .returning({ id: investors.id });
      return row!.id;
    },
    userId,
  );
}

const NOT_AN_UPLOAD = 'Image must be an image uploaded for this profile';

/**
 * Image paths of a form → image ids. Each must exist, and belong to this profile, have been
 * uploaded by the actor, or be one the profile already shows (demo images have no owner); admins
 * may use any stored image. Otherwise 400 naming the field.
 */
async function resolveImages(
  db: Db,
  kind: ProfileKind,
  profileId: number,
  actor: Actor,
  currentIds: readonly (number | null)[],
  fields: Record<string, (string | null)[]>,
): Promise<Map<string, number>> {
  const paths = [...new Set(Object.values(fields).flat().filter((p): p is string => !!p))];
  const rows = paths.length
    ? await db
        .select({ id: images.id, path: images.path, ownerKind: images.ownerKind, ownerId: images.ownerId, uploadedBy: images.uploadedBy })
        .from(images)
        .where(inArray(images.path, paths))
    : [];
  const current = new Set(currentIds.filter((id) => id !== null));
  const usable = new Map(
    rows
      .filter(
        (r) => actor.isAdmin || (r.ownerKind === kind && r.ownerId === profileId) || r.uploadedBy === actor.userId || current.has(r.id),
      )
      .map((r) => [r.path, r.id]),
  );
  const errors: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(fields)) {
    if (list.some((p) => p && !usable.has(p))) errors[field] = [NOT_AN_UPLOAD];
  }
  if (Object.keys(errors).length) throw new AppError('E_VALIDATION', `Invalid input. ${Object.keys(errors).join(', ')}: ${NOT_AN_UPLOAD}`, errors);
  return usable;
}

/** Rich text as stored: sanitized with the one policy (sdk/sanitize); nothing left means none. */
function storedHtml(html: string | null): string | null {
  if (!html) return null;
  const clean = sanitizeUserHtml(html);
  return clean.replace(/<[^>]*>/g, '').trim() ? clean : null;
}

const people = (list: { name: string; title: string | null; image: string | null }[], ids: Map<string, number>): TeamMemberRow[] =>
  list.map((p) => ({ name: p.name, title: p.title, imageId: p.image ? ids.get(p.image)! : null }));

/** PUT /companies/{key}: the whole profile of the edit form. `countryCodes` follows the addresses (the lists filter on it). */
export async function updateCompany(db: Db, key: string, input: CompanyInputValue, actor: Actor, now = new Date()): Promise<void> {
  const { id } = await findLiveProfile(db, 'company', key);
  const [current] = await db
    .select({ logo: companies.logoImageId, cover: companies.coverImageId, gallery: companies.galleryImageIds, team: companies.team })
    .from(companies)
    .where(eq(companies.id, id));
  const ids = await resolveImages(db, 'company', id, actor, [current!.logo, current!.cover, ...current!.gallery, ...current!.team.map((m) => m.imageId)], {
    logoImage: [input.logoImage],
    coverImage: [input.coverImage],
    galleryImages: input.galleryImages,
    team: input.team.map((m) => m.image),
  });
  const idOf = (path: string | null) => (path ? ids.get(path)! : null);
  await db
    .update(companies)
    .set({
      name: input.name,
      website: input.website,
      logoImageId: idOf(input.logoImage),
      coverImageId: idOf(input.coverImage),
      galleryImageIds: input.galleryImages.map((p) => ids.get(p)!),
      whatWeDo: storedHtml(input.whatWeDo),
      team: people(input.team, ids),
      quote: input.quote,
      addresses: input.addresses,
      countryCodes: input.addresses.map((a) => a.countryCode),
      fundingStage: input.fundingStage,
      numberOfEmployees: input.numberOfEmployees,
      businessModel: input.businessModel,
      perks: input.perks,
      industries: input.industries,
      sdgs: input.sdgs,
      keyFigures: input.keyFigures,
      foundedYear: input.foundedYear,
      updatedAt: now,
    })
    .where(eq(companies.id, id));
}

/** PUT /investors/{key}: the whole profile of the edit form. */
export async function updateInvestor(db: Db, key: string, input: InvestorInputValue, actor: Actor, now = new Date()): Promise<void> {
  const { id } = await findLiveProfile(db, 'investor', key);
  const [current] = await db
    .select({ logo: investors.logoImageId, small: investors.smallImageId, cover: investors.coverImageId, people: investors.keyPeople })
    .from(investors)
    .where(eq(investors.id, id));
  const ids = await resolveImages(db, 'investor', id, actor, [current!.logo, current!.small, current!.cover, ...current!.people.map((p) => p.imageId)], {
    logoImage: [input.logoImage],
    smallImage: [input.smallImage],
    coverImage: [input.coverImage],
    keyPeople: input.keyPeople.map((p) => p.image),
  });
  const idOf = (path: string | null) => (path ? ids.get(path)! : null);
  await db
    .update(investors)
    .set({
      name: input.name,
      website: input.website,
      logoImageId: idOf(input.logoImage),
      smallImageId: idOf(input.smallImage),
      coverImageId: idOf(input.coverImage),
      keyPeople: people(input.keyPeople, ids),
      intro: storedHtml(input.intro),
      category: input.category,
      industries: input.industries,
      investmentRanges: input.investmentRanges,
      markets: input.markets,
      countryCodes: input.countryCodes,
      contactPreference: input.contactPreference,
      contactEmail: input.contactEmail,
      typeKeywords: input.typeKeywords,
      updatedAt: now,
    })
    .where(eq(investors.id, id));
}

/** 400 listing each missing field under its name, as the edit form's checklist shows them. */
function missingError(missing: MissingField[]): AppError {
  const errors = Object.fromEntries(missing.map((m) => [m.field, [`${m.label} is required before review`]]));
  return new AppError('E_VALIDATION', `Please complete the profile before submitting it: ${missing.map((m) => m.label).join(', ')}`, errors);
}

/**
 * POST /{companies|investors}/{key}/submit: a complete DRAFT goes to the admins' queue
 * (submitted_at set, an earlier review note cleared). Submitting again while waiting changes nothing.
 */
export async function submitProfile(db: Db, kind: ProfileKind, key: string, now = new Date()): Promise<void> {
  const profile = await findLiveProfile(db, kind, key);
  if (profile.status !== 'DRAFT') throw new AppError('E_CONFLICT', `Only a draft can be submitted for review; this ${kind === 'company' ? 'startup' : 'investor'} is ${profile.status.toLowerCase()}`);
  if (profile.submittedAt) return;
  if (kind === 'company') {
    const [row] = await db
      .select({
        name: companies.name,
        website: companies.website,
        logoImage: companies.logoImageId,
        whatWeDo: companies.whatWeDo,
        addresses: companies.addresses,
        countryCodes: companies.countryCodes,
        industries: companies.industries,
        numberOfEmployees: companies.numberOfEmployees,
      })
      .from(companies)
      .where(eq(companies.id, profile.id));
    // Its countries count as the addresses the form shows for them (queries/companies.ts).
    const missing = companyMissing({ ...row!, addresses: row!.addresses.length ? row!.addresses : row!.countryCodes });
    if (missing.length) throw missingError(missing);
    await db.update(companies).set({ submittedAt: now, reviewNote: null, updatedAt: now }).where(eq(companies.id, profile.id));
  } else {
    const [row] = await db
      .select({
        name: investors.name,
        website: investors.website,
        logoImage: investors.logoImageId,
        intro: investors.intro,
        category: investors.category,
        industries: investors.industries,
        contactPreference: investors.contactPreference,
        contactEmail: investors.contactEmail,
      })
      .from(investors)
      .where(eq(investors.id, profile.id));
    const missing = investorMissing(row!);
    if (missing.length) throw missingError(missing);
    await db.update(investors).set({ submittedAt: now, reviewNote: null, updatedAt: now }).where(eq(investors.id, profile.id));
  }
}

/**
 * DELETE /{companies|investors}/{key} with the typed confirmation. The row stays (INACTIVE, deleted_at)
 * so the key stays taken; every public surface already requires ACTIVE, so its page, its jobs and its
 * portfolio links are gone. Its members and open invitations are removed (nobody manages a deleted
 * profile any more), a startup's career domain is released and its white-label feeds deleted.
 */
export async function deleteProfile(db: Db, kind: ProfileKind, key: string, confirm: string, now = new Date()): Promise<void> {
  const profile = await findLiveProfile(db, kind, key);
  if (confirm.trim() !== profile.key) {
    const message = `Type ${profile.key} to confirm`;
    throw new AppError('E_VALIDATION', message, { confirm: [message] });
  }
  await db.transaction(async (tx) => {
    if (kind === 'company') {
      await tx
        .update(companies)
        .set({ status: 'INACTIVE', deletedAt: now, ...careersClaimColumns(null), submittedAt: null, updatedAt: now })
        .where(eq(companies.id, profile.id));
      await tx.delete(whiteLabelFeeds).where(eq(whiteLabelFeeds.companyId, profile.id));
      await tx.delete(companyMembers).where(eq(companyMembers.companyId, profile.id));
    } else {
      await tx.update(investors).set({ status: 'INACTIVE', deletedAt: now, submittedAt: null, updatedAt: now }).where(eq(investors.id, profile.id));
      await tx.delete(investorMembers).where(eq(investorMembers.investorId, profile.id));
    }
    await tx.delete(profileInvitations).where(and(eq(profileInvitations.kind, kind), eq(profileInvitations.profileId, profile.id)));
  });
}
