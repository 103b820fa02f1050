/** The site footer (spec 2.9): candidate, startup and company columns, plus terms and privacy. */
import { Link } from 'react-router';
import { Logo } from './Header';

const COLUMNS = [
  {
    title: 'For candidates',
    links: [
      { to: '/jobs', label: 'Find jobs' },
      { to: '/jobs/location/remote', label: 'Remote jobs' },
      { to: '/startups', label: 'Browse startups' },
      { to: '/tools', label: 'Tools' },
      { to: '/community-program', label: 'Community program' },
    ],
  },
  {
    title: 'For startups',
    links: [
      { to: '/startups/join', label: 'Post a job' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/startups/career-page', label: 'Career page' },
      { to: '/startups/white-label-feed', label: 'White-label job feed' },
      { to: '/deals', label: 'Deals' },
      { to: '/funding', label: 'Funding' },
      { to: '/startups/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/partners', label: 'Partners' },
      { to: '/investors/join', label: 'For investors' },
      { to: '/contact', label: 'Contact' },
    ],
  },
];

export function Footer({ productName }: { productName: string }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__about">
            <Logo productName={productName} />
            <p>Connect global talents with career opportunities in Nordic startups.</p>
          </div>
          <nav className="site-footer__nav" aria-label="Footer">
            {COLUMNS.map((column) => (
              <div key={column.title} className="site-footer__column">
                <h2 className="site-footer__title">{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
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
          <ul className="site-footer__legal">
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
