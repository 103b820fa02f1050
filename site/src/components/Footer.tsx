/** The site footer (spec 2.9): candidate, startup and company columns, plus terms and privacy; the links of built pages only (sdk footerLinks). */
import { footerLinks } from '@nordlys/sdk/navigation';
import { Link } from '../lib/Link';
import { Logo } from './Header';

export function Footer({ productName }: { productName: string }) {
  const { columns, legal } = footerLinks();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__about">
            <Logo productName={productName} />
            <p>Connect global talents with career opportunities in Nordic startups.</p>
          </div>
          <nav className="site-footer__nav" aria-label="Footer">
            {columns.map((column) => (
              <div key={column.title} className="site-footer__column">
                <h2 className="site-footer__title">{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <Link to={link.href}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="site-footer__bottom">
          {/* spec 1: the footer is dated 2025. */}
          <p>© 2025 {productName}</p>
          {legal.length > 0 ? (
            <ul className="site-footer__legal">
              {legal.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
