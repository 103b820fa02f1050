/**
 * Issue #14, saved searches (spec 3, 4, 5, 8):
 * - `SaveSearchButton`: "Save this search" on /jobs, offered only when the search has text or a
 *   location (spec 5); a visitor signs in first and the search is pinned when they are back (sdk intent
 *   'pin'); pressed once pinned, and a second click unpins.
 * - `PinnedSearchChips`: the pinned searches above the results, each with its "N new" count; opening
 *   one moves its since to now, and its × unpins it.
 * - `SavedSearches`: the applicant area's panel (mounted on /client/applicant/settings): each pinned
 *   search with "N new since {date}", open and unpin, and the empty, loading and error states.
 */
import { exactDate } from '@nordlys/sdk/dates';
import { sameIntent, withIntent, type Intent } from '@nordlys/sdk/intent';
import { paths } from '@nordlys/sdk/routes';
import type { SavableSearch } from '@nordlys/sdk/search-history';
import { isSearchSavable } from '@nordlys/sdk/validation';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../lib/Link';
import { domId } from '../lib/domId';
import { newCountText, usePinnedSearches, type PinnedSearch, type PinnedSearches } from '../lib/pinnedSearches';
import { useIntent } from '../lib/useIntent';
import { useSession } from '../session/SessionProvider';
import { Icon } from './Icon';

const PIN_INTENT: Intent = { kind: 'pin' };

/** spec 5: a search is saved only with search text or a location (the city). */
export function canSaveSearch(search: SavableSearch): boolean {
  return isSearchSavable({ search: search.search, location: search.city });
}

export interface SaveSearchButtonProps {
  search: SavableSearch;
  pinned: PinnedSearches;
}

/** "Save this search" / "Search saved", a toggle with its state in aria-pressed. */
export function SaveSearchButton({ search, pinned }: SaveSearchButtonProps) {
  const { user, openAuth } = useSession();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const saved = pinned.find(search);

  const save = async () => {
    setBusy(true);
    setMessage('');
    const failed = await pinned.pin(search);
    setBusy(false);
    setMessage(failed ?? '');
  };
  // Back from signing in with ?do=pin:search: pin the page's search once, with no second click.
  useIntent(
    (wanted) => sameIntent(wanted, PIN_INTENT),
    () => (canSaveSearch(search) ? save() : undefined),
  );
  if (!canSaveSearch(search)) return null;

  const onClick = () => {
    if (busy) return;
    if (!user) {
      openAuth({ step: 'signin', to: withIntent(`${location.pathname}${location.search}${location.hash}`, PIN_INTENT) });
      return;
    }
    if (saved) {
      setMessage('');
      pinned.unpin(saved.id);
      return;
    }
    void save();
  };
  return (
    <span className="save-search">
      <button
        type="button"
        className="button button--ghost button--small mark-toggle"
        aria-pressed={Boolean(saved)}
        aria-busy={busy || undefined}
        // Until the pinned searches are known, a click could not tell pin from unpin.
        disabled={Boolean(user) && pinned.status === 'loading'}
        onClick={onClick}
      >
        <Icon name={saved ? 'check' : 'bookmark'} />
        {saved ? 'Search saved' : 'Save this search'}
      </button>
      <span className="save-search__message" role="status">
        {message}
      </span>
    </span>
  );
}

function NewBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return <span className="badge badge--new">{`${newCountText(count)} new`}</span>;
}

/** The pinned searches above the results; nothing for visitors or while there are none. */
export function PinnedSearchChips({ pinned }: { pinned: PinnedSearches }) {
  if (!pinned.searches.length) return null;
  return (
    <nav className="pinned-searches" aria-label="Pinned searches">
      <ul className="pinned-searches__list">
        {pinned.searches.map((s) => (
          <li key={s.id} className="pinned-chip">
            <Link to={s.href} className="pinned-chip__link" onClick={() => pinned.open(s.id)}>
              <span>{s.label}</span>
              <NewBadge count={s.count} />
            </Link>
            <button type="button" className="pinned-chip__unpin" aria-label={`Unpin ${s.label}`} onClick={() => pinned.unpin(s.id)}>
              <Icon name="close" />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function sinceText(s: PinnedSearch): string {
  const since = exactDate(s.since);
  return s.count === null ? `Counting new jobs since ${since}` : `${newCountText(s.count)} new since ${since}`;
}

export interface SavedSearchesProps {
  /** The section's heading (an h2). */
  heading?: string;
  /** The hook's state, when the page shares it with other parts; the panel loads its own otherwise. */
  pinned?: PinnedSearches;
}

/** The applicant area's saved searches: open one, see what is new, unpin. */
export function SavedSearches({ heading = 'Saved searches', pinned }: SavedSearchesProps) {
  const own = usePinnedSearches();
  const state = pinned ?? own;
  // Once per page (the applicant's settings).
  const headingId = domId('saved-searches', 'title');
  return (
    <section className="saved-searches" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {state.status === 'failed' ? (
        <div className="saved-searches__error" role="alert">
          <p>Your saved searches could not be loaded.</p>
          <button type="button" className="button button--small" onClick={state.reload}>
            Try again
          </button>
        </div>
      ) : state.status === 'loading' || state.status === 'visitor' ? (
        <p className="saved-searches__loading" aria-busy="true">
          Loading your saved searches…
        </p>
      ) : state.searches.length === 0 ? (
        <p className="saved-searches__empty">
          No saved searches yet. Search for jobs by keyword or city, then choose “Save this search” to see new jobs here.{' '}
          <Link to={paths.jobs()}>Find jobs</Link>
        </p>
      ) : (
        <ul className="saved-searches__list">
          {state.searches.map((s) => (
            <li key={s.id} className="saved-searches__item">
              <div>
                <Link to={s.href} onClick={() => state.open(s.id)} className="saved-searches__link">
                  {s.label}
                </Link>
                <p className="saved-searches__count">{sinceText(s)}</p>
              </div>
              <button type="button" className="button button--ghost button--small" onClick={() => state.unpin(s.id)}>
                Unpin<span className="visually-hidden"> {s.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
