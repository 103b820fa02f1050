/**
 * The applicant board (spec 2.4 /applicants, spec 4 pipeline, issue #13): one column per stage in
 * the sdk's order, cards moved by drag and drop (@dnd-kit: pointer and keyboard sensors), by "Move
 * to…" or by M on a focused card, every move saved at once, announced, and undoable (but a
 * rejection, which asks first and is final). Bulk "Move to…" and "Reject…", filters in the URL, a
 * card opened in a drawer (`?open={id}`), "Load more", and the company's own stages.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { PipelineStage } from '@nordlys/sdk/constants';
import { boardColumns, canMove, parseColumnKey, stageLabel, type StageRef } from '@nordlys/sdk/pipeline';
import type { Applicant, ApplicantList, CompanyStage } from '@nordlys/sdk/schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../lib/Link';
import { domId } from '../../lib/domId';
import { useApi } from '../../modals/useApi';
import { BulkBar } from './BulkBar';
import { Avatar, type CardHandlers } from './Card';
import { CardDetail } from './CardDetail';
import { Column } from './Column';
import { FilterBar } from './FilterBar';
import { hasFilters, openParam, withFilters, withOpen, type BoardFilters } from './filters';
import type { MoveTarget } from './MoveMenu';
import { RejectDialog } from './RejectDialog';
import { StageManager } from './StageManager';
import { cardsByColumn, hasMore, refOf } from './state';
import { useBoard } from './useBoard';

export interface BoardProps {
  companyKey: string;
  list: ApplicantList;
  filters: BoardFilters;
  /** The configuration's `kanban.columnColors` (the sdk's colours fill what it lacks). */
  colors?: Partial<Record<PipelineStage, string>>;
  /** A one-job board (the job's own page): no job filter, no job title on the cards. */
  oneJob?: boolean;
  locale: string;
  /** Where the empty board sends the team ("No applicants yet"). */
  empty: { text: string; href: string; label: string };
  /** Query values of the page the filters keep (e.g. the job page's `tab`). */
  keep?: Record<string, string>;
}

interface Rejecting {
  cards: Applicant[];
  bulk: boolean;
  onSaved?: ((card: Applicant) => void) | undefined;
}

const KEYBOARD_DRAG: ScreenReaderInstructions = {
  draggable:
    'To move this candidate, press Space or Enter to pick the card up, Left and Right arrows to choose a stage, and Space or Enter again to drop it there. Escape cancels. Or press M for the Move to menu.',
};

/**
 * A pointer drag takes the column under the pointer, measured now (the board scrolls sideways inside
 * a page that scrolls too, and @dnd-kit's own pointerWithin misplaces columns when both have scrolled);
 * a keyboard drag takes the column the card is moved over. Only the columns `allowed` for the picked-up
 * card count: @dnd-kit learns that a column is closed from its `disabled`, but in an effect after the
 * columns render again, and under Preact (#16) that comes after the first check, which found the card
 * over its own column and announced "not over a stage" once the column closed, over "Picked up".
 */
function boardCollisions(allowed: (card: UniqueIdentifier, column: UniqueIdentifier) => boolean): CollisionDetection {
  return (args) => {
    const open = args.droppableContainers.filter((container) => !container.disabled && allowed(args.active.id, container.id));
    const pointer = args.pointerCoordinates;
    if (!pointer) return rectIntersection({ ...args, droppableContainers: open });
    for (const container of open) {
      const node = container.node.current;
      if (!node) continue;
      const rect = node.getBoundingClientRect();
      if (pointer.x >= rect.left && pointer.x <= rect.right && pointer.y >= rect.top && pointer.y <= rect.bottom) {
        return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
      }
    }
    return [];
  };
}

/**
 * The keyboard sensor's Left and Right arrows: the card jumps to the middle of the next column that
 * takes it (Up and Down do nothing: a column has no order to choose).
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== 'ArrowLeft' && event.code !== 'ArrowRight' && event.code !== 'ArrowUp' && event.code !== 'ArrowDown') return undefined;
  event.preventDefault();
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') return undefined;
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((entry) => ({ id: entry.id, rect: droppableRects.get(entry.id) }))
    .filter((c): c is { id: string | number; rect: NonNullable<typeof c.rect> } => c.rect !== undefined)
    .sort((a, b) => a.rect.left - b.rect.left);
  if (columns.length === 0) return undefined;
  const centre = collisionRect.left + collisionRect.width / 2;
  const at = over ? columns.findIndex((c) => c.id === over.id) : -1;
  const target =
    event.code === 'ArrowRight'
      ? at >= 0
        ? columns[at + 1]
        : columns.find((c) => c.rect.left + c.rect.width / 2 > centre + 1)
      : at >= 0
        ? columns[at - 1]
        : columns.findLast((c) => c.rect.left + c.rect.width / 2 < centre - 1);
  if (!target) return undefined;
  return { x: target.rect.left + (target.rect.width - collisionRect.width) / 2, y: currentCoordinates.y };
};

// Constants, so the sensors stay the same objects between renders (else every card's drag hook renders again).
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: columnCoordinates };
const AUTO_SCROLL = { threshold: { x: 0.1, y: 0.15 } };

export function Board({ companyKey, list, filters, colors, oneJob = false, locale, empty, keep }: BoardProps) {
  const api = useApi();
  // One board per page. DndContext's id names its drag instructions, which every card's handle points at
  // (aria-describedby): without one, @dnd-kit counts instances per process, and the server's count differs.
  const dndId = domId('board', 'drag-help');
  const hintId = domId('board', 'hint');
  const { state, messages, saving, loadingMore, bulkBusy, actions } = useBoard({ companyKey, list, filters });
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [managing, setManaging] = useState(false);
  const [bulkMenu, setBulkMenu] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const columnsRegion = useRef<HTMLDivElement>(null);
  // A card whose "Move to…" button should take the focus once it is drawn in its new column.
  const focusAfterMove = useRef<number | null>(null);

  // The open card follows the URL (a mail link, the back button), and opens at once on a click.
  const urlOpen = openParam(searchParams);
  const [openId, setOpenId] = useState<number | null>(urlOpen);
  const [seenOpen, setSeenOpen] = useState(urlOpen);
  if (urlOpen !== seenOpen) {
    setSeenOpen(urlOpen);
    setOpenId(urlOpen);
  }

  // Another answer (other filters): the choice was of cards that may be gone.
  const [shownList, setShownList] = useState(list);
  if (shownList !== list) {
    setShownList(list);
    setSelected(new Set());
  }

  const columns = useMemo(() => boardColumns(state.stages, colors), [state.stages, colors]);
  const shownColumns = filters.stage ? columns.filter((c) => c.key === filters.stage) : columns;
  const byColumn = useMemo(() => cardsByColumn(state.cards), [state.cards]);
  const activeCard = activeId === null ? null : (state.cards.find((c) => c.id === activeId) ?? null);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname && !onlyOpenDiffers(location.search, navigation.location.search);

  const latest = useRef({ state, columns, searchParams, location });
  latest.current = { state, columns, searchParams, location };
  // The columns a card may be dropped on, as each column's dropDisabled says, read when @dnd-kit asks.
  const collisions = useMemo(
    () =>
      boardCollisions((cardId, key) => {
        const card = latest.current.state.cards.find((c) => c.id === cardId);
        const column = latest.current.columns.find((c) => c.key === key);
        return card !== undefined && column !== undefined && canMove(refOf(card), column.ref);
      }),
    [],
  );

  const targetsOf = useCallback((card: Applicant): MoveTarget[] => {
    const from = refOf(card);
    return latest.current.columns
      .filter((column) => canMove(from, column.ref))
      .map((column) => ({ key: column.key, label: column.label, color: column.color, asks: column.ref.stage === 'rejected' }));
  }, []);

  const requestMove = useCallback(
    (card: Applicant, to: StageRef, options: { focus?: boolean; onSaved?: (card: Applicant) => void } = {}) => {
      if (!canMove(refOf(card), to)) return;
      if (to.stage === 'rejected') {
        setRejecting({ cards: [card], bulk: false, onSaved: options.onSaved });
        return;
      }
      if (options.focus) focusAfterMove.current = card.id;
      void actions.move(card, to, { onSaved: options.onSaved });
    },
    [actions],
  );

  const openCard = useCallback(
    (id: number | null) => {
      setOpenId(id);
      setSearchParams(withOpen(latest.current.searchParams, id), { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const handlers = useMemo<CardHandlers>(
    () => ({
      open: (id) => openCard(id),
      select: (id, on) =>
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      pick: (id, key) => {
        const card = latest.current.state.cards.find((c) => c.id === id);
        const to = parseColumnKey(key);
        if (card && to) requestMove(card, to, { focus: true });
      },
      targets: targetsOf,
      href: (id) => {
        const { location: at, searchParams: query } = latest.current;
        return `${at.pathname}?${withOpen(query, id).toString()}`;
      },
    }),
    // The link of a card changes with the filters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [openCard, requestMove, targetsOf, searchParams.toString().replace(/(^|&)open=\d+/, '')],
  );

  const selectAll = useCallback((ids: number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  // Focus follows a card moved from its menu into its new column (or the board, when a filter hides it).
  useEffect(() => {
    const id = focusAfterMove.current;
    if (id === null) return;
    focusAfterMove.current = null;
    const button = document.querySelector<HTMLElement>(`[data-card-id="${id}"] .move-menu__button`);
    (button ?? columnsRegion.current)?.focus();
  }, [state.cards]);

  const onFilters = (next: BoardFilters, { replace }: { replace: boolean }) =>
    // A one-job board's job is its page's, not a filter in its URL.
    setSearchParams(withOpen(withFilters(searchParams, oneJob ? { ...next, job: undefined } : next), null), { replace, preventScrollReset: true });

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  const nameOf = (id: string | number) => state.cards.find((c) => c.id === id)?.applicant.fullName ?? 'The candidate';
  const labelOf = (key: string | number) => columns.find((c) => c.key === key)?.label ?? String(key);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. Left and Right choose a stage; Space drops; Escape cancels.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${labelOf(over.id)}.` : `${nameOf(active.id)} is not over a stage it can go to.`),
    // A drop is announced by the board's own live region once the move is made.
    onDragEnd: ({ active, over }) => (over ? undefined : `${nameOf(active.id)} was dropped outside the stages and stays where it was.`),
    onDragCancel: ({ active }) => `Moving cancelled. ${nameOf(active.id)} stays where it was.`,
  };

  function onDragStart({ active }: DragStartEvent) {
    setActiveId(Number(active.id));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    if (!over) return;
    const card = state.cards.find((c) => c.id === active.id);
    const to = parseColumnKey(String(over.id));
    if (card && to) requestMove(card, to);
  }

  const chosen = state.cards.filter((c) => selected.has(c.id));
  const bulkTargets: MoveTarget[] = columns.filter((c) => !c.locked).map((c) => ({ key: c.key, label: c.label, color: c.color }));
  const total = Object.values(state.counts).reduce((sum, n) => sum + n, 0);
  const nothingYet = state.page.total === 0 && total === 0 && !hasFilters(oneJob ? { ...filters, job: undefined } : filters);
  const openCardData = openId === null ? null : (state.cards.find((c) => c.id === openId) ?? null);

  async function confirmReject(send: boolean) {
    if (!rejecting) return;
    const to: StageRef = { stage: 'rejected', stageId: null };
    if (rejecting.bulk) {
      const answer = await actions.bulk({ action: 'reject', ids: rejecting.cards.map((c) => c.id), sendRejectionMail: send }, stageLabel(to, state.stages));
      setRejecting(null);
      if (answer) setSelected(new Set());
      return;
    }
    const [card] = rejecting.cards;
    setRejecting(null);
    if (card) void actions.move(card, to, { sendRejectionMail: send, onSaved: rejecting.onSaved });
  }

  async function bulkMove(key: string) {
    const to = parseColumnKey(key);
    if (!to) return;
    const answer = await actions.bulk({ action: 'move', ids: [...selected], stage: to.stage, stageId: to.stageId }, stageLabel(to, state.stages));
    if (answer) setSelected(new Set());
  }

  return (
    <div className="board" aria-busy={loading || undefined}>
      <div className="board__toolbar">
        <FilterBar filters={filters} columns={columns} jobs={oneJob ? null : state.jobs} keep={keep} onChange={onFilters} />
        <button type="button" className="button button--ghost board__manage" onClick={() => setManaging(true)}>
          Manage stages
        </button>
      </div>

      <div className="board__messages">
        {messages.toast ? (
          <div className="board-toast form-status">
            <p className="board-toast__text">{messages.toast}</p>
            {messages.undo ? (
              <button type="button" className="button button--ghost button--small" onClick={() => void actions.undoLast()}>
                Undo<span className="visually-hidden"> moving {messages.undo.name}</span>
              </button>
            ) : null}
            <button type="button" className="text-button" onClick={actions.dismissToast}>
              Dismiss
            </button>
          </div>
        ) : null}
        <div role="alert" className={messages.alert ? 'form-alert' : 'visually-hidden'}>
          {messages.alert}
        </div>
        {/* Every move, undo and bulk report is said here, politely. */}
        <div className="visually-hidden board__live" aria-live="polite" aria-atomic="true" data-testid="board-live">
          {loading ? 'Loading the candidates…' : messages.announcement}
        </div>
      </div>

      {selected.size > 0 ? (
        <BulkBar
          count={selected.size}
          targets={bulkTargets}
          busy={bulkBusy}
          menuOpen={bulkMenu}
          onMenuOpenChange={setBulkMenu}
          onMove={(key) => void bulkMove(key)}
          onReject={() => setRejecting({ cards: chosen, bulk: true })}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      {nothingYet ? (
        <div className="empty-state">
          <h2 className="empty-state__title">No applicants yet</h2>
          <p>{empty.text}</p>
          <p className="empty-state__actions">
            <Link className="button button--primary" to={empty.href}>
              {empty.label}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {state.page.total === 0 ? (
            <p className="board__none" role="note">
              No candidates match these filters.{' '}
              <button type="button" className="text-button" onClick={() => onFilters(oneJob ? { job: filters.job } : {}, { replace: false })}>
                Clear filters
              </button>
            </p>
          ) : null}
          <DndContext
            id={dndId}
            sensors={sensors}
            collisionDetection={collisions}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setActiveId(null)}
            accessibility={{ announcements, screenReaderInstructions: KEYBOARD_DRAG }}
            // The stages scroll sideways when the card nears an edge of the board (a tenth of its width), not before.
            autoScroll={AUTO_SCROLL}
          >
            <div ref={columnsRegion} className="board__columns" role="region" aria-label="Pipeline stages" tabIndex={-1}>
              {shownColumns.map((column) => (
                <Column
                  key={column.key}
                  column={column}
                  cards={byColumn.get(column.key) ?? NO_CARDS}
                  count={state.counts[column.key] ?? 0}
                  showJob={!oneJob && !filters.job}
                  selected={selected}
                  saving={saving}
                  handlers={handlers}
                  dropDisabled={activeCard !== null && !canMove(refOf(activeCard), column.ref)}
                  dropAllowed={activeCard !== null && canMove(refOf(activeCard), column.ref)}
                  selectAll={selectAll}
                  hintIds={{ open: `${hintId}-open`, locked: `${hintId}-locked` }}
                  locale={locale}
                />
              ))}
            </div>
            <DragOverlay dropAnimation={null}>
              {activeCard ? (
                <div className="board-card board-card--overlay">
                  <div className="board-card__head">
                    <Avatar name={activeCard.applicant.fullName} imageUrl={activeCard.applicant.imageUrl} />
                    <p className="board-card__name">{activeCard.applicant.fullName}</p>
                  </div>
                  {activeCard.applicant.headline ? <p className="board-card__headline">{activeCard.applicant.headline}</p> : null}
                </div>
              ) : null}
            </DragOverlay>
          </DndContext>
          {hasMore(state) ? (
            <p className="board__more">
              <button type="button" className="button button--ghost" aria-busy={loadingMore || undefined} aria-disabled={loadingMore || undefined} onClick={() => void actions.loadMore()}>
                {loadingMore ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    Loading…
                  </>
                ) : (
                  `Load more (${(state.page.total - state.cards.length).toLocaleString(locale)} more)`
                )}
              </button>
            </p>
          ) : null}
        </>
      )}

      <p id={`${hintId}-open`} className="visually-hidden">
        Press Enter to open, M to move to another stage.
      </p>
      <p id={`${hintId}-locked`} className="visually-hidden">
        Press Enter to open. Rejected candidates stay here.
      </p>

      {rejecting ? (
        <RejectDialog
          names={rejecting.cards.map((c) => c.applicant.fullName)}
          alreadyMailed={rejecting.cards.filter((c) => c.rejectionMailed).length}
          busy={bulkBusy}
          onConfirm={(send) => void confirmReject(send)}
          onCancel={() => setRejecting(null)}
        />
      ) : null}

      {openId !== null ? (
        <CardDetail
          key={openId}
          companyKey={companyKey}
          id={openId}
          card={openCardData}
          stages={state.stages}
          targets={targetsOf}
          pick={(card, key, onSaved) => {
            const to = parseColumnKey(key);
            if (to) requestMove(card, to, { onSaved });
          }}
          onCardChange={actions.patchCard}
          onClose={() => openCard(null)}
        />
      ) : null}

      {managing ? (
        <StageManager
          companyKey={companyKey}
          stages={state.stages}
          countOf={(id) => api.hiring.applicants(companyKey, { stage: `custom:${id}`, pageSize: 1 }).then((answer) => answer.page.total)}
          onChanged={(_stages: CompanyStage[]) => void revalidator.revalidate()}
          onClose={() => setManaging(false)}
        />
      ) : null}
    </div>
  );
}

const NO_CARDS: Applicant[] = [];

/** Whether two queries differ only in `open` (the drawer opening is not a reload of the board). */
function onlyOpenDiffers(a: string, b: string): boolean {
  const strip = (search: string) => {
    const query = new URLSearchParams(search);
    query.delete('open');
    query.sort();
    return query.toString();
  };
  return strip(a) === strip(b);
}

