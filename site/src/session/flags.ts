/**
 * Issue #13: the signed-in viewer's marks on jobs and startups (GET /api/applicant/flags), shared by
 * every Save, I'm interested, Follow and Apply control of the page. Public answers stay cacheable:
 * they never carry a viewer's flags. The provider (FlagsProvider.tsx) loads them once per sign-in and
 * applies each toggle at once, rolling back with a message when the server refuses.
 */
import type { ViewerFlags } from '@nordlys/sdk/schemas';
import { createContext, useContext } from 'react';

export interface FlagsState {
  /** null while signed out, or before the first answer. */
  flags: ViewerFlags | null;
  isSaved(jobId: number): boolean;
  isInterested(jobId: number): boolean;
  isFollowing(companyKey: string): boolean;
  /** The viewer's application to the job, or null. */
  applicationOf(jobId: number): number | null;
  /** Optimistic toggles; resolve to the state the server confirmed (rolled back on failure, with the error thrown). */
  setSaved(jobId: number, saved: boolean): Promise<void>;
  setInterested(jobId: number, interested: boolean): Promise<void>;
  setFollowing(companyKey: string, following: boolean): Promise<void>;
  /** After quick apply succeeds (or a withdrawal: null). */
  setApplied(jobId: number, applicationId: number | null): void;
}

export const FlagsContext = createContext<FlagsState | null>(null);

/** The viewer's flags; outside a FlagsProvider (tests of a lone component) nothing is marked and toggles throw. */
export function useViewerFlags(): FlagsState {
  const state = useContext(FlagsContext);
  if (state) return state;
  const refuse = () => Promise.reject(new Error('No FlagsProvider'));
  return {
    flags: null,
    isSaved: () => false,
    isInterested: () => false,
    isFollowing: () => false,
    applicationOf: () => null,
    setSaved: refuse,
    setInterested: refuse,
    setFollowing: refuse,
    setApplied: () => {},
  };
}

/**
 * Whether the page has a FlagsProvider (the default layout's). The mark toggles render only then: a
 * lone component (a test's card, the job form's inert preview outside the site) has no session to mark for.
 */
export function useHasFlags(): boolean {
  return useContext(FlagsContext) !== null;
}
