/**
 * "Move to…": a menu button (WAI-ARIA menu button pattern) listing the stages a card may go to
 * (sdk canMove decides). The menu opens under the button, in the card's flow so no column clips it;
 * arrow keys, Home and End move between items, Enter picks, Escape and Tab close it.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface MoveTarget {
  key: string;
  label: string;
  color: string;
  /** "Reject…" asks first. */
  asks?: boolean;
}

export interface MoveMenuProps {
  /** The menu's element id, unique on the page (a board shows one menu per card): see lib/domId. */
  id: string;
  /** Whose card, for the button's and the menu's names ("Move Ada Lovelace to…"). */
  name: string;
  targets: readonly MoveTarget[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(key: string): void;
  /** The button's visible text. */
  children?: ReactNode;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  className?: string;
}

export function MoveMenu({ id: menuId, name, targets, open, onOpenChange, onPick, children = 'Move to…', disabled, buttonRef, className }: MoveMenuProps) {
  const button = useRef<HTMLButtonElement | null>(null);
  const menu = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  const close = (focusButton: boolean) => {
    onOpenChange(false);
    if (focusButton) requestAnimationFrame(() => button.current?.focus());
  };

  // Focus the first item on open; a click elsewhere closes.
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(list.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        onOpenChange(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const setButton = (node: HTMLButtonElement | null) => {
    button.current = node;
    if (typeof buttonRef === 'function') buttonRef(node);
    else if (buttonRef) (buttonRef as { current: HTMLButtonElement | null }).current = node;
  };

  return (
    <div className={className ? `move-menu ${className}` : 'move-menu'} ref={root}>
      <button
        ref={setButton}
        type="button"
        className="button button--ghost button--small move-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-disabled={disabled || targets.length === 0 || undefined}
        onClick={() => (disabled || targets.length === 0 ? undefined : onOpenChange(!open))}
        onKeyDown={(event) => {
          if (disabled || targets.length === 0) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            onOpenChange(true);
          }
        }}
      >
        {children}
        <span className="visually-hidden"> ({name})</span>
      </button>
      {open ? (
        <ul id={menuId} ref={menu} role="menu" aria-label={`Move ${name} to`} className="move-menu__list" onKeyDown={onMenuKey}>
          {targets.map((target) => (
            <li key={target.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="move-menu__item"
                onClick={() => {
                  // Focus back on the button first, so a confirmation opened by the pick returns there.
                  button.current?.focus();
                  onOpenChange(false);
                  onPick(target.key);
                }}
              >
                <span className="stage-dot" aria-hidden="true" style={{ background: target.color }} />
                {target.asks ? `${target.label}…` : target.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
