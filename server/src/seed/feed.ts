/** The white-label job feed of Nordic Partner on jobs.nordic-partner.test (spec 2.5), with its logo. */
import type { images, whiteLabelFeeds } from '../db/schema';
import { daysBefore } from './time';

export const PARTNER_FEED_DOMAIN = 'jobs.nordic-partner.test';

export const PARTNER_LOGO: typeof images.$inferInsert = {
  path: 'demo/nordic-partner-logo.svg',
  width: 240,
  height: 80,
  mimeType: 'image/svg+xml',
};

export function buildPartnerFeed(companyId: number, logoImageId: number, now: Date): typeof whiteLabelFeeds.$inferInsert {
  return {
    companyId,
    domain: PARTNER_FEED_DOMAIN,
    name: 'Nordic Partner Jobs',
    description: 'Startup jobs in Denmark, hand-picked for the members of the Nordic Partner business network.',
    logoImageId,
    filters: { countryCodes: ['DK'] },
    createdAt: daysBefore(now, 120),
  };
}
