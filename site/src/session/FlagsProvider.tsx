/**
 * The viewer's marks for the whole page (flags.ts, issue #13): loaded from GET /api/applicant/flags
 * once a user is signed in, and again whenever the session's user is read anew (sign-in, the
 * visibility re-check of spec 2.8); cleared on sign-out. Until they load, each toggle shows what the
 * page's answer said (spec 3 per-user fields, issue #32), so the server's HTML and the first client
 * render agree and a signed-in viewer's saved jobs show saved from the first paint.
 *
 * A toggle shows at once, then calls the server; the calls of one mark run one after another, so the
 * last click wins. A refused call puts the mark back and says so in a polite message at the foot of
 * the page (a status region that is always there, so screen readers announce it).
 */
import { isApiError, type Api } from '@nordlys/sdk/api';
import type { ViewerFlags } from '@nordlys/sdk/schemas';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { failureMessage } from '../components/form/failure';
import { useApi } from '../modals/useApi';
import { FlagsContext, type FlagsState } from './flags';
import { useSession } from './SessionProvider';

const NO_FLAGS: ViewerFlags = { savedJobIds: [], interestedJobIds: [], followedCompanyKeys: [], applied: {} };

/** One mark of the viewer's: what it is called in messages and how it reads and changes the flags. */
interface Mark {
  /** One chain of calls per mark ('save:12', 'follow:northwind-labs'). */
  key: string;
  read(flags: ViewerFlags): boolean;
  write(flags: ViewerFlags, on: boolean): ViewerFlags;
  call(api: Api, on: boolean): Promise<void>;
  /** The failure message's start: "The job could not be saved." */
  failed(on: boolean): string;
}

function withItem<T>(list: readonly T[], item: T, on: boolean): T[] {
  const rest = list.filter((x) => x !== item);
  return on ? [...rest, item] : rest;
}

const saveMark = (jobId: number): Mark => ({
  key: `save:${jobId}`,
  read: (f) => f.savedJobIds.includes(jobId),
  write: (f, on) => ({ ...f, savedJobIds: withItem(f.savedJobIds, jobId, on) }),
  call: (api, on) => (on ? api.jobs.save(jobId) : api.jobs.unsave(jobId)),
  failed: (on) => (on ? 'The job could not be saved.' : 'The job could not be removed from your saved jobs.'),
});

const interestMark = (jobId: number): Mark => ({
  key: `interested:${jobId}`,
  read: (f) => f.interestedJobIds.includes(jobId),
  write: (f, on) => ({ ...f, interestedJobIds: withItem(f.interestedJobIds, jobId, on) }),
  call: (api, on) => (on ? api.jobs.interested(jobId) : api.jobs.uninterested(jobId)),
  failed: (on) => (on ? 'Your interest in the job could not be saved.' : 'Your interest in the job could not be removed.'),
});

const followMark = (companyKey: string): Mark => ({
  key: `follow:${companyKey}`,
  read: (f) => f.followedCompanyKeys.includes(companyKey),
  write: (f, on) => ({ ...f, followedCompanyKeys: withItem(f.followedCompanyKeys, companyKey, on) }),
  call: (api, on) => (on ? api.companies.follow(companyKey) : api.companies.unfollow(companyKey)),
  failed: (on) => (on ? 'The startup could not be followed.' : 'The startup could not be unfollowed.'),
});

export function FlagsProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const api = useApi();
  const [flags, setFlags] = useState<ViewerFlags | null>(null);
  const [message, setMessage] = useState('');
  /** The marks being sent, by key: re-applied over an answer of the flags call that raced them. */
  const sending = useRef(new Map<string, (f: ViewerFlags) => ViewerFlags>());
  /** The calls of each mark, one after another. */
  const chains = useRef(new Map<string, Promise<unknown>>());
  /** Counts finished writes: a flags answer that started before one is stale and is asked again. */
  const writes = useRef(0);
  /** Counts loads: only the latest one's answer is used. */
  const loads = useRef(0);
  const userId = user?.id ?? null;
  const shownFor = useRef<number | null>(null);

  const overlay = useCallback((base: ViewerFlags) => [...sending.current.values()].reduce((f, apply) => apply(f), base), []);

  // Sign-in, sign-out and every fresh read of the user (the visibility re-check) load the flags again.
  useEffect(() => {
    const load = ++loads.current;
    if (userId === null) {
      shownFor.current = null;
      setFlags(null);
      return;
    }
    // Another user's marks never show, not even while this user's load.
    if (shownFor.current !== userId) setFlags(null);
    shownFor.current = userId;
    const fetchFlags = (attempt: number): void => {
      const startedAt = writes.current;
      api.applicant.flags().then(
        (answer) => {
          if (load !== loads.current) return;
          if (writes.current !== startedAt && attempt < 3) return fetchFlags(attempt + 1);
          setFlags(overlay(answer));
        },
        (error: unknown) => {
          if (load !== loads.current) return;
          // The page works without them (every toggle shows unpressed); a 403 has logged out already (spec 8).
          if (!isApiError(error) || error.status !== 403) console.warn('[site] loading your saved jobs and follows failed', error);
        },
      );
    };
    fetchFlags(0);
  }, [api, user, userId, overlay]);

  const toggle = useCallback(
    async (mark: Mark, on: boolean): Promise<void> => {
      if (userId === null) throw new Error('Sign in to save jobs and follow startups');
      setMessage('');
      const apply = (f: ViewerFlags) => mark.write(f, on);
      sending.current.set(mark.key, apply);
      setFlags((current) => apply(current ?? NO_FLAGS));
      const previous = chains.current.get(mark.key) ?? Promise.resolve();
      const call = previous.then(
        () => mark.call(api, on),
        () => mark.call(api, on),
      );
      chains.current.set(mark.key, call);
      try {
        await call;
        writes.current++;
      } catch (error) {
        // Back to what the server has, unless a later click on the same mark changed it since.
        const latest = sending.current.get(mark.key) === apply;
        setFlags((current) => (latest && current && mark.read(current) === on ? mark.write(current, !on) : current));
        setMessage(`${mark.failed(on)} ${failureMessage(error, 'Please try again.')}`);
        throw error;
      } finally {
        if (sending.current.get(mark.key) === apply) sending.current.delete(mark.key);
        if (chains.current.get(mark.key) === call) chains.current.delete(mark.key);
      }
    },
    [api, userId],
  );

  const state = useMemo<FlagsState>(() => {
    const shown = userId === null ? null : flags;
    return {
      flags: shown,
      isSaved: (jobId, answered) => (shown ? shown.savedJobIds.includes(jobId) : userId !== null && answered === true),
      isInterested: (jobId, answered) => (shown ? shown.interestedJobIds.includes(jobId) : userId !== null && answered === true),
      isFollowing: (key, answered) => (shown ? shown.followedCompanyKeys.includes(key) : userId !== null && answered === true),
      applicationOf: (jobId) => shown?.applied[String(jobId)] ?? null,
      setSaved: (jobId, saved) => toggle(saveMark(jobId), saved),
      setInterested: (jobId, interested) => toggle(interestMark(jobId), interested),
      setFollowing: (key, following) => toggle(followMark(key), following),
      setApplied: (jobId, applicationId) =>
        setFlags((current) => {
          if (userId === null) return current;
          const base = current ?? NO_FLAGS;
          const applied = { ...base.applied };
          if (applicationId === null) delete applied[String(jobId)];
          else applied[String(jobId)] = applicationId;
          return { ...base, applied };
        }),
    };
  }, [flags, userId, toggle]);

  return (
    <FlagsContext value={state}>
      {children}
      <FlagsMessage message={message} onDismiss={() => setMessage('')} />
    </FlagsContext>
  );
}

/** The failure of a toggle, at the foot of the screen until dismissed; the status region stays in the page so it is announced. */
function FlagsMessage({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className={message ? 'flags-toast' : 'flags-toast flags-toast--empty'}>
      <p role="status" className="flags-toast__text">
        {message}
      </p>
      {message ? (
        <button type="button" className="button button--ghost button--small" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
