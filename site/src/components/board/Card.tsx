/**
 * A candidate's card on the board (issue #13): the name (a link that opens the card), headline, the
 * job (on the all-jobs board), the applied date, the team's rating and the notes count; a checkbox
 * for bulk actions; "Move to…" and a drag handle. The whole card drags with a pointer; the handle
 * also takes the keyboard (Space to pick up, arrows, Space to drop), and M opens "Move to…".
 * Rejected cards are locked: no handle, no menu.
 */
import { useDraggable } from '@dnd-kit/core';
import { initials } from '@nordlys/sdk/format';
import type { Applicant } from '@nordlys/sdk/schemas';
import { memo, useState, type KeyboardEvent, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { domId } from '../../lib/domId';
import { RelativeTime } from '../RelativeTime';
import { MoveMenu, type MoveTarget } from './MoveMenu';

/** What a card does, the same functions for every card (so a card renders again only when its own data changes). */
export interface CardHandlers {
  open(id: number): void;
  select(id: number, selected: boolean): void;
  /** A pick in "Move to…" (a column key). */
  pick(id: number, columnKey: string): void;
  /** The targets of a card's menu. */
  targets(card: Applicant): MoveTarget[];
  /** The link that opens a card (`?open={id}` on the board's URL). */
  href(id: number): string;
}

export interface CardProps {
  card: Applicant;
  locked: boolean;
  showJob: boolean;
  selected: boolean;
  saving: boolean;
  handlers: CardHandlers;
  /** The ids of the hidden hints naming the keys. */
  hintId: string;
}

/** The team's average rating, as stars are read: "Rated 4.5 of 5". */
export function RatingBadge({ rating }: { rating: number | null }) {
  if (rating === null) return null;
  const text = rating.toLocaleString('en', { maximumFractionDigits: 1 });
  return (
    <span className="board-card__rating" title={`Team rating ${text} of 5`}>
      <span aria-hidden="true">★ {text}</span>
      <span className="visually-hidden">Rated {text} of 5</span>
    </span>
  );
}

export function Avatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  return imageUrl ? (
    <img className="avatar board-card__avatar" src={imageUrl} alt="" width={32} height={32} loading="lazy" decoding="async" />
  ) : (
    <span className="avatar avatar--initials board-card__avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

export const Card = memo(function Card({ card, locked, showJob, selected, saving, handlers, hintId }: CardProps) {
  const name = card.applicant.fullName;
  const [menuOpen, setMenuOpen] = useState(false);
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: card.id, disabled: locked || saving });
  const checkboxId = `card-select-${card.id}`;

  // M moves (the hint on the name says so), from anywhere on the card but a text field.
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (locked || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.key === 'm' || event.key === 'M') && !(event.target as HTMLElement).closest('input, textarea, [role="menu"]')) {
      event.preventDefault();
      setMenuOpen(true);
    }
  };

  const className = ['board-card', selected ? 'board-card--selected' : '', isDragging ? 'board-card--dragging' : '', locked ? 'board-card--locked' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <li ref={setNodeRef} className={className} data-card-id={card.id} aria-busy={saving || undefined} onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLLIElement> | undefined} onKeyDown={onKeyDown}>
      <div className="board-card__head">
        <input
          id={checkboxId}
          type="checkbox"
          className="board-card__check"
          checked={selected}
          onChange={(event) => handlers.select(card.id, event.currentTarget.checked)}
          aria-label={`Select ${name}`}
        />
        <Avatar name={name} imageUrl={card.applicant.imageUrl} />
        <h3 className="board-card__name">
          <a
            href={handlers.href(card.id)}
            draggable={false}
            aria-describedby={hintId}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              handlers.open(card.id);
            }}
          >
            {name}
          </a>
        </h3>
      </div>
      {card.applicant.headline ? <p className="board-card__headline">{card.applicant.headline}</p> : null}
      {showJob ? <p className="board-card__job">{card.job.title}</p> : null}
      <p className="board-card__meta">
        <RelativeTime iso={card.appliedAt} prefix="Applied" />
        <RatingBadge rating={card.rating} />
        {card.notesCount > 0 ? <span className="board-card__notes">{card.notesCount === 1 ? '1 note' : `${card.notesCount} notes`}</span> : null}
        {saving ? <span className="board-card__saving">Saving…</span> : null}
      </p>
      {locked ? null : (
        <div className="board-card__actions">
          <MoveMenu id={domId('card', card.id, 'move')} name={name} targets={menuOpen ? handlers.targets(card) : PLACEHOLDER} open={menuOpen} onOpenChange={setMenuOpen} onPick={(key) => handlers.pick(card.id, key)} disabled={saving} />
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="button button--ghost button--small board-card__handle"
            {...attributes}
            onKeyDown={listeners?.onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
            aria-label={`Drag ${name}`}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        </div>
      )}
    </li>
  );
});

// The menu's items are worked out when it opens; until then the button only needs to know there are some.
const PLACEHOLDER: MoveTarget[] = [{ key: '', label: '', color: '' }];
