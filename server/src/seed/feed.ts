/** The white-label job feed of Nordic Partner on jobs.nordic-partner.test (spec 2.5), with its logo. */
import type { whiteLabelFeeds } from '../db/schema';
import { daysBefore } from './time';

export const PARTNER_FEED_DOMAIN = 'jobs.nordic-partner.test';

/** The TXT token of the demo's domains (issue #33): fixed, so the seeded data is the same on every run. */
export const DEMO_DOMAIN_TOKEN = 'nordlys-demo-domain';

/** The feed's logo: drawn here, stored through the image pipeline by seed/images.ts. */
export const PARTNER_LOGO_PATH = 'demo/nordic-partner-logo';
export const PARTNER_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="128" viewBox="0 0 240 64">
  <rect width="64" height="64" rx="14" fill="#0f766e"/>
  <path d="M14 46V18h6l16 18V18h6v28h-6L20 28v18z" fill="#fff"/>
  <text x="78" y="30" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="#134e4a">Nordic Partner</text>
  <text x="78" y="52" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="16" fill="#4f5d63">Jobs in Denmark</text>
</svg>`;

export function buildPartnerFeed(companyId: number, logoImageId: number, now: Date): typeof whiteLabelFeeds.$inferInsert {
  return {
    companyId,
    domain: PARTNER_FEED_DOMAIN,
    // Verified, as the demo's career domain (seed/companies.ts).
    domainState: 'verified',
    domainToken: DEMO_DOMAIN_TOKEN,
    name: 'Nordic Partner Jobs',
    description: 'Startup jobs in Denmark, hand-picked for the members of the Nordic Partner business network.',
    logoImageId,
    filters: { countryCodes: ['DK'] },
    createdAt: daysBefore(now, 120),
  };
}
