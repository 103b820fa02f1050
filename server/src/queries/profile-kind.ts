/**
 * The two kinds of profile a team runs (a startup or an investor, issue #11): their tables, their
 * names in messages, and the one lookup of a live (not deleted) profile by key that every write of
 * either kind starts from.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, companyMembers, investorMembers, investors } from '../db/schema';
import { notFound } from '../errors';

export type ProfileKind = 'company' | 'investor';

/** The tables of each kind; the member table's profile column is the one that differs. */
export function profileTables(kind: ProfileKind) {
  return kind === 'company'
    ? { profiles: companies, members: companyMembers, memberProfileId: companyMembers.companyId }
    : { profiles: investors, members: investorMembers, memberProfileId: investorMembers.investorId };
}

/** What a profile is called in messages: "startup" or "investor"; `record` names it in 404s as the public routes do. */
export const KIND_LABEL: Record<ProfileKind, { noun: string; title: string; record: string }> = {
  company: { noun: 'startup', title: 'Startup', record: 'Company' },
  investor: { noun: 'investor', title: 'Investor', record: 'Investor' },
};

export interface ProfileRef {
  kind: ProfileKind;
  id: number;
  key: string;
  name: string;
}

export interface LiveProfile extends ProfileRef {
  status: 'DRAFT' | 'ACTIVE' | 'INACTIVE';
  submittedAt: Date | null;
}

/** A startup or investor by key, or null when there is none or it was deleted (a deleted one keeps its row and key). */
export async function findProfile(db: Db, kind: ProfileKind, key: string): Promise<LiveProfile | null> {
  const { profiles } = profileTables(kind);
  const [row] = await db
    .select({ id: profiles.id, key: profiles.key, name: profiles.name, status: profiles.status, submittedAt: profiles.submittedAt })
    .from(profiles)
    .where(and(eq(profiles.key, key), isNull(profiles.deletedAt)));
  return row ? { kind, ...row } : null;
}

/** findProfile, or a 404 naming the record ('Company not found'). */
export async function findLiveProfile(db: Db, kind: ProfileKind, key: string): Promise<LiveProfile> {
  const profile = await findProfile(db, kind, key);
  if (!profile) throw notFound(KIND_LABEL[kind].record);
  return profile;
}
