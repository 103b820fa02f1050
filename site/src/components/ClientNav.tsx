/** The sub-navigation of a client-area layout (spec 2.7): the area's pages, the current one marked. */
import { NavLink } from 'react-router';

export interface ClientNavItem {
  label: string;
  href: string;
  /** Marks the link current only on its exact path (dashboards). */
  end?: boolean;
}

export function ClientNav({ label, items }: { label: string; items: ClientNavItem[] }) {
  return (
    <nav className="client-nav" aria-label={label}>
      <ul className="client-nav__list">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} end={item.end} className="client-nav__link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The status of a startup or investor profile, in words. */
export function StatusBadge({ status }: { status: string }) {
  const label = status === 'DRAFT' ? 'Draft' : status === 'ACTIVE' ? 'Active' : status === 'INACTIVE' ? 'Inactive' : status;
  return <span className={`badge status-badge status-badge--${status.toLowerCase()}`}>{label}</span>;
}
