/**
 * The profile dropdown of spec 2.8: a disclosure button (avatar, name, selected profile) and the
 * sdk profileMenu items. Enter and Space toggle it, Escape closes it and returns focus, the arrow
 * keys move between items, and a click outside or a page change closes it.
 */
import { initials } from '@nordlys/sdk/format';
import type { MenuItem } from '@nordlys/sdk/navigation';
import type { ProfileEntry, User } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../lib/Link';
import { domId } from '../lib/domId';
import { Icon } from './Icon';

export type MenuAction = Extract<MenuItem, { action: string }>['action'];

/** The selected profile under the user's name: the startup's or investor's name, or 'Talent'. */
function profileLabel(profile: ProfileEntry): string {
  return profile.type === 'applicant' ? profile.typeLabel : profile.name;
}

/** The user's picture, or their initials; decorative (the name is always next to it). */
export function Avatar({ user, size = 32 }: { user: Pick<User, 'fullName' | 'imageUrl'>; size?: number }) {
  if (user.imageUrl) {
    return <img className="avatar" src={user.imageUrl} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar avatar--initials" aria-hidden="true" style={{ width: size, height: size }}>
      {initials(user.fullName)}
    </span>
  );
}

function MenuEntry({ item, onAction, className }: { item: MenuItem; onAction: (action: MenuAction) => void; className: string }) {
  if ('href' in item) {
    return (
      <Link to={item.href} className={className}>
        {item.label}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => onAction(item.action)}>
      {item.label}
    </button>
  );
}

export interface ProfileMenuProps {
  user: User;
  profile: ProfileEntry | null;
  items: MenuItem[];
  onAction: (action: MenuAction) => void;
}

export function ProfileMenu({ user, profile, items, onAction }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  // Once per page (the header).
  const panelId = domId('profile-menu', 'panel');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A page change closes the menu.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // A click (or tap) outside closes it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open]);

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>('.profile-menu__item') ?? [])];
  const focusEntry = (index: number) => {
    const list = entries();
    if (list.length) list[(index + list.length) % list.length]!.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const list = entries();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    if (!open) {
      setOpen(true);
      // The panel shows on the next render.
      requestAnimationFrame(() => focusEntry(step === 1 ? 0 : -1));
      return;
    }
    focusEntry(current < 0 ? (step === 1 ? 0 : -1) : current + step);
  };

  const act = (action: MenuAction) => {
    setOpen(false);
    onAction(action);
  };

  return (
    <div className="profile-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        ref={button}
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        <span className="profile-menu__who">
          <span className="visually-hidden">Account menu: </span>
          <span className="profile-menu__name">{user.fullName}</span>
          {profile ? <span className="profile-menu__profile">{profileLabel(profile)}</span> : null}
        </span>
        <Icon name="chevron-down" className="profile-menu__chevron" />
      </button>
      <div id={panelId} className="profile-menu__panel" hidden={!open}>
        <ul className="profile-menu__list">
          {items.map((item) => (
            <li key={item.label}>
              <MenuEntry item={item} onAction={act} className="profile-menu__item" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The same items in the mobile menu panel, as a plain list (the links work without JavaScript). */
export function ProfileMenuList({ user, profile, items, onAction }: ProfileMenuProps) {
  return (
    <div className="profile-menu-list">
      <p className="profile-menu-list__who">
        <Avatar user={user} />
        <span>
          <span className="profile-menu__name">{user.fullName}</span>
          {profile ? <span className="profile-menu__profile">{profileLabel(profile)}</span> : null}
        </span>
      </p>
      <ul className="nav-links">
        {items.map((item) => (
          <li key={item.label}>
            <MenuEntry item={item} onAction={onAction} className="nav-link" />
          </li>
        ))}
      </ul>
    </div>
  );
}
