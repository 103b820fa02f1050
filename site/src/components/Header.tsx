/**
 * The site header of spec 2.8 in its five states (sdk headerItems): logged out with Sign up and
 * Log in, or the selected profile's links with the profile dropdown. The mobile menu is a
 * <details> element, so it works without JavaScript.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Link } from '../lib/Link';
import { headerItems, profileMenu, type NavItem } from '@nordlys/sdk/navigation';
import { paths } from '@nordlys/sdk/routes';
import { useSession } from '../session/SessionProvider';
import { Icon } from './Icon';
import { ProfileMenu, ProfileMenuList, type MenuAction } from './ProfileMenu';

export interface HeaderProps {
  productName: string;
  /** spec 2.8: Scout (badge NEW) only when the headhunter product is enabled. */
  headhunter: boolean;
}

function NavLinks({ items }: { items: NavItem[] }) {
  return (
    <ul className="nav-links">
      {items.map((item) => (
        <li key={item.href}>
          {item.external ? (
            <a href={item.href} className="nav-link" rel="noopener">
              {item.label}
            </a>
          ) : (
            <NavLink to={item.href} end={item.href === paths.startups()} className="nav-link">
              {item.label}
              {item.badge ? <span className="badge badge--new">{item.badge}</span> : null}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A plain left click: anything else (a new tab, a download) is left to the browser. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Sign up and Log in. They are links (to /emailsignup and to '/?to=…', which opens sign-in),
 * so they work before and without JavaScript; with it they open the auth modal in place.
 */
function CallsToAction({ items }: { items: NavItem[] }) {
  const { openAuth } = useSession();
  const onClick = (item: NavItem) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    openAuth({ step: item.cta === 'primary' ? 'signup-landing' : 'signin' });
  };
  return (
    <ul className="auth-links">
      {items.map((item) => (
        <li key={item.label}>
          <a
            href={item.href}
            className={item.cta === 'primary' ? 'button button--primary' : 'button button--ghost'}
            onClick={onClick(item)}
          >
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Logo({ productName }: { productName: string }) {
  return (
    <Link to={paths.home()} className="logo">
      <svg className="logo__mark" aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="28" height="28">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path d="M6 22c4-9 8-13 10-13s6 4 10 13" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M10 22c2.5-5 4.5-7 6-7s3.5 2 6 7" fill="none" stroke="#a7f3d0" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="logo__name">{productName}</span>
    </Link>
  );
}

export function Header({ productName, headhunter }: HeaderProps) {
  const location = useLocation();
  const session = useSession();
  const { user, profile, profiles } = session;
  const menu = useRef<HTMLDetailsElement>(null);
  // Logged out, 'Log in' carries the current page in 'to' (spec 2.8), to come back after signing in.
  const all = headerItems({ user, profile, headhunter, currentPath: `${location.pathname}${location.search}` });
  const items = all.filter((item) => !item.cta);
  const actions = all.filter((item) => item.cta);
  const menuItems = user ? profileMenu({ profile, profiles }) : [];

  const onAction = (action: MenuAction) => {
    if (menu.current) menu.current.open = false;
    if (action === 'switch-profile') session.openSwitchProfile();
    else void session.signOut();
  };

  // Close the mobile menu after a navigation.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo productName={productName} />
        <nav className="site-nav" aria-label="Main">
          <div className="site-nav__wide">
            <NavLinks items={items} />
            {user ? (
              <ProfileMenu user={user} profile={profile} items={menuItems} onAction={onAction} />
            ) : (
              <CallsToAction items={actions} />
            )}
          </div>
          <details className="site-nav__menu" ref={menu}>
            <summary className="button button--ghost site-nav__toggle">
              <Icon name="menu" /> Menu
            </summary>
            <div className="site-nav__panel">
              <NavLinks items={items} />
              {user ? (
                <ProfileMenuList user={user} profile={profile} items={menuItems} onAction={onAction} />
              ) : (
                <CallsToAction items={actions} />
              )}
            </div>
          </details>
        </nav>
      </div>
    </header>
  );
}
