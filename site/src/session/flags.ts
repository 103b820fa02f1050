/**
 * Issue #13: the signed-in viewer's marks on jobs and startups, shared by every Save, I'm interested,
 * Follow and Apply control of the page. A signed-in viewer's answers carry them (spec 3 `saved`,
 * `interestedAt`, `followed`; issue #32), so the server's HTML shows them pressed; a visitor's answers
 * carry none and stay cacheable. The provider (FlagsProvider.tsx) also loads them with the
 * applications (GET /api/applicant/flags) once per sign-in, for what a sign-in in a modal changes
 * without a new answer, and applies each toggle at once, rolling back with a message when the server refuses.
 */
import type { ViewerFlags } from '@nordlys/sdk/schemas';
import { createContext, useContext } from 'react';

export interface FlagsState {
  /** null while signed out, or before the first answer. */
  flags: ViewerFlags | null;
  /**
   * Whether the mark is set. `answered` is what the page's answer said (the job's `saved`, …): it
   * counts until the viewer's flags load, so the server render and the first client render agree.
   */
  isSaved(jobId: number, answered?: boolean): boolean;
  isInterested(jobId: number, answered?: boolean): boolean;
  isFollowing(companyKey: string, answered?: boolean): boolean;
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
    isSaved: (_id, answered) => answered === true,
    isInterested: (_id, answered) => answered === true,
    isFollowing: (_key, answered) => answered === true,
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
