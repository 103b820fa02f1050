/** The after-sign-in decision of spec 4: where to go, or which profile modal to open. */
import { profileDestination } from './profiles';
import { safeReturnPath } from './return-path';
import { matchRoute } from './routes';

/** Where to go or which modal to open after sign-in (spec 4). */
export type AfterSignIn =
  | { kind: 'go'; to: string }
  | { kind: 'switch-profile' }
  | { kind: 'connect-profile' }
  | { kind: 'choose-role' };

export interface AfterSignInInput {
  /** The selected profile entry, if any. */
  selectedProfile: { link: string } | null | undefined;
  /** How many profiles the user has on this platform. */
  profilesCount: number;
  /** How many of the user's sister-platform profiles can be connected. */
  connectableCount: number;
  /** The 'to' query parameter. */
  to?: string | null;
}

/**
 * A 'to' target that wins over the profile modals: the link of a team invitation (issue #11). Whoever
 * signs in or up from it came to join that team, so it opens before any choice of profile or role.
 */
function invitationTarget(to: string | null | undefined): string | null {
  const path = safeReturnPath(to);
  return path && matchRoute(path)?.name === 'invitation' ? path : null;
}

/**
 * spec 4 "After sign-in", in the spec's order: with a selected profile go to 'to' or the profile
 * link; with several profiles and none selected, switch profile; with connectable profiles,
 * connect one; otherwise choose a role. A team invitation link as 'to' goes first (issue #11).
 */
export function afterSignIn(input: AfterSignInInput): AfterSignIn {
  const invitation = invitationTarget(input.to);
  if (invitation) return { kind: 'go', to: invitation };
  if (input.selectedProfile) return { kind: 'go', to: profileDestination(input.selectedProfile, input.to) };
  if (input.profilesCount > 1) return { kind: 'switch-profile' };
  if (input.connectableCount > 0) return { kind: 'connect-profile' };
  return { kind: 'choose-role' };
}
