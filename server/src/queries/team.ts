/**
 * Teams of startups and investors (issue #11): members, e-mail invitations and their links. One
 * implementation for both kinds of profile: `kind` picks companies/company_members or
 * investors/investor_members.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Invitation, InvitationInfo, Member, Team } from '@nordlys/sdk/schemas';
import { INVITATION_DAYS } from '@nordlys/sdk/constants';
import { hashToken, randomToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { companyMembers, images, investorMembers, profileInvitations, users } from '../db/schema';
import { AppError, notFound } from '../errors';
import { toImage } from '../images';
import { KIND_LABEL, profileTables as tables, type ProfileKind, type ProfileRef } from './profile-kind';

export { findProfile, KIND_LABEL, type ProfileKind, type ProfileRef } from './profile-kind';

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_LIFETIME_MS = INVITATION_DAYS * DAY_MS;

/** Open invitations: neither accepted nor expired (a withdrawn or replaced one is expired at once). */
const isOpen = (now: Date) => and(isNull(profileInvitations.acceptedAt), gt(profileInvitations.expiresAt, now));

/** The members, oldest first, and the open invitations, newest first. */
export async function getTeam(db: Db, profile: ProfileRef, now = new Date()): Promise<Team> {
  const { members, memberProfileId } = tables(profile.kind);
  const [memberRows, invitationRows] = await Promise.all([
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        imagePath: images.path,
        role: members.role,
        joinedAt: members.createdAt,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .leftJoin(images, eq(images.id, users.imageId))
      .where(eq(memberProfileId, profile.id))
      .orderBy(asc(members.createdAt), asc(users.id)),
    db
      .select({ id: profileInvitations.id, email: profileInvitations.email, createdAt: profileInvitations.createdAt, expiresAt: profileInvitations.expiresAt })
      .from(profileInvitations)
      .where(and(eq(profileInvitations.kind, profile.kind), eq(profileInvitations.profileId, profile.id), isOpen(now)))
      .orderBy(sql`${profileInvitations.createdAt} desc`, sql`${profileInvitations.id} desc`),
  ]);
  return {
    members: memberRows.map(
      (m): Member => ({
        userId: m.userId,
        name: `${m.firstName} ${m.lastName}`.trim(),
        email: m.email,
        imageUrl: toImage(m.imagePath)?.sizes.thumbnail ?? null,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      }),
    ),
    invitations: invitationRows.map(
      (i): Invitation => ({ id: i.id, email: i.email, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() }),
    ),
  };
}

/** Whether a user with this e-mail address (any case) is already on the team. */
export async function isMemberByEmail(db: Db, profile: ProfileRef, email: string): Promise<boolean> {
  const { members, memberProfileId } = tables(profile.kind);
  const [row] = await db
    .select({ userId: members.userId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(memberProfileId, profile.id), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return !!row;
}

/**
 * A new invitation for `email`, valid INVITATION_DAYS days: its link's token, returned only this
 * once (the database keeps its SHA-256). Earlier open invitations to the address stay valid until
 * `retireOlderInvitations`, which the caller runs once the new mail is out.
 */
export async function createInvitation(
  db: Db,
  { profile, email, invitedBy, now = new Date() }: { profile: ProfileRef; email: string; invitedBy: number; now?: Date },
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const [row] = await db
    .insert(profileInvitations)
    .values({ kind: profile.kind, profileId: profile.id, email: email.toLowerCase(), tokenHash: hashToken(token), invitedBy, createdAt: now, expiresAt })
    .returning({ id: profileInvitations.id });
  return { id: row!.id, token, expiresAt };
}

/** Ends the open invitations to `email` other than `keepId`: re-inviting replaces the old link. */
export async function retireOlderInvitations(db: Db, profile: ProfileRef, email: string, keepId: number, now = new Date()): Promise<void> {
  await db
    .update(profileInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(profileInvitations.kind, profile.kind),
        eq(profileInvitations.profileId, profile.id),
        eq(profileInvitations.email, email.toLowerCase()),
        sql`${profileInvitations.id} <> ${keepId}`,
        isOpen(now),
      ),
    );
}

/** Withdraws an open invitation of the profile (its link then answers 410); false when there is no such open one. */
export async function withdrawInvitation(db: Db, profile: ProfileRef, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(profileInvitations)
    .set({ expiresAt: now })
    .where(and(eq(profileInvitations.id, id), eq(profileInvitations.kind, profile.kind), eq(profileInvitations.profileId, profile.id), isOpen(now)))
    .returning({ id: profileInvitations.id });
  return rows.length > 0;
}

export const INVITATION_MESSAGES = {
  used: 'This invitation has already been used. Ask the team for a new one if you still need to join.',
  expired: 'This invitation has expired or was withdrawn. Ask the team to send you a new one.',
  profileGone: (kind: ProfileKind) => `The ${KIND_LABEL[kind].noun} of this invitation no longer exists.`,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The invitation of a token and the profile it is for; 404 when unknown. */
async function loadInvitation(db: Db | Tx, token: string, { lock = false } = {}) {
  const query = db
    .select({
      id: profileInvitations.id,
      kind: profileInvitations.kind,
      profileId: profileInvitations.profileId,
      expiresAt: profileInvitations.expiresAt,
      acceptedAt: profileInvitations.acceptedAt,
      acceptedBy: profileInvitations.acceptedBy,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
    })
    .from(profileInvitations)
    .leftJoin(users, eq(users.id, profileInvitations.invitedBy))
    .where(eq(profileInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: profileInvitations }) : await query;
  if (!row) throw notFound('Invitation');
  const { profiles } = tables(row.kind);
  const [profile] = await db
    .select({ key: profiles.key, name: profiles.name, deletedAt: profiles.deletedAt })
    .from(profiles)
    .where(eq(profiles.id, row.profileId));
  const info: InvitationInfo = {
    kind: row.kind,
    key: profile?.key ?? '',
    name: profile?.name ?? '',
    invitedBy: row.inviterFirst === null ? null : `${row.inviterFirst} ${row.inviterLast ?? ''}`.trim(),
    expiresAt: row.expiresAt.toISOString(),
  };
  return { row, info, profileLive: !!profile && profile.deletedAt === null };
}

/** GET /invitations/{token}: what a link invites to. 404 unknown; 410 E_GONE when used, expired, withdrawn or its profile deleted. */
export async function invitationInfo(db: Db, token: string, now = new Date()): Promise<InvitationInfo> {
  const { row, info, profileLive } = await loadInvitation(db, token);
  if (!profileLive) throw new AppError('E_GONE', INVITATION_MESSAGES.profileGone(row.kind));
  if (row.acceptedAt) throw new AppError('E_GONE', INVITATION_MESSAGES.used);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('E_GONE', INVITATION_MESSAGES.expired);
  return info;
}

/**
 * POST /invitations/accept: the user joins the team and the link is used up. The link is the
 * credential, so the signed-in user joins whatever their e-mail address (the invitee may sign up
 * with another address than the one invited). Taking a link again as the user who took it answers
 * the same (a double click); anyone else gets 410. Already a member: joins nothing, still uses the link.
 */
export async function acceptInvitation(db: Db, token: string, userId: number, now = new Date()): Promise<InvitationInfo> {
  return db.transaction(async (tx) => {
    // Locked, so two people taking one link at once cannot both join.
    const { row, info, profileLive } = await loadInvitation(tx, token, { lock: true });
    if (!profileLive) throw new AppError('E_GONE', INVITATION_MESSAGES.profileGone(row.kind));
    if (row.acceptedAt) {
      if (row.acceptedBy === userId) return info;
      throw new AppError('E_GONE', INVITATION_MESSAGES.used);
    }
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('E_GONE', INVITATION_MESSAGES.expired);
    await tx.update(profileInvitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(profileInvitations.id, row.id));
    if (row.kind === 'company') {
      await tx.insert(companyMembers).values({ userId, companyId: row.profileId, role: 'admin', createdAt: now }).onConflictDoNothing();
    } else {
      await tx.insert(investorMembers).values({ userId, investorId: row.profileId, role: 'admin', createdAt: now }).onConflictDoNothing();
    }
    return info;
  });
}

export type RemoveOutcome = 'removed' | 'not-member' | 'last-member';

/**
 * Takes a user off the team (removing someone, or leaving). The last member never goes: a profile
 * always keeps someone who can manage it. The profile row is locked, so two members removing each
 * other at once cannot leave it empty.
 */
export async function removeMember(db: Db, profile: ProfileRef, userId: number): Promise<RemoveOutcome> {
  const { profiles, members, memberProfileId } = tables(profile.kind);
  return db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profile.id)).for('update');
    const rows = await tx.select({ userId: members.userId }).from(members).where(eq(memberProfileId, profile.id));
    if (!rows.some((r) => r.userId === userId)) return 'not-member';
    if (rows.length <= 1) return 'last-member';
    await tx.delete(members).where(and(eq(memberProfileId, profile.id), eq(members.userId, userId)));
    // The saved profile choice (spec 3, e.g. 'company:northwind-labs') no longer fits.
    await tx
      .update(users)
      .set({ profile: null })
      .where(and(eq(users.id, userId), eq(users.profile, `${profile.kind}:${profile.key}`)));
    return 'removed';
  });
}
