/** A user's profiles (spec 3, "Profile entry"), which one is selected (spec 4) and how the choice is stored. */
import { PRIMARY_PLATFORM, PROFILE_TYPES, type Platform } from './constants';
import { companyAdminPath, investorAdminPath, PATHS } from './navigation';
import { safeReturnPath } from './return-path';
// Types only: the schemas (and valibot) stay off the first page load, which reads the cookie through here.
import type { ProfileEntry, ProfileSelection, User, UserCompany, UserInvestor } from './schemas/user';

/** The sister investor and impact platform (spec 3, global state): the platform that is not primary. */
export const SISTER_PLATFORM = 'sister' satisfies Platform;

/** spec 3: a startup profile entry; a draft links straight to its edit page, where spec 2.12 would send it anyway. */
function companyProfile(company: UserCompany): ProfileEntry {
  const isDraft = company.status === 'DRAFT';
  return {
    type: 'company',
    key: company.key,
    name: company.name,
    link: companyAdminPath(company.key, isDraft ? 'edit' : undefined),
    imageLink: company.logoImage?.thumbnailSizeUrl ?? null,
    additional: company.countries.map((c) => c.countryCode),
    typeLabel: 'Startup',
    isDraft,
    description: 'Startup management and recruitment',
  };
}

/** spec 3: an investor profile entry; a draft links to its edit page, like a startup's. */
function investorProfile(investor: UserInvestor): ProfileEntry {
  const isDraft = investor.status === 'DRAFT';
  return {
    type: 'investor',
    key: investor.key,
    name: investor.name,
    link: investorAdminPath(investor.key, isDraft ? 'edit' : undefined),
    imageLink: investor.logoImage?.thumbnailSizeUrl ?? null,
    additional: [...investor.countryCodes],
    typeLabel: 'Investor',
    isDraft,
    description: 'Investment and funding',
  };
}

/** spec 3: the applicant (talent) entry; its key is the user's id, the user having one applicant profile. */
function applicantProfile(user: User): ProfileEntry {
  return {
    type: 'applicant',
    key: applicantKey(user),
    name: user.fullName,
    link: PATHS.applicant,
    imageLink: user.imageUrl,
    additional: [],
    typeLabel: 'Talent',
    isDraft: false,
    description: 'Talent',
  };
}

const applicantKey = (user: Pick<User, 'id'>) => String(user.id);

/**
 * spec 3: every profile a user holds, on any platform: their startups, then their investors, then
 * the applicant profile when it is enabled. Filter with {@link profilesOnPlatform}.
 */
export function deriveProfiles(user: User): ProfileEntry[] {
  return [
    ...user.companies.map(companyProfile),
    ...user.investors.map(investorProfile),
    ...(user.applicant?.enabled === true ? [applicantProfile(user)] : []),
  ];
}

/** Whether a profile is listed on a platform; the applicant profile exists only on the primary platform. */
function isOnPlatform(profile: ProfileEntry, user: User, platform: Platform): boolean {
  switch (profile.type) {
    case 'company':
      return user.companies.find((c) => c.key === profile.key)?.platform[platform] === true;
    case 'investor':
      return user.investors.find((i) => i.key === profile.key)?.platform[platform] === true;
    case 'applicant':
      // Talent is this product's own audience: the sister platform has no applicant profiles.
      return platform === PRIMARY_PLATFORM;
  }
}

/**
 * spec 4: the profiles available on a platform: startups and investors whose platform map says
 * `true` for it; the applicant profile on the primary platform only.
 */
export function profilesOnPlatform(
  profiles: readonly ProfileEntry[],
  user: User,
  platform: Platform = PRIMARY_PLATFORM,
): ProfileEntry[] {
  return profiles.filter((profile) => isOnPlatform(profile, user, platform));
}

/**
 * spec 2.11 (connect-profile) and 4: the user's startups and investors that are on the sister
 * platform but not yet on this one, which the connect-profile modal offers to bring over.
 */
export function connectableProfiles(user: User): ProfileEntry[] {
  const all = deriveProfiles(user);
  return profilesOnPlatform(all, user, SISTER_PLATFORM).filter((p) => !isOnPlatform(p, user, PRIMARY_PLATFORM));
}

/** The key and type that identify a profile: what the cookie and the user record store. */
export function selectionOf(profile: ProfileEntry): ProfileSelection {
  return { type: profile.type, key: profile.key };
}

/** The profile a selection points at, if it is among `profiles` (that is, still valid). */
export function findProfile(profiles: readonly ProfileEntry[], selection: ProfileSelection | null): ProfileEntry | null {
  if (!selection) return null;
  return profiles.find((p) => p.type === selection.type && p.key === selection.key) ?? null;
}

export interface SelectProfileInput {
  /** The valid profiles: the user's profiles on this platform. */
  profiles: readonly ProfileEntry[];
  /** The saved choice of the user record (`user.profile`), e.g. 'company:northwind-labs'. */
  savedChoice: string | null;
  /** The raw value of the cookie 'user.profile'. */
  cookie: string | null | undefined;
}

/**
 * spec 4: exactly one valid profile is selected automatically; otherwise the user record's saved
 * choice, then the cookie's, whichever first names a valid profile; else none.
 */
export function selectProfile({ profiles, savedChoice, cookie }: SelectProfileInput): ProfileEntry | null {
  if (profiles.length === 1) return profiles[0] ?? null;
  return findProfile(profiles, parseSavedChoice(savedChoice)) ?? findProfile(profiles, parseProfileCookie(cookie));
}

/**
 * spec 4: the value of the cookie 'user.profile' (COOKIES.userProfile): key and type as
 * URI-encoded JSON, safe in a cookie whatever the key holds.
 * @example profileCookieValue({ type: 'company', key: 'northwind-labs' }) // '%7B%22key%22%3A%22northwind-labs%22%2C%22type%22%3A%22company%22%7D'
 */
export function profileCookieValue(selection: ProfileSelection): string {
  return encodeURIComponent(JSON.stringify({ key: selection.key, type: selection.type }));
}

/** spec 4: reads the cookie 'user.profile'; anything but a well-formed key and type gives null. */
export function parseProfileCookie(value: string | null | undefined): ProfileSelection | null {
  if (!value) return null;
  try {
    return validSelection(JSON.parse(decodeURIComponent(value)));
  } catch {
    return null;
  }
}

/**
 * spec 3: the saved choice as the user record holds it (PUT users/me `profile`): '{type}:{key}'.
 * @example toSavedChoice({ type: 'company', key: 'northwind-labs' }) // 'company:northwind-labs'
 */
export function toSavedChoice(selection: ProfileSelection): string {
  return `${selection.type}:${selection.key}`;
}

/** spec 3: reads the user record's saved choice; the key is everything after the first ':'. Garbage gives null. */
export function parseSavedChoice(text: string | null | undefined): ProfileSelection | null {
  if (!text) return null;
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  return validSelection({ type: text.slice(0, colon), key: text.slice(colon + 1) });
}

/** ProfileSelectionSchema's rule (a known type and a string key), checked without valibot, and a non-empty key. */
function validSelection(input: unknown): ProfileSelection | null {
  if (typeof input !== 'object' || input === null) return null;
  const { type, key } = input as Record<string, unknown>;
  const known = PROFILE_TYPES.find((t) => t === type);
  return known && typeof key === 'string' && key !== '' ? { type: known, key } : null;
}

/**
 * spec 4: logout or reset clears the selection: the cookie 'user.profile' is removed (this is its
 * new value). The user record's saved choice is left alone: 'Remember my choice next time I log
 * in' (spec 2.11) must outlive the session.
 */
export function clearedSelection(): null {
  return null;
}

/** spec 4: creating an applicant profile (POST applicant) selects it. */
export function selectionAfterCreatingApplicant(user: Pick<User, 'id'>): ProfileSelection {
  return { type: 'applicant', key: applicantKey(user) };
}

/**
 * spec 2.1: the `{id}` of a profile's settings page /profile-settings/{id} (issue #13): 'applicant'
 * for the talent profile (a user has one), 'company-{key}' and 'investor-{key}' for the others.
 * @example profileSettingsId({ type: 'company', key: 'northwind-labs' }) // 'company-northwind-labs'
 */
export function profileSettingsId(entry: Pick<ProfileEntry, 'type' | 'key'>): string {
  return entry.type === 'applicant' ? 'applicant' : `${entry.type}-${entry.key}`;
}

/** The profile among `profiles` whose settings id is `id` (see profileSettingsId), or null: not one of the user's. */
export function findProfileBySettingsId(profiles: readonly ProfileEntry[], id: string): ProfileEntry | null {
  return profiles.find((profile) => profileSettingsId(profile) === id) ?? null;
}

/**
 * spec 2.11 and 4: where a chosen profile leads: the 'to' query target when it is a path on this
 * site, else the profile's own link.
 */
export function profileDestination(profile: Pick<ProfileEntry, 'link'>, to: string | null | undefined): string {
  return safeReturnPath(to) ?? profile.link;
}
