/**
 * The gallery of a profile form (issue #11): upload several images, reorder them by dragging (mouse,
 * touch) or by keyboard (the drag handle takes Space/Enter and the arrow keys, and every image has
 * "Move left" and "Move right" buttons), remove them. Moves are announced in a live region.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Image, UploadOwner } from '@nordlys/sdk/schemas';
import { useRef, useState, type ChangeEvent } from 'react';
import { domId } from '../lib/domId';
import { IMAGE_ACCEPT, UploadProgressBar, useImageUpload } from './ImageField';

export interface GalleryFieldProps {
  label: string;
  owner?: UploadOwner | undefined;
  value: Image[];
  onChange(images: Image[]): void;
  /** The most images the gallery holds. */
  max?: number;
  hint?: string;
  /** The file input's id, the base of the field's other ids (see lib/domId). */
  id: string;
  /** A message from saving the form, shown under the field. */
  error?: string | undefined;
}

interface ItemProps {
  image: Image;
  index: number;
  count: number;
  label: string;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}

function GalleryItem({ image, index, count, label, onMove, onRemove }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.path });
  const position = `${label} image ${index + 1} of ${count}`;
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'gallery-field__item gallery-field__item--dragging' : 'gallery-field__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <img src={image.sizes.thumbnail} alt={position} width={200} height={200} loading="lazy" decoding="async" />
      <div className="gallery-field__actions">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="button button--ghost gallery-field__handle"
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${position}`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <button type="button" className="button button--ghost" data-move="left" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">Move {position} left</span>
        </button>
        <button type="button" className="button button--ghost" data-move="right" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">Move {position} right</span>
        </button>
        <button type="button" className="button button--ghost" onClick={() => onRemove(index)}>
          Remove<span className="visually-hidden"> {position}</span>
        </button>
      </div>
    </li>
  );
}

export function GalleryField({ label, owner, value, onChange, max = 12, hint, id, error }: GalleryFieldProps) {
  const inputId = id;
  const { uploading, error: uploadError, status, start, cancel } = useImageUpload('gallery', owner);
  const [announcement, setAnnouncement] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The latest list while several files upload one after another.
  const current = useRef(value);
  current.current = value;
  const cancelled = useRef(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const shown = uploadError ?? error;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const room = max - value.length;

  const positionOf = (id: UniqueIdentifier) => value.findIndex((image) => image.path === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${positionOf(active.id)} of ${value.length}.`,
    onDragOver: ({ over }) => (over ? `Over position ${positionOf(over.id)} of ${value.length}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `Image ${positionOf(active.id)} dropped at position ${positionOf(over.id)} of ${value.length}.` : 'Image dropped.',
    onDragCancel: () => 'Moving cancelled; the image went back.',
  };

  function move(from: number, to: number) {
    if (to < 0 || to >= value.length || from === to) return;
    onChange(arrayMove(value, from, to));
    setAnnouncement(`Image moved from position ${from + 1} to ${to + 1} of ${value.length}.`);
    // Keep focus on the same button of the moved image, where it now is.
    requestAnimationFrame(() => {
      const item = list.current?.children[to];
      const same = item?.querySelector<HTMLButtonElement>(`[data-move="${to < from ? 'left' : 'right'}"]:not(:disabled)`);
      (same ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    });
  }

  function remove(index: number) {
    onChange(value.filter((_, at) => at !== index));
    setAnnouncement(`Image ${index + 1} removed. ${value.length - 1} left.`);
    input.current?.focus();
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = value.findIndex((image) => image.path === active.id);
    const to = value.findIndex((image) => image.path === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  }

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    const taken = files.slice(0, Math.max(0, max - current.current.length));
    setNote(taken.length < files.length ? `The gallery holds ${max} images: ${files.length - taken.length} of the chosen files were left out.` : null);
    cancelled.current = false;
    for (const [at, file] of taken.entries()) {
      if (cancelled.current) break;
      const image = await start(file, taken.length > 1 ? `${file.name} (${at + 1} of ${taken.length})` : file.name);
      if (image) {
        current.current = [...current.current, image];
        onChange(current.current);
      } else if (!cancelled.current) {
        // A refused file stops the rest, so its message stays visible.
        break;
      }
    }
  }

  return (
    <div className="field form-field gallery-field" role="group" aria-labelledby={`${inputId}-label`}>
      <span id={`${inputId}-label`} className="gallery-field__label">
        {label}
      </span>
      {hint ? (
        <p id={hintId} className="image-field__hint muted">
          {hint}
        </p>
      ) : null}
      {value.length > 0 ? (
        <DndContext id={domId(inputId, 'drag-help')} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext id={domId(inputId, 'sortable')} items={value.map((image) => image.path)} strategy={rectSortingStrategy}>
            <ul className="gallery-field__list" ref={list}>
              {value.map((image, index) => (
                <GalleryItem key={image.path} image={image} index={index} count={value.length} label={label} onMove={move} onRemove={remove} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="muted gallery-field__empty">No images yet.</p>
      )}
      <div className="image-field__controls">
        <label htmlFor={inputId} className="gallery-field__add">
          {room > 0 ? `Add images (${room} more allowed)` : `The gallery is full (${max} images)`}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="image-field__input"
          disabled={room <= 0}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[shown ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined}
          onChange={onFiles}
        />
        {uploading ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              cancelled.current = true;
              cancel();
              input.current?.focus();
            }}
          >
            Cancel upload
          </button>
        ) : null}
      </div>
      {uploading ? <UploadProgressBar state={uploading} label={`Uploading ${uploading.fileName}`} /> : null}
      <p className="visually-hidden" aria-live="polite">
        {[status, announcement].filter(Boolean).join(' ')}
      </p>
      {note ? <p className="muted">{note}</p> : null}
      {shown ? (
        <p id={errorId} className="form-field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
