/**
 * One column of the board (spec 4, issue #13): its stage's colour and name, how many candidates it
 * holds (for the whole filter, not only the loaded ones), "Select all", and its cards. It is a drop
 * target unless the dragged card may not go there (sdk canMove). 'Rejected' shows it is locked.
 */
import { useDroppable } from '@dnd-kit/core';
import type { BoardColumn } from '@nordlys/sdk/pipeline';
import type { Applicant } from '@nordlys/sdk/schemas';
import { memo, useEffect, useRef, type CSSProperties } from 'react';
import { domId } from '../../lib/domId';
import { Icon } from '../Icon';
import { Card, type CardHandlers } from './Card';

export interface ColumnProps {
  column: BoardColumn;
  cards: readonly Applicant[];
  count: number;
  showJob: boolean;
  selected: ReadonlySet<number>;
  saving: ReadonlySet<number>;
  handlers: CardHandlers;
  /** The dragged card may not come here. */
  dropDisabled: boolean;
  /** A drag is on, and this column takes the card. */
  dropAllowed: boolean;
  selectAll(ids: number[], selected: boolean): void;
  hintIds: { open: string; locked: string };
  locale: string;
}

export const Column = memo(function Column({ column, cards, count, showJob, selected, saving, handlers, dropDisabled, dropAllowed, selectAll, hintIds, locale }: ColumnProps) {
  const headingId = domId('board-column', column.key);
  const { setNodeRef, isOver } = useDroppable({ id: column.key, disabled: dropDisabled });
  const ids = cards.map((card) => card.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < ids.length;
  }, [chosen, ids.length]);

  const className = ['board-column', column.locked ? 'board-column--locked' : '', isOver && !dropDisabled ? 'board-column--over' : '', dropAllowed ? 'board-column--target' : '', dropDisabled ? 'board-column--closed' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <section ref={setNodeRef} className={className} aria-labelledby={headingId} data-column={column.key} style={{ '--column-color': column.color } as CSSProperties}>
      <header className="board-column__head">
        <h2 id={headingId} className="board-column__title">
          <span className="stage-dot" aria-hidden="true" />
          <span className="board-column__label">{column.label}</span>
          <span className="board-column__count">
            {count.toLocaleString(locale)}
            <span className="visually-hidden"> {count === 1 ? 'candidate' : 'candidates'}</span>
          </span>
        </h2>
        {column.locked ? (
          <p className="board-column__lock">
            <Icon name="lock" /> Rejected candidates stay here
          </p>
        ) : null}
        {cards.length > 0 ? (
          <label className="board-column__all">
            <input ref={all} type="checkbox" checked={chosen > 0 && chosen === ids.length} onChange={(event) => selectAll(ids, event.currentTarget.checked)} />
            Select all<span className="visually-hidden"> {cards.length === 1 ? '1 candidate' : `${cards.length} candidates`} in {column.label}</span>
          </label>
        ) : null}
      </header>
      {cards.length > 0 ? (
        <ul className="board-column__cards" aria-labelledby={headingId}>
          {cards.map((card) => (
            <Card
              key={card.id}
              card={card}
              locked={column.locked}
              showJob={showJob}
              selected={selected.has(card.id)}
              saving={saving.has(card.id)}
              handlers={handlers}
              hintId={column.locked ? hintIds.locked : hintIds.open}
            />
          ))}
        </ul>
      ) : (
        <p className="board-column__empty">{count > 0 ? 'Load more to see them.' : 'No candidates'}</p>
      )}
    </section>
  );
});
