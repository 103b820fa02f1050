/**
 * The applicant board's moves (issue #13): saved at once and shown before the answer, rolled back
 * with a message when the server refuses; each announced in the page's live region ("Ada Lovelace
 * moved to First interview"); an Undo for the last one (not for a rejection, which is final); bulk
 * moves and rejections with their report; "Load more".
 */
import { canMove, columnKey, stageLabel, type StageRef } from '@nordlys/sdk/pipeline';
import type { Applicant, ApplicantBulk, ApplicantBulkAnswer, ApplicantList } from '@nordlys/sdk/schemas';
import { useMemo, useRef, useState } from 'react';
import { useApi } from '../../modals/useApi';
import { failureMessage } from '../form/errors';
import { boardQuery, type BoardFilters } from './filters';
import { appendPage, boardStateOf, indexOfCard, placeCard, refOf, updateCard, type BoardState } from './state';

/** The last move, while it can be undone. */
export interface UndoableMove {
  id: number;
  name: string;
  from: StageRef;
  to: StageRef;
}

export interface MoveOptions {
  /** A move to 'rejected': queue the kind rejection mail (once per application, the server keeps it so). */
  sendRejectionMail?: boolean;
  /** This move undoes the last one. */
  undoing?: boolean;
  /** Called with the saved card once the server took the move. */
  onSaved?(card: Applicant): void;
}

export interface BoardMessages {
  /** What the live region says last (polite): every move, bulk report and undo. */
  announcement: string;
  /** The visible note of the last completed action (with Undo when it can be undone). */
  toast: string;
  /** The last failure (role=alert). */
  alert: string;
  undo: UndoableMove | null;
}

export interface BoardActions {
  /** Moves a card (optimistic); false when it did not move. */
  move(card: Applicant, to: StageRef, options?: MoveOptions): Promise<boolean>;
  undoLast(): Promise<boolean>;
  bulk(action: ApplicantBulk, targetLabel: string): Promise<ApplicantBulkAnswer | null>;
  loadMore(): Promise<void>;
  /** A card changed elsewhere (the detail: a rating, a note). */
  patchCard(card: Applicant): void;
  dismissToast(): void;
  clearAlert(): void;
}

const EMPTY: BoardMessages = { announcement: '', toast: '', alert: '', undo: null };

/** "Moved 3 candidates to Hired. 1 skipped: rejected candidates stay rejected." */
export function bulkReport(action: ApplicantBulk, answer: ApplicantBulkAnswer, targetLabel: string): string {
  const people = (n: number) => (n === 1 ? '1 candidate' : `${n} candidates`);
  const parts: string[] = [];
  if (action.action === 'move') parts.push(`Moved ${people(answer.moved)} to ${targetLabel}.`);
  else parts.push(`Rejected ${people(answer.moved)}.`);
  if (answer.mailed > 0) parts.push(answer.mailed === 1 ? '1 kind rejection e-mail is on its way.' : `${answer.mailed} kind rejection e-mails are on their way.`);
  else if (action.action === 'reject' && action.sendRejectionMail) parts.push('No e-mail sent: each of them had one already.');
  if (answer.skipped > 0) parts.push(`${people(answer.skipped)} skipped: ${answer.skipped === 1 ? 'it was' : 'they were'} already there, or rejected (rejected candidates stay rejected).`);
  return parts.join(' ');
}

export interface UseBoardOptions {
  companyKey: string;
  list: ApplicantList;
  filters: BoardFilters;
}

export interface Board {
  state: BoardState;
  messages: BoardMessages;
  /** Cards whose move is being saved. */
  saving: ReadonlySet<number>;
  loadingMore: boolean;
  bulkBusy: boolean;
  /** Stable across renders (cards are memoised on it). */
  actions: BoardActions;
}

export function useBoard({ companyKey, list, filters }: UseBoardOptions): Board {
  const api = useApi();
  const [state, setState] = useState<BoardState>(() => boardStateOf(list));
  // A new answer (other filters, a revalidation) replaces what the board showed.
  const [shown, setShown] = useState(list);
  if (shown !== list) {
    setShown(list);
    setState(boardStateOf(list));
  }
  const [messages, setMessages] = useState<BoardMessages>(EMPTY);
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  // Read synchronously, so a double drop or a double click never sends twice.
  const running = useRef(new Set<number>());
  const latest = useRef({ state, messages, filters, companyKey, api, loadingMore, bulkBusy });
  latest.current = { state, messages, filters, companyKey, api, loadingMore, bulkBusy };

  const setBusy = (id: number, busy: boolean) =>
    setSaving((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const actions = useMemo<BoardActions>(() => {
    async function move(card: Applicant, to: StageRef, { sendRejectionMail = false, undoing = false, onSaved }: MoveOptions = {}): Promise<boolean> {
      const { state: now, companyKey: key, api: client } = latest.current;
      const current = now.cards.find((c) => c.id === card.id) ?? card;
      const from = refOf(current);
      if (!canMove(from, to) || running.current.has(card.id)) return false;
      running.current.add(card.id);
      setBusy(card.id, true);
      const name = current.applicant.fullName;
      const toLabel = stageLabel(to, now.stages);
      const fromLabel = stageLabel(from, now.stages);
      const at = indexOfCard(now, card.id);
      // Shown and announced at once; the answer confirms it.
      setState((s) => placeCard(s, { ...current, stage: to.stage, stageId: to.stageId }));
      setMessages((m) => ({
        ...m,
        alert: '',
        announcement: undoing ? `${name} moved back to ${toLabel}.` : `${name} moved to ${toLabel}.`,
      }));
      try {
        const saved = await client.hiring.update(key, card.id, {
          stage: to.stage,
          stageId: to.stageId,
          ...(to.stage === 'rejected' ? { sendRejectionMail } : {}),
        });
        setState((s) => updateCard(s, saved));
        onSaved?.(saved);
        setMessages((m) => ({
          ...m,
          toast: undoing ? `${name} is back in ${toLabel}.` : `${name} moved to ${toLabel}${to.stage === 'rejected' && sendRejectionMail && saved.rejectionMailed ? ': a kind rejection e-mail is on its way' : ''}.`,
          // A rejection is final, and an undo is not undone again.
          undo: undoing || to.stage === 'rejected' ? null : { id: card.id, name, from, to },
        }));
        return true;
      } catch (error) {
        setState((s) => placeCard(s, current, at < 0 ? 'top' : at));
        setMessages((m) => ({
          ...m,
          toast: '',
          undo: m.undo?.id === card.id ? null : m.undo,
          announcement: '',
          alert: `${name} could not be moved to ${toLabel}: ${failureMessage(error, 'please try again.')} The card is back in ${fromLabel}.`,
        }));
        return false;
      } finally {
        running.current.delete(card.id);
        setBusy(card.id, false);
      }
    }

    return {
      move,
      async undoLast() {
        const { state: now, messages: shownMessages } = latest.current;
        const last = shownMessages.undo;
        if (!last) return false;
        setMessages((m) => ({ ...m, undo: null }));
        const card = now.cards.find((c) => c.id === last.id);
        // Moved again since (by a bulk action): nothing to undo.
        if (!card || columnKey(refOf(card)) !== columnKey(last.to)) return false;
        return move(card, last.from, { undoing: true });
      },
      async bulk(action, targetLabel) {
        const { companyKey: key, api: client } = latest.current;
        if (latest.current.bulkBusy) return null;
        latest.current.bulkBusy = true;
        setBulkBusy(true);
        setMessages((m) => ({ ...m, alert: '' }));
        try {
          const answer = await client.hiring.bulk(key, action);
          setState((s) => answer.applicants.reduce((acc, card) => placeCard(acc, card), s));
          const report = bulkReport(action, answer, targetLabel);
          // A bulk change is not undone by the last single move's Undo.
          setMessages((m) => ({ ...m, toast: report, announcement: report, undo: null }));
          return answer;
        } catch (error) {
          setMessages((m) => ({ ...m, alert: `${action.action === 'move' ? 'The candidates could not be moved' : 'The candidates could not be rejected'}: ${failureMessage(error, 'please try again.')}` }));
          return null;
        } finally {
          latest.current.bulkBusy = false;
          setBulkBusy(false);
        }
      },
      async loadMore() {
        const { state: now, filters: f, companyKey: key, api: client } = latest.current;
        if (latest.current.loadingMore) return;
        latest.current.loadingMore = true;
        setLoadingMore(true);
        try {
          const next = await client.hiring.applicants(key, boardQuery(f, now.page.page + 1));
          setState((s) => appendPage(s, next));
          const added = next.applicants.length;
          setMessages((m) => ({ ...m, announcement: `${added === 1 ? '1 more candidate' : `${added} more candidates`} loaded.` }));
        } catch (error) {
          setMessages((m) => ({ ...m, alert: `More candidates could not be loaded: ${failureMessage(error, 'please try again.')}` }));
        } finally {
          latest.current.loadingMore = false;
          setLoadingMore(false);
        }
      },
      patchCard(card) {
        setState((s) => updateCard(s, card));
      },
      dismissToast() {
        setMessages((m) => ({ ...m, toast: '', undo: null }));
      },
      clearAlert() {
        setMessages((m) => ({ ...m, alert: '' }));
      },
    };
  }, []);

  return { state, messages, saving, loadingMore, bulkBusy, actions };
}
