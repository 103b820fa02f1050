/** The content and choices of the modals of spec 2.11: choose role, switch profile and connect profile. */
import { PATHS } from './navigation';
import { profileDestination } from './profiles';
import type { ProfileEntry } from './schemas/user';

/** spec 2.11: the exact texts. */
export const MODAL_TEXTS = {
  switchProfileTitle: 'Choose profile',
  rememberChoice: 'Remember my choice next time I log in',
  draft: '(Draft)',
  connectProfileTitle: 'Choose your option',
  continueWithProfile: 'Continue with this profile',
  createNewProfile: '+ Create a new profile',
} as const;

export interface RoleChoice {
  label: string;
  href: string;
}

/**
 * spec 2.11, choose-role: the sign-up variant offers jobs, startup and investor; the other variant
 * only startup and investor. The modal cannot be closed by Escape or the backdrop ({@link chooseRoleDismissible}).
 */
export function chooseRoleOptions(variant: 'sign-up' | 'profile'): RoleChoice[] {
  const startup = { label: "I'm a startup", href: PATHS.startupsJoin };
  const investor = { label: "I'm an investor", href: PATHS.investorsJoin };
  if (variant === 'profile') return [startup, investor];
  return [{ label: "I'm looking for jobs", href: `${PATHS.applicant}?create=1` }, startup, investor];
}

/** spec 2.11: choose-role is not closed by Escape or by clicking the backdrop. */
export const chooseRoleDismissible = false;

export interface SwitchProfileOption {
  profile: ProfileEntry;
  name: string;
  /** '(Draft)', or the country codes (spec 2.11). */
  additional: string;
  description: ProfileEntry['description'];
}

/**
 * spec 2.11, switch-profile: each profile shows its name, then '(Draft)' or its country codes, and
 * a description; `onlyStartups` restricts the list to startups.
 */
export function switchProfileOptions(profiles: readonly ProfileEntry[], { onlyStartups = false } = {}): SwitchProfileOption[] {
  return profiles
    .filter((p) => !onlyStartups || p.type === 'company')
    .map((profile) => ({
      profile,
      name: profile.name,
      additional: profile.isDraft ? MODAL_TEXTS.draft : profile.additional.join(', '),
      description: profile.description,
    }));
}

/** What choosing a profile in switch-profile does: store it (and remember it, if ticked), then go on. */
export interface ProfileChoice {
  selection: { type: ProfileEntry['type']; key: string };
  /** Save the choice in the user record ('Remember my choice next time I log in'). */
  remember: boolean;
  /** spec 2.11: the 'to' query parameter if present, else the profile's own link. */
  goTo: string;
}

export function chooseProfile(profile: ProfileEntry, { remember, to }: { remember: boolean; to?: string | null }): ProfileChoice {
  return { selection: { type: profile.type, key: profile.key }, remember, goTo: profileDestination(profile, to) };
}

export interface ConnectProfileOption {
  profile: ProfileEntry;
  action: typeof MODAL_TEXTS.continueWithProfile;
}

/**
 * spec 2.11, connect-profile: the user's profiles from the sister platform, each with 'Continue
 * with this profile'; '+ Create a new profile' opens choose-role.
 */
export function connectProfileOptions(connectable: readonly ProfileEntry[]): {
  options: ConnectProfileOption[];
  createNew: { label: typeof MODAL_TEXTS.createNewProfile; opens: 'choose-role' };
} {
  return {
    options: connectable.map((profile) => ({ profile, action: MODAL_TEXTS.continueWithProfile })),
    createNew: { label: MODAL_TEXTS.createNewProfile, opens: 'choose-role' },
  };
}
