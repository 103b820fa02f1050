/**
 * The job search's Keywords field, with "Recent searches" under it (issue #14, spec 9): a combobox
 * (WAI-ARIA APG, list autocomplete) whose popup lists this browser's recent searches, narrowed by what
 * is typed. Arrow keys move through them, Enter opens one, Escape closes the list, and "Clear recent
 * searches" empties it. Without recent searches (and before hydration) it is a plain search field.
 */
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { domId } from '../lib/domId';
import type { RecentSearches } from '../lib/recentSearches';

const MAX_SHOWN = 8;

export interface SearchTextFieldProps {
  id: string;
  name: string;
  defaultValue: string;
  placeholder: string;
  maxLength: number;
  recent?: RecentSearches;
}

export function SearchTextField({ id, name, defaultValue, placeholder, maxLength, recent }: SearchTextFieldProps) {
  const navigate = useNavigate();
  const listId = domId(id, 'recent');
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const all = recent?.searches ?? [];
  // Until something is typed, every recent search shows (the field starts with the current search's text).
  const wanted = typed ? text.trim().toLowerCase() : '';
  const options = all.filter((s) => !wanted || s.label.toLowerCase().includes(wanted)).slice(0, MAX_SHOWN);
  const expanded = open && options.length > 0;
  const combobox = all.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (href: string) => {
    close();
    void navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!combobox) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const last = options.length - 1;
      setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active].href);
      return;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };
  // Closes when focus leaves the field and its list (Tab to "Clear recent searches" keeps it open).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="search-combobox" onBlur={onBlur}>
      <input
        id={id}
        type="search"
        name={name}
        value={text}
        placeholder={placeholder}
        maxLength={maxLength}
        {...(combobox
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
              autoComplete: 'off',
            }
          : {})}
        onChange={(event) => {
          setText(event.target.value);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {combobox ? (
        <div className="search-combobox__popup" hidden={!expanded}>
          <p className="search-combobox__title" id={`${listId}-title`}>
            Recent searches
          </p>
          <ul id={listId} role="listbox" aria-labelledby={`${listId}-title`} className="search-combobox__list">
            {options.map((s, i) => (
              <li
                key={s.key}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className="search-combobox__option"
                // Keep the focus in the field; the click opens the search.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(s.href)}
              >
                {s.label}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="link-button search-combobox__clear"
            onClick={() => {
              recent?.clear();
              close();
            }}
          >
            Clear recent searches
          </button>
        </div>
      ) : null}
    </div>
  );
}
