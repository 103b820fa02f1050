/** The site header as seen logged out (spec 2.8), with a mobile menu that works without JavaScript. */
import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { headerItems, type NavItem } from '@nordlys/sdk/navigation';
import { Icon } from './Icon';

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
            <NavLink to={item.href} end={item.href === '/startups'} className="nav-link">
              {item.label}
              {item.badge ? <span className="badge badge--new">{item.badge}</span> : null}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Sign up and Log in, as buttons. The modals of spec 2.10 come with accounts; until then they are links. */
function CallsToAction({ items }: { items: NavItem[] }) {
  return (
    <ul className="auth-links">
      {items.map((item) => (
        <li key={item.href}>
          <Link to={item.href} className={item.cta === 'primary' ? 'button button--primary' : 'button button--ghost'}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Logo({ productName }: { productName: string }) {
  return (
    <Link to="/" className="logo">
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
  const menu = useRef<HTMLDetailsElement>(null);
  // spec 2.8, logged out: a 'to' query opens the sign-in modal and returns here afterwards.
  const all = headerItems({ user: null, profile: null, headhunter, currentPath: `${location.pathname}${location.search}` });
  const items = all.filter((item) => !item.cta);
  const actions = all.filter((item) => item.cta);

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
            <CallsToAction items={actions} />
          </div>
          <details className="site-nav__menu" ref={menu}>
            <summary className="button button--ghost site-nav__toggle">
              <Icon name="menu" /> Menu
            </summary>
            <div className="site-nav__panel">
              <NavLinks items={items} />
              <CallsToAction items={actions} />
            </div>
          </details>
        </nav>
      </div>
    </header>
  );
}
