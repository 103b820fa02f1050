/**
 * The list of a form's field messages above its buttons (ui.md "Forms"), announced when it appears;
 * each entry is a link that moves focus to its field.
 */
import type { MouseEvent, ReactNode } from 'react';

export interface FormErrorItem {
  /** The id of the field (or its first control) the message belongs to. */
  id: string;
  message: string;
}

export interface FormErrorSummaryProps {
  items: readonly FormErrorItem[];
  title?: string;
  /** A message that belongs to no field (the server's, a network failure). */
  message?: string | null;
}

const CONTROL = 'input, select, textarea, [contenteditable="true"]';

/**
 * Focuses the field of an id: the element itself when it is a control, else the first control
 * inside it (a fieldset's first checkbox, a list's "Add" button). Returns false when there is none.
 */
export function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const control = target.matches(CONTROL) ? target : (target.querySelector<HTMLElement>(`${CONTROL}, button`) ?? target);
  control.focus();
  control.scrollIntoView?.({ block: 'center' });
  return true;
}

/** Focuses the first field marked invalid inside `root`, in document order (ui.md: first invalid field focused). */
export function focusFirstInvalidIn(root: HTMLElement | null): void {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  const control = first.matches(CONTROL) ? first : (first.querySelector<HTMLElement>(CONTROL) ?? first);
  control.focus();
}

/** A link that focuses a field (the summary's entries, the review checklist). */
export function FieldLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <a
      href={`#${id}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (focusField(id)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

export function FormErrorSummary({ items, title = 'Please correct the fields below', message }: FormErrorSummaryProps) {
  if (items.length === 0 && !message) return null;
  return (
    <div className="form-alert form-summary" role="alert">
      {message ? <p>{message}</p> : null}
      {items.length > 0 ? (
        <>
          <p className="form-summary__title">{title}</p>
          <ul className="form-summary__list">
            {items.map((item) => (
              <li key={`${item.id}:${item.message}`}>
                <FieldLink id={item.id}>{item.message}</FieldLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
