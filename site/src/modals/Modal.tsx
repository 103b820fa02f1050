/** The one dialog frame of the site (ui.md "Modals"): labelled, focus trapped and returned, Escape and backdrop close unless not dismissible. */
import { useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { domId } from '../lib/domId';

/** How a dismissible modal was closed. */
export type ModalCloseVia = 'escape' | 'backdrop' | 'header';

export interface ModalProps {
  /**
   * The dialog's name, the base of its ids (the title's is `{id}-title`, see lib/domId). Modals can
   * open over one another (a rejection over an opened card), so each kind of modal has its own.
   */
  id?: string;
  /** The dialog's title, shown as its heading and naming the dialog. */
  title: ReactNode;
  children: ReactNode;
  /** Shown under the body, e.g. a "Don't have an account? Sign up" line. */
  footer?: ReactNode;
  /** Called when the user closes a dismissible modal; the caller unmounts it. */
  onClose?: (via: ModalCloseVia) => void;
  /** false: no Escape, no backdrop click, no close button (spec 2.11: choose-role). Default true. */
  dismissible?: boolean;
  /** Changing it moves focus back to the start of the body, e.g. when a dialog in steps changes step. */
  focusKey?: string;
  /** An extra class on the panel, e.g. for a wider dialog. */
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements Tab can reach inside `root`, in document order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

/** Where focus goes when the dialog opens: a marked element, the first editable field, the first control, or the panel. */
function initialFocusTarget(panel: HTMLElement, body: HTMLElement | null): HTMLElement {
  const scope = body ?? panel;
  const marked = scope.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const controls = focusables(scope);
  const field = controls.find(
    (el) => (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) && !el.hasAttribute('readonly'),
  );
  return field ?? controls[0] ?? panel;
}

/** Tab and Shift+Tab cycle inside `panel`; from outside it (focus fell to the page), Tab comes back in. */
function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const items = focusables(panel);
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  const inside = active !== null && panel.contains(active);
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
  } else if (event.shiftKey && (!inside || active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

// Open modals, innermost last: only the innermost traps focus and answers Escape.
const openPanels: HTMLElement[] = [];
let scrollLocks = 0;
let savedBodyStyle: { overflow: string; paddingRight: string } | null = null;

/** Locks the page's scroll while any modal is open; the scrollbar's width is kept as padding so nothing jumps. */
function lockScroll(): () => void {
  const body = document.body;
  if (scrollLocks === 0) {
    savedBodyStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const viewport = document.documentElement.clientWidth;
    const scrollbar = window.innerWidth - viewport;
    body.style.overflow = 'hidden';
    if (viewport > 0 && scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0 && savedBodyStyle) {
      body.style.overflow = savedBodyStyle.overflow;
      body.style.paddingRight = savedBodyStyle.paddingRight;
      savedBodyStyle = null;
    }
  };
}

/**
 * A modal dialog rendered in place (no portal): role="dialog", aria-modal and labelled by its title.
 * Focus moves in on open, Tab and Shift+Tab cycle inside, and focus returns to the opener when it
 * unmounts. Escape, a backdrop click and the × button call `onClose` unless `dismissible={false}`.
 * Below 640 px it is a full-width sheet (modals.css).
 * @example
 * {open && <Modal id="choose-profile" title="Choose profile" onClose={() => setOpen(false)}>…</Modal>}
 */
export function Modal({ id = 'modal', title, children, footer, onClose, dismissible = true, focusKey, className }: ModalProps) {
  const titleId = domId(id, 'title');
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // The opener is read during the first render, before any child can take focus.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };

  // Open: lock scroll, join the stack, keep focus inside, answer Escape and Tab; close: give focus back.
  // Layout effects: a modal that replaces another in one commit takes focus after the old one returned it.
  useLayoutEffect(() => {
    const el = panel.current!;
    openPanels.push(el);
    const unlock = lockScroll();
    const isTop = () => openPanels.at(-1) === el;
    const keepFocusInside = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (isTop() && target && !el.contains(target)) initialFocusTarget(el, body.current).focus();
    };
    // On the document, so Escape and Tab work even when focus fell out of the dialog (a focused part was removed).
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape' && latest.current.dismissible) {
        event.preventDefault();
        latest.current.onClose?.('escape');
      } else if (event.key === 'Tab') {
        trapTab(event, el);
      }
    };
    // A focused part that disappears (a form replaced by its confirmation) leaves focus on the page: bring it back.
    const refocus = new MutationObserver(() => {
      const active = document.activeElement;
      if (isTop() && (active === null || active === document.body)) el.focus();
    });
    refocus.observe(el, { childList: true, subtree: true });
    document.addEventListener('focusin', keepFocusInside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      refocus.disconnect();
      document.removeEventListener('focusin', keepFocusInside);
      document.removeEventListener('keydown', onKeyDown);
      openPanels.splice(openPanels.indexOf(el), 1);
      unlock();
      // Only while focus is still ours: never pull it out of whatever took it meanwhile.
      const active = document.activeElement;
      const ours = active === null || active === document.body || el.contains(active);
      if (ours && opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [opener]);

  // On open, and again whenever the content changes step; in the same commit, so focus never rests on the page.
  useLayoutEffect(() => {
    if (panel.current) initialFocusTarget(panel.current, body.current).focus();
  }, [focusKey]);

  // A click that both starts and ends on the backdrop closes; a text selection dragged out of the panel does not.
  const onBackdropDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    const onBackdrop = pressedOnBackdrop.current && event.target === event.currentTarget;
    pressedOnBackdrop.current = false;
    if (onBackdrop && dismissible) onClose?.('backdrop');
  };

  return (
    <div className="modal" onMouseDown={onBackdropDown} onClick={onBackdropClick}>
      <div
        ref={panel}
        className={className ? `modal__panel ${className}` : 'modal__panel'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="modal__close" aria-label="Close" onClick={() => onClose?.('header')}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div ref={body} className="modal__body">
          {children}
        </div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
